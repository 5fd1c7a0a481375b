"""Before timing anything: the harness gives a controlling terminal, exit codes carry, loadwrap draws."""

import os
import shutil
import signal
import sys

from .common import Unusable, which
from .config import BUILT, LOADWRAP
from .procs import DEVNULL, Proc
from .pump import pump
from .sinks import Counter
from .terminal import on_pty


def preflight(ctx):
    """Checks the harness and loadwrap's basic contract; raises Unusable or Misbehaved."""
    if not (os.path.isfile(BUILT) and os.access(BUILT, os.X_OK)):
        raise Unusable(f"{BUILT} is missing: run `make build` first (or set LOADWRAP)")
    _install_copy()
    _controlling_terminal(ctx)
    sh = which("sh")
    for code, script in ((7, "exit 7"), (-signal.SIGTERM, "kill -TERM $$")):
        _exit_status(ctx, [LOADWRAP, "--", sh, "-c", script], code)
    _draws(ctx)


def _install_copy():
    """Copies the binary under test to LOADWRAP, through a temporary name so no row runs half a file."""
    os.makedirs(os.path.dirname(LOADWRAP), exist_ok=True)
    partial = LOADWRAP + ".partial"
    shutil.copyfile(BUILT, partial)
    os.chmod(partial, 0o755)
    os.replace(partial, LOADWRAP)


def _controlling_terminal(ctx):
    """posix_spawn(setsid) + opening the pty by path must make it the child's controlling terminal."""
    probe = ("import os, sys; sys.exit(0 if os.isatty(2) and os.tcgetpgrp(2) == os.getpgrp()"
             " == os.getsid(0) else 3)")
    proc, pty = on_pty([sys.executable, "-c", probe], ctx.env_overlay, name="pty probe")
    pump([proc], {pty.primary: Counter()}, timeout=60)
    pty.close()
    if proc.code != 0:
        raise Unusable("posix_spawn(setsid) + open did not give the child a controlling terminal")


def _exit_status(ctx, argv, code):
    """loadwrap ends as its command did (`code`), in plain mode and in overlay mode, where it
    must also leave the terminal's modes as they were."""
    err_r, err_w = os.pipe()
    proc = Proc(argv, ctx.env_plain, dup2=[(DEVNULL, 0), (DEVNULL, 1), (err_w, 2)], name="loadwrap (plain)")
    os.close(err_w)
    pump([proc], {err_r: Counter()}, timeout=60)
    os.close(err_r)
    proc.expect(code)
    proc, pty = on_pty(argv, ctx.env_overlay, name="loadwrap (overlay)")
    pump([proc], {pty.primary: Counter()}, timeout=60)
    pty.expect_modes_restored("loadwrap (overlay)")
    pty.close()
    proc.expect(code)


def _draws(ctx):
    """On the harness's pty loadwrap must be in overlay mode: it draws (escape bytes)."""
    seen = Counter(lines=True)
    proc, pty = on_pty([LOADWRAP, "--", which("sleep"), "0.4"], ctx.env_overlay, name="loadwrap -- sleep")
    pump([proc], {pty.primary: seen}, timeout=60)
    pty.close()
    proc.expect(0)
    if seen.escapes == 0:
        raise Unusable("loadwrap drew nothing on the harness pty: not in overlay mode here")
