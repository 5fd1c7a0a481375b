"""What the harness learns from its children: bytes counted or hashed, memory and CPU from /proc."""

import hashlib
import os
import time


class Counter:
    """A sink that counts bytes (and, when asked, newlines and escape bytes, or hashes), and
    notes when the first byte arrived (monotonic ns)."""

    def __init__(self, hash_it=False, lines=False, pattern=None):
        self.first = None
        self.pattern = pattern  # counted in every chunk (`matches`); one split between chunks is missed
        self.matches = 0
        self.bytes = 0
        self.newlines = 0
        self.escapes = 0
        self.hash = hashlib.sha256() if hash_it else None
        self.lines = lines

    def __call__(self, view):
        if self.first is None:
            self.first = time.monotonic_ns()
        self.bytes += len(view)
        if self.hash is not None:
            self.hash.update(view)
        if self.pattern is not None:
            self.matches += view.tobytes().count(self.pattern)
        if self.lines:
            data = view.tobytes()
            self.newlines += data.count(b"\n")
            self.escapes += data.count(b"\x1b")


class HighWater:
    """Peak resident memory (VmHWM) of one process, sampled from /proc/PID/status while it runs;
    VmHWM only grows, so the last sample before the exit is the peak up to then.

    Not wait4's ru_maxrss: posix_spawn (vfork) children run on the harness's memory until
    exec, and the kernel carries that mm's high-water mark into the child's ru_maxrss at exec
    (exec_mmap → setmax_mm_hiwater_rss), so every child here would report Python's ~20 MiB.
    VmHWM belongs to the process's own address space after exec.

    It also keeps the highest RssAnon seen: VmHWM counts the pages of the executable mapped in
    from the page cache (shared, clean), and how many are mapped depends on how the file sits in
    the cache (the same binary's file-backed part went from 6.4 to 4.9 MiB once its cached pages
    were dropped and read back), so the anonymous part is the one that is loadwrap's own."""

    def __init__(self, pid):
        self.pid = pid
        self.kib = 0
        self.anon_kib = 0

    def __call__(self):
        """Takes one sample (nothing once the process has exited)."""
        try:
            with open(f"/proc/{self.pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        self.kib = max(self.kib, int(line.split()[1]))
                    elif line.startswith("RssAnon:"):
                        self.anon_kib = max(self.anon_kib, int(line.split()[1]))
        except (OSError, ValueError, IndexError):
            pass

    @property
    def mib(self):
        """The peak in MiB."""
        return self.kib / 1024

    @property
    def anon_mib(self):
        """The highest anonymous resident memory sampled, in MiB."""
        return self.anon_kib / 1024


class BytesWritten:
    """An `on_exit` for Proc: how many bytes the process passed to write(2) and friends in its
    life (`wchar` of /proc/PID/io, read while it is a zombie), or None where the kernel keeps no
    I/O accounting. For `cat > /dev/null` that is exactly the bytes it read from its input;
    `rchar` would not do, since it also counts the dynamic loader's reads."""

    def __init__(self):
        self.bytes = None

    def __call__(self, proc):
        try:
            with open(f"/proc/{proc.pid}/io") as f:
                for line in f:
                    if line.startswith("wchar:"):
                        self.bytes = int(line.split()[1])
        except (OSError, ValueError, IndexError):
            pass


def schedstat_ns(pid):
    """CPU time of every thread of `pid` so far (ns, from /proc/PID/task/*/schedstat), or None."""
    total = 0
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return total
