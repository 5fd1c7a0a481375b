#!/usr/bin/env python3
"""Checks the size limits of issue 43 over the Swift sources: run from the top of the checkout.

    python3 Scripts/check-limits.py [DIRECTORY ...]     (default: Sources)

Reports, one line each as `path:line: what (limit)`:
- a Swift file over 300 lines;
- a function or initialiser with more than 6 parameters, unless it is `public` or `open` (the
  library's API, whose shape its users see and the limit should not bend);
- a struct, class, enum or actor with more than 15 stored properties (instance `var`/`let` at the
  type's top level; a `var` with a body is computed unless the body is `willSet`/`didSet`), except
  a type named `Options` (the parsed values, one per option).
Then one summary line. Exits 1 when it reports an offender, 0 otherwise.

Swift is read pragmatically, not parsed: comments and string literals are blanked out, braces
are counted, and declarations are recognised by their keyword at the start of a line after
attributes and modifiers. That is how the sources are written (swift-format's layout); a
declaration written otherwise may be missed. Scripts/test_check_limits.py tests the reader:
`python3 -m unittest Scripts/test_check_limits.py`.
"""

import os
import re
import sys

MAX_LINES = 300
MAX_PARAMETERS = 6
MAX_STORED = 15
# The parsed values: one property per option is their point (Sources/LoadWrapTool/CLI).
STORED_EXEMPT_TYPES = {"Options"}

TYPE_KINDS = {"struct", "class", "enum", "actor"}
SCOPE_KINDS = TYPE_KINDS | {"extension", "protocol"}
# Words that may precede a declaration's keyword.
MODIFIERS = {
    "public", "open", "package", "internal", "private", "fileprivate", "final", "static",
    "mutating", "nonmutating", "override", "convenience", "required", "indirect", "lazy", "weak",
    "unowned", "nonisolated", "isolated", "dynamic", "optional", "prefix", "postfix", "infix",
    "consuming", "borrowing", "distributed", "async",
}
# Attributes (`@MainActor`, `@available(macOS 13, *)`) and access modifiers with a setter
# (`private(set)`, `package internal(set)`) before the keyword.
ATTRIBUTE = r"@[A-Za-z_][\w.]*(?:\([^()]*\))?"
MODIFIER = r"[a-z]+(?:\((?:set|unsafe)\))?"
PREFIX = re.compile(r"^\s*((?:(?:%s|%s)\s+)*)" % (ATTRIBUTE, MODIFIER))


def blank_comments_and_strings(text):
    """`text` with every comment and string literal's contents replaced by spaces (newlines
    kept, so lines keep their numbers); the code inside an interpolation `\\(…)` stays."""
    out = list(text)
    i, n = 0, len(text)
    # A stack of what is open: ("string", closing delimiter) or ("interpolation", paren depth).
    stack = []

    def blank(start, end):
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        top = stack[-1] if stack else None
        if top is not None and top[0] == "string":
            closing = top[1]
            if text.startswith(closing, i):
                stack.pop()
                i += len(closing)
            elif text[i] == "\\" and closing.startswith('"'):
                if text.startswith("\\(", i):
                    blank(i, i + 2)
                    stack.append(["interpolation", 0])
                    i += 2
                else:
                    blank(i, i + 2)
                    i += 2
            else:
                blank(i, i + 1)
                i += 1
            continue
        # Code (the file's own, or an interpolation's).
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif text.startswith('#"', i) or text.startswith('"', i):
            hashes = len(text[i:]) - len(text[i:].lstrip("#"))
            quote_at = i + hashes
            triple = text.startswith('"""', quote_at)
            quotes = '"""' if triple else '"'
            stack.append(["string", quotes + "#" * hashes])
            i = quote_at + len(quotes)
        elif top is not None and top[0] == "interpolation" and text[i] in "()":
            if text[i] == "(":
                top[1] += 1
                i += 1
            elif top[1] == 0:
                stack.pop()
                blank(i, i + 1)
                i += 1
            else:
                top[1] -= 1
                i += 1
        else:
            i += 1
    return "".join(out)


