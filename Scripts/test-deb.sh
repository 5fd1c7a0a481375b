#!/bin/sh
# The .deb test (run by Tests/EndToEndTests/Install/DebTests.swift, or by hand): Scripts/deb.sh
# packages the binary given (default: the debug build, as the static release build takes minutes;
# the release workflow runs `make lint-deb` on the real one), then the package is checked as a user
# gets it: its control fields, its files unpacked with `dpkg-deb -x` into a scratch root, the binary
# run from there, the completions the binary's own, and the page rendered with `man -l`.
set -eu
cd "$(dirname "$0")/.."
bin=${1:-.build/debug/loadwrap}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "test-deb: $*" >&2; exit 1; }

BIN=$bin VERSION=1.2.0 sh Scripts/deb.sh "$scratch/out" >/dev/null
deb=$scratch/out/loadwrap_1.2.0_$(dpkg --print-architecture).deb
[ -f "$deb" ] || fail "no $deb: $(ls "$scratch/out")"

field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = loadwrap ] || fail "Package: $(field Package)"
[ "$(field Version)" = 1.2.0 ] || fail "Version: $(field Version)"
[ "$(field Architecture)" = "$(dpkg --print-architecture)" ] || fail "Architecture: $(field Architecture)"
[ -z "$(field Depends)" ] || fail "Depends: $(field Depends) (the release binary is static)"
[ -n "$(field Maintainer)" ] && [ -n "$(field Installed-Size)" ] && [ -n "$(field Description)" ] ||
    fail "a control field is empty: $(dpkg-deb -f "$deb")"

root=$scratch/root
dpkg-deb -x "$deb" "$root"
expected="./usr/bin/loadwrap
./usr/share/bash-completion/completions/loadwrap
./usr/share/doc/loadwrap/changelog.gz
./usr/share/doc/loadwrap/copyright
./usr/share/fish/vendor_completions.d/loadwrap.fish
./usr/share/lintian/overrides/loadwrap
./usr/share/man/man1/loadwrap.1.gz
./usr/share/zsh/vendor-completions/_loadwrap"
actual=$(cd "$root" && find . -type f -o -type l | LC_ALL=C sort)
[ "$actual" = "$expected" ] || fail "unpacked tree:
$actual
expected:
$expected"

unpacked=$root/usr/bin/loadwrap
"$unpacked" --version | grep -q '^loadwrap ' || fail "the unpacked binary's --version: $("$unpacked" --version 2>&1)"
status=0
"$unpacked" --mode plain -- /bin/sh -c 'exit 3' 2>/dev/null || status=$?
[ "$status" -eq 3 ] || fail "a run of the unpacked binary exited $status, not 3"
for shell in bash zsh fish; do
    case $shell in
    bash) file=usr/share/bash-completion/completions/loadwrap ;;
    zsh) file=usr/share/zsh/vendor-completions/_loadwrap ;;
    fish) file=usr/share/fish/vendor_completions.d/loadwrap.fish ;;
    esac
    "$unpacked" --completions $shell | cmp -s - "$root/$file" || fail "$file is not what the binary prints"
done

page=$root/usr/share/man/man1/loadwrap.1.gz
gzip -t "$page" || fail "the man page is not gzipped"
# man-db's seccomp sandbox is refused in some containers; the page is ours, so no need.
rendered=$(MAN_DISABLE_SECCOMP=1 MANWIDTH=80 MANPAGER=cat LC_ALL=C.UTF-8 man -l "$page" 2>&1) ||
    fail "man -l failed: $rendered"
echo "$rendered" | grep -q '^NAME' || fail "the rendered page has no NAME section: $rendered"
echo "test-deb: ok ($(echo "$expected" | wc -l | tr -d ' ') files unpacked, the binary ran, the page rendered)"
