#!/usr/bin/env python3
"""Benchmark loadwrap against baselines measured in the same run (issue 5).

    make bench                                   # full: a few minutes, 1 GiB / 256 MiB files
    BENCH_QUICK=1 python3 Scripts/bench.py       # quick: under a minute, smaller files, fewer runs

Environment: LOADWRAP (binary, default .build/release/loadwrap), BENCH_QUICK=1,
BENCH_TMPDIR (where the test files go; default the system temporary directory).

Prints one Markdown table on stdout (progress goes to stderr), ready for README. Every row
compares loadwrap with a baseline run in the same process, interleaved A B B A A B …, and
reports medians. Exit status: 0 when loadwrap behaved (a missed target is only marked "no"),
1 when it misbehaved while measured (wrong exit status, lost or corrupted bytes, terminal
modes not restored, escape bytes in plain mode, a hang), 2 when the benchmark cannot run here.

Python 3 standard library only; Linux (ptys, /proc, pidfd when the kernel has it).
Children are started with os.posix_spawn and timed with time.monotonic_ns from just before
the spawn to the moment their exit is seen (a pidfd in the same poll as their output), so the
harness adds the same small constant to both sides. Every child is killed, with its
descendants, on any error or interrupt.
"""

import datetime
import errno
import fcntl
import gc
import hashlib
import math
import os
import random
import select
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time

QUICK = os.environ.get("BENCH_QUICK", "") not in ("", "0")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOADWRAP = os.environ.get("LOADWRAP") or os.path.join(ROOT, ".build", "release", "loadwrap")
MIB = 1 << 20

# Sizes and repetitions: (full, quick).
STARTUP_PAIRS = 300 if not QUICK else 40
IDLE_SECONDS = 5
IDLE_PAIRS = 3 if not QUICK else 1
PIPE_BYTES = 1024 * MIB if not QUICK else 128 * MIB
PIPE_PAIRS = 7
TTY_BYTES = 256 * MIB if not QUICK else 32 * MIB
TTY_PAIRS = 3  # the pty layer is slow (tens of MB/s): one full run takes 10–30 s
LATENCY_TOKENS = 300 if not QUICK else 50
EXIT_PAIRS = 40 if not QUICK else 10


class Misbehaved(Exception):
    """loadwrap did something wrong while being measured: exit 1."""


class Unusable(Exception):
    """The benchmark cannot run on this machine: exit 2."""


def log(message):
    """Progress on stderr, so stdout stays the table."""
    print(message, file=sys.stderr, flush=True)


def which(name):
    """The absolute path of a program on PATH."""
    path = shutil.which(name)
    if not path:
        raise Unusable(f"{name!r} not found on PATH")
    return path


# ---------------------------------------------------------------------------------------------
# Children: spawn, watch for exit without polling, drain their output, kill on error.

CI_VARIABLES = (
    "CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "CIRCLECI", "TRAVIS", "TF_BUILD",
    "TEAMCITY_VERSION", "BITBUCKET_BUILD_NUMBER", "DRONE", "CODEBUILD_BUILD_ID", "APPVEYOR",
    "JENKINS_URL", "BUILD_ID",
)


def child_env(plain):
    """The environment of every child: overlay mode unless `plain` (then CI=true), UTF-8, colour."""
    env = {k: v for k, v in os.environ.items() if k not in CI_VARIABLES and k != "NO_COLOR"}
    env["TERM"] = "xterm-256color"
    env["LC_ALL"] = "C.UTF-8"
    env["SHELL"] = "/bin/sh"  # what `script` runs its -c command with
    if plain:
        env["CI"] = "true"
    return env


# A shell starts commands with SIGPIPE at its default; Python ignores it, so say so explicitly.
DEFAULT_SIGNALS = {signal.SIGPIPE, signal.SIGXFSZ}
LIVE = {}  # pid -> Proc, every child not yet reaped
_WAKE_FD = None  # SIGCHLD wake-up pipe, only when the kernel has no pidfd


def _exit_watch(pid):
    """A descriptor that becomes readable when `pid` exits: its pidfd, or the shared SIGCHLD pipe."""
    global _WAKE_FD
    if hasattr(os, "pidfd_open"):
        try:
            return os.pidfd_open(pid)
        except OSError:
            pass
    if _WAKE_FD is None:
        raise Unusable("no pidfd; run with a Linux >= 5.3 kernel and Python >= 3.9")
    return _WAKE_FD


def _install_wake_fallback():
    """Before any child: a SIGCHLD wake-up pipe, used only if pidfd_open is missing."""
    global _WAKE_FD
    if hasattr(os, "pidfd_open"):
        try:
            os.close(os.pidfd_open(os.getpid()))
            return
        except OSError:
            pass
    r, w = os.pipe()
    os.set_blocking(r, False)
    os.set_blocking(w, False)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.set_wakeup_fd(w)
    _WAKE_FD = r


