#!/bin/sh
# loadwrap's version, from one place: `git describe --tags --always --dirty` when building from a
# git checkout (a leading `v` of the tag dropped), else the constant in LoadWrapVersion.swift
# (a source tree without its history). `make build` stamps it into the binary; `make dist` names
# the archive after it.
set -eu
cd "$(dirname "$0")/.."
if [ -e .git ] && command -v git >/dev/null 2>&1 &&
    version=$(git describe --tags --always --dirty 2>/dev/null); then
    echo "${version#v}"
else
    sed -n 's/.*static let constant = "\(.*\)".*/\1/p' Sources/LoadWrapTool/CLI/LoadWrapVersion.swift
fi
