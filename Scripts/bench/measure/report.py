"""The run tree's own costs, in tight loops over the release-built `loadwrap-report-bench`, next to
loadwrap (issue 44: the report of 1 000 steps; issue 43: one control message with 16 steps going
side by side). No baseline: each is a budget."""

import os
import subprocess

from ..common import Unusable, log
from ..config import BUILT, QUICK
from ..figure import Result
from ..stats import median, spread

TOOL = os.path.join(os.path.dirname(BUILT), "loadwrap-report-bench")
REPORT_STEPS = 1000
SIBLINGS = 16
RUNS = 7


def _tool(*arguments):
    """One run of the tool: its output's words."""
    if not os.access(TOOL, os.X_OK):
        raise Unusable(f"{TOOL} is missing: run `make build` first")
    return subprocess.run([TOOL, *arguments], check=True, capture_output=True, text=True).stdout.split()


def report(ctx):
    """ms to make and write the page and the trace of 1 000 steps, five rounds a run; the sizes."""
    log(f"report: {RUNS} runs × 5 rounds of a {REPORT_STEPS}-step run's page and trace")
    runs = [_tool("report", str(REPORT_STEPS), ctx.tmp) for _ in range(RUNS)]
    ms = [float(run[0]) for run in runs]
    page_kb, trace_kb = int(runs[0][1]) / 1e3, int(runs[0][2]) / 1e3
    ctx.report_page_kb = page_kb
    return Result(ms, [], facts={"steps": f"{REPORT_STEPS:,}".replace(",", " "), "trace": f"{trace_kb:.0f}"},
                  notes=[f"a {REPORT_STEPS}-step report, ms: {spread(ms, 1, 1)}; page {page_kb:.0f} kB, "
                         f"trace {trace_kb:.0f} kB"])


def page_size(ctx):
    """The page's size, from the report row (which must run first)."""
    if not ctx.report_page_kb:
        return Result(skipped="the report row did not run")
    return Result([ctx.report_page_kb], [])


def tree(ctx):
    """µs one control message costs with 16 steps going (A), and with one (B)."""
    messages = "20000" if QUICK else "100000"
    log(f"run tree: {RUNS} runs × 5 rounds × {messages} messages, {SIBLINGS} steps going and 1")
    many = [int(_tool("tree", str(SIBLINGS), messages)[0]) / 1e3 for _ in range(RUNS)]
    one = [int(_tool("tree", "1", messages)[0]) / 1e3 for _ in range(RUNS)]
    return Result(many, one, facts={"siblings": SIBLINGS},
                  notes=[f"one control message, µs: {SIBLINGS} steps going {spread(many, 1, 2)}; "
                         f"one {spread(one, 1, 2)}; median ratio {median(many) / median(one):.1f}×"])
