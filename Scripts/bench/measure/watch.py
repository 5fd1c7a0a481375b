"""Watching the output (issue 25): `loadwrap --until RE` or `--progress-from RE` relaying a build
log, against the plain relay of the same log in the same run. Plain mode (CI=true), stderr a
file, the command `sh -c 'cat LOG >&2'`, timed from spawn to exit as a user would time it:
when watching is slower than the relay, the command waits on a full pipe. Both sides run pinned
to the command's core, so the watcher's CPU is not hidden on an idle second core. One run per
side is checked: without loadwrap's own lines (start, progress, end: plain mode writes them where
the output is, ending a line of it early) and line breaks, the file holds the log's bytes."""

import hashlib
import os
import re

from ..common import Misbehaved, log, which
from ..config import LOADWRAP, MIB, WATCH_BYTES, WATCH_PAIRS
from ..figure import Result
from ..procs import DEVNULL, Proc
from ..pump import pump
from ..stats import run_pairs, spread

DONE_TOTAL = "(?<done>[0-9]+)/(?<total>[0-9]+)"
OWN_LINE = re.compile("(▸|…|✔|✖) [^ ]*sh -c 'cat \"\\$0\" >&2' [^\n]*\n".encode())


def until_absent(ctx):
    """`--until NEVER+MATCHES`: a regex whose literal is on no line."""
    return _figure(ctx, "cmake", ["--until", "NEVER+MATCHES"])


def until_near(ctx):
    """`--until 'CXX object src/[a-z]+/'`: its literal is on every line, the regex on none."""
    return _figure(ctx, "cmake", ["--until", "CXX object src/[a-z]+/"])


def progress_never(ctx):
    """`--progress-from` done/total on CMake lines (`[ 45%] … src/module12/file345.cpp.o`): a `/`
    on every line, a match on none."""
    return _figure(ctx, "cmake", ["--progress-from", DONE_TOTAL])


def progress_every(ctx):
    """`--progress-from` done/total on Ninja lines (`[123/900000] …`): a match on every line."""
    return _figure(ctx, "ninja", ["--progress-from", DONE_TOTAL])


def _figure(ctx, style, options):
    """Makes the log, checks one run per side, times the interleaved pairs: MB/s."""
    path = os.path.join(ctx.tmp, f"{style}.log")
    out = os.path.join(ctx.tmp, "watch.out")
    size = _make_log(path, style, WATCH_BYTES)
    digest = _sha256(path)
    relay = [which("sh"), "-c", 'cat "$0" >&2', path]
    sides = {"A": [LOADWRAP, *options, "--", *relay], "B": [LOADWRAP, "--", *relay]}
    for side in "AB":
        _run(ctx, sides[side], out, size)
        _check(out, digest, sides[side])
    log(f"watch {' '.join(options)}: {WATCH_PAIRS} pairs")
    rates = run_pairs(WATCH_PAIRS, lambda side: _run(ctx, sides[side], out, size))
    os.unlink(path)
    return Result(rates["A"], rates["B"], facts={"mib": round(size / MIB)}, notes=[
        f"watch {' '.join(options)} MB/s: watching {spread(rates['A'], 1, 0)}; plain relay "
        f"{spread(rates['B'], 1, 0)}; " + ctx.cores.describe()])


def _run(ctx, argv, out, size):
    """One run with stderr the file `out`: MB/s from spawn to exit."""
    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
    try:
        proc = ctx.cores.spawn(lambda: Proc(argv, ctx.env_plain, dup2=[(DEVNULL, 0), (DEVNULL, 1), (fd, 2)],
                                            name="loadwrap"))
        pump([proc], {}, timeout=600)
    finally:
        ctx.cores.restore()
        os.close(fd)
    proc.expect(0)
    return size / MIB * 1.048576 / proc.seconds


def _check(out, digest, argv):
    """Without loadwrap's own lines and line breaks, the file holds the log's bytes."""
    with open(out, "rb") as f:
        relayed = OWN_LINE.sub(b"", f.read()).replace(b"\n", b"")
    if hashlib.sha256(relayed).hexdigest() != digest:
        raise Misbehaved(f"{' '.join(argv)}: the log written through loadwrap differs from the file")


def _make_log(path, style, size):
    """Build lines to `size` bytes or just over: CMake's `[ 45%] Building CXX object
    src/moduleM/fileN.cpp.o` or Ninja's `[I/TOTAL] Building …`, the numbers from a fixed
    sequence. Returns the byte count."""
    total = size // 56  # about the number of lines
    written, i = 0, 0
    with open(path, "wb") as f:
        while written < size:
            lines = []
            for i in range(i, i + 4096):
                step = f"[{min(i * 100 // total, 100):3d}%]" if style == "cmake" else f"[{i + 1}/{total}]"
                lines.append(f"{step} Building CXX object src/module{i * 7 % 100}/file{i * 13 % 1000}.cpp.o\n")
            i += 1
            chunk = "".join(lines).encode()
            f.write(chunk)
            written += len(chunk)
    return written


def _sha256(path):
    """The sha256 of the file's bytes without its line breaks."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(MIB), b""):
            digest.update(block.replace(b"\n", b""))
    return digest.hexdigest()
