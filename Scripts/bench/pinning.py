"""Pinning for throughput runs: the harness on one core, the command on another."""

import os


class SplitCores:
    """Throughput runs put the harness on one core and the command (loadwrap and its child, or
    the baseline) on another: left to the scheduler, a reader and writer of a pipe land on the
    same core or on two in turn, and throughput flips between two modes more than 2× apart,
    which no median of a few runs survives. Pinned, runs agree within a few per cent. On a
    single allowed CPU nothing is pinned."""

    def __init__(self):
        self.allowed = os.sched_getaffinity(0)
        cpus = sorted(self.allowed)
        self.harness, self.command = ({cpus[0]}, {cpus[-1]}) if len(cpus) >= 2 else (None, None)

    def spawn(self, start):
        """Calls `start()` (which spawns) with the command's core, then moves the harness to its
        own, where whatever it spawns next until `restore` stays too."""
        if self.command is None:
            return start()
        os.sched_setaffinity(0, self.command)  # inherited by the child across posix_spawn
        try:
            return start()
        finally:
            os.sched_setaffinity(0, self.harness)

    def restore(self):
        """The harness may run anywhere again."""
        os.sched_setaffinity(0, self.allowed)

    def describe(self):
        """For the notes."""
        if self.command is None:
            return "not pinned (one CPU allowed)"
        return f"harness on CPU {min(self.harness)}, command on CPU {min(self.command)}"
