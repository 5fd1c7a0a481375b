#!/bin/sh
# `make dist`: the release archive loadwrap-VERSION-OS-ARCH.tar.gz (the machine's OS and
# architecture, e.g. linux-x86_64, or darwin-universal for `make dist UNIVERSAL=1`, which sets
# DIST_ARCH) and its .sha256, in the package root. It holds the release
# binary (static on Linux), the man page and completions the binary prints, README.md and LICENSE,
# laid out as under a prefix (bin/, share/) so the two folders can be copied into one.
# Before writing anything, the binary taken back out of the archive must run with an empty
# environment and no LD_LIBRARY_PATH, and on Linux `ldd` must call it not a dynamic executable;
# otherwise the dist fails.
set -eu
cd "$(dirname "$0")/.."
make=${MAKE:-make}
version=${VERSION:-$(sh Scripts/version.sh)}
os=$(uname -s | tr '[:upper:]' '[:lower:]')
arch=${DIST_ARCH:-$(uname -m)}
name=loadwrap-$version-$os-$arch

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
# `make install` runs `make build` (the release binary, stamped with $version) first.
$make install DESTDIR="$stage/$name" PREFIX=
cp README.md LICENSE "$stage/$name/"
find "$stage/$name" -type d -exec chmod 0755 {} +

tar_owner=
if tar --version 2>/dev/null | grep -q GNU; then tar_owner="--owner=0 --group=0 --numeric-owner"; fi
# shellcheck disable=SC2086  # tar_owner is empty or three words
tar -C "$stage" $tar_owner -czf "$stage/$name.tar.gz" "$name"

# The checks run on what a user gets: the archive, unpacked afresh.
check=$stage/check
mkdir "$check"
tar -C "$check" -xzf "$stage/$name.tar.gz"
bin=$check/$name/bin/loadwrap
for file in bin/loadwrap share/man/man1/loadwrap.1 share/bash-completion/completions/loadwrap \
    share/zsh/site-functions/_loadwrap share/fish/vendor_completions.d/loadwrap.fish README.md LICENSE; do
    [ -s "$check/$name/$file" ] || { echo "dist: $file missing or empty in the archive" >&2; exit 1; }
done
said=$(env -i LD_LIBRARY_PATH= "$bin" --version)
[ "$said" = "loadwrap $version" ] || { echo "dist: --version said '$said', not 'loadwrap $version'" >&2; exit 1; }
status=0
env -i LD_LIBRARY_PATH= "$bin" --mode plain -- /bin/sh -c 'exit 3' 2>/dev/null || status=$?
[ "$status" -eq 3 ] || { echo "dist: a run under env -i exited $status, not 3" >&2; exit 1; }
if [ "$os" = linux ]; then
    linkage=$(ldd "$bin" 2>&1 || true)
    case $linkage in
    *"not a dynamic executable"*) ;;
    *) echo "dist: the binary is dynamic:" >&2; echo "$linkage" >&2; exit 1 ;;
    esac
    echo "dist: ldd: $(echo "$linkage" | tr -d '\t')"
else
    echo "dist: $os has no static executables; the ldd check is Linux only"
fi
if [ "$arch" = universal ]; then
    # One Mach-O file with both slices, so a Mac of either kind runs the same download.
    slices=$(lipo -archs "$bin")
    case " $slices " in
    *" arm64 "*" x86_64 "* | *" x86_64 "*" arm64 "*) echo "dist: lipo -archs: $slices" ;;
    *) echo "dist: a universal binary holds $slices, not arm64 and x86_64" >&2; exit 1 ;;
    esac
fi
echo "dist: env -i LD_LIBRARY_PATH= bin/loadwrap --version: $said; a run exited 3 as its command"

mv "$stage/$name.tar.gz" .
if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$name.tar.gz" > "$name.tar.gz.sha256"
else
    shasum -a 256 "$name.tar.gz" > "$name.tar.gz.sha256"
fi
echo "dist: wrote $name.tar.gz ($(wc -c < "$name.tar.gz" | tr -d ' ') bytes) and $name.tar.gz.sha256:"
tar -tzf "$name.tar.gz" | sed 's/^/  /'
cat "$name.tar.gz.sha256"
