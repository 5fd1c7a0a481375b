#!/usr/bin/env python3
"""Replays loadwrap's overlay byte pattern in tmux while the window is resized, and compares the
final screen with the same run without the spinner's bytes (issue 10, section 2).

Two roles in one file:

  pane role (runs inside the tmux pane, stands in for loadwrap + its command):
      reflow_replay.py pane STRATEGY SEED DONEFILE
    writes a seeded "command output" schedule (lines, long lines that wrap, partial lines,
    pauses) and, unless STRATEGY is "bare", draws/erases a spinner line around every chunk
    exactly as the strategy says: erase -> chunk -> redraw when a frame is due, a frame every
    80 ms, on SIGWINCH the width is read again (TIOCGWINSZ) and the resize erase + redraw is
    written, and before every frame the width is read again (loadwrap's followWidth).

  driver role (default):
      reflow_replay.py [--iterations N] [--strategies a,b,...] [--jobs J] [--seed S]
    for each iteration starts one tmux server per strategy (80x24, -f /dev/null), runs the pane
    role under a seeded schedule of `resize-window -x W` calls with 0-200 ms between them (the
    same schedule for every strategy of the iteration, ending at 80 columns), then compares
    `capture-pane -p -S -` (history + screen, trailing blanks removed) with the bare run's.
    While resizing it also samples the screen and counts samples in which the spinner's text
    shows on more than one row.

  cases role:
      reflow_replay.py cases tmux|kitty|vte
    deterministic cases (see "cases" below): where the cursor goes on narrowing and whether the
    "col0" and "end" erases leave the line's text, in tmux, in kitty's Screen (Debian's kitty
    package, run with /usr/bin/python3) and in VTE (python3-gi + gir1.2-vte-2.91, xvfb-run).

Strategies (what the pane writes; ESC = \\x1b):
  bare       nothing of the spinner (the reference)
  current    loadwrap today: draw CR line ESC[K CR (cursor at column 0), erase CR ESC[K,
             after a narrowing CR ESC[J; line width columns-1
  decawm     current, but the line is drawn with autowrap off: CR ESC[?7l line ESC[K ESC[?7h CR
  col0       decawm draw; every erase is CR ESC[K ESC[C ESC[J CR (clears the cursor row and
             everything below without being at the top-left corner, where tmux's
             scroll-on-clear would push the rows into the history)
  end        cursor rests on the last character of the line: CR ESC[2K ESC[?7l line ESC[?7h BS;
             erase CR ESC[2K then (ESC[A ESC[2K) x (rows-1), rows = how many rows the last line
             takes at the width read just before the erase
  col0half / endhalf / decawmhalf / currenthalf
             the same with the line cut to (columns-1)//2 columns
"""
import fcntl
import os
import random
import select
import signal
import struct
import subprocess
import sys
import termios
import time

ESC = "\x1b"
FRAMES = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
MARK = "\u2591"  # a character the command never prints: its rows are the spinner's
TITLE = "a very long title that fills the whole line " * 4
FRAME_MS = 80


def spinner_text(frame_index, elapsed_s, width):
    """FRAME MARK TITLE… ELAPSED, exactly `width` columns (or less when too narrow)."""
    elapsed = f"{elapsed_s}s"
    room = width - 2 - 2 - len(elapsed)
    if room < 2:
        return FRAMES[frame_index % len(FRAMES)][:max(width, 0)]
    return FRAMES[frame_index % len(FRAMES)] + MARK + " " + TITLE[:room] + " " + elapsed


