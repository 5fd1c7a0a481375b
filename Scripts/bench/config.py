"""Settings from the environment, and the sizes and repetitions of every measurement."""

import os

QUICK = os.environ.get("BENCH_QUICK", "") not in ("", "0")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The binary under test as built (LOADWRAP, default the release build), and the copy of it every
# row runs, written as `make install` or unpacking the release archive writes a binary: the
# linker's own output started 0.15-0.2x `env true` slower than a byte-identical copy, run after
# run (docs/benchmarks.md, "Start-up budget").
BUILT = os.environ.get("LOADWRAP") or os.path.join(ROOT, ".build", "release", "loadwrap")
LOADWRAP = os.path.join(ROOT, ".build", "bench", "loadwrap")
TMPDIR = os.environ.get("BENCH_TMPDIR")  # None: the system temporary directory
MIB = 1 << 20

# Sizes and repetitions: (full, quick).
STARTUP_PAIRS = 300  # quick mode too: the start-up budget checks the fastest run of each side (bench/budget.py)
IDLE_SECONDS = 5
IDLE_PAIRS = 3 if not QUICK else 1
PIPE_BYTES = 1024 * MIB if not QUICK else 128 * MIB
PIPE_PAIRS = 7
TTY_BYTES = 64 * MIB if not QUICK else 32 * MIB  # issue 14: 64 MiB of lines
TTY_PAIRS = 5  # the pty layer is slow (tens of MB/s): one full run takes 10–30 s
LATENCY_TOKENS = 300 if not QUICK else 50
EXIT_PAIRS = 40 if not QUICK else 10
WATCH_BYTES = 50 * MIB  # issue 25: a 50 MB build log
WATCH_PAIRS = 9 if not QUICK else 5
SIBLING_COMMANDS = 16  # issue 35: 16 commands, each printing a line every 10 ms
SIBLING_SECONDS = 4 if not QUICK else 3
SIBLING_PAIRS = 3 if not QUICK else 1
