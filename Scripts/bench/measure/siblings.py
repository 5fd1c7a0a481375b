"""Several commands at once: the CPU per line of one outer loadwrap whose command runs 16 inner
loadwraps side by side, each inner's command printing a line every 10 ms (the outer draws a row
per inner and relays every line), against the outer running one command that prints as many
lines at the same pace, a line every 10/16 ms. Both on a 24-row pty, overlay mode: the rows,
the control messages and sixteen writers instead of one are what differs.

The outer's own CPU comes from /proc/PID/task/*/schedstat (its threads only, never the inners
or their commands), sampled once the inners have all started and again shortly before the end;
the lines in between are counted on the pty as they arrive (`line ` in each, which no row or
title holds). The emitters are one small Python loop each, paced on the monotonic clock."""

import shlex
import sys
import time

from ..common import Misbehaved, log
from ..config import LOADWRAP, SIBLING_COMMANDS, SIBLING_PAIRS, SIBLING_SECONDS
from ..figure import Result
from ..pump import pump
from ..sinks import Counter, schedstat_ns
from ..stats import interleaved, spread
from ..terminal import on_pty

PERIOD = 0.01
# Python prints a line every `period` seconds, `count` lines, each its own write.
EMITTER = (
    "import os,sys,time\n"
    "count, period = int(sys.argv[1]), float(sys.argv[2])\n"
    "due = time.monotonic()\n"
    "for i in range(count):\n"
    "    os.write(1, b'line %d\\n' % i)\n"
    "    due += period\n"
    "    time.sleep(max(0, due - time.monotonic()))\n"
)
# The samples: from once every inner has started to shortly before the commands end.
FROM_S, BEFORE_END_S = 1.0, 0.5


def siblings(ctx):
    """Outer loadwrap's CPU µs per line: 16 inner loadwraps (A) vs one command (B)."""
    log(f"several at once: {SIBLING_PAIRS} × ({SIBLING_COMMANDS} commands vs one) × {SIBLING_SECONDS} s")
    ticks = int(SIBLING_SECONDS / PERIOD)
    emit = [sys.executable, "-c", EMITTER]
    inner = shlex.join([LOADWRAP, "-t", "step", "--"] + emit + [str(ticks), str(PERIOD)])
    many = f"i=0; while [ $i -lt {SIBLING_COMMANDS} ]; do i=$((i+1)); {inner} & done; wait"
    one = emit + [str(SIBLING_COMMANDS * ticks), str(PERIOD / SIBLING_COMMANDS)]
    argv = {"A": [LOADWRAP, "--", "sh", "-c", many], "B": [LOADWRAP, "--"] + one}
    per_line = {"A": [], "B": []}
    for order in interleaved(SIBLING_PAIRS):
        for side in order:
            per_line[side].append(_run(ctx, argv[side], side))
    return Result(per_line["A"], per_line["B"], notes=[
        f"outer loadwrap's CPU per line, µs: {SIBLING_COMMANDS} inner loadwraps {spread(per_line['A'], 1, 2)}; "
        f"one command {spread(per_line['B'], 1, 2)}"])


def _run(ctx, argv, side):
    """One run: the outer's CPU µs per line between the two samples."""
    proc, pty = on_pty(argv, ctx.env_overlay, name=f"several at once {side}")
    seen = Counter(pattern=b"line ")
    samples = {}

    def sample(key):
        samples[key] = (schedstat_ns(proc.pid), seen.matches)

    t0 = proc.t_start
    pump([proc], {pty.primary: seen}, timeout=SIBLING_SECONDS + 60,
         timers=[(t0 + int(FROM_S * 1e9), lambda: sample("from")),
                 (t0 + int((SIBLING_SECONDS - BEFORE_END_S) * 1e9), lambda: sample("to"))])
    pty.expect_modes_restored(f"several at once {side}")
    pty.close()
    proc.expect(0)
    lines = SIBLING_COMMANDS * int(SIBLING_SECONDS / PERIOD)
    if seen.matches < lines:
        raise Misbehaved(f"several at once {side}: {seen.matches} of {lines} lines reached the terminal")
    (cpu_from, lines_from), (cpu_to, lines_to) = samples["from"], samples["to"]
    return (cpu_to - cpu_from) / 1e3 / max(1, lines_to - lines_from)
