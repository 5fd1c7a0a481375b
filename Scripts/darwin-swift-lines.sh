#!/bin/sh
# Prints how many Swift lines of the package only macOS compiles: the lines no Linux build, and so
# neither `make test` here nor `make check-darwin`, ever compiles. docs/platforms.md states the
# number, and `make check-docs` checks the two agree. `--list` prints the lines instead.
#
# A line counts when it sits in a branch of `#if`/`#elseif`/`#else` that only Darwin takes
# (`os(macOS)`, `canImport(Darwin)`, `!os(Linux)`…, or the `#else` after a Linux-only condition)
# and in no branch only Linux takes. Blank lines, comments, the directives themselves and `import`
# lines are not counted: every file that calls the C library imports Darwin beside Glibc.
set -eu
cd "$(dirname "$0")/.."
# Each counted line as FILE:LINE: TEXT; find may start awk more than once, so the count is wc's.
lines() {
    find Sources Tests Scripts -name '*.swift' -exec awk '
# What a condition selects: "darwin", "linux", or "" for anything else (DEBUG, swift(>=6)…).
function platform(condition) {
    if (condition ~ /!(os\(Linux\)|canImport\(Glibc\)|canImport\(Musl\))/) return "darwin"
    if (condition ~ /!(os\((macOS|iOS|tvOS|watchOS|visionOS)\)|canImport\(Darwin\))/) return "linux"
    if (condition ~ /os\((macOS|iOS|tvOS|watchOS|visionOS)\)|canImport\(Darwin\)/) return "darwin"
    if (condition ~ /os\(Linux\)|canImport\(Glibc\)|canImport\(Musl\)/) return "linux"
    return ""
}
# The opposite of a branch, for the #else after it.
function other(side) { return side == "darwin" ? "linux" : side == "linux" ? "darwin" : "" }
FNR == 1 { depth = 0 }
{
    line = $0
    sub(/^[ \t]+/, "", line)
    if (line ~ /^#if[ \t(]/) { depth++; taken[depth] = platform(line); branch[depth] = taken[depth]; next }
    if (line ~ /^#elseif[ \t(]/) { branch[depth] = platform(line); next }
    if (line ~ /^#else/) { branch[depth] = other(taken[depth]); next }
    if (line ~ /^#endif/) { depth--; next }
    if (depth == 0 || line == "" || line ~ /^\/\// || line ~ /^(@testable )?import /) next
    darwin = 0
    for (level = 1; level <= depth; level++) {
        if (branch[level] == "linux") next
        if (branch[level] == "darwin") darwin = 1
    }
    if (darwin) print FILENAME ":" FNR ": " line
}
' {} + | LC_ALL=C sort -t: -k1,1 -k2,2n
}
if [ "${1:-}" = --list ]; then
    lines
else
    lines | wc -l | tr -d ' '
fi
