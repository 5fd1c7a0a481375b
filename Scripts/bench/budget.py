"""The start-up budget: the ratio to `env true` that `loadwrap -- true` must not exceed in each
mode, read from the "Start-up budget" table of docs/benchmarks.md, the one place it is stated.
A target only marks its row "no"; a budget exceeded fails the run (exit 3), so a change that
slows start-up cannot pass unseen.

What is checked is the fastest of loadwrap's runs against the fastest `env true` of the same
pairs: load on the machine only ever makes a run slower, and on a busy machine (two cores, other
builds) the ratio of the medians of one binary moved between 1.32× and 2.53× while that of the
fastest runs moved by 0.04× (docs/benchmarks.md). A figure over its budget is measured again, up to
RETRIES more times, and its lowest ratio counts; a slower loadwrap stays over in every run."""

import os
import re

from .common import Unusable, log
from .config import ROOT

DOC = os.path.join(ROOT, "docs", "benchmarks.md")
HEADING = "## Start-up budget"
# A row of the table: | `startup plain` | ≤ 1.3× | …
ROW = re.compile(r"^\| `([a-z ]+)` \| ≤ ([0-9]+(?:\.[0-9]+)?)× \|")
RETRIES = 2


def budgets(figures, path=DOC):
    """{figure key: the highest ratio allowed} from the document's table. Unusable when the
    table is missing, or names a figure the bench does not have."""
    try:
        text = open(path, encoding="utf-8").read()
    except OSError as e:
        raise Unusable(f"cannot read the start-up budget: {e}") from e
    heading = re.search("^" + re.escape(HEADING) + "$", text, re.M)
    if not heading:
        raise Unusable(f"{path} has no '{HEADING}' section")
    section = text[heading.end():]
    end = section.find("\n## ")
    rows = [ROW.match(line) for line in (section[:end] if end >= 0 else section).splitlines()]
    found = {m.group(1): float(m.group(2)) for m in rows if m}
    keys = {figure.key for figure in figures}
    if not found or not set(found) <= keys:
        raise Unusable(f"{path}: the '{HEADING}' table must name figures of Scripts/bench/table.py, "
                       f"found {sorted(found) or 'none'}")
    return found


def check(measured, ctx, limits):
    """The report's lines for every measured figure that has a budget, and whether each kept it."""
    lines, kept = [], True
    for figure, result in measured:
        limit = limits.get(figure.key)
        if limit is None or result.skipped:
            continue
        ratios = [fastest(result)]
        while ratios[-1] > limit and len(ratios) <= RETRIES:
            log(f"{figure.key}: {ratios[-1]:.2f}× is over its budget of {limit}×: measuring again")
            ratios.append(fastest(figure.measure(ctx)))
        best = min(ratios)
        kept = kept and best <= limit
        runs = ", ".join(f"{r:.2f}×" for r in ratios)
        verdict = "within" if best <= limit else "**over budget**"
        lines.append(f"`{figure.key}`: fastest run {best:.2f}× the fastest `env true` (measured {runs}), "
                     f"budget ≤ {limit}×: {verdict}")
    return lines, kept


def fastest(result):
    """loadwrap's fastest run ÷ the baseline's fastest, over the pairs of one measurement."""
    return min(result.a) / min(result.b)
