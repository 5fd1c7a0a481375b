"""Several commands against one (issue 43): `loadwrap -c 'cat TEXT' -c true` against
`loadwrap -- cat TEXT`, the terminal throughput row's lines, all three streams on a pty the
harness drains, paired and interleaved. Each line of the first passes its command's own
pseudo-terminal and the loadwrap that labels and shows it, as a line of the second passes one;
the labels are the only bytes added. Timed from spawn to exit, per line of the text."""

import os

from ..common import log
from ..config import LOADWRAP, MIB, TTY_BYTES, TTY_PAIRS
from ..files import make_text, scratch
from ..figure import Result
from ..stats import run_pairs, spread
from .tty import expect_every_line, run_on_pty


def two_commands(ctx):
    """ns per line of both sides over interleaved pairs."""
    path = os.path.join(ctx.tmp, "jobs.txt")
    log(f"-c: writing {TTY_BYTES // MIB} MiB of seq output, {TTY_PAIRS} pairs against one command")
    with scratch(path, make_text, TTY_BYTES) as (size, lines):
        sides = {"A": [LOADWRAP, "-c", f"cat {path}", "-c", "true"], "B": [LOADWRAP, "--", "cat", path]}

        def run(side):
            proc, seen, _ = run_on_pty(ctx, sides[side], {"A": "loadwrap -c -c", "B": "loadwrap --"}[side])
            expect_every_line(proc, seen, size, lines)
            return (proc.t_end - proc.t_start) / lines

        runs = run_pairs(TTY_PAIRS, run)
    return Result(runs["A"], runs["B"], facts={"mib": size // MIB}, notes=[
        f"-c ns per line: two commands {spread(runs['A'], 1, 0)}; one command {spread(runs['B'], 1, 0)}; "
        + ctx.cores.describe()])
