#!/bin/sh
# Checks the layers of Package.swift (docs/architecture.md). First the imports: each target of the
# tool's own under Sources/ may import only the targets below it in the table here, so an import
# that reaches up or makes a cycle fails at once, with no build. Then the library: building
# LoadWrapKit alone compiles the rendering core, the library and their C calls, and not one file
# of the tool. A fresh scratch path, so that nothing built before can hide what this build
# compiles; the explicit-import check, so that an `import` a target does not declare fails here too.
set -eu
swift="${SWIFT:-swift}"

# Each target of Sources/, lowest first, and the targets of this package it may import: those
# below it. The C targets, the core, the timeline and the library are below all of the tool's
# four, which are stacked LoadWrapProcess < LoadWrapRuns < LoadWrapJobs < LoadWrapTool; the
# executables sit on top.
layers="CLoadWrapCore:
CLoadWrap:CLoadWrapCore
LoadWrapCore:CLoadWrapCore
LoadWrapTimeline:LoadWrapCore CLoadWrapCore
LoadWrapKit:LoadWrapTimeline LoadWrapCore CLoadWrapCore
LoadWrapProcess:LoadWrapKit LoadWrapTimeline LoadWrapCore CLoadWrap CLoadWrapCore
LoadWrapRuns:LoadWrapProcess LoadWrapKit LoadWrapTimeline LoadWrapCore CLoadWrap CLoadWrapCore
LoadWrapJobs:LoadWrapRuns LoadWrapProcess LoadWrapKit LoadWrapTimeline LoadWrapCore CLoadWrap CLoadWrapCore
LoadWrapTool:LoadWrapJobs LoadWrapRuns LoadWrapProcess LoadWrapKit LoadWrapTimeline LoadWrapCore CLoadWrap CLoadWrapCore
loadwrap:LoadWrapTool
loadwrap-frame-bench:LoadWrapCore
loadwrap-report-bench:LoadWrapRuns LoadWrapKit LoadWrapTimeline LoadWrapCore"
# Every target of the package's Sources/: an import of one of them is checked against the table.
targets=$(echo "$layers" | cut -d: -f1 | tr '\n' ' ')
failed=0
for folder in Sources/*/; do
    target=$(basename "$folder")
    line=$(echo "$layers" | grep "^$target:" || true)
    if [ -z "$line" ]; then
        echo "check-layers: Sources/$target is in no layer of Scripts/check-layers.sh" >&2
        failed=1
        continue
    fi
    allowed=" ${line#*:} "
    # `import X`, `@testable import X`, `import struct X.Y`, in any #if branch.
    for file in $(find "Sources/$target" -name '*.swift'); do
        for imported in $(sed -nE 's/^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*((public|package|internal|fileprivate|private)[[:space:]]+)?import[[:space:]]+((typealias|struct|class|enum|protocol|let|var|func)[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*).*/\6/p' "$file"); do
            case " $targets " in *" $imported "*) ;; *) continue ;; esac
            case "$allowed" in
            *" $imported "*) ;;
            *)
                echo "check-layers: $file imports $imported, which is not below $target (it may import:${allowed% })" >&2
                failed=1
                ;;
            esac
        done
    done
done
# An import of a target inside `#if` is made on one platform only: the other would build without
# it and fail (each file's platform imports, Glibc or Darwin, are the only ones that branch).
for file in $(find Sources -name '*.swift'); do
    awk -v targets=" $targets " -v file="$file" '
        /^[[:space:]]*#if/ { depth++ }
        /^[[:space:]]*#endif/ { depth-- }
        depth > 0 && /^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)?import[[:space:]]/ && index(targets, " " $NF " ") {
            print "check-layers: " file ":" NR " imports " $NF " inside #if: one platform would build without it"
            bad = 1
        }
        END { exit bad }' "$file" >&2 || failed=1
done
[ "$failed" = 0 ] || exit 1
echo "check-layers: each target imports only targets listed before it: $(echo "$targets" | sed 's/ $//; s/ /, /g')"

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
expected="Sources/CLoadWrapCore/ Sources/LoadWrapCore/ Sources/LoadWrapKit/ Sources/LoadWrapTimeline/ "
if [ "$compiled" != "$expected" ]; then
    echo "check-layers: the library alone compiled $compiled; expected only $expected" >&2
    exit 1
fi
echo "check-layers: LoadWrapKit alone compiles only $expected"
