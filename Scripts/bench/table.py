"""The table: every figure of the benchmark, in the order measured and printed. Each row says
what it measures, how, against which baseline, how the ratio/value is computed, and the target
that both prints in the table and decides its "ok?"."""

from .config import IDLE_SECONDS
from .figure import Figure, Target, Value, excess, own, ratio
from .measure import exiting, frame, history, idle, jobs, latency, memory, pipe, report, siblings, startup, tail, tty, watch
from .stats import median

WATCH_RATIO = 0.8  # issue 25: watching keeps at least this share of the plain relay's speed
TAIL_RATIO = 1.0  # issue 24: holding and drawing the window is at least as fast as `script` showing it all
SIBLING_RATIO = 1.0  # issue 35: a line from one of 16 commands costs no more than from one command
LOG_RATIO = 0.9  # issue 24: copying everything to a file keeps this share of the run's speed without it
JOBS_RATIO = 1.2  # issue 43: a line of one of two `-c` commands costs at most this much more than of one command

REPORT_MS = 100  # issue 44: a run of 1 000 steps writes its page and trace in under 100 ms
REPORT_PAGE_KB = 1000  # issue 44: and a page under 1 MB
IDLE_CPU_MS = 6  # loadwrap's own CPU over the idle run (issue 14)
FRAME_US = 50  # one frame: erase + redraw of an unchanged title (issue 14)


def _share_of_a_core(ms, result):
    """Idle CPU as ms over the run and as a share of one core."""
    seconds = result.facts["seconds"]
    return f"{ms:.1f} ms / {seconds} s = {ms / (seconds * 1e3) * 100:.2f} % of a core"


def _watching(key, label, measure):
    """A watching row: the same log through the plain relay is its baseline, paired run by run."""
    return Figure(key=key, label=label, measure=measure, unit="{:.0f} MB/s", baseline="plain relay {b}",
                  value=ratio(2, paired=True), target=Target("≥", WATCH_RATIO, "×"))


