#!/usr/bin/env python3
"""Fails when a public symbol of the library has no `///` comment of its own.

    python3 Scripts/check-doc-comments.py .build/docs-graphs/*.symbols.json

Reads the symbol graphs `swift build -Xswiftc -emit-symbol-graph` writes (public symbols only, the
compiler's default). docc itself does not warn about a symbol without documentation, so `make
docs` runs this before `docc convert`. Left out: members the compiler synthesizes from a protocol's
default implementation (`!=` of an `Equatable` type), whose documentation is the protocol's. A
comment inherited from another module's protocol (`description` of `CustomStringConvertible`)
does not count as the symbol's own; the symbols of a module the library re-exports
(`@_exported import`) are in the library's graph and are checked with it.
"""

import json
import sys


def main(paths):
    if not paths:
        print("usage: check-doc-comments.py GRAPH.symbols.json ...", file=sys.stderr)
        return 2
    missing = []
    for path in paths:
        with open(path) as f:
            graph = json.load(f)
        for symbol in graph["symbols"]:
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            comment = symbol.get("docComment")
            location = symbol.get("location", {}).get("uri")
            # A comment of its own sits in the symbol's file; one inherited from a protocol comes
            # from the protocol's module (no file, or another one).
            own = comment is not None and comment.get("uri") == location
            if not own or not any(line["text"].strip() for line in comment["lines"]):
                line = symbol.get("location", {}).get("position", {}).get("line", -1) + 1
                location = (location or "?").removeprefix("file://")
                missing.append(f"{location}:{line}: {'.'.join(symbol['pathComponents'])} has no doc comment")
    for entry in sorted(set(missing)):
        print(entry, file=sys.stderr)
    if missing:
        print(f"{len(set(missing))} public symbol(s) without a /// comment of their own", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
