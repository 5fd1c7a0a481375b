"""One run: preflight, every figure of the table in order, the start-up budget, the report; the
exit status."""

import gc
import os
import shutil
import signal
import tempfile

from .budget import budgets, check
from .common import Misbehaved, Unusable, log
from .config import TMPDIR
from .context import Context
from .preflight import preflight
from .procs import child_env, install_wake_fallback, kill_all
from .report import header, print_report
from .table import FIGURES


def main():
    """Runs every figure, prints the table; exit 0, 1 (misbehaved), 2 (cannot run) or 3 (start-up
    over its budget)."""
    install_wake_fallback()
    for signo in (signal.SIGTERM, signal.SIGHUP):  # killed from outside: still kill the children
        signal.signal(signo, _interrupted)
    gc.disable()  # no collector pauses inside timed regions; the harness allocates little
    tmp = tempfile.mkdtemp(prefix="loadwrap-bench-", dir=TMPDIR)
    try:
        ctx = Context(child_env(False), child_env(True), tmp, FIGURES)
        limits = budgets(FIGURES)
        preflight(ctx)
        load_at_start = os.getloadavg()[0]
        title = header()
        only = [key for key in os.environ.get("BENCH_ONLY", "").split(",") if key]
        figures = [f for f in FIGURES if not only or f.key in only or f.key.split()[0] in only]
        measured = [(figure, figure.measure(ctx)) for figure in figures]
        budget_lines, within = check(measured, ctx, limits)
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
    print_report(title, measured, budget_lines, load_at_start)
    if not within:
        load = max(load_at_start, os.getloadavg()[0])
        busy = f"; the load reached {load:.1f} on {os.cpu_count()} cores, re-run on an idle machine to tell" \
               " load from a slower loadwrap" if load > (os.cpu_count() or 1) / 2 else ""
        log(f"FAIL: a figure is over its budget (docs/benchmarks.md, Start-up budget){busy}")
        return 3
    return 0


def _interrupted(signo, _frame):
    """SIGTERM/SIGHUP to the harness: unwind like Ctrl-C, so every child is killed."""
    raise KeyboardInterrupt(f"signal {signo}")