FIGURES = (
    Figure(
        key="startup plain",
        label="start-up, plain mode (stderr a pipe, CI=true): `loadwrap -- true`",
        measure=startup.plain, unit="{:.2f} ms", baseline="`env true` {b}",
        value=ratio(2), target=Target("≤", 1.15, "×")),
    Figure(
        key="startup overlay",
        label="start-up, overlay mode under a pty: `loadwrap -- true`",
        measure=startup.overlay, unit="{:.2f} ms", baseline="`env true` {b}",
        value=ratio(2), target=Target("≤", 1.3, "×")),
    Figure(
        key="idle",
        label="CPU while the command is idle: `loadwrap -- sleep {seconds}`, overlay, stderr a pty",
        measure=idle.idle, unit="{:.1f} ms", loadwrap="{a} (with the child)", baseline="`sleep {seconds}` {b}",
        value=Value(lambda r: median(r.a) - median(r.b), _share_of_a_core),
        target=Target("≤", IDLE_CPU_MS, " ms", aside=f"{IDLE_CPU_MS / (IDLE_SECONDS * 1e3) * 100:g} %")),
    Figure(
        key="frame renderer",
        label="cost of one frame (erase + redraw, unchanged title): tight loop over the pure renderer",
        measure=frame.renderer, unit="{:.2f} µs", baseline="—",
        value=own("{:.2f} µs"), target=Target("≤", FRAME_US, " µs")),
    Figure(
        key="frame idle",
        label="cost of one frame in the idle run: loadwrap's CPU (row 3) ÷ {frames} frames drawn",
        measure=frame.in_idle_run, unit="{:.0f} µs", baseline="—",
        value=own("{:.0f} µs"), target=Target("≤", FRAME_US, " µs")),
    Figure(
        key="pipe",
        label="pipe throughput: `loadwrap -- cat {mib} MiB \\| harness`, stderr a pty",
        measure=pipe.pipe, unit="{:.0f} MB/s", baseline="`cat` {b}",
        value=ratio(3, paired=True), target=Target("≥", 0.97, "×")),
    Figure(
        key="stdout relay",
        label="stdout relay: `loadwrap -- cat {mib} MiB \\| cat > /dev/null`, stderr a pty",
        measure=pipe.stdout_relay, unit="{:.0f} MB/s", baseline="`cat \\| cat` {b}",
        value=ratio(3, paired=True), target=Target("≥", 0.97, "×")),
    Figure(
        key="terminal",
        label="terminal throughput: `loadwrap -- cat {mib} MiB` of lines, all on a pty",
        measure=tty.terminal, unit="{:.0f} MB/s", baseline="`script -qec` {b} (bare `cat` {bare}: loadwrap ÷ bare {to_bare})",
        value=ratio(3, paired=True), target=Target("≥", 1.25, "×")),
    Figure(
        key="latency",
        label="latency: a line the command writes reaches the terminal",
        measure=latency.latency, unit="{:.3f} ms", baseline="bare `cat` {b}",
        value=excess("{:.3f} ms"), target=Target("≤", 1, " ms")),
    Figure(
        key="memory",
        label="peak memory (VmHWM), `loadwrap -- sleep 0.3`, plain and overlay",
        measure=memory.small, unit="{:.1f} MiB", baseline="`env sleep` {b}",
        value=own("{:.1f} MiB"), target=Target("≤", 6, " MiB")),
    Figure(
        key="memory relaying",
        label="peak memory (VmHWM) while idling / relaying (rows {rows})",
        measure=memory.relaying, unit="{:.1f} MiB", baseline="`script` {b}",
        value=own("{:.1f} MiB"), target=Target("≤", 6, " MiB")),
    Figure(
        key="exit",
        label="exit latency: the command ends → loadwrap ends (overlay, spinner shown)",
        measure=exiting.exit_latency, unit="{:.3f} ms", baseline="bare child {b}",
        value=excess("{:.3f} ms"), target=Target("≤", 1, " ms")),
    Figure(
        key="exit history",
        label="exit latency, history on: what remembering the run adds to the row above",
        measure=history.exit_latency, unit="{:.3f} ms", baseline="`LOADWRAP_HISTORY=0` {b}",
        value=excess("{:.3f} ms"), target=Target("≤", 1, " ms")),
    _watching("watch until absent",
              "watching, plain mode: `loadwrap --until 'NEVER+MATCHES' -- sh -c 'cat {mib} MiB build log >&2'`",
              watch.until_absent),
    _watching("watch until near",
              "watching: `--until 'CXX object src/[a-z]+/'` (its literal on every line, no match), same log",
              watch.until_near),
    _watching("watch progress never",
              "watching: `--progress-from '(?<done>[0-9]+)/(?<total>[0-9]+)'`, CMake log (`/` on every line, no match)",
              watch.progress_never),
    _watching("watch progress every",
              "watching: the same `--progress-from`, Ninja log (`[123/900000] …`: a match on every line)",
              watch.progress_every),
    Figure(
        key="tail",
        label="`--tail` on a pty: `loadwrap --tail -- cat {mib} MiB` of lines, held, the window drawn",
        measure=tail.tail, unit="{:.0f} MB/s", baseline="`script -qec` {b}",
        value=ratio(2, paired=True), target=Target("≥", TAIL_RATIO, "×")),
    Figure(
        key="log",
        label="`--log`: `loadwrap --log FILE -- cat {mib} MiB` of lines, all on a pty",
        measure=tail.log_file, unit="{:.0f} MB/s", baseline="without `--log` {b}",
        value=ratio(2, paired=True), target=Target("≥", LOG_RATIO, "×")),
    Figure(
        key="siblings",
        label="several at once: outer loadwrap's CPU per line, 16 inner loadwraps each printing a line every 10 ms",
        measure=siblings.siblings, unit="{:.1f} µs", baseline="one command, a line every 10/16 ms {b}",
        value=ratio(2, paired=True), target=Target("≤", SIBLING_RATIO, "×")),
    Figure(
        key="two commands",
        label="several commands: `loadwrap -c 'cat {mib} MiB' -c true` of lines, labelled, all on a pty",
        measure=jobs.two_commands, unit="{:.0f} ns/line", baseline="`loadwrap -- cat` of the lines labelled {b}",
        value=ratio(2, paired=True), target=Target("≤", JOBS_RATIO, "×")),
    Figure(
        key="report",
        label="a {steps}-step report: the run tree made into the timings page and the Chrome trace "
              "({trace} kB), written: `loadwrap-report-bench`",
        measure=report.report, unit="{:.1f} ms", baseline="—",
        value=own("{:.1f} ms"), target=Target("≤", REPORT_MS, " ms")),
    Figure(
        key="report page",
        label="the size of that report's timings page",
        measure=report.page_size, unit="{:.0f} kB", baseline="—",
        value=own("{:.0f} kB"), target=Target("≤", REPORT_PAGE_KB, " kB")),
    Figure(
        key="run tree",
        label="run tree: one control message (a step's progress) with {siblings} steps going side by side",
        measure=report.tree, unit="{:.2f} µs", baseline="one step going {b}",
        value=own("{:.2f} µs"), target=Target("≤", FRAME_US, " µs")),
)
