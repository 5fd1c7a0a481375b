"""Several commands against one (issue 43): `loadwrap -c 'cat TEXT' -c true` against one command
showing the same bytes, `loadwrap -- cat LABELLED`, where LABELLED is TEXT with the label the `-c`
run puts before each line (read from a probe run, so it is the label shown). All three streams on a
pty the harness drains, paired and interleaved, timed from spawn to exit, per line of the text.
The labels more than double the bytes of a short line, which costs the terminal what any bytes
cost it; the row measures what running several commands adds: a line of `-c` passes its command's
pseudo-terminal and the loadwrap that labels and shows it, as a line of one command passes one.
The note adds one command on TEXT without labels, for what the labels themselves cost."""

import os

from ..common import Misbehaved, log
from ..config import LOADWRAP, MIB, TTY_BYTES, TTY_PAIRS
from ..files import make_text, scratch
from ..figure import Result
from ..pump import pump
from ..stats import median, run_pairs, spread
from ..terminal import on_pty
from .tty import expect_every_line, run_on_pty


def two_commands(ctx):
    """ns per line of both sides over interleaved pairs, one unlabelled run after each pair."""
    path = os.path.join(ctx.tmp, "jobs.txt")
    labelled = os.path.join(ctx.tmp, "jobs-labelled.txt")
    log(f"-c: writing {TTY_BYTES // MIB} MiB of seq output, {TTY_PAIRS} pairs against one command")
    with scratch(path, make_text, TTY_BYTES) as (size, lines):
        label = shown_label(ctx, path)
        with scratch(labelled, lambda p, _: label_lines(path, p, label), 0) as labelled_size:
            sides = {"A": [LOADWRAP, "-c", f"cat {path}", "-c", "true"], "B": [LOADWRAP, "--", "cat", labelled],
                     "bare": [LOADWRAP, "--", "cat", path]}
            unlabelled = []

            def run(side):
                proc, seen, _ = run_on_pty(ctx, sides[side], {"A": "loadwrap -c -c", "B": "loadwrap --"}[side],
                                           pattern=label)
                expect_every_line(proc, seen, {"A": size, "B": labelled_size}[side], lines)
                expect_labelled(proc, seen, lines)
                if side == "B":
                    bare, _, _ = run_on_pty(ctx, sides["bare"], "loadwrap -- cat, no labels")
                    unlabelled.append((bare.t_end - bare.t_start) / lines)
                return (proc.t_end - proc.t_start) / lines

            runs = run_pairs(TTY_PAIRS, run)
    return Result(runs["A"], runs["B"], facts={"mib": size // MIB}, notes=[
        f"-c ns per line: two commands {spread(runs['A'], 1, 0)}; one command, same bytes {spread(runs['B'], 1, 0)}; "
        f"one command, no labels {spread(unlabelled, 1, 0)} (labelled ÷ unlabelled "
        f"{median(runs['B']) / median(unlabelled):.2f}×); label {len(label)} bytes; " + ctx.cores.describe()])


def shown_label(ctx, path):
    """The bytes `-c 'cat PATH' -c true` shows before each line, read from a run on a one-line
    file of the same name's command (the label is the command's name, padded, and a colour)."""
    probe = os.path.join(ctx.tmp, "probe.txt")
    with open(probe, "wb") as f:
        f.write(b"probe\n")
    proc, pty = ctx.cores.spawn(lambda: on_pty([LOADWRAP, "-c", f"cat {probe}", "-c", "true"], ctx.env_overlay,
                                               name="loadwrap -c probe"))
    shown = bytearray()
    try:
        pump([proc], {pty.primary: lambda view: shown.extend(view)}, timeout=60)
    finally:
        ctx.cores.restore()
        pty.close()
    proc.expect(0)
    line = next((line for line in bytes(shown).split(b"\n") if b"probe" in line), None)
    if line is None or not line.startswith(b"\x1b[") or b"cat" not in line:
        raise Misbehaved(f"loadwrap -c probe: no labelled line in {bytes(shown)!r}")
    return line[:line.index(b"probe")]


def label_lines(source, path, label):
    """`source` with `label` before each line, written to `path`; returns its size."""
    with open(source, "rb") as text, open(path, "wb") as out:
        for line in text:
            out.write(label + line)
    return os.path.getsize(path)


def expect_labelled(proc, seen, lines):
    """Both sides showed the label read before (nearly) every line: the `-c` run labels each,
    the labelled text has it; a label split between two reads is not counted."""
    if seen.matches < lines * 0.99:
        raise Misbehaved(f"{proc.name}: the label {seen.pattern!r} shown {seen.matches} times for {lines} lines")
