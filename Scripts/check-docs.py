#!/usr/bin/env python3
"""Checks that what the documents name exists: run from the top of the checkout.

    python3 Scripts/check-docs.py

Reads README.md, CONTRIBUTING.md, docs/*.md, the READMEs under Scripts/ and the DocC catalog's
articles, and reports, one line each:
- a relative link to a file that does not exist, or to a heading (#anchor) the file lacks;
- a path in backticks under Sources/, Tests/, Scripts/, docs/, .github/ or .ci/ that does not exist;
- `make TARGET` where the Makefile has no such target;
- a test suite (a word ending in `Tests`, with `Suite.member` or `Suite/member`) that no file under
  Tests/ or Scripts/ declares, or whose member it does not mention;
- a count in docs/platforms.md of the Swift lines only macOS compiles ("N Swift lines ... only
  macOS compiles") other than what Scripts/darwin-swift-lines.sh prints, or no such count.
Exits 1 when it reports anything. It cannot tell whether a sentence is still true; it catches the
paths, targets and names that moved.
"""

import glob
import os
import re
import subprocess
import sys

DOCUMENTS = (["README.md", "CONTRIBUTING.md"] + sorted(glob.glob("docs/*.md"))
             + sorted(glob.glob("Scripts/**/README.md", recursive=True))
             + sorted(glob.glob("Sources/*/*.docc/*.md")))
PATH = re.compile(r"(?:\.\./)*(?:Sources|Tests|Scripts|docs|\.github|\.ci)/[A-Za-z0-9_./+*-]*")
LINK = re.compile(r"\]\(([^)\s]+)\)")
MAKE = re.compile(r"`make ([a-z][a-z-]*)")
SUITE = re.compile(r"\b([A-Z][A-Za-z]*Tests)(?:[./]([A-Za-z]+))?")
# Targets and folders that end in "Tests" without being a suite.
NOT_SUITES = {"EndToEndTests", "LoadWrapCoreTests", "LoadWrapKitTests", "LoadWrapToolTests", "DemoTests"}


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[`*_\[\]()]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    """The anchors of every heading in a Markdown file, outside code blocks."""
    found, fenced = set(), False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("#"):
            found.add(slug(line.lstrip("#")))
    return found


def declared(name):
    """Whether a Swift file under Tests/ or Scripts/ declares the type `name`."""
    pattern = re.compile(r"\b(struct|class|enum|extension)\s+" + name + r"\b")
    return any(pattern.search(open(f, encoding="utf-8").read())
               for f in glob.glob("Tests/**/*.swift", recursive=True) + glob.glob("Scripts/**/*.swift", recursive=True))


def mentioned(member):
    """Whether `member` appears in a Swift file under Tests/."""
    return any(member in open(f, encoding="utf-8").read() for f in glob.glob("Tests/**/*.swift", recursive=True))


def darwin_count_problems():
    """docs/platforms.md's count of the Swift lines only macOS compiles against the script's."""
    document = "docs/platforms.md"
    stated = re.findall(r"\b(\d+) Swift lines? [^.]*?only macOS compiles", open(document, encoding="utf-8").read())
    counted = subprocess.run(["sh", "Scripts/darwin-swift-lines.sh"], capture_output=True, text=True, check=True).stdout.strip()
    if not stated:
        return [f"{document}: no count of the Swift lines only macOS compiles (Scripts/darwin-swift-lines.sh: {counted})"]
    return [f"{document}: {n} Swift lines only macOS compiles, but Scripts/darwin-swift-lines.sh counts {counted}"
            for n in stated if n != counted]


def main():
    targets = {m.group(1) for m in re.finditer(r"^([a-z][a-z-]*):", open("Makefile").read(), re.M)}
    problems = []
    for document in DOCUMENTS:
        text = open(document, encoding="utf-8").read()
        base = os.path.dirname(document)
        for match in LINK.finditer(text):
            target = match.group(1)
            if re.match(r"[a-z]+:", target) or target.startswith("<doc:"):
                continue
            path, _, anchor = target.partition("#")
            full = os.path.normpath(os.path.join(base, path)) if path else document
            if not os.path.exists(full):
                problems.append(f"{document}: link to {target}: no such file")
            elif anchor and full.endswith(".md") and anchor not in anchors(full):
                problems.append(f"{document}: link to {target}: no such heading")
        for span in re.findall(r"`([^`\n]+)`", text):
            for path in PATH.findall(span):
                path = path.rstrip(".,")
                candidates = [path, os.path.join(base, path)]
                exists = any(glob.glob(c) for c in candidates) if "*" in path else any(os.path.exists(c) for c in candidates)
                if not exists:
                    problems.append(f"{document}: {path}: no such path")
        for target in MAKE.findall(text):
            if target not in targets:
                problems.append(f"{document}: make {target}: no such target")
        for suite, member in set(SUITE.findall(text)):
            if suite in NOT_SUITES:
                continue
            if not declared(suite):
                problems.append(f"{document}: {suite}: no such test suite")
            elif member and not mentioned(member):
                problems.append(f"{document}: {suite}.{member}: not found under Tests/")
    problems += darwin_count_problems()
    for problem in sorted(set(problems)):
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
