"""CPU of loadwrap itself while its command sleeps and the spinner animates on a pty.

Robust measure: wait4() on loadwrap returns the rusage of loadwrap plus the children it
reaped (the `sleep`); a bare `sleep` run alongside (same pty setup, same time) gives what
the child alone costs, so the difference is loadwrap's own CPU over the whole run, its
start-up and exit included. rusage time is accounted in ns on current kernels, unlike the
10 ms ticks of /proc/PID/stat. As a cross-check, /proc/PID/task/*/schedstat of loadwrap
(its threads only, never the child) is sampled at 1 s and 1 s before the end: the CPU of
the steady animation alone."""

import time

from ..common import log, which
from ..config import IDLE_PAIRS, IDLE_SECONDS, LOADWRAP
from ..figure import Result
from ..pump import pump
from ..sinks import Counter, HighWater, schedstat_ns
from ..stats import median, spread
from ..terminal import on_pty


# Every drawn frame turns autowrap off around the line (Overlay.draw): one per frame.
FRAME_MARK = b"\x1b[?7l"


def idle(ctx):
    """`loadwrap -- sleep N` against `sleep N`, run side by side; CPU in ms over the run."""
    log(f"CPU while idle: {IDLE_PAIRS} × {IDLE_SECONDS} s")
    sleep = which("sleep")
    own, bare, window, drawn, per_frame = [], [], [], [], []
    for _ in range(IDLE_PAIRS):
        a_ms, b_ms, bytes_drawn, steady, frames = _pair(ctx, sleep)
        own.append(a_ms)
        bare.append(b_ms)
        drawn.append(bytes_drawn)
        if frames:
            per_frame.append((a_ms - b_ms) * 1e3 / frames)
            ctx.frames_drawn.append(frames)
        if steady is not None:
            window.append(steady)
    note = f"idle CPU, ms over {IDLE_SECONDS} s: loadwrap+sleep {spread(own, 1, 1)}; sleep {spread(bare, 1, 1)}"
    if window:
        note += f"; steady animation alone (schedstat, 1 s…{IDLE_SECONDS - 1} s): {median(window):.3f} % of a core"
    note += f"; {median(drawn):.0f} bytes drawn"
    ctx.idle_us_per_frame.extend(per_frame)
    return Result(own, bare, facts={"seconds": IDLE_SECONDS}, notes=[note])


def _pair(ctx, sleep):
    """One pair at once: (loadwrap's CPU ms with the child, bare sleep's CPU ms, bytes drawn,
    % of a core of the steady animation or None)."""
    a, pty_a = on_pty([LOADWRAP, "--", sleep, str(IDLE_SECONDS)], ctx.env_overlay, name="loadwrap -- sleep")
    b, pty_b = on_pty([sleep, str(IDLE_SECONDS)], ctx.env_overlay, name="sleep")
    samples = {}

    def sample(key):
        samples[key] = (time.monotonic_ns(), schedstat_ns(a.pid))

    seen = Counter(pattern=FRAME_MARK)
    peak = HighWater(a.pid)
    t0 = a.t_start
    pump([a, b], {pty_a.primary: seen, pty_b.primary: Counter()}, timeout=IDLE_SECONDS + 60,
         every=(0.1, peak), timers=[(t0 + int(1e9), lambda: sample("from")),
                                    (t0 + int((IDLE_SECONDS - 1) * 1e9), lambda: sample("to"))])
    pty_a.expect_modes_restored("loadwrap -- sleep")
    pty_a.close()
    pty_b.close()
    a.expect(0)
    b.expect(0)
    ctx.peak("idle", "A", peak)
    return a.cpu_ms, b.cpu_ms, seen.bytes, _steady(samples), seen.matches


def _steady(samples):
    """The % of a core between the two schedstat samples, or None when one is missing."""
    if "from" not in samples or "to" not in samples or None in (samples["from"][1], samples["to"][1]):
        return None
    (t1, c1), (t2, c2) = samples["from"], samples["to"]
    return (c2 - c1) / (t2 - t1) * 100
