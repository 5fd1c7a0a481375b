#!/bin/sh
# `make check-darwin`: the C half of the macOS build, checked on a machine without a Mac. Every C
# file of the package (Sources/*/*.c and Tests/*/*.c: CLoadWrap, CLoadWrapCore, CPtyTestSupport) is
# compiled for aarch64-macos and x86_64-macos at the deployment target Package.swift declares, with
# -Wall -Wextra -Werror -Wunguarded-availability (a call newer than that target is an error), then
# linked into a Mach-O dylib against libSystem, so an undefined symbol fails too. Zig (PyPI
# `ziglang`) brings the macOS headers and libSystem's stubs; it is installed, pinned, into the
# scratch venv .build/zig-venv on first use, as `make lint-workflows` installs its linter.
#
#   sh Scripts/check-darwin.sh [ROOT]
#
# ROOT (default: this package) is the tree whose Package.swift and C files are checked; the test
# that shows a mistake in a Darwin branch is caught (DarwinCheckTests) passes a doctored copy.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd -P)
root=$(cd "${1:-$here}" && pwd -P)
# Pinned: a new zig brings new headers, and so new availability errors, only when chosen here.
ziglang_version=0.17.1
venv=$here/.build/zig-venv

installed=$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("ziglang"))' 2>/dev/null || true)
if [ "$installed" != "$ziglang_version" ]; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q "ziglang==$ziglang_version"
fi
# zig keeps its cache in ~/.cache/zig unless told; the build directory is the scratch space here.
ZIG_GLOBAL_CACHE_DIR=$here/.build/zig-cache
ZIG_LOCAL_CACHE_DIR=$here/.build/zig-cache
export ZIG_GLOBAL_CACHE_DIR ZIG_LOCAL_CACHE_DIR
zig() { "$venv/bin/python" -m ziglang "$@"; }

# The deployment target: `.macOS(.v13)` or `.macOS(.v13_5)` in Package.swift's platforms → 13.0, 13.5.
declared=$(sed -n 's/.*\.macOS(\.v\([0-9_]*\)).*/\1/p' "$root/Package.swift" | head -n 1)
[ -n "$declared" ] || { echo "check-darwin: no .macOS(.vN) in $root/Package.swift" >&2; exit 1; }
case $declared in
*_*) macos=$(echo "$declared" | tr _ .) ;;
*) macos=$declared.0 ;;
esac

# Tests/Engines is no target of the package: the screen tests build its libvterm replayer on
# Linux, against Debian's libvterm, which macOS does not have.
files=$(cd "$root" && find Sources Tests -name '*.c' -not -path 'Tests/Engines/*' | LC_ALL=C sort)
[ -n "$files" ] || { echo "check-darwin: no C files under $root" >&2; exit 1; }
includes=
for dir in $(cd "$root" && find Sources Tests -type d -name include | LC_ALL=C sort); do
    includes="$includes -I$root/$dir"
done

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for arch in aarch64 x86_64; do
    target=$arch-macos.$macos
    objects=
    for file in $files; do
        object=$scratch/$arch-$(echo "$file" | tr / _).o
        # Apple's <util.h> (openpty, forkpty, login_tty) is missing from zig's headers: the stand-in
        # in Scripts/check-darwin comes after every system directory, so a real one would win.
        # Each object is written to the scratch directory: zig's -fsyntax-only is no use here (it
        # fails renaming its cache entry and leaves an a.out behind).
        # shellcheck disable=SC2086  # includes is a list of -I options without spaces
        zig cc -target "$target" -Wall -Wextra -Werror -Wunguarded-availability \
            $includes -idirafter "$here/Scripts/check-darwin" -c "$root/$file" -o "$object"
        objects="$objects $object"
    done
    # shellcheck disable=SC2086  # objects is a list of paths without spaces
    zig cc -target "$target" -shared $objects -o "$scratch/$arch.dylib"
    # A Mach-O 64-bit image starts with MH_MAGIC_64 (0xfeedfacf), stored little-endian on both.
    magic=$(od -A n -t x1 -N 4 "$scratch/$arch.dylib" | tr -d ' \n')
    [ "$magic" = cffaedfe ] || { echo "check-darwin: $target: the link wrote no Mach-O image ($magic)" >&2; exit 1; }
    echo "check-darwin: $target: $(echo "$files" | wc -l | tr -d ' ') C files compiled without a warning and linked against libSystem"
done
