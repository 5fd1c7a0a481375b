"""Start-up: `loadwrap -- true` against `env true`, which replaces itself with the command."""

import os

from ..common import Misbehaved, log, which
from ..config import LOADWRAP, STARTUP_PAIRS
from ..figure import Result
from ..procs import DEVNULL, Proc
from ..pump import pump
from ..sinks import Counter
from ..stats import run_pairs, spread
from ..terminal import on_pty


def plain(ctx):
    """Plain mode: stderr a pipe, CI=true; loadwrap must write no escape bytes there."""
    return _startup("plain", lambda side, argv: _plain_run(ctx, side, argv))


def overlay(ctx):
    """Overlay mode: all three streams on a pty; loadwrap must leave its modes as they were."""
    return _startup("overlay", lambda side, argv: _overlay_run(ctx, side, argv))


def _startup(label, run):
    """Warms up, then times spawn to exit over interleaved pairs, in ms."""
    which("true")
    sides = {"A": [LOADWRAP, "--", "true"], "B": [which("env"), "true"]}
    log(f"start-up, {label} mode: {STARTUP_PAIRS} pairs")
    for side in "ABAB":  # warm caches
        run(side, sides[side])
    ms = run_pairs(STARTUP_PAIRS, lambda side: run(side, sides[side]).seconds * 1e3)
    return Result(ms["A"], ms["B"], notes=[
        f"start-up {label}, ms: loadwrap {spread(ms['A'])}; env {spread(ms['B'])}"])


def _plain_run(ctx, side, argv):
    """One run with stderr a pipe the harness reads, looking for escape bytes."""
    err_r, err_w = os.pipe()
    proc = Proc(argv, ctx.env_plain, dup2=[(DEVNULL, 0), (DEVNULL, 1), (err_w, 2)], name=f"{side} plain")
    os.close(err_w)
    out = Counter(lines=True)
    pump([proc], {err_r: out}, timeout=60)
    os.close(err_r)
    proc.expect(0)
    if side == "A" and out.escapes:
        raise Misbehaved("loadwrap wrote escape bytes in plain mode")
    return proc


def _overlay_run(ctx, side, argv):
    """One run on a fresh pty."""
    proc, pty = on_pty(argv, ctx.env_overlay, name=f"{side} on a pty")
    pump([proc], {pty.primary: Counter()}, timeout=60)
    if side == "A":
        pty.expect_modes_restored("loadwrap -- true")
    pty.close()
    return proc.expect(0)
