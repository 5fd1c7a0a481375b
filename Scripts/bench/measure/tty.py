"""Terminal throughput: `loadwrap -- cat TEXT` with all three streams on a pty drained as fast
as the harness can, vs `script -qec 'cat TEXT' /dev/null` on the same harness. Both put the
harness's terminal in raw mode and let their inner pty turn \\n into \\r\\n, so at least
size + lines bytes must arrive, exactly `lines` of them newlines (the spinner writes none).
Timed from the first byte on the terminal to the exit."""

import os
import shutil

from ..common import Misbehaved, log, which
from ..config import LOADWRAP, MIB, TTY_BYTES, TTY_PAIRS
from ..files import make_text, scratch
from ..figure import Result
from ..pump import pump
from ..sinks import Counter, HighWater
from ..stats import median, run_pairs, spread
from ..terminal import on_pty


def terminal(ctx):
    """MB/s of both sides over interleaved pairs; the note adds the spinner's bytes per run."""
    log(f"terminal throughput: writing {TTY_BYTES // MIB} MiB of seq output")
    log(f"terminal throughput: {TTY_PAIRS} pairs, each followed by a bare run")
    paired = pairs_against_script(ctx, "terminal", [], _run)
    if paired is None:
        return Result(skipped="`script` not installed")
    runs, bare, size = paired
    rates = {side: [rate for rate, _ in runs[side]] for side in "AB"}
    extra = [more for _, more in runs["A"]]
    to_bare = median(rates["A"]) / median(bare)
    return Result(rates["A"], rates["B"], facts={"mib": size // MIB, "bare": f"{median(bare):.0f} MB/s",
                                                 "to_bare": f"{to_bare:.2f}×"}, notes=[
        f"terminal MB/s: loadwrap {spread(rates['A'], 1, 0)}; script {spread(rates['B'], 1, 0)}; "
        f"bare `cat` on the pty {spread(bare, 1, 0)} (loadwrap ÷ bare {to_bare:.2f}×); "
        f"spinner bytes added per run: median {median(extra):.0f}; " + ctx.cores.describe()])


def pairs_against_script(ctx, name, options, run_one):
    """`loadwrap OPTIONS -- cat TEXT` (side A) against `script -qec 'cat TEXT' /dev/null` (side B)
    over interleaved pairs on the rows' text, with bare `cat` into one pty after each `script` run:
    the floor, the command writing into a pty as under loadwrap. `run_one(ctx, side, argv, size,
    lines)` measures one run. Returns (the runs by side, the bare rates, the text's size), or None
    without `script`."""
    script = shutil.which("script")
    if not script:
        return None
    path = os.path.join(ctx.tmp, name + ".txt")
    with scratch(path, make_text, TTY_BYTES) as (size, lines):
        sides = {"A": [LOADWRAP, *options, "--", "cat", path], "B": [script, "-qec", f"cat {path}", "/dev/null"],
                 "bare": [which("cat"), path]}
        bare = []

        def run(side):
            result = run_one(ctx, side, sides[side], size, lines)
            if side == "B":
                bare.append(run_one(ctx, "bare", sides["bare"], size, lines)[0])
            return result

        runs = run_pairs(TTY_PAIRS, run)
    return runs, bare, size


def _run(ctx, side, argv, size, lines):
    """One run: (MB/s from the first byte, bytes beyond the text and its carriage returns)."""
    proc, seen, peak = run_on_pty(ctx, argv, {"A": "loadwrap -- cat", "B": "script"}.get(side, "cat"))
    if side == "bare":  # cat straight onto the pty: \n becomes \r\n there too, nothing else
        return size / ((proc.t_end - seen.first) / 1e3), 0
    expect_every_line(proc, seen, size, lines)
    ctx.peak("terminal", side, peak)
    return size / ((proc.t_end - seen.first) / 1e3), seen.bytes - size - lines


def run_on_pty(ctx, argv, name, pattern=None):
    """Runs `argv` on a fresh pty the harness drains, on the bench's cores, to a clean exit with
    the terminal's modes restored: (the process, what reached the terminal, its peak memory).
    `pattern`: bytes the terminal's sink counts."""
    proc, pty = ctx.cores.spawn(lambda: on_pty(argv, ctx.env_overlay, name=name))
    seen = Counter(lines=True, pattern=pattern)
    peak = HighWater(proc.pid)
    try:
        pump([proc], {pty.primary: seen}, timeout=900, every=(0.05, peak))
    finally:
        ctx.cores.restore()
    pty.expect_modes_restored(proc.name)
    pty.close()
    proc.expect(0)
    return proc, seen, peak


def expect_every_line(proc, seen, size, lines):
    """The text reached the terminal whole: every one of its `lines` newlines, none added, and at
    least its bytes and a carriage return a line."""
    if seen.newlines != lines or seen.bytes < size + lines:
        raise Misbehaved(f"{proc.name}: {seen.bytes} bytes / {seen.newlines} newlines reached the terminal, "
                         f"expected at least {size + lines} / exactly {lines}")
