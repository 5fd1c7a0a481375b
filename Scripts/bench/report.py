"""What the run prints on stdout: a header line, the Markdown table for README, the notes."""

import datetime
import os

from .config import LOADWRAP, QUICK
from .procs import DEVNULL, Proc, child_env
from .pump import pump

COLUMNS = ("figure", "loadwrap", "baseline", "ratio/value", "target", "ok?")


def header():
    """`loadwrap --version` and the machine, for the line above the table."""
    return f"{version()} — {machine_line()}"


def machine_line():
    """Date, `uname -srm`, CPU model, cores and load."""
    u = os.uname()
    load = os.getloadavg()[0]
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return (f"{date} · {u.sysname} {u.release} {u.machine} · {cpu_model()} · {os.cpu_count()} cores · "
            f"load {load:.2f} · {'quick' if QUICK else 'full'} mode")


def cpu_model():
    """The CPU's model name from /proc/cpuinfo."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def version():
    """`loadwrap --version`."""
    r, w = os.pipe()
    out = bytearray()
    proc = Proc([LOADWRAP, "--version"], child_env(True), dup2=[(DEVNULL, 0), (w, 1), (DEVNULL, 2)])
    os.close(w)
    pump([proc], {r: out.extend}, timeout=30)
    os.close(r)
    return out.decode(errors="replace").strip() or "loadwrap"


def print_report(title, measured, budget_lines, load_at_start):
    """The header, one table row per (figure, result), the start-up budget's lines, then every
    note and the run's load."""
    print(title)
    print()
    print("| " + " | ".join(COLUMNS) + " |")
    print("|" + "---|" * len(COLUMNS))
    for figure, result in measured:
        print("| " + " | ".join(figure.cells(result)) + " |")
    print()
    if budget_lines:
        print("Start-up budget (docs/benchmarks.md):")
        print()
        for line in budget_lines:
            print(f"- {line}")
        print()
    for note in [note for _, result in measured for note in result.notes] + load_notes(load_at_start):
        print(f"- {note}")


def load_notes(load_at_start):
    """The load average at the end, and a warning when the machine was busy during the run."""
    notes = [f"load average (1 min) at the end: {os.getloadavg()[0]:.2f}; throughput ratios are the median of "
             "per-pair ratios, the other ratios are ratios of medians"]
    if max(load_at_start, os.getloadavg()[0]) > (os.cpu_count() or 1) / 2:
        notes.append("**the machine was busy with other work during the run: re-run on an idle machine before "
                     "quoting these figures**")
    return notes
