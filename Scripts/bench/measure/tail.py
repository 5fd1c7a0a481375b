"""`--tail` and `--log` on a pty (issue 24), with the terminal throughput row's 64 MiB of lines
(63.4 MiB: whole copies of `seq 1 100000`), all three streams on a pty the harness drains.

`--tail`: `loadwrap --tail -- cat TEXT` holds the text (4 MiB in memory, the rest in its
temporary file) and draws only the window, against `script -qec 'cat TEXT' /dev/null` writing it
all to the same kind of terminal in the same run, and bare `cat` into one pty after each
`script` run: the floor, as the command under loadwrap writes into a pty all the same. All timed
from spawn to exit: loadwrap's terminal sees only its block, so there is no first byte of the
text to start from.

`--log`: `loadwrap --log FILE -- cat TEXT` against `loadwrap -- cat TEXT`, spawn to exit, paired;
the file must hold every byte the terminal got from the command (the pty's \\r\\n included)."""

import os

from ..common import Misbehaved, log
from ..config import LOADWRAP, MIB, TTY_BYTES, TTY_PAIRS
from ..files import make_text, scratch
from ..figure import Result
from ..stats import median, run_pairs, spread
from .tty import expect_every_line, pairs_against_script, run_on_pty


def tail(ctx):
    """MB/s of `loadwrap --tail` and of `script` over interleaved pairs; notes: bytes shown, peak memory."""
    log(f"--tail: writing {TTY_BYTES // MIB} MiB of seq output, {TTY_PAIRS} pairs against script")
    paired = pairs_against_script(ctx, "tail", ["--tail"], _run)
    if paired is None:
        return Result(skipped="`script` not installed")
    runs, bare, size = paired
    rates = {side: [run[0] for run in runs[side]] for side in "AB"}
    shown = [run[1] for run in runs["A"]]
    peaks = [run[2] for run in runs["A"]]
    return Result(rates["A"], rates["B"], facts={"mib": size // MIB}, notes=[
        f"--tail MB/s: loadwrap {spread(rates['A'], 1, 0)}; script {spread(rates['B'], 1, 0)}; bare `cat` on the "
        f"pty {spread(bare, 1, 0)} (loadwrap ÷ bare {median(rates['A']) / median(bare):.2f}×); bytes loadwrap "
        f"drew per run (the window): median {median(shown):.0f}; its peak memory (VmHWM) {max(peaks):.1f} MiB "
        f"for {size // MIB} MiB held; " + ctx.cores.describe()])


def log_file(ctx):
    """MB/s of `loadwrap --log FILE` and of plain `loadwrap` over interleaved pairs."""
    path = os.path.join(ctx.tmp, "log.txt")
    copy = os.path.join(ctx.tmp, "copy.log")
    log(f"--log: writing {TTY_BYTES // MIB} MiB of seq output, {TTY_PAIRS} pairs against no --log")
    with scratch(path, make_text, TTY_BYTES) as (size, lines):
        sides = {"A": [LOADWRAP, "--log", copy, "--", "cat", path], "B": [LOADWRAP, "--", "cat", path]}

        def run(side):
            result = _run(ctx, side, sides[side], size, lines)
            if side == "A":
                logged = os.path.getsize(copy)
                os.unlink(copy)
                if logged != size + lines:
                    raise Misbehaved(f"--log: {logged} bytes in the log, expected {size + lines}")
            return result

        runs = run_pairs(TTY_PAIRS, run)
    rates = {side: [r[0] for r in runs[side]] for side in "AB"}
    return Result(rates["A"], rates["B"], facts={"mib": size // MIB}, notes=[
        f"--log MB/s: with {spread(rates['A'], 1, 0)}; without {spread(rates['B'], 1, 0)}; " + ctx.cores.describe()])


def _run(ctx, side, argv, size, lines):
    """One run on a fresh pty: (MB/s spawn to exit, bytes the terminal got, peak MiB). A held
    run must draw no more than its window (a few KiB); any other must deliver every line."""
    proc, seen, peak = run_on_pty(ctx, argv, " ".join(argv[:2]) if side == "A" else None)
    if "--tail" in argv and seen.bytes > size // 100:
        raise Misbehaved(f"{proc.name}: {seen.bytes} bytes reached the terminal; --tail holds the output")
    if "--tail" not in argv:
        expect_every_line(proc, seen, size, lines)
    return size / ((proc.t_end - proc.t_start) / 1e3), seen.bytes, peak.mib
