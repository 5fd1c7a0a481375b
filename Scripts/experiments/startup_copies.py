"""Start-up of several loadwrap builds against `env true`, each measured on fresh copies.

    python3 Scripts/experiments/startup_copies.py BINARY... [ROUNDS=6 RUNS=150 in the environment]

Where a copy of the binary lands in the page cache moves its start-up by up to 0.06x of `env
true` from copy to copy (docs/benchmarks.md), more than most changes being compared. So each
round copies every binary anew, then runs `env true` and each copy's `loadwrap -- true` (plain
mode: CI=true, history off) in turn, RUNS times; a round's figure is its fastest run against the
fastest `env true`, and the median over the rounds is printed with every round's figure."""

import os
import shutil
import statistics
import sys
import tempfile
import time


def main(binaries, rounds, runs):
    env = dict(os.environ, CI="true", LOADWRAP_HISTORY="0", LC_ALL="C.UTF-8")
    devnull = os.open(os.devnull, os.O_WRONLY)
    drain, stderr = os.pipe()  # plain mode's lines go to a pipe, read away between runs
    os.set_blocking(drain, False)
    ratios = {binary: [] for binary in binaries}
    with tempfile.TemporaryDirectory() as tmp:
        for round_ in range(rounds):
            copies = {b: shutil.copy2(b, os.path.join(tmp, f"{i}-{round_}")) for i, b in enumerate(binaries)}
            fastest = {}
            for _ in range(runs):
                for key, argv in [("env", ["/usr/bin/env", "true"])] + [(b, [c, "--", "true"]) for b, c in copies.items()]:
                    start = time.monotonic_ns()
                    pid = os.posix_spawn(argv[0], argv, env, file_actions=[
                        (os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, stderr, 2)])
                    os.waitpid(pid, 0)
                    fastest[key] = min(fastest.get(key, float("inf")), time.monotonic_ns() - start)
                    try:
                        os.read(drain, 65536)
                    except BlockingIOError:
                        pass
            for binary, copy in copies.items():
                ratios[binary].append(fastest[binary] / fastest["env"])
                os.unlink(copy)
    for binary in binaries:
        figures = ratios[binary]
        print(f"{binary}: median {statistics.median(figures):.3f}x, rounds "
              + " ".join(f"{r:.2f}" for r in figures))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:], int(os.environ.get("ROUNDS", "6")), int(os.environ.get("RUNS", "150")))
