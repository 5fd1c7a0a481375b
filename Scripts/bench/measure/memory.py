"""Peak memory (VmHWM): with a tiny command, and while idling or relaying (sampled during the
runs of other figures, which come before in the table)."""

from ..common import log, which
from ..config import LOADWRAP
from ..figure import Result
from ..procs import DEVNULL, Proc
from ..pump import pump
from ..sinks import Counter, HighWater
from ..terminal import on_pty

RELAYING = ("idle", "pipe", "stdout relay", "terminal")  # the figures whose loadwrap runs count


def small(ctx):
    """`loadwrap -- sleep 0.3` in plain and overlay mode, vs `env sleep 0.3` (env execs sleep:
    the sample is sleep's). `true` would end before a sample could be taken; this way loadwrap
    is started, has drawn (overlay) and waits, sampled every 20 ms."""
    sleep, env = which("sleep"), which("env")
    log("peak memory")
    for mode in ("plain", "overlay"):
        for side, argv in (("A", [LOADWRAP, "--", "sleep", "0.3"]), ("B", [env, sleep, "0.3"])):
            for _ in range(3):
                ctx.peak(mode, side, _sample(ctx, mode, argv))
    return Result([_either_mode(ctx, "A")], [_either_mode(ctx, "B")])


def _sample(ctx, mode, argv):
    """One run's HighWater."""
    if mode == "plain":
        proc, pty = Proc(argv, ctx.env_plain, dup2=[(DEVNULL, 0), (DEVNULL, 1), (DEVNULL, 2)]), None
    else:
        proc, pty = on_pty(argv, ctx.env_overlay)
    peak = HighWater(proc.pid)
    pump([proc], {pty.primary: Counter()} if pty else {}, timeout=60, every=(0.02, peak))
    if pty:
        pty.close()
    proc.expect(0)
    return peak


def _either_mode(ctx, side):
    """The higher of the plain and the overlay peak."""
    return max(ctx.memory.get(("plain", side), 0), ctx.memory.get(("overlay", side), 0))


def relaying(ctx):
    """The highest loadwrap peak of the figures in RELAYING, vs `script`'s in terminal
    throughput; the note lists every peak of the run, each with its anonymous part."""
    kinds = [kind for kind in RELAYING if (kind, "A") in ctx.memory]
    base = ctx.memory.get(("terminal", "B"))
    note = "peak MiB (of which anonymous, RssAnon): " + ", ".join(
        f"{k[0]}/{'loadwrap' if k[1] == 'A' else 'baseline'} {v:.1f} ({ctx.anonymous.get(k, 0):.1f})"
        for k, v in sorted(ctx.memory.items()))
    if not kinds:
        return Result(skipped="no relaying run was sampled", facts={"rows": "none"}, notes=[note])
    return Result([max(ctx.memory[(kind, "A")] for kind in kinds)], [base] if base else [],
                  facts={"rows": ctx.rows(kinds)}, notes=[note])
