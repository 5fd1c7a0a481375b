"""The cost of one frame (erase + redraw of an unchanged title): a tight loop over the pure
renderer (the release-built `loadwrap-frame-bench`, next to loadwrap), and the idle run's own
CPU divided by the frames it drew (measured by the idle row, which must run first)."""

import os
import subprocess

from ..common import Unusable, log
from ..config import BUILT, QUICK
from ..figure import Result
from ..stats import median, spread

TOOL = os.path.join(os.path.dirname(BUILT), "loadwrap-frame-bench")


def renderer(ctx):
    """µs per frame of Overlay.erase + Overlay.draw in a loop, five rounds each run, seven runs."""
    if not os.access(TOOL, os.X_OK):
        raise Unusable(f"{TOOL} is missing: run `make build` first")
    frames = "50000" if QUICK else "200000"
    log(f"frame cost, pure renderer: 7 runs × 5 rounds × {frames} frames")
    us = [int(subprocess.run([TOOL, frames], check=True, capture_output=True, text=True).stdout) / 1e3
          for _ in range(7)]
    return Result(us, [], notes=[f"frame cost, pure renderer, µs: {spread(us, 1, 3)}"])


def in_idle_run(ctx):
    """The idle row's loadwrap CPU (start-up and exit included) ÷ frames drawn, per pair."""
    if not ctx.idle_us_per_frame:
        return Result(skipped="no frames seen in the idle run")
    return Result(ctx.idle_us_per_frame, [], facts={"frames": f"{median(ctx.frames_drawn):.0f}"},
                  notes=[f"idle CPU per frame, µs: {spread(ctx.idle_us_per_frame, 1, 1)}"])
