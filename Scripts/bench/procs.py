"""Children: their environment, spawning, reaping, and killing them with their descendants."""

import os
import signal
import time

from .common import Misbehaved, Unusable

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
    # Remembered durations stay out of every row but their own (measure/history.py turns them on
    # in a directory of its own): nothing is written to the user's state directory.
    env["LOADWRAP_HISTORY"] = "0"
    if plain:
        env["CI"] = "true"
    return env


# A shell starts commands with SIGPIPE at its default; Python ignores it, so say so explicitly.
DEFAULT_SIGNALS = {signal.SIGPIPE, signal.SIGXFSZ}
LIVE = {}  # pid -> Proc, every child not yet reaped
_WAKE_FD = None  # SIGCHLD wake-up pipe, only when the kernel has no pidfd
DEVNULL = os.open(os.devnull, os.O_RDWR | os.O_CLOEXEC)


def wake_fd():
    """The shared SIGCHLD wake-up pipe, or None when every child has a pidfd."""
    return _WAKE_FD


def _exit_watch(pid):
    """A descriptor that becomes readable when `pid` exits: its pidfd, or the shared SIGCHLD pipe."""
    if hasattr(os, "pidfd_open"):
        try:
            return os.pidfd_open(pid)
        except OSError:
            pass
    if _WAKE_FD is None:
        raise Unusable("no pidfd; run with a Linux >= 5.3 kernel and Python >= 3.9")
    return _WAKE_FD


def install_wake_fallback():
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

    def __init__(self, argv, env, *, dup2=(), tty=None, tty_fds=(), setsid=False, name=None,
                 on_exit=None):
        """`dup2`: (parent fd, child fd) pairs. `tty`: a pty secondary path the child opens as
        `tty_fds[0]` right after setsid, which makes it the child's controlling terminal (glibc's
        posix_spawn runs setsid before the file actions), then dup2s onto the other `tty_fds`.
        `on_exit(proc)`: called once the child has exited but before it is reaped, while its
        /proc entry is still there."""
        actions = []
        if tty is not None:
            setsid = True
            actions.append((os.POSIX_SPAWN_OPEN, tty_fds[0], tty, os.O_RDWR, 0))
            actions += [(os.POSIX_SPAWN_DUP2, tty_fds[0], fd) for fd in tty_fds[1:]]
        actions += [(os.POSIX_SPAWN_DUP2, parent, child) for parent, child in dup2]
        self.name = name or os.path.basename(argv[0])
        self.setsid = setsid
        self.on_exit = on_exit
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
        if self.on_exit is not None:
            if os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:
                return False
            self.on_exit(self)
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
