"""Latency: a line the command writes appears on the terminal. `cat` reads a pipe the harness
writes a token line to and writes it to its pty; the time from the harness's write to the
token arriving on the primary side, `loadwrap -- cat` vs bare `cat`, both running at once
on their own ptys, tokens alternating, random pauses between (the spinner animates)."""

import math
import os
import random
import select
import statistics
import time

from ..common import Misbehaved, log, which
from ..config import LATENCY_TOKENS, LOADWRAP
from ..figure import Result
from ..pump import drain, pump
from ..sinks import Counter
from ..stats import interleaved, spread
from ..terminal import on_pty


def latency(ctx):
    """Delays in ms, token by token, both sides running throughout."""
    log(f"latency: {LATENCY_TOKENS} lines each")
    sides = _Sides(ctx)
    delays = {"A": [], "B": []}
    try:
        sides.wait(time.monotonic_ns() + int(0.3e9))  # past the spinner's delay: it draws from now on
        for i, order in enumerate(interleaved(LATENCY_TOKENS)):
            for side in order:
                delays[side].append(sides.echo(side, b"line%06d%s" % (i, side.encode())))
                sides.wait(time.monotonic_ns() + int(random.uniform(0.002, 0.03) * 1e9))
    finally:
        sides.end_input()
    sides.finish()
    return Result(delays["A"], delays["B"], notes=[
        f"latency ms: loadwrap {spread(delays['A'], 1, 3)}; bare {spread(delays['B'], 1, 3)}; "
        f"p90 loadwrap {statistics.quantiles(delays['A'], n=10)[-1]:.3f}"])


class _Sides:
    """Both sides running: per side the proc, its pty, the write end of its input, and what
    has arrived on its terminal so far."""

    def __init__(self, ctx):
        self.sides = {}
        self.poller = select.poll()
        for side, argv in (("A", [LOADWRAP, "--", "cat"]), ("B", [which("cat")])):
            in_r, in_w = os.pipe()
            proc, pty = on_pty(argv, ctx.env_overlay, stdin=in_r, tty_fds=(1, 2),
                               name="loadwrap -- cat" if side == "A" else "cat")
            os.close(in_r)
            self.sides[side] = (proc, pty, in_w, bytearray())
            self.poller.register(pty.primary, select.POLLIN)
        self.seen = {pty.primary: seen for _, pty, _, seen in self.sides.values()}

    def echo(self, side, token):
        """Writes `token` as a line to `side`'s input; ms until it shows on its terminal."""
        t0 = time.monotonic_ns()
        os.write(self.sides[side][2], token + b"\n")
        return (self.wait(t0 + int(10e9), token, side) - t0) / 1e6

    def wait(self, until_ns, token=None, side=None):
        """Drains both ptys until `token` has arrived on `side` (returns when) or until `until_ns`."""
        while True:
            now = time.monotonic_ns()
            if token is not None and token in self.sides[side][3]:
                self.sides[side][3].clear()
                return now
            if now >= until_ns:
                if token is not None:
                    raise Misbehaved(f"{self.sides[side][0].name}: a line did not reach the terminal within 10 s")
                return now
            for fd, _ in self.poller.poll(max(0, math.ceil((until_ns - now) / 1e6))):
                drain(fd, self.seen[fd].extend)
            for seen in self.seen.values():  # keep the buffers short: only a token's tail can matter
                if len(seen) > 4096:
                    del seen[:-64]

    def end_input(self):
        """End of input: cat ends, then loadwrap."""
        for _, _, in_w, _ in self.sides.values():
            os.close(in_w)

    def finish(self):
        """Waits for both to end; exit 0, and loadwrap's terminal modes as they were."""
        for side, (proc, pty, _, _) in self.sides.items():
            pump([proc], {pty.primary: Counter()}, timeout=60)
            if side == "A":
                pty.expect_modes_restored(proc.name)
            pty.close()
            proc.expect(0)
