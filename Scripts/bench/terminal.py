"""Pseudo-terminals for the children: the harness holds the primary side and reads it."""

import fcntl
import os
import struct
import termios

from .common import Misbehaved
from .procs import Proc


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