class Proc:
    """One child started with posix_spawn; `t_start`/`t_end` in monotonic ns, `code` as
    os.waitstatus_to_exitcode (negative: killed by that signal), `rusage` from wait4."""

    def __init__(self, argv, env, *, dup2=(), tty=None, tty_fds=(), setsid=False, name=None):
        """`dup2`: (parent fd, child fd) pairs. `tty`: a pty secondary path the child opens as
        `tty_fds[0]` right after setsid, which makes it the child's controlling terminal (glibc's
        posix_spawn runs setsid before the file actions), then dup2s onto the other `tty_fds`."""
        actions = []
        if tty is not None:
            setsid = True
            actions.append((os.POSIX_SPAWN_OPEN, tty_fds[0], tty, os.O_RDWR, 0))
            actions += [(os.POSIX_SPAWN_DUP2, tty_fds[0], fd) for fd in tty_fds[1:]]
        actions += [(os.POSIX_SPAWN_DUP2, parent, child) for parent, child in dup2]
        self.name = name or os.path.basename(argv[0])
        self.setsid = setsid
        self.code = None
        self.rusage = None
        self.t_end = None
        self.t_start = time.monotonic_ns()
        self.pid = os.posix_spawn(argv[0], argv, env, file_actions=actions, setsid=setsid,
                                  setsigmask=(), setsigdef=DEFAULT_SIGNALS)
        LIVE[self.pid] = self
        self.watch = _exit_watch(self.pid)

    @property
    def done(self):
        """True once reaped."""
        return self.code is not None

    @property
    def seconds(self):
        """Spawn to exit seen, in seconds."""
        return (self.t_end - self.t_start) / 1e9

    @property
    def cpu_ms(self):
        """User + system CPU of the process and the children it reaped, in ms."""
        return (self.rusage.ru_utime + self.rusage.ru_stime) * 1e3

    def reap(self, now):
        """Collects the exit if it happened; `now` is when the harness saw it."""
        if self.done:
            return True
        pid, status, rusage = os.wait4(self.pid, os.WNOHANG)
        if pid == 0:
            return False
        self.t_end, self.rusage = now, rusage
        self.code = os.waitstatus_to_exitcode(status)
        LIVE.pop(self.pid, None)
        if self.watch != _WAKE_FD:
            os.close(self.watch)
        return True

    def expect(self, code=0):
        """Fails the benchmark when the child did not end with `code`."""
        if self.code != code:
            raise Misbehaved(f"{self.name}: exit status {self.code}, expected {code}")
        return self

    def kill(self):
        """SIGKILL to the child, its process group when it leads one, and all its descendants."""
        for pid in [self.pid] + descendants(self.pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if self.setsid:
            try:
                os.killpg(self.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            os.wait4(self.pid, 0)
        except ChildProcessError:
            pass
        LIVE.pop(self.pid, None)
        self.code = self.code if self.code is not None else -signal.SIGKILL


def descendants(pid):
    """Every live descendant of `pid`, from /proc (children may live in sessions of their own)."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                ppid = int(f.read().rsplit(b")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def kill_all():
    """Kills every child still alive (error and interrupt path)."""
    for proc in list(LIVE.values()):
        proc.kill()


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
    poller = select.poll()
    for fd in readers:
        poller.register(fd, select.POLLIN)
    watched = {}
    for proc in procs:
        if not proc.done:
            watched.setdefault(proc.watch, []).append(proc)
    for fd in watched:
        poller.register(fd, select.POLLIN)
    timers = sorted(timers, key=lambda t: t[0])
    if every is not None:
        period, tick = int(every[0] * 1e9), every[1]

        def periodic():
            tick()
            timers.append((time.monotonic_ns() + period, periodic))
            timers.sort(key=lambda t: t[0])

        timers.append((time.monotonic_ns() + period, periodic))
        timers.sort(key=lambda t: t[0])
    deadline = time.monotonic_ns() + int(timeout * 1e9)
    if _WAKE_FD in watched:  # a SIGCHLD may have come before we looked
        now = time.monotonic_ns()
        for proc in watched[_WAKE_FD]:
            proc.reap(now)
    while not all(proc.done for proc in procs):
        now = time.monotonic_ns()
        while timers and timers[0][0] <= now:
            timers.pop(0)[1]()
        if now >= deadline:
            names = ", ".join(p.name for p in procs if not p.done)
            kill_all()
            raise Misbehaved(f"{names} still running after {timeout:.0f} s (hang?)")
        wait_ns = deadline - now
        if timers:
            wait_ns = min(wait_ns, timers[0][0] - now)
        events = poller.poll(max(0, math.ceil(wait_ns / 1e6)))
        now = time.monotonic_ns()  # before any draining: the exit time of what just ended
        for fd, _ in events:
            if fd in watched:
                if fd == _WAKE_FD:
                    drain(fd, lambda _: None)
                if all([proc.reap(now) for proc in watched[fd]]):
                    poller.unregister(fd)
                    del watched[fd]
            elif fd in readers and not drain(fd, readers[fd]):
                poller.unregister(fd)
                del readers[fd]
    for fd, sink in readers.items():
        drain(fd, sink)


class Pty:
    """A fresh pseudo-terminal, 24x80; the harness holds the primary side (non-blocking) and
    keeps the secondary open only until a child has opened it by path."""

    def __init__(self, rows=24, columns=80):
        self.primary, self.secondary = os.openpty()
        fcntl.ioctl(self.secondary, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.path = os.ttyname(self.secondary)
        os.set_blocking(self.primary, False)
        self.modes = termios.tcgetattr(self.primary)

    def release_secondary(self):
        """Closes the harness's copy of the secondary side (after the child opened its own)."""
        if self.secondary is not None:
            os.close(self.secondary)
            self.secondary = None

    def expect_modes_restored(self, who):
        """Fails when the terminal modes differ from those at open (raw mode left behind)."""
        if termios.tcgetattr(self.primary) != self.modes:
            raise Misbehaved(f"{who}: terminal modes not restored on exit")

    def close(self):
        """Closes both sides."""
        self.release_secondary()
        os.close(self.primary)


def on_pty(argv, env, *, stdin=None, tty_fds=(0, 1, 2), dup2=(), name=None):
    """Starts `argv` as session leader with a fresh pty as controlling terminal on `tty_fds`."""
    pty = Pty()
    dup2 = list(dup2) + ([(stdin, 0)] if stdin is not None else [])
    try:
        proc = Proc(argv, env, tty=pty.path, tty_fds=tty_fds, dup2=dup2, name=name)
    except BaseException:
        pty.close()
        raise
    pty.release_secondary()
    return proc, pty


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
        """Calls `start()` (which spawns) with the command's core, then moves the harness to its own."""
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


CORES = None
LOAD_AT_START = 0.0


class Counter:
    """A sink that counts bytes (and, when asked, newlines and escape bytes, or hashes), and
    notes when the first byte arrived (monotonic ns)."""

    def __init__(self, hash_it=False, lines=False):
        self.first = None
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
    VmHWM belongs to the process's own address space after exec."""

    def __init__(self, pid):
        self.pid = pid
        self.kib = 0

    def __call__(self):
        """Takes one sample (nothing once the process has exited)."""
        try:
            with open(f"/proc/{self.pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        self.kib = max(self.kib, int(line.split()[1]))
        except (OSError, ValueError, IndexError):
            pass

    @property
    def mib(self):
        """The peak in MiB."""
        return self.kib / 1024


DEVNULL = os.open(os.devnull, os.O_RDWR | os.O_CLOEXEC)


# ---------------------------------------------------------------------------------------------
# Statistics and formatting.

def median(values):
    """The median, or nan for no values."""
    return statistics.median(values) if values else float("nan")


def spread(values, unit_scale=1.0, digits=2):
    """'median [p25–p75] n=N' for the notes."""
    if len(values) < 2:
        return f"{median(values) * unit_scale:.{digits}f} n={len(values)}"
    q1, q2, q3 = statistics.quantiles(values, n=4)
    s = unit_scale
    return f"{q2 * s:.{digits}f} [{q1 * s:.{digits}f}–{q3 * s:.{digits}f}] n={len(values)}"


def paired_ratio(values):
    """Median of A/B over the pairs (each A next to its B in time, so they share the machine's
    load of the moment): steadier than a ratio of medians when the load drifts between pairs."""
    return median([a / b for a, b in zip(values["A"], values["B"])])


def interleaved(pairs):
    """A B B A A B …: which side goes first in each pair, so drift hits both alike."""
    return [("A", "B") if i % 2 == 0 else ("B", "A") for i in range(pairs)]


ROWS = []
NOTES = []


def row(figure, loadwrap, baseline, value, target, ok):
    """Adds one line of the table; `ok` None means not measured."""
    mark = "n/a" if ok is None else ("yes" if ok else "**no**")
    ROWS.append((figure, loadwrap, baseline, value, target, mark))


# ---------------------------------------------------------------------------------------------
# Preflight: the harness gives a controlling terminal, loadwrap draws, exit codes carry.

def preflight(env_overlay, env_plain):
    """Checks the harness and loadwrap's basic contract before timing anything."""
    if not (os.path.isfile(LOADWRAP) and os.access(LOADWRAP, os.X_OK)):
        raise Unusable(f"{LOADWRAP} is missing: run `make build` first (or set LOADWRAP)")
    probe = ("import os, sys; sys.exit(0 if os.isatty(2) and os.tcgetpgrp(2) == os.getpgrp()"
             " == os.getsid(0) else 3)")
    proc, pty = on_pty([sys.executable, "-c", probe], env_overlay, name="pty probe")
    pump([proc], {pty.primary: Counter()}, timeout=60)
    pty.close()
    if proc.code != 0:
        raise Unusable("posix_spawn(setsid) + open did not give the child a controlling terminal")

    sh = which("sh")
    for code, script in ((7, "exit 7"), (-signal.SIGTERM, "kill -TERM $$")):
        argv = [LOADWRAP, "--", sh, "-c", script]
        err_r, err_w = os.pipe()
        proc = Proc(argv, env_plain, dup2=[(DEVNULL, 0), (DEVNULL, 1), (err_w, 2)], name="loadwrap (plain)")
        os.close(err_w)
        pump([proc], {err_r: Counter()}, timeout=60)
        os.close(err_r)
        proc.expect(code)
        proc, pty = on_pty(argv, env_overlay, name="loadwrap (overlay)")
        pump([proc], {pty.primary: Counter()}, timeout=60)
        pty.expect_modes_restored("loadwrap (overlay)")
        pty.close()
        proc.expect(code)

    seen = Counter(lines=True)
    proc, pty = on_pty([LOADWRAP, "--", which("sleep"), "0.4"], env_overlay, name="loadwrap -- sleep")
    pump([proc], {pty.primary: seen}, timeout=60)
    pty.close()
    proc.expect(0)
    if seen.escapes == 0:
        raise Unusable("loadwrap drew nothing on the harness pty: not in overlay mode here")


# ---------------------------------------------------------------------------------------------
# The figures.

def bench_startup(env_overlay, env_plain):
    """Rows 1 and 2: `loadwrap -- true` vs `env true`, plain (stderr a pipe, CI=true) and under a pty."""
    true, env = which("true"), which("env")
    sides = {"A": [LOADWRAP, "--", "true"], "B": [env, "true"]}

    def plain(side):
        err_r, err_w = os.pipe()
        proc = Proc(sides[side], env_plain, dup2=[(DEVNULL, 0), (DEVNULL, 1), (err_w, 2)], name=f"{side} plain")
        os.close(err_w)
        out = Counter(lines=True)
        pump([proc], {err_r: out}, timeout=60)
        os.close(err_r)
        proc.expect(0)
        if side == "A" and out.escapes:
            raise Misbehaved("loadwrap wrote escape bytes in plain mode")
        return proc

    def overlay(side):
        proc, pty = on_pty(sides[side], env_overlay, name=f"{side} on a pty")
        pump([proc], {pty.primary: Counter()}, timeout=60)
        if side == "A":
            pty.expect_modes_restored("loadwrap -- true")
        pty.close()
        return proc.expect(0)

    assert true
    for label, run, target in (("plain", plain, 1.3), ("overlay", overlay, 2.0)):
        log(f"start-up, {label} mode: {STARTUP_PAIRS} pairs")
        for side in "ABAB":  # warm caches
            run(side)
        times = {"A": [], "B": []}
        for order in interleaved(STARTUP_PAIRS):
            for side in order:
                proc = run(side)
                times[side].append(proc.seconds)
        a, b = median(times["A"]), median(times["B"])
        ratio = a / b
        figure = ("start-up, plain mode (stderr a pipe, CI=true): `loadwrap -- true`" if label == "plain"
                  else "start-up, overlay mode under a pty: `loadwrap -- true`")
        row(figure, f"{a * 1e3:.2f} ms", f"`env true` {b * 1e3:.2f} ms", f"{ratio:.2f}×", f"≤ {target}×", ratio <= target)
        NOTES.append(f"start-up {label}, ms: loadwrap {spread(times['A'], 1e3)}; env {spread(times['B'], 1e3)}")


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


def bench_idle(env_overlay, memory):
    """Row 3: CPU of loadwrap itself while its command sleeps, spinner animating on a pty.

    Robust measure: wait4() on loadwrap returns the rusage of loadwrap plus the children it
    reaped (the `sleep`); a bare `sleep` run alongside (same pty setup, same time) gives what
    the child alone costs, so the difference is loadwrap's own CPU over the whole run, its
    start-up and exit included. rusage time is accounted in ns on current kernels, unlike the
    10 ms ticks of /proc/PID/stat. As a cross-check, /proc/PID/task/*/schedstat of loadwrap
    (its threads only, never the child) is sampled at 1 s and 1 s before the end: the CPU of
    the steady animation alone."""
    sleep = which("sleep")
    log(f"CPU while idle: {IDLE_PAIRS} × {IDLE_SECONDS} s")
    own, bare, window, drawn = [], [], [], []
    for _ in range(IDLE_PAIRS):
        a, pty_a = on_pty([LOADWRAP, "--", sleep, str(IDLE_SECONDS)], env_overlay, name="loadwrap -- sleep")
        b, pty_b = on_pty([sleep, str(IDLE_SECONDS)], env_overlay, name="sleep")
        samples = {}
        t0 = a.t_start

        def sample(key):
            samples[key] = (time.monotonic_ns(), schedstat_ns(a.pid))

        seen = Counter()
        peak = HighWater(a.pid)
        pump([a, b], {pty_a.primary: seen, pty_b.primary: Counter()}, timeout=IDLE_SECONDS + 60,
             every=(0.1, peak), timers=[(t0 + int(1e9), lambda: sample("from")),
                     (t0 + int((IDLE_SECONDS - 1) * 1e9), lambda: sample("to"))])
        pty_a.expect_modes_restored("loadwrap -- sleep")
        pty_a.close()
        pty_b.close()
        a.expect(0)
        b.expect(0)
        own.append(a.cpu_ms)
        bare.append(b.cpu_ms)
        drawn.append(seen.bytes)
        memory[("idle", "A")] = max(memory.get(("idle", "A"), 0), peak.mib)
        if "from" in samples and "to" in samples and None not in (samples["from"][1], samples["to"][1]):
            (t1, c1), (t2, c2) = samples["from"], samples["to"]
            window.append((c2 - c1) / (t2 - t1) * 100)  # % of one core
    cpu = median(own) - median(bare)
    pct = cpu / (IDLE_SECONDS * 1e3) * 100
    row(f"CPU while the command is idle: `loadwrap -- sleep {IDLE_SECONDS}`, overlay, stderr a pty",
        f"{median(own):.1f} ms (with the child)", f"`sleep {IDLE_SECONDS}` {median(bare):.1f} ms",
        f"{cpu:.1f} ms / {IDLE_SECONDS} s = {pct:.2f} % of a core", "≤ 15 ms (0.3 %)", cpu <= 15)
    note = f"idle CPU, ms over {IDLE_SECONDS} s: loadwrap+sleep {spread(own, 1, 1)}; sleep {spread(bare, 1, 1)}"
    if window:
        note += f"; steady animation alone (schedstat, 1 s…{IDLE_SECONDS - 1} s): {median(window):.3f} % of a core"
    note += f"; {median(drawn):.0f} bytes drawn"
    NOTES.append(note)


def make_binary(path, size):
    """`size` bytes of 1 MiB random blocks, each stamped with its index (so order shows); sha256."""
    block = bytearray(os.urandom(MIB))
    digest = hashlib.sha256()
    with open(path, "wb") as f:
        for i in range(size // MIB):
            block[:8] = struct.pack("<Q", i)
            f.write(block)
            digest.update(block)
    return digest.hexdigest()


def make_text(path, size):
    """`seq 1 100000` repeated to about `size` bytes (whole copies); returns (bytes, lines)."""
    block = "".join(f"{i}\n" for i in range(1, 100001)).encode()
    copies = max(1, size // len(block))
    with open(path, "wb") as f:
        for _ in range(copies):
            f.write(block)
    return copies * len(block), copies * 100000


def bench_pipe(env_overlay, tmp, memory):
    """Row 4: `loadwrap -- cat FILE` with stdout a pipe the harness drains, stderr a pty (the
    spinner runs), vs `cat FILE` alone in the same setup. One run of each side is verified with
    sha256 computed while draining; the timed runs only count bytes, since hashing in the
    harness (about 1 GB/s) would be slower than the pipe and would make every ratio 1.
    Throughput is timed from the first byte out to the exit, so start-up (row 1) stays out."""
    path = os.path.join(tmp, "pipe.bin")
    log(f"pipe throughput: writing {PIPE_BYTES // MIB} MiB")
    expected = make_binary(path, PIPE_BYTES)
    cat = which("cat")
    sides = {"A": [LOADWRAP, "--", "cat", path], "B": [cat, path]}

    def run(side, verify):
        out_r, out_w = os.pipe()
        os.set_blocking(out_r, False)
        proc, pty = CORES.spawn(lambda: on_pty(sides[side], env_overlay, tty_fds=(2,), dup2=[(DEVNULL, 0), (out_w, 1)],
                                               name="loadwrap -- cat" if side == "A" else "cat"))
        os.close(out_w)
        out = Counter(hash_it=verify)
        peak = HighWater(proc.pid)
        try:
            pump([proc], {out_r: out, pty.primary: Counter()}, timeout=600, every=(0.05, peak))
        finally:
            CORES.restore()
        os.close(out_r)
        if side == "A":
            pty.expect_modes_restored("loadwrap -- cat")
        pty.close()
        proc.expect(0)
        if out.bytes != PIPE_BYTES:
            raise Misbehaved(f"{proc.name}: {out.bytes} bytes came out of the pipe, expected {PIPE_BYTES}")
        if verify and out.hash.hexdigest() != expected:
            raise Misbehaved(f"{proc.name}: the bytes out of the pipe differ from the file (sha256)")
        if side == "A":
            memory[("pipe", "A")] = max(memory.get(("pipe", "A"), 0), peak.mib)
        return PIPE_BYTES / ((proc.t_end - out.first) / 1e3)  # MB/s, first byte to exit: start-up is row 1

    log("pipe throughput: verifying (sha256)")
    run("A", True)
    run("B", True)
    log(f"pipe throughput: {PIPE_PAIRS} pairs")
    rates = {"A": [], "B": []}
    for order in interleaved(PIPE_PAIRS):
        for side in order:
            rates[side].append(run(side, False))
    os.unlink(path)
    a, b, ratio = median(rates["A"]), median(rates["B"]), paired_ratio(rates)
    row(f"pipe throughput: `loadwrap -- cat {PIPE_BYTES // MIB} MiB \\| harness`, stderr a pty",
        f"{a:.0f} MB/s", f"`cat` {b:.0f} MB/s", f"{ratio:.3f}×", "≥ 0.97×", ratio >= 0.97)
    NOTES.append(f"pipe MB/s: loadwrap {spread(rates['A'], 1, 0)}; cat {spread(rates['B'], 1, 0)}; "
                 "sha256 of the output verified once per side; " + CORES.describe())


def bench_terminal(env_overlay, tmp, memory):
    """Row 5 (and 7b): `loadwrap -- cat TEXT` with all three streams on a pty drained as fast as
    the harness can, vs `script -qec 'cat TEXT' /dev/null` on the same harness. Both put the
    harness's terminal in raw mode and let their inner pty turn \\n into \\r\\n, so at least
    size + lines bytes must arrive, exactly `lines` of them newlines (the spinner writes none).
    Timed from the first byte on the terminal to the exit."""
    script = shutil.which("script")
    if not script:
        row("terminal throughput", "—", "`script` not installed", "—", "≥ 1.0×", None)
        return
    path = os.path.join(tmp, "terminal.txt")
    log(f"terminal throughput: writing {TTY_BYTES // MIB} MiB of seq output")
    size, lines = make_text(path, TTY_BYTES)
    sides = {"A": [LOADWRAP, "--", "cat", path], "B": [script, "-qec", f"cat {path}", "/dev/null"]}

    def run(side):
        proc, pty = CORES.spawn(lambda: on_pty(sides[side], env_overlay,
                                               name="loadwrap -- cat" if side == "A" else "script"))
        seen = Counter(lines=True)
        peak = HighWater(proc.pid)
        try:
            pump([proc], {pty.primary: seen}, timeout=900, every=(0.05, peak))
        finally:
            CORES.restore()
        pty.expect_modes_restored(proc.name)
        pty.close()
        proc.expect(0)
        if seen.newlines != lines or seen.bytes < size + lines:
            raise Misbehaved(f"{proc.name}: {seen.bytes} bytes / {seen.newlines} newlines reached the terminal, "
                             f"expected at least {size + lines} / exactly {lines}")
        memory[("terminal", side)] = max(memory.get(("terminal", side), 0), peak.mib)
        return size / ((proc.t_end - seen.first) / 1e3), seen.bytes - size - lines  # MB/s from the first byte

    log(f"terminal throughput: {TTY_PAIRS} pairs")
    rates = {"A": [], "B": []}
    extra = []
    for order in interleaved(TTY_PAIRS):
        for side in order:
            rate, more = run(side)
            rates[side].append(rate)
            if side == "A":
                extra.append(more)
    os.unlink(path)
    a, b, ratio = median(rates["A"]), median(rates["B"]), paired_ratio(rates)
    row(f"terminal throughput: `loadwrap -- cat {size // MIB} MiB` of lines, all on a pty",
        f"{a:.0f} MB/s", f"`script -qec` {b:.0f} MB/s", f"{ratio:.3f}×", "≥ 1.0×", ratio >= 1.0)
    NOTES.append(f"terminal MB/s: loadwrap {spread(rates['A'], 1, 0)}; script {spread(rates['B'], 1, 0)}; "
                 f"spinner bytes added per run: median {median(extra):.0f}; " + CORES.describe())


def bench_latency(env_overlay):
    """Row 6: a line the command writes appears on the terminal. `cat` reads a pipe the harness
    writes a token line to and writes it to its pty; the time from the harness's write to the
    token arriving on the primary side, `loadwrap -- cat` vs bare `cat`, both running at once
    on their own ptys, tokens alternating, random pauses between (the spinner animates)."""
    cat = which("cat")
    log(f"latency: {LATENCY_TOKENS} lines each")
    setups = {}
    for side, argv in (("A", [LOADWRAP, "--", "cat"]), ("B", [cat])):
        in_r, in_w = os.pipe()
        proc, pty = on_pty(argv, env_overlay, stdin=in_r, tty_fds=(1, 2), name="loadwrap -- cat" if side == "A" else "cat")
        os.close(in_r)
        setups[side] = (proc, pty, in_w, bytearray())
    poller = select.poll()
    by_fd = {}
    for side, (_, pty, _, _) in setups.items():
        poller.register(pty.primary, select.POLLIN)
        by_fd[pty.primary] = setups[side][3]

    def wait(until_ns, token=None, side=None):
        """Drains both ptys until `token` has arrived on `side` (returns when) or until `until_ns`."""
        while True:
            now = time.monotonic_ns()
            if token is not None and token in setups[side][3]:
                setups[side][3].clear()
                return now
            if now >= until_ns:
                if token is not None:
                    raise Misbehaved(f"{setups[side][0].name}: a line did not reach the terminal within 10 s")
                return now
            for fd, _ in poller.poll(max(0, math.ceil((until_ns - now) / 1e6))):
                drain(fd, by_fd[fd].extend)
            for seen in by_fd.values():  # keep the buffers short: only a token's tail can matter
                if len(seen) > 4096:
                    del seen[:-64]

    delays = {"A": [], "B": []}
    try:
        wait(time.monotonic_ns() + int(0.3e9))  # past the spinner's delay: it draws from now on
        for i, order in enumerate(interleaved(LATENCY_TOKENS)):
            for side in order:
                token = b"line%06d%s" % (i, side.encode())
                t0 = time.monotonic_ns()
                os.write(setups[side][2], token + b"\n")
                t1 = wait(t0 + int(10e9), token, side)
                delays[side].append((t1 - t0) / 1e6)
                wait(time.monotonic_ns() + int(random.uniform(0.002, 0.03) * 1e9))
    finally:
        for proc, pty, in_w, _ in setups.values():
            os.close(in_w)  # end of input: cat ends, then loadwrap
    for side, (proc, pty, _, _) in setups.items():
        pump([proc], {pty.primary: Counter()}, timeout=60)
        if side == "A":
            pty.expect_modes_restored(proc.name)
        pty.close()
        proc.expect(0)
    a, b = median(delays["A"]), median(delays["B"])
    row("latency: a line the command writes reaches the terminal", f"{a:.3f} ms", f"bare `cat` {b:.3f} ms",
        f"+{a - b:.3f} ms", "≤ 1 ms", a - b <= 1.0)
    NOTES.append(f"latency ms: loadwrap {spread(delays['A'], 1, 3)}; bare {spread(delays['B'], 1, 3)}; "
                 f"p90 loadwrap {statistics.quantiles(delays['A'], n=10)[-1]:.3f}")


EXIT_CHILD = (
    "import os, sys, time\n"
    "time.sleep(float(sys.argv[2]))\n"
    "fd = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)\n"
    "os.write(fd, b'%d' % time.monotonic_ns())\n"
    "os._exit(0)\n"
)


def bench_exit(env_overlay, tmp):
    """Row 8: the command ends → loadwrap ends. The child (python3) sleeps past the spinner's
    delay (so loadwrap has a line to erase), writes CLOCK_MONOTONIC to a file as its last act
    and _exits; the harness notes when the exit of the process it spawned is seen (pidfd).
    loadwrap's latency minus the same for the bare child is what loadwrap adds."""
    stamp = os.path.join(tmp, "exit-stamp")
    child = [sys.executable, "-S", "-c", EXIT_CHILD, stamp, "0.15"]
    log(f"exit latency: {EXIT_PAIRS} pairs")
    latency = {"A": [], "B": []}
    for order in [("A", "B")] + interleaved(EXIT_PAIRS):
        for side in order:
            argv = [LOADWRAP, "--"] + child if side == "A" else child
            proc, pty = on_pty(argv, env_overlay, name="loadwrap -- python3" if side == "A" else "python3")
            pump([proc], {pty.primary: Counter()}, timeout=60)
            if side == "A":
                pty.expect_modes_restored(proc.name)
            pty.close()
            proc.expect(0)
            with open(stamp, "rb") as f:
                latency[side].append((proc.t_end - int(f.read())) / 1e6)
            os.unlink(stamp)
    a, b = median(latency["A"][1:]), median(latency["B"][1:])  # the first pair warmed up
    row("exit latency: the command ends → loadwrap ends (overlay, spinner shown)", f"{a:.3f} ms",
        f"bare child {b:.3f} ms", f"+{a - b:.3f} ms", "≤ 1 ms", a - b <= 1.0)
    NOTES.append(f"exit latency ms: loadwrap {spread(latency['A'][1:], 1, 3)}; bare {spread(latency['B'][1:], 1, 3)}")


def bench_memory(env_overlay, env_plain, memory):
    """Row 7a: peak memory of loadwrap with a tiny command. `true` ends before a sample can be
    taken, so the command is `sleep 0.3`: loadwrap is started, has drawn (overlay) and waits,
    sampled every 20 ms; vs `env sleep 0.3` (env execs sleep: the sample is sleep's)."""
    sleep, env = which("sleep"), which("env")
    log("peak memory")
    for label in ("plain", "overlay"):
        for side, argv in (("A", [LOADWRAP, "--", "sleep", "0.3"]), ("B", [env, sleep, "0.3"])):
            for _ in range(3):
                if label == "plain":
                    proc, pty = Proc(argv, env_plain, dup2=[(DEVNULL, 0), (DEVNULL, 1), (DEVNULL, 2)]), None
                else:
                    proc, pty = on_pty(argv, env_overlay)
                peak = HighWater(proc.pid)
                pump([proc], {pty.primary: Counter()} if pty else {}, timeout=60, every=(0.02, peak))
                if pty:
                    pty.close()
                proc.expect(0)
                memory[(label, side)] = max(memory.get((label, side), 0), peak.mib)


def memory_rows(memory):
    """Rows 7a and 7b from the VmHWM samples taken in the runs above."""
    small = max(memory.get(("plain", "A"), 0), memory.get(("overlay", "A"), 0))
    env = max(memory.get(("plain", "B"), 0), memory.get(("overlay", "B"), 0))
    row("peak memory (VmHWM), `loadwrap -- sleep 0.3`, plain and overlay", f"{small:.1f} MiB",
        f"`env sleep` {env:.1f} MiB", f"{small:.1f} MiB", "≤ 6 MiB", small <= 6)
    relay = [memory[k] for k in (("terminal", "A"), ("pipe", "A"), ("idle", "A")) if k in memory]
    if relay:
        peak = max(relay)
        base = memory.get(("terminal", "B"))
        row("peak memory (VmHWM) while idling / relaying (rows 3–5)", f"{peak:.1f} MiB",
            f"`script` {base:.1f} MiB" if base else "—", f"{peak:.1f} MiB", "≤ 6 MiB", peak <= 6)
    NOTES.append("peak MiB: " + ", ".join(f"{k[0]}/{'loadwrap' if k[1] == 'A' else 'baseline'} {v:.1f}"
                                            for k, v in sorted(memory.items())))


# ---------------------------------------------------------------------------------------------

def machine_line():
    """Date, `uname -srm`, CPU model, cores and load: the header above the table."""
    u = os.uname()
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = os.getloadavg()[0]
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return (f"{date} · {u.sysname} {u.release} {u.machine} · {model} · {os.cpu_count()} cores · "
            f"load {load:.2f} · {'quick' if QUICK else 'full'} mode")


def version():
    """`loadwrap --version`, for the header."""
    r, w = os.pipe()
    out = bytearray()
    proc = Proc([LOADWRAP, "--version"], child_env(True), dup2=[(DEVNULL, 0), (w, 1), (DEVNULL, 2)])
    os.close(w)
    pump([proc], {r: out.extend}, timeout=30)
    os.close(r)
    return out.decode(errors="replace").strip() or "loadwrap"


def _interrupted(signo, _frame):
    """SIGTERM/SIGHUP to the harness: unwind like Ctrl-C, so every child is killed."""
    raise KeyboardInterrupt(f"signal {signo}")


def main():
    """Runs every figure, prints the table; exit 0, 1 (misbehaved) or 2 (cannot run)."""
    _install_wake_fallback()
    global CORES
    CORES = SplitCores()
    for signo in (signal.SIGTERM, signal.SIGHUP):  # killed from outside: still kill the children
        signal.signal(signo, _interrupted)
    gc.disable()  # no collector pauses inside timed regions; the harness allocates little
    env_overlay, env_plain = child_env(False), child_env(True)
    memory = {}
    tmp = tempfile.mkdtemp(prefix="loadwrap-bench-", dir=os.environ.get("BENCH_TMPDIR"))
    try:
        preflight(env_overlay, env_plain)
        global LOAD_AT_START
        LOAD_AT_START = os.getloadavg()[0]
        header = f"{version()} — {machine_line()}"
        bench_startup(env_overlay, env_plain)
        bench_memory(env_overlay, env_plain, memory)
        bench_idle(env_overlay, memory)
        bench_pipe(env_overlay, tmp, memory)
        bench_terminal(env_overlay, tmp, memory)
        bench_latency(env_overlay)
        memory_rows(memory)
        bench_exit(env_overlay, tmp)
    except Misbehaved as e:
        kill_all()
        log(f"FAIL: loadwrap misbehaved: {e}")
        return 1
    except Unusable as e:
        kill_all()
        log(f"bench: cannot run: {e}")
        return 2
    except BaseException:
        kill_all()
        raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(header)
    print()
    print("| figure | loadwrap | baseline | ratio/value | target | ok? |")
    print("|---|---|---|---|---|---|")
    for r in ROWS:
        print("| " + " | ".join(r) + " |")
    print()
    NOTES.append(f"load average (1 min) at the end: {os.getloadavg()[0]:.2f}; throughput ratios are the median of "
                 "per-pair ratios, the other ratios are ratios of medians")
    if max(LOAD_AT_START, os.getloadavg()[0]) > (os.cpu_count() or 1) / 2:
        NOTES.append("**the machine was busy with other work during the run: re-run on an idle machine before "
                     "quoting these figures**")
    for note in NOTES:
        print(f"- {note}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
