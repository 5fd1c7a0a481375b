"""Waiting on children without polling: their output drained, their exits seen (pidfd), timers run."""

import errno
import math
import os
import select
import time

from .common import Misbehaved
from .config import MIB
from .procs import kill_all, wake_fd

BUF = bytearray(MIB)
VIEW = memoryview(BUF)


def drain(fd, sink):
    """Reads what `fd` (non-blocking) has now into `sink(memoryview)`; False at end of data
    (EOF, or EIO: a pty whose secondary side has no writer left)."""
    for _ in range(256):  # then back to poll, so no descriptor starves the others
        try:
            n = os.readv(fd, [BUF])
        except BlockingIOError:
            return True
        except OSError as e:
            if e.errno == errno.EIO:
                return False
            raise
        if n == 0:
            return False
        sink(VIEW[:n])
    return True


def pump(procs, readers=None, timeout=120.0, timers=(), every=None):
    """Drains `readers` ({fd: sink}) until every proc has exited and been reaped, then drains
    what is left. `timers`: (monotonic ns, callable) run on time while waiting; `every`:
    (seconds, callable) run periodically. Raises Misbehaved (after killing everything) when
    the procs outlive `timeout` seconds."""
    readers = dict(readers or {})
    watched = _exit_watches(procs)
    poller = select.poll()
    for fd in list(readers) + list(watched):
        poller.register(fd, select.POLLIN)
    timers = _schedule(timers, every)
    deadline = time.monotonic_ns() + int(timeout * 1e9)
    if wake_fd() in watched:  # a SIGCHLD may have come before we looked
        now = time.monotonic_ns()
        for proc in watched[wake_fd()]:
            proc.reap(now)
    while not all(proc.done for proc in procs):
        now = time.monotonic_ns()
        while timers and timers[0][0] <= now:
            timers.pop(0)[1]()
        if now >= deadline:
            _hung(procs, timeout)
        wait_ns = deadline - now
        if timers:
            wait_ns = min(wait_ns, timers[0][0] - now)
        events = poller.poll(max(0, math.ceil(wait_ns / 1e6)))
        now = time.monotonic_ns()  # before any draining: the exit time of what just ended
        for fd, _ in events:
            _handle(fd, now, poller, watched, readers)
    for fd, sink in readers.items():
        drain(fd, sink)


def _exit_watches(procs):
    """{exit-watch fd: [procs]} for the procs not yet reaped (several share the SIGCHLD pipe)."""
    watched = {}
    for proc in procs:
        if not proc.done:
            watched.setdefault(proc.watch, []).append(proc)
    return watched


def _schedule(timers, every):
    """The timers sorted by time, plus the first tick of `every`, which re-arms itself."""
    timers = sorted(timers, key=lambda t: t[0])
    if every is not None:
        period, tick = int(every[0] * 1e9), every[1]

        def periodic():
            tick()
            _add(timers, time.monotonic_ns() + period, periodic)

        _add(timers, time.monotonic_ns() + period, periodic)
    return timers


def _add(timers, when, action):
    """Adds a timer, keeping the list sorted by time."""
    timers.append((when, action))
    timers.sort(key=lambda t: t[0])


def _handle(fd, now, poller, watched, readers):
    """One poll event: reaps the procs behind an exit watch, or drains a reader; unregisters
    what is finished."""
    if fd in watched:
        if fd == wake_fd():
            drain(fd, lambda _: None)
        if all([proc.reap(now) for proc in watched[fd]]):
            poller.unregister(fd)
            del watched[fd]
    elif fd in readers and not drain(fd, readers[fd]):
        poller.unregister(fd)
        del readers[fd]


def _hung(procs, timeout):
    """Kills everything and fails: the procs outlived their time."""
    names = ", ".join(p.name for p in procs if not p.done)
    kill_all()
    raise Misbehaved(f"{names} still running after {timeout:.0f} s (hang?)")


def first_data(fd, procs, readers=None, timeout=60.0):
    """When `fd` first has data to read (it is not read here), in monotonic ns; also returns
    when a proc ended or `fd` hung up before that, so the caller's checks see what happened.
    Drains `readers` ({fd: sink}) meanwhile; fails like `pump` after `timeout` seconds."""
    readers = dict(readers or {})
    poller = select.poll()
    for watched in [fd] + list(readers) + list(_exit_watches(procs)):
        poller.register(watched, select.POLLIN)
    deadline = time.monotonic_ns() + int(timeout * 1e9)
    while True:
        now = time.monotonic_ns()
        if now >= deadline:
            _hung(procs, timeout)
        for ready, _ in poller.poll(max(0, math.ceil((deadline - now) / 1e6))):
            if ready not in readers:
                return time.monotonic_ns()
            if not drain(ready, readers[ready]):
                poller.unregister(ready)
                del readers[ready]
