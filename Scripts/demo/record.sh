#!/bin/sh
# `make demo`: builds loadwrap and the recorder, plays every scene below on a pseudo-terminal
# and writes what the terminal showed to docs/demo.svg (see Scripts/demo/README.md).
set -eu
cd "$(dirname "$0")/../.."

# The scenes, in order. Each is typed after a prompt, then run with `sh -c` in a fresh copy of
# Scripts/demo/scene-files/, with loadwrap first on PATH and an empty HOME (no remembered
# durations). To add one, add a line here (and its files there).
set -- \
    'loadwrap -- make' \
    'loadwrap -- ./fetch | tee index.txt' \
    'loadwrap --progress-from percent -- ./upload' \
    'loadwrap --tail=3 -- make check' \
    'loadwrap -t build -- make -j3 side-by-side' \
    'CI=true loadwrap -- make'

SWIFT=${SWIFT:-swift}
$SWIFT build --product loadwrap
$SWIFT build --product loadwrap-demo
bin=$($SWIFT build --show-bin-path)

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/files" "$stage/home"
cp -R Scripts/demo/scene-files/. "$stage/files/"
(cd "$stage/files" && PATH="$bin:/usr/bin:/bin" HOME="$stage/home" "$bin/loadwrap-demo" "$@") > "$stage/demo.svg"
mkdir -p docs
mv "$stage/demo.svg" docs/demo.svg
echo "wrote docs/demo.svg ($(wc -c < docs/demo.svg) bytes)"