def schedule(seed):
    """The command's output: (delay_ms, bytes) pairs, the same for every strategy of a seed."""
    rnd = random.Random(seed)
    events = []
    prefill = rnd.choice([0, 0, 1, 2, 5, 12, 22, 30, 40])
    if prefill:
        events.append((0, "".join(f"earlier output {i}\n" for i in range(prefill))))
    n = 0
    for _ in range(rnd.randint(12, 30)):
        kind = rnd.random()
        delay = rnd.choice([0, 5, 20, 40, 80, 120, 200])
        if kind < 0.55:
            text = f"out {n} " + "x" * rnd.randint(0, 30) + "\n"
        elif kind < 0.7:
            text = f"long {n} " + "y" * rnd.randint(70, 150) + "\n"
        elif kind < 0.85:
            text = f"part {n} "  # a partial line: no frame until its newline
            events.append((delay, text))
            delay, text = rnd.choice([10, 100, 250]), "end\n"
        else:
            text = "".join(f"burst {n}.{i}\n" for i in range(rnd.randint(2, 6)))
        n += 1
        events.append((delay, text))
    events.append((rnd.choice([100, 300]), "done\n"))
    return [(d, t.replace("\n", "\r\n").encode()) for d, t in events]


def term_columns(fd=1):
    rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
    return cols


