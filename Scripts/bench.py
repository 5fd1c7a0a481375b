#!/usr/bin/env python3
"""Benchmark loadwrap against baselines measured in the same run (issue 5).

    make bench                                   # full: a few minutes, 1 GiB / 256 MiB files
    BENCH_QUICK=1 python3 Scripts/bench.py       # quick: under a minute, smaller files, fewer runs

Environment: LOADWRAP (binary, default .build/release/loadwrap; the rows run a copy of it,
.build/bench/loadwrap, as installed), BENCH_QUICK=1,
BENCH_TMPDIR (where the test files go; default the system temporary directory),
BENCH_ONLY=key,key (only those figures of bench/table.py, by key or its first word: startup, idle,frame).

Prints one Markdown table on stdout (progress goes to stderr), ready for README. Every row
compares loadwrap with a baseline run in the same process, interleaved A B B A A B …, and
reports medians. Exit status: 0 when loadwrap behaved (a missed target is only marked "no"),
1 when it misbehaved while measured (wrong exit status, lost or corrupted bytes, terminal
modes not restored, escape bytes in plain mode, a hang), 2 when the benchmark cannot run here,
3 when start-up is over the budget docs/benchmarks.md states (bench/budget.py).

The figures are declared once each, in order, in bench/table.py: what is measured, against
which baseline, how the ratio or value is computed, the target with its comparator, the unit.
That one table gives both the printed rows and their "ok?". The rest of the package bench/:
measure/ (the measurements), figure.py (what a row is), procs.py and pump.py (children and
waiting on them), terminal.py (ptys), pinning.py, sinks.py, stats.py, files.py, context.py,
preflight.py, report.py, budget.py (the start-up budget), config.py (sizes, BENCH_QUICK), main.py.

Python 3 standard library only; Linux (ptys, /proc, pidfd when the kernel has it).
Children are started with os.posix_spawn and timed with time.monotonic_ns from just before
the spawn to the moment their exit is seen (a pidfd in the same poll as their output), so the
harness adds the same small constant to both sides. Every child is killed, with its
descendants, on any error or interrupt.
"""

import sys

from bench.main import main  # the package Scripts/bench/, next to this file

if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
