"""Exit latency with history on: what remembering the run costs at loadwrap's exit. The same
child as the exit-latency row (sleeps past the delay, stamps CLOCK_MONOTONIC, _exits); loadwrap
runs with history on, in a state directory of this run's own (so the user's is never touched),
against loadwrap with LOADWRAP_HISTORY=0, interleaved. From the second run on the spinner's first
frame also reads the command's history, and every run ends by writing one record (flock, read,
rename), which loadwrap waits for at most 5 ms."""

import dataclasses
import os
import sys

from ..common import log
from ..config import EXIT_PAIRS, LOADWRAP
from ..figure import Result
from ..stats import interleaved, spread
from .exiting import CHILD, _run


def exit_latency(ctx):
    """ms from the child's last act to loadwrap's exit seen, history on (A) and off (B)."""
    stamp = os.path.join(ctx.tmp, "history-exit-stamp")
    state = os.path.join(ctx.tmp, "history-state")
    on = {k: v for k, v in ctx.env_overlay.items() if k != "LOADWRAP_HISTORY"}
    on["XDG_STATE_HOME"] = state
    off = dict(on, LOADWRAP_HISTORY="0")
    argv = [LOADWRAP, "--", sys.executable, "-S", "-c", CHILD, stamp, "0.15"]
    contexts = {side: dataclasses.replace(ctx, env_overlay=env) for side, env in (("A", on), ("B", off))}
    log(f"exit latency with history: {EXIT_PAIRS} pairs")
    latency = {"A": [], "B": []}
    for order in [("A", "B")] + interleaved(EXIT_PAIRS):
        for side in order:
            # Both sides are loadwrap: each checks that the terminal's modes were restored.
            latency[side].append(_run(contexts[side], "A", argv, stamp))
    a, b = latency["A"][1:], latency["B"][1:]  # the first pair warmed up
    files = sorted(os.listdir(os.path.join(state, "loadwrap")))
    return Result(a, b, notes=[f"exit latency with history ms: on {spread(a, 1, 3)}; off {spread(b, 1, 3)};"
                               f" state directory afterwards: {', '.join(files)}"])
