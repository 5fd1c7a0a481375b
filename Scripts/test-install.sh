#!/bin/sh
# The install test (run by Tests/EndToEndTests/Install/InstallTests.swift, or by hand):
# `make install` into a temporary DESTDIR with the binary given (default: the debug build, so the
# test needs no release build), checks the exact tree and modes, renders the installed man page
# with `man -l` (groff where man is missing), then checks `make uninstall` removes exactly those
# files and leaves a stranger in the same directories alone.
set -eu
cd "$(dirname "$0")/.."
bin=${1:-.build/debug/loadwrap}
make=${MAKE:-make}
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
prefix=/opt/loadwrap-test
fail() { echo "test-install: $*" >&2; exit 1; }

$make -s install BIN="$bin" DESTDIR="$dest" PREFIX="$prefix"
expected="./opt/loadwrap-test/bin/loadwrap
./opt/loadwrap-test/share/bash-completion/completions/loadwrap
./opt/loadwrap-test/share/fish/vendor_completions.d/loadwrap.fish
./opt/loadwrap-test/share/man/man1/loadwrap.1
./opt/loadwrap-test/share/zsh/site-functions/_loadwrap"
actual=$(cd "$dest" && find . -type f -o -type l | LC_ALL=C sort)
[ "$actual" = "$expected" ] || fail "installed tree:
$actual
expected:
$expected"
root=$dest$prefix
cmp "$bin" "$root/bin/loadwrap" || fail "bin/loadwrap is not the binary given"
[ -x "$root/bin/loadwrap" ] || fail "bin/loadwrap is not executable"
for file in share/man/man1/loadwrap.1 share/bash-completion/completions/loadwrap \
    share/zsh/site-functions/_loadwrap share/fish/vendor_completions.d/loadwrap.fish; do
    [ -s "$root/$file" ] || fail "$file is empty"
    [ "$(ls -l "$root/$file" | cut -c1-10)" = "-rw-r--r--" ] || fail "$file is not 0644"
done
"$bin" --completions bash | cmp - "$root/share/bash-completion/completions/loadwrap" ||
    fail "the bash completion is not what the binary prints"

page=$root/share/man/man1/loadwrap.1
if command -v man >/dev/null 2>&1 && man --help 2>&1 | grep -q -- '--local-file'; then
    # man-db's seccomp sandbox is refused in some containers; the page is ours, so no need.
    rendered=$(MAN_DISABLE_SECCOMP=1 MANWIDTH=80 MANPAGER=cat LC_ALL=C.UTF-8 man -l "$page" 2>&1) ||
        fail "man -l failed: $rendered"
elif command -v mandoc >/dev/null 2>&1; then
    # macOS: its man has no -l (man-db's), and it renders with mandoc.
    rendered=$(mandoc -T utf8 "$page" 2>&1) || fail "mandoc failed: $rendered"
else
    rendered=$(groff -man -Tutf8 "$page" 2>&1) || fail "groff failed: $rendered"
fi
echo "$rendered" | grep -q '^NAME' || fail "the rendered page has no NAME section: $rendered"
echo "$rendered" | grep -q 'loadwrap' || fail "the rendered page does not name loadwrap"

# A file of someone else's beside ours must survive uninstall.
: > "$root/bin/stranger"
$make -s uninstall DESTDIR="$dest" PREFIX="$prefix"
left=$(cd "$dest" && find . -type f -o -type l | LC_ALL=C sort)
[ "$left" = "./opt/loadwrap-test/bin/stranger" ] || fail "after uninstall: $left"
# Uninstalling again is harmless.
$make -s uninstall DESTDIR="$dest" PREFIX="$prefix"
echo "test-install: ok ($(echo "$expected" | wc -l | tr -d ' ') files installed and removed; page rendered)"
