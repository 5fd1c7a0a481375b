#!/bin/sh
# Checks the layers of Package.swift (docs/architecture.md): building the library LoadWrapKit alone
# compiles the rendering core, the library and their C calls, and not one file of the tool. A
# fresh scratch path, so that nothing built before can hide what this build compiles; the
# explicit-import check, so that an `import` a target does not declare fails here too.
set -eu
swift="${SWIFT:-swift}"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
if ! "$swift" build --target LoadWrapKit --scratch-path "$scratch" \
    --explicit-target-dependency-import-check error -v >"$scratch/log" 2>&1; then
    cat "$scratch/log" >&2
    exit 1
fi
# Every source folder the verbose build names: compiled files, and the include paths of C targets.
# SwiftPM names them by the real path (getcwd), not by $PWD, which keeps the symbolic links the
# shell came through: on macOS every path under /tmp and /var is one (/private/tmp, /private/var).
root=$(pwd -P)
compiled=$(grep -o "$root/Sources/[A-Za-z-]*/" "$scratch/log" | sed "s|^$root/||" | sort -u | tr '\n' ' ')
expected="Sources/CLoadWrapCore/ Sources/LoadWrapCore/ Sources/LoadWrapKit/ "
if [ "$compiled" != "$expected" ]; then
    echo "check-layers: the library alone compiled $compiled; expected only $expected" >&2
    exit 1
fi
echo "check-layers: LoadWrapKit alone compiles only $expected"
