#!/bin/sh
# `make startup-order`: writes to stdout the code `loadwrap -- true` runs, in plain mode and in
# overlay mode, as the input sections the release link places first (gold's
# --section-ordering-file; the Makefile's RELEASE_FLAGS). The static binary has 8 MB of code and
# start-up runs a few hundred kB of it, spread over the whole: every 64 kB window it touches is a
# page fault (the kernel's fault-around). Placed together, the code it runs faults 15 times less
# and `loadwrap -- true` starts 0.04x of `env true` sooner (docs/benchmarks.md).
#
#   sh Scripts/startup-order.sh BINARY > Scripts/startup-order.txt
#
# BINARY is a release build with function sections (RELEASE_FLAGS). Callgrind (valgrind, which
# this installs with apt-get when it is missing) lists every function a run executed; valgrind
# cannot read the static binary's debug information, so it runs a copy without it. A function
# the list misses, new since it was written, is only placed with the rest of the code: the list
# going stale costs a little start-up, never correctness.
set -eu
binary=$1
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
strip --strip-debug -o "$work/loadwrap" "$binary"
# History off and a runtime directory of its own, as in `make bench`: no other run's files read.
mkdir -m 700 "$work/run"
CI=true LOADWRAP_HISTORY=0 XDG_RUNTIME_DIR=$work/run \
    valgrind -q --tool=callgrind --demangle=no --callgrind-out-file="$work/plain" "$work/loadwrap" -- true \
    >/dev/null 2>&1
# Overlay mode: stderr a terminal, `script` providing it.
LOADWRAP_HISTORY=0 XDG_RUNTIME_DIR=$work/run script -qec \
    "stty rows 24 cols 80; valgrind -q --tool=callgrind --demangle=no --callgrind-out-file=$work/overlay $work/loadwrap -- true" \
    /dev/null >/dev/null 2>&1
# A function is named once, at its first mention (`fn=(12) name`); `'2` marks a recursion level.
# Addresses with no symbol (`0x…`) and valgrind's own names (`(below main)`) have no section.
names() {
    sed -n 's/^c\{0,1\}fn=([0-9]*) //p' "$1" | sed "s/'[0-9]*\$//" | grep -v '^0x\|^(' | LC_ALL=C sort -u
}
# Plain mode's functions first, then those only overlay mode runs, so that each mode's are
# together; sorted within each, so that the list's diff stays readable.
names "$work/plain" > "$work/plain.names"
names "$work/overlay" | LC_ALL=C comm -13 "$work/plain.names" - > "$work/overlay.names"
cat "$work/plain.names" "$work/overlay.names" | sed 's/^/.text./'