def split_top_level(text, separator=","):
    """`text` split at `separator` where no bracket of any kind is open."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char in "([{<":
            depth += 1
        elif char in ")]}>" and not (char == ">" and index > 0 and text[index - 1] == "-"):
            depth -= 1
        elif char == separator and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return parts


def matching(text, start):
    """The index of the bracket closing the one at `start`, or len(text)."""
    opening = text[start]
    closing = {"(": ")", "[": "]", "{": "}"}[opening]
    depth = 0
    for index in range(start, len(text)):
        if text[index] == opening:
            depth += 1
        elif text[index] == closing:
            depth -= 1
            if depth == 0:
                return index
    return len(text)


class Declaration:
    """A declaration found in a file: its kind, name, line (1-based) and what was counted."""

    def __init__(self, kind, name, line, count=0, public=False):
        self.kind, self.name, self.line, self.count, self.public = kind, name, line, count, public

    def __repr__(self):
        return "Declaration(%r, %r, line %d, count %d%s)" % (
            self.kind, self.name, self.line, self.count, ", public" if self.public else "")


def declaration_prefix(line):
    """The attributes and modifiers a line starts with, as a list of words, and where they end."""
    match = PREFIX.match(line)
    words = match.group(1).split()
    # A word that is not a modifier ends the prefix (`return foo`, `case x`).
    kept, end = [], len(line) - len(line.lstrip())
    for word in words:
        bare = re.sub(r"\(.*\)$", "", word)
        if word.startswith("@") or bare in MODIFIERS:
            kept.append(bare)
            end = line.index(word, end) + len(word)
            while end < len(line) and line[end].isspace():
                end += 1
        else:
            break
    # `class` is a modifier before a member (`class func`), else it declares a type.
    member = re.match(r"class\s+(?=(?:func|var|let|subscript|override|final)\b)", line[end:])
    if member:
        kept.append("class")
        end += member.end()
    return kept, end


def parameter_count(code, open_paren):
    """How many parameters the list opening at `open_paren` holds."""
    inside = code[open_paren + 1:matching(code, open_paren)]
    return len([part for part in split_top_level(inside) if part.strip()])


def is_computed(code, start):
    """True when the `var`/`let` whose pattern begins at `start` has a body that is not just
    `willSet`/`didSet` observers and no initial value: a computed property."""
    depth, index = 0, start
    while index < len(code):
        char = code[index]
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif depth == 0 and char == "=" and code[index + 1:index + 2] != "=":
            return False  # an initial value (or a closure called for one)
        elif depth == 0 and char == "\n":
            # The head goes on to the next line only after an open bracket or before a `{`.
            rest = code[index + 1:].lstrip(" \t")
            if not rest.startswith("{"):
                return False
        elif depth == 0 and char == "{":
            body = code[index + 1:matching(code, index)].strip()
            return not re.match(r"(willSet|didSet)\b", body)
        index += 1
    return False


def stored_bindings(code, start):
    """How many properties one `var`/`let` declares: `var a = 1, b = 2` is two."""
    end = code.find("\n", start)
    head = code[start:len(code) if end < 0 else end]
    head = head.split("{", 1)[0]
    return max(1, len(split_top_level(head)))


def scan(text):
    """The types (with their stored properties) and functions of one Swift file."""
    code = blank_comments_and_strings(text)
    lines = code.split("\n")
    offsets, total = [], 0
    for line in lines:
        offsets.append(total)
        total += len(line) + 1
    found = []
    # Open braces: each the Declaration of the type it opens, or None.
    stack = []
    pending = None  # a type whose `{` has not been seen yet
    for number, line in enumerate(lines, start=1):
        words, end = declaration_prefix(line)
        rest = line[end:]
        innermost = stack[-1] if stack else None
        keyword = re.match(r"(struct|class|enum|actor|extension|protocol)\s+([A-Za-z_][\w.]*)", rest)
        if keyword and keyword.group(2) not in {"func", "var", "let", "subscript", "init"}:
            pending = Declaration(keyword.group(1), keyword.group(2), number, public="public" in words)
            if keyword.group(1) in TYPE_KINDS:
                found.append(pending)
        function = re.match(r"(?:func\s+([^\s(<]+)|(init)[?!]?)\s*(<[^(]*>)?\s*\(", rest)
        if function:
            open_paren = offsets[number - 1] + end + function.end() - 1
            name = function.group(1) or function.group(2)
            found.append(Declaration("func", name, number, parameter_count(code, open_paren),
                                     public="public" in words or "open" in words))
        binding = re.match(r"(var|let)\s", rest)
        if (binding and innermost is not None and innermost.kind in TYPE_KINDS
                and "static" not in words and "class" not in words):
            start = offsets[number - 1] + end + binding.end()
            if not is_computed(code, start):
                innermost.count += stored_bindings(code, start)
        for char in line:
            if char == "{":
                stack.append(pending)
                pending = None
            elif char == "}" and stack:
                stack.pop()
    return found


def offenders(path, text):
    """The lines `path:line: what (limit)` for one file's broken limits."""
    reports = []
    line_count = len(text.splitlines())
    if line_count > MAX_LINES:
        reports.append("%s:1: %d lines (%d)" % (path, line_count, MAX_LINES))
    for declaration in scan(text):
        if declaration.kind == "func":
            if declaration.count > MAX_PARAMETERS and not declaration.public:
                reports.append("%s:%d: %s has %d parameters (%d)" % (
                    path, declaration.line, declaration.name, declaration.count, MAX_PARAMETERS))
        elif declaration.count > MAX_STORED and declaration.name not in STORED_EXEMPT_TYPES:
            reports.append("%s:%d: %s %s has %d stored properties (%d)" % (
                path, declaration.line, declaration.kind, declaration.name, declaration.count, MAX_STORED))
    return reports


def swift_files(roots):
    """The Swift files under `roots`, sorted."""
    paths = []
    for root in roots:
        for directory, _, names in os.walk(root):
            paths += [os.path.join(directory, name) for name in names if name.endswith(".swift")]
    return sorted(paths)


def main(arguments):
    roots = arguments or ["Sources"]
    paths = swift_files(roots)
    reports = []
    for path in paths:
        with open(path, encoding="utf-8") as file:
            reports += offenders(path, file.read())
    for report in reports:
        print(report)
    limits = "%d lines a file, %d parameters, %d stored properties" % (MAX_LINES, MAX_PARAMETERS, MAX_STORED)
    if reports:
        print("check-limits: %d over the limits (%s) in %d Swift files" % (len(reports), limits, len(paths)))
        return 1
    print("check-limits: %d Swift files within the limits (%s)" % (len(paths), limits))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