def rows_taken(width_cells, columns):
    return max(1, -(-width_cells // max(columns, 1)))


class Overlay:
    def __init__(self, strategy):
        self.half = strategy.endswith("half")
        self.kind = strategy[:-4] if self.half else strategy
        self.visible = False
        self.columns = term_columns()
        self.drawn_width = 0
        self.frame = 0
        self.start = time.monotonic()
        self.last_draw = None

    def line(self):
        width = self.columns - 1
        if self.half:
            width = (self.columns - 1) // 2
        text = spinner_text(self.frame, int(time.monotonic() - self.start), width)
        self.frame += 1
        return text

    def draw(self):
        self.columns = term_columns()  # loadwrap reads the width before each frame
        text = self.line()
        self.drawn_width = len(text)
        self.visible = True
        self.last_draw = time.monotonic()
        k = self.kind
        if k == "current":
            return "\r" + text + ESC + "[K\r"
        if k in ("decawm", "col0"):
            return "\r" + ESC + "[?7l" + text + ESC + "[K" + ESC + "[?7h\r"
        if k == "end":
            return "\r" + ESC + "[2K" + ESC + "[?7l" + text + ESC + "[?7h\b"
        raise ValueError(k)

    def erase(self, narrowed=False):
        if not self.visible:
            return ""
        self.visible = False
        k = self.kind
        if k in ("current", "decawm"):
            return "\r" + ESC + ("[J" if narrowed else "[K")
        if k == "col0":
            return "\r" + ESC + "[K" + ESC + "[C" + ESC + "[J\r"
        if k == "end":
            cols = term_columns()
            up = rows_taken(self.drawn_width, cols) - 1
            return "\r" + ESC + "[2K" + (ESC + "[A" + ESC + "[2K") * up
        raise ValueError(k)

    def due(self):
        return self.last_draw is None or time.monotonic() - self.last_draw >= FRAME_MS / 1000


def pane(strategy, seed, donefile):
    out = sys.stdout.fileno()
    rfd, wfd = os.pipe()
    os.set_blocking(wfd, False)
    signal.set_wakeup_fd(wfd)
    signal.signal(signal.SIGWINCH, lambda *_: None)
    events = schedule(seed)
    spin = None if strategy == "bare" else Overlay(strategy)
    at_line_start = True
    hide = ESC + "[?25l"
    if spin:
        os.write(out, hide.encode())

    def write(s, b=b""):
        os.write(out, s.encode() + b)

    next_event = time.monotonic()
    index = 0
    while index < len(events):
        delay, chunk = events[index]
        due_at = next_event + delay / 1000
        now = time.monotonic()
        timeout = max(0.0, due_at - now)
        if spin and at_line_start:
            frame_at = (spin.last_draw or 0) + FRAME_MS / 1000
            timeout = min(timeout, max(0.0, frame_at - now))
        ready, _, _ = select.select([rfd], [], [], timeout)
        if ready:
            os.read(rfd, 64)
            if spin:
                cols = term_columns()
                narrowed = cols < spin.columns
                spin.columns = cols
                bytes_ = spin.erase(narrowed=narrowed)
                if bytes_ and at_line_start:
                    bytes_ += spin.draw()
                write(bytes_)
            continue
        now = time.monotonic()
        if now >= due_at:
            head = spin.erase() if spin else ""
            text = chunk.decode()
            at_line_start = text.endswith("\n")
            tail = spin.draw() if (spin and at_line_start and spin.due()) else ""
            write(head, chunk)
            if tail:
                write(tail)
            next_event = due_at
            index += 1
            continue
        if spin and at_line_start and spin.due():
            cols = term_columns()
            if cols != spin.columns:  # followWidth
                narrowed = cols < spin.columns
                spin.columns = cols
                write(spin.erase(narrowed=narrowed))
            write(spin.draw())
    if spin:
        write(spin.erase() + ESC + "[?25h")
    with open(donefile, "w") as f:
        f.write("done\n")


# ---------------------------------------------------------------------------- driver

def tmux(sock, *args, check=True):
    return subprocess.run(["tmux", "-L", sock, "-f", "/dev/null", *args], capture_output=True,
                          text=True, check=check)


def resize_plan(seed):
    rnd = random.Random(seed * 7919 + 1)
    if rnd.random() < 0.5:
        widths = [70, 60, 50, 40, 60, 80]
    else:
        widths = [rnd.randint(20, 79) for _ in range(rnd.randint(2, 7))] + [80]
    start = rnd.choice([0.05, 0.2, 0.4, 0.8])
    return start, [(w, rnd.randint(0, 200) / 1000) for w in widths]


def normalise(text):
    lines = [l.rstrip() for l in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def run_one(strategy, seed, sock):
    try:
        return run_once(strategy, seed, sock)
    except (RuntimeError, subprocess.CalledProcessError):
        tmux(sock, "kill-server", check=False)
        time.sleep(1)
        return run_once(strategy, seed, sock)


def run_once(strategy, seed, sock):
    done = f"/tmp/reflow_replay.{sock}.done"
    if os.path.exists(done):
        os.unlink(done)
    tmux(sock, "kill-server", check=False)
    time.sleep(0.1)
    me = os.path.abspath(__file__)
    tmux(sock, "new-session", "-d", "-x", "80", "-y", "24",
         f"{sys.executable} {me} pane {strategy} {seed} {done}; sleep 100000")
    start, plan = resize_plan(seed)
    multi_row_samples = samples = 0
    t0 = time.monotonic()
    time.sleep(start)
    for width, gap in plan:
        tmux(sock, "resize-window", "-x", str(width))
        time.sleep(gap)
        screen = tmux(sock, "capture-pane", "-p").stdout
        samples += 1
        if sum(1 for row in screen.split("\n") if MARK in row or "title" in row) > 1:
            multi_row_samples += 1
    while not os.path.exists(done) or not open(done).read():
        if time.monotonic() - t0 > 30:
            raise RuntimeError(f"pane did not finish: {strategy} {seed}")
        time.sleep(0.05)
    status = open(done).read()
    if status.startswith("error"):
        raise RuntimeError(f"pane failed: {strategy} {seed}: {status}")
    time.sleep(0.2)
    captured = tmux(sock, "capture-pane", "-p", "-S", "-").stdout
    cursor = tmux(sock, "display", "-p", "#{cursor_x},#{cursor_y},#{history_size}").stdout.strip()
    tmux(sock, "kill-server", check=False)
    return normalise(captured), multi_row_samples, samples, cursor


def main():
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--iterations", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--strategies", default="current,decawm,col0,end,col0half,endhalf")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--show", action="store_true", help="print the differing lines")
    args = ap.parse_args()
    strategies = args.strategies.split(",")
    from concurrent.futures import ThreadPoolExecutor
    stats = {s: {"runs": 0, "traces": 0, "multirow": 0, "samples": 0, "seeds": []} for s in strategies}
    import queue
    slots = queue.Queue()
    for i in range(args.jobs):
        slots.put(f"rr{os.getpid()}x{i}")

    def iteration(i):
        seed = args.seed + i
        sock = slots.get()  # one tmux server per worker at a time
        try:
            bare, _, _, _ = run_one("bare", seed, sock)
            results = {}
            for s in strategies:
                results[s] = run_one(s, seed, sock)
        finally:
            slots.put(sock)
        return seed, bare, results

    from concurrent.futures import as_completed
    errors = []
    with ThreadPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(iteration, i): args.seed + i for i in range(args.iterations)}
        for fut in as_completed(futures):
            try:
                seed, bare, results = fut.result()
            except Exception as error:  # a tmux server that did not start under load: not a result
                errors.append((futures[fut], str(error)[:200]))
                print(f"seed {futures[fut]}: ERROR {str(error)[:200]}", flush=True)
                continue
            row = []
            for s, (lines, multi, samples, cursor) in results.items():
                st = stats[s]
                st["runs"] += 1
                st["multirow"] += multi
                st["samples"] += samples
                same = lines == bare
                if not same:
                    st["traces"] += 1
                    st["seeds"].append(seed)
                    if args.show:
                        extra = [l for l in lines if l not in bare]
                        missing = [l for l in bare if l not in lines]
                        print(f"  seed {seed} {s}: extra={extra[:4]} missing={missing[:4]}")
                row.append(f"{s}={'ok' if same else 'TRACE'}")
            print(f"seed {seed}: " + " ".join(row), flush=True)
    print(f"\niterations with an error (not counted): {len(errors)}")
    print("\nstrategy      runs  runs-with-trace  samples-with-spinner-on-2+-rows")
    for s, st in stats.items():
        print(f"{s:12} {st['runs']:5} {st['traces']:16} {st['multirow']:6}/{st['samples']}"
              f"   trace seeds: {st['seeds'][:12]}")



# ---------------------------------------------------------------------------- cases
# Deterministic cases, one terminal at a time: draw the spinner line (79 columns, or 39), narrow
# 80 -> 40 or 20, erase as the strategy says (the "end" erase also as a stale erase computed for
# 80 columns, as when the resize is not yet seen), print a line, widen back to 80, and look for
# the line's text.   reflow_replay.py cases tmux|kitty|vte
#   kitty: Debian's kitty package (its Screen class from /usr/lib/kitty, /usr/bin/python3)
#   vte:   python3-gi + gir1.2-vte-2.91, under xvfb-run

CASE_H = 10


def case_draw(kind, width):
    t = "S" * width
    if kind == "col0":
        return "\r" + ESC + "[?7l" + t + ESC + "[K" + ESC + "[?7h\r"
    return "\r" + ESC + "[2K" + ESC + "[?7l" + t + ESC + "[?7h\b"


def case_erase(kind, drawn, cols):
    if kind == "col0":
        return "\r" + ESC + "[K" + ESC + "[C" + ESC + "[J\r"
    return "\r" + ESC + "[2K" + (ESC + "[A" + ESC + "[2K") * (rows_taken(drawn, cols) - 1)


def case_run(term, kind, prefill, narrow, stale=False, width=79):
    term.reset(80, CASE_H)
    term.feed("".join(f"p{i}\r\n" for i in range(prefill)))
    term.feed(case_draw(kind, width))
    term.resize(narrow, CASE_H)
    cursor = term.cursor()
    term.feed(case_erase(kind, width, 80 if stale else narrow))
    term.feed("next\r\n")
    term.resize(80, CASE_H)
    return cursor, [l for l in term.text() if "S" in l]


def cases(which):
    term, name = case_terminal(which)
    layouts = ((0, "spinner on row 0"), (3, "rows above, blank rows below"),
               (CASE_H + 5, "full screen, spinner on the bottom row"))
    for kind in ("col0", "end"):
        for prefill, label in layouts:
            for stale in ((False, True) if kind == "end" else (False,)):
                for narrow in (40, 20):
                    cursor, bad = case_run(term, kind, prefill, narrow, stale)
                    print(f"{name} {kind:4} {label:38} 80->{narrow:2}"
                          f"{' stale erase' if stale else '            '} cursor after narrowing {cursor}"
                          f" -> {'REMNANT ' + repr(bad[0][:20]) if bad else 'clean'}", flush=True)
    for prefill, label in layouts:
        cursor, bad = case_run(term, "col0", prefill, 40, width=39)
        print(f"{name} col0 39-column line, {label:38} 80->40 -> {'REMNANT' if bad else 'clean'}")
    if hasattr(term, "close"):
        term.close()


def case_terminal(which):
    if which == "tmux":
        class Tmux:
            n = 0

            def reset(self, cols, rows):
                if Tmux.n:
                    tmux(self.sock, "kill-server", check=False)
                Tmux.n += 1
                self.sock = f"rc{os.getpid()}x{Tmux.n}"
                self.fifo = f"/tmp/reflow_replay.{self.sock}.fifo"
                os.mkfifo(self.fifo)
                tmux(self.sock, "new-session", "-d", "-x", str(cols), "-y", str(rows),
                     f"stty -echo -onlcr; exec 3<>{self.fifo}; exec cat <&3")
                for _ in range(50):
                    if "cat" in tmux(self.sock, "display", "-p", "#{pane_current_command}").stdout:
                        break
                    time.sleep(0.1)

            def feed(self, text):
                with open(self.fifo, "wb") as f:
                    f.write(text.encode())
                time.sleep(0.15)

            def resize(self, cols, rows):
                tmux(self.sock, "resize-window", "-x", str(cols), "-y", str(rows))
                time.sleep(0.15)

            def close(self):
                tmux(self.sock, "kill-server", check=False)

            def cursor(self):
                out = tmux(self.sock, "display", "-p", "#{cursor_x},#{cursor_y}").stdout
                return tuple(int(v) for v in out.split(","))

            def text(self):
                out = tmux(self.sock, "capture-pane", "-p", "-S", "-").stdout.split("\n")
                os.unlink(self.fifo)
                return out
        return Tmux(), "tmux-" + subprocess.run(["tmux", "-V"], capture_output=True, text=True).stdout.split()[-1]
    if which == "kitty":
        sys.path.insert(0, "/usr/lib/kitty")
        import kitty.fast_data_types as f
        from kitty.constants import version
        from kitty.options.types import defaults
        f.set_options(defaults)

        class Callbacks:
            def __getattr__(self, name):
                return lambda *a, **k: None

        class Kitty:
            def reset(self, cols, rows):
                self.s = f.Screen(Callbacks(), rows, cols, 100, 10, 20, 0)

            def feed(self, text):
                f.parse_bytes(self.s, text.encode())

            def resize(self, cols, rows):
                self.s.resize(rows, cols)

            def cursor(self):
                return (self.s.cursor.x, self.s.cursor.y)

            def text(self):
                hb = self.s.historybuf
                return ([str(hb.line(i)) for i in range(hb.count - 1, -1, -1)]
                        + [str(self.s.line(i)) for i in range(self.s.lines)])
        return Kitty(), "kitty-" + ".".join(map(str, version))
    if which == "vte":
        import gi
        gi.require_version("Vte", "2.91")
        gi.require_version("Gtk", "3.0")
        from gi.repository import GLib, Vte

        def pump(seconds=0.08):
            end = time.time() + seconds
            while time.time() < end:
                GLib.MainContext.default().iteration(False)
                time.sleep(0.001)

        class VTE:
            def reset(self, cols, rows):
                self.t = Vte.Terminal()
                self.t.set_scrollback_lines(1000)
                self.t.set_size(cols, rows)
                pump()

            def feed(self, text):
                self.t.feed(text.encode())
                pump()

            def resize(self, cols, rows):
                self.t.set_size(cols, rows)
                pump()

            def cursor(self):
                return tuple(self.t.get_cursor_position())  # row counts from the top of the scrollback

            def text(self):
                rows = []
                for r in range(200):
                    row = self.t.get_text_range(r, 0, r, 500, None)[0]
                    if row is None:
                        break
                    rows.append(row)
                return rows
        return VTE(), f"vte-{Vte.get_major_version()}.{Vte.get_minor_version()}.{Vte.get_micro_version()}"
    raise SystemExit("cases: tmux, kitty or vte")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "cases":
        cases(sys.argv[2] if len(sys.argv) > 2 else "tmux")
    elif len(sys.argv) > 1 and sys.argv[1] == "pane":
        try:
            pane(sys.argv[2], int(sys.argv[3]), sys.argv[4])
        except BaseException:
            import traceback
            with open(sys.argv[4], "w") as f:
                f.write("error\n" + traceback.format_exc())
    else:
        main()
