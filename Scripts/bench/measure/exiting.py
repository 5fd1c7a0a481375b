"""Exit latency: the command ends → loadwrap ends. The child (python3) sleeps past the spinner's
delay (so loadwrap has a line to erase), writes CLOCK_MONOTONIC to a file as its last act
and _exits; the harness notes when the exit of the process it spawned is seen (pidfd).
loadwrap's latency minus the same for the bare child is what loadwrap adds."""

import os
import sys

from ..common import log
from ..config import EXIT_PAIRS, LOADWRAP
from ..figure import Result
from ..pump import pump
from ..sinks import Counter
from ..stats import interleaved, spread
from ..terminal import on_pty

CHILD = (
    "import os, sys, time\n"
    "time.sleep(float(sys.argv[2]))\n"
    "fd = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)\n"
    "os.write(fd, b'%d' % time.monotonic_ns())\n"
    "os._exit(0)\n"
)


def exit_latency(ctx):
    """ms from the child's last act to the exit seen, over interleaved pairs after one warm-up pair."""
    stamp = os.path.join(ctx.tmp, "exit-stamp")
    child = [sys.executable, "-S", "-c", CHILD, stamp, "0.15"]
    log(f"exit latency: {EXIT_PAIRS} pairs")
    latency = {"A": [], "B": []}
    for order in [("A", "B")] + interleaved(EXIT_PAIRS):
        for side in order:
            latency[side].append(_run(ctx, side, [LOADWRAP, "--"] + child if side == "A" else child, stamp))
    a, b = latency["A"][1:], latency["B"][1:]  # the first pair warmed up
    return Result(a, b, notes=[f"exit latency ms: loadwrap {spread(a, 1, 3)}; bare {spread(b, 1, 3)}"])


def _run(ctx, side, argv, stamp):
    """One run on a pty: ms from the stamp the child wrote to the exit seen."""
    proc, pty = on_pty(argv, ctx.env_overlay, name="loadwrap -- python3" if side == "A" else "python3")
    pump([proc], {pty.primary: Counter()}, timeout=60)
    if side == "A":
        pty.expect_modes_restored(proc.name)
    pty.close()
    proc.expect(0)
    with open(stamp, "rb") as f:
        ms = (proc.t_end - int(f.read())) / 1e6
    os.unlink(stamp)
    return ms
