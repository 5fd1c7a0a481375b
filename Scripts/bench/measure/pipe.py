"""Pipe throughput: loadwrap's stdout a pipe, its stderr a pty (the spinner runs). One run of
each side is verified with sha256; the timed runs only count bytes, since hashing in the
harness (about 1 GB/s) would be slower than the pipe and would make every ratio 1. Throughput
is timed from the first byte out to the exit, so start-up (its own figure) stays out."""

import os

from ..common import Misbehaved, log, which
from ..config import LOADWRAP, MIB, PIPE_BYTES, PIPE_PAIRS
from ..files import make_binary, scratch
from ..figure import Result
from ..procs import DEVNULL
from ..pump import pump
from ..sinks import Counter, HighWater
from ..stats import run_pairs, spread
from ..terminal import on_pty


def pipe(ctx):
    """`loadwrap -- cat FILE` with stdout a pipe the harness drains vs `cat FILE` alone, in the
    same setup."""
    rates = _timed(ctx, "pipe throughput", "pipe.bin", _into_harness)
    return Result(rates["A"], rates["B"], facts={"mib": PIPE_BYTES // MIB}, notes=[
        f"pipe MB/s: loadwrap {spread(rates['A'], 1, 0)}; cat {spread(rates['B'], 1, 0)}; "
        "sha256 of the output verified once per side; " + ctx.cores.describe()])


def _timed(ctx, what, filename, run):
    """Makes the file, verifies one run per side, then times the interleaved pairs: MB/s."""
    path = os.path.join(ctx.tmp, filename)
    log(f"{what}: writing {PIPE_BYTES // MIB} MiB")
    with scratch(path, make_binary, PIPE_BYTES) as digest:
        sides = {"A": [LOADWRAP, "--", "cat", path], "B": [which("cat"), path]}
        log(f"{what}: verifying (sha256)")
        run(ctx, "A", sides["A"], digest)
        run(ctx, "B", sides["B"], digest)
        log(f"{what}: {PIPE_PAIRS} pairs")
        return run_pairs(PIPE_PAIRS, lambda side: run(ctx, side, sides[side], None))


def _spawn_producer(ctx, side, argv, stdout):
    """Starts a side on the command's core with `stdout` and stderr a fresh pty (overlay)."""
    return ctx.cores.spawn(lambda: on_pty(argv, ctx.env_overlay, tty_fds=(2,), dup2=[(DEVNULL, 0), (stdout, 1)],
                                          name="loadwrap -- cat" if side == "A" else "cat"))


def _into_harness(ctx, side, argv, digest):
    """One run into a pipe the harness drains (and hashes, when given the file's `digest`):
    MB/s from the first byte the harness read to the producer's exit."""
    out_r, out_w = os.pipe()
    os.set_blocking(out_r, False)
    proc, pty = _spawn_producer(ctx, side, argv, out_w)
    os.close(out_w)
    out = Counter(hash_it=digest is not None)
    peak = HighWater(proc.pid)
    try:
        pump([proc], {out_r: out, pty.primary: Counter()}, timeout=600, every=(0.05, peak))
    finally:
        ctx.cores.restore()
    os.close(out_r)
    _check_producer(proc, pty, side)
    if out.bytes != PIPE_BYTES:
        raise Misbehaved(f"{proc.name}: {out.bytes} bytes came out of the pipe, expected {PIPE_BYTES}")
    _check_digest(proc, out, digest)
    if side == "A":
        ctx.peak("pipe", "A", peak.mib)
    return PIPE_BYTES / ((proc.t_end - out.first) / 1e3)


def _check_producer(proc, pty, side):
    """Exit status 0, and for loadwrap its pty's modes as they were."""
    if side == "A":
        pty.expect_modes_restored("loadwrap -- cat")
    pty.close()
    proc.expect(0)


def _check_digest(proc, out, digest):
    """On a verifying run, the bytes out are those of the file."""
    if digest and out.hash.hexdigest() != digest:
        raise Misbehaved(f"{proc.name}: the bytes out of the pipe differ from the file (sha256)")
