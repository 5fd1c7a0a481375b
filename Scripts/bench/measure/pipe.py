"""Throughput with loadwrap's stdout a pipe and its stderr a pty (the spinner runs): into the
harness, and through `cat` into /dev/null. One run of each side is verified with sha256; the
timed runs only count bytes, since hashing in the harness (about 1 GB/s) would be slower than
the pipe and would make every ratio 1. Throughput is timed from the first byte out to the
exit, so start-up (its own figure) stays out."""

import os

from ..common import Misbehaved, Unusable, log, which
from ..config import LOADWRAP, MIB, PIPE_BYTES, PIPE_PAIRS
from ..files import make_binary, scratch
from ..figure import Result
from ..procs import DEVNULL, Proc
from ..pump import first_data, pump
from ..sinks import BytesWritten, Counter, HighWater
from ..stats import run_pairs, spread
from ..terminal import on_pty


def pipe(ctx):
    """`loadwrap -- cat FILE` with stdout a pipe the harness drains vs `cat FILE` alone, in the
    same setup."""
    rates = _timed(ctx, "pipe throughput", "pipe.bin", _into_harness)
    return Result(rates["A"], rates["B"], facts={"mib": PIPE_BYTES // MIB}, notes=[
        f"pipe MB/s: loadwrap {spread(rates['A'], 1, 0)}; cat {spread(rates['B'], 1, 0)}; "
        "sha256 of the output verified once per side; " + ctx.cores.describe()])


def stdout_relay(ctx):
    """`loadwrap -- cat FILE | cat > /dev/null` vs `cat FILE | cat > /dev/null`: loadwrap in
    overlay mode while its stdout is a pipe to another program (a stdout loadwrap may come to
    relay itself), measured without the harness's reading speed in the way. The consumer's
    bytes are counted from its /proc/PID/io."""
    if not os.path.exists(f"/proc/{os.getpid()}/io"):
        return Result(skipped="no /proc/PID/io (kernel without I/O accounting) to count the bytes")
    rates = _timed(ctx, "stdout relay", "relay.bin", _through_cat)
    return Result(rates["A"], rates["B"], facts={"mib": PIPE_BYTES // MIB}, notes=[
        f"stdout relay MB/s: loadwrap {spread(rates['A'], 1, 0)}; cat {spread(rates['B'], 1, 0)}; "
        "bytes counted per run (wchar of the consumer), sha256 verified once per side; "
        + ctx.cores.describe() + ", the consumer `cat` on the harness's CPU"])


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
        ctx.peak("pipe", "A", peak)
    return PIPE_BYTES / ((proc.t_end - out.first) / 1e3)


def _through_cat(ctx, side, argv, digest):
    """One run of `argv | cat > /dev/null` (`| cat | harness`, hashed, when given the file's
    `digest`). The consumer is started, on the harness's core, once the first byte is in the
    pipe, so neither side's start-up is timed; the same consumer start is in both. MB/s from
    then to the end of the pipeline."""
    link_r, link_w = os.pipe()  # stays blocking: it becomes the consumer's stdin
    producer, pty = _spawn_producer(ctx, side, argv, link_w)
    os.close(link_w)
    screen, out = Counter(), Counter(hash_it=True)
    peak = HighWater(producer.pid)
    try:
        first = first_data(link_r, [producer], {pty.primary: screen})
        consumer, written, outputs = _consumer(ctx, link_r, out if digest else None)
        pump([producer, consumer], {pty.primary: screen, **outputs}, timeout=600, every=(0.05, peak))
    finally:
        ctx.cores.restore()
    for fd in outputs:
        os.close(fd)
    _check_producer(producer, pty, side)
    consumer.expect(0)
    _check_count(producer, written)
    _check_digest(producer, out, digest)
    if side == "A":
        ctx.peak("stdout relay", "A", peak)
    return PIPE_BYTES / ((max(producer.t_end, consumer.t_end) - first) / 1e3)


def _consumer(ctx, stdin, out):
    """Starts `cat` on the harness's core reading `stdin` (closed here) into /dev/null, or into
    a pipe the harness drains into `out`. Returns the proc, its byte count, and {fd: out}."""
    out_r, out_w = os.pipe() if out is not None else (None, DEVNULL)
    written = BytesWritten()
    proc = Proc([which("cat")], ctx.env_overlay, dup2=[(stdin, 0), (out_w, 1), (DEVNULL, 2)],
                name="cat (consumer)", on_exit=written)
    os.close(stdin)
    if out is None:
        return proc, written, {}
    os.close(out_w)
    os.set_blocking(out_r, False)
    return proc, written, {out_r: out}


def _check_producer(proc, pty, side):
    """Exit status 0, and for loadwrap its pty's modes as they were."""
    if side == "A":
        pty.expect_modes_restored("loadwrap -- cat")
    pty.close()
    proc.expect(0)


def _check_count(producer, written):
    """Every byte reached the consumer."""
    if written.bytes is None:
        raise Unusable("could not read the consumer's /proc/PID/io")
    if written.bytes != PIPE_BYTES:
        raise Misbehaved(f"{producer.name}: {written.bytes} bytes reached the consumer `cat`, expected {PIPE_BYTES}")


def _check_digest(proc, out, digest):
    """On a verifying run, the bytes out are those of the file."""
    if digest and out.hash.hexdigest() != digest:
        raise Misbehaved(f"{proc.name}: the bytes out of the pipe differ from the file (sha256)")
