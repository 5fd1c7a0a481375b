"""vte-replay: replays terminal output in VTE (GNOME Terminal, Ptyxis, Tilix, xfce4-terminal)
and prints the final screens, for the end-to-end screen tests (VteReplay.swift).

Run under `xvfb-run -a /usr/bin/python3`: VTE is a GTK widget and needs a display. Start-up
(GTK, Xvfb) costs about a second, so one process replays many streams: each line on stdin is a
JSON list of {"file", "cols", "rows"}; for each line it prints one JSON line, a list of
{"scrollback": [rows], "screen": [rows], "cursor": [row, col]} in the same order, or
{"error": text}. It ends at the end of stdin.

Every row VTE holds is kept, blank ones included: VTE makes a row exist once anything writes or
erases on it, and a clear screen (ESC[2J) pushes every existing row into the scrollback, so a
blank row there is a difference a user scrolls through. VTE has no API for the cursor's
visibility (DECTCEM), so none is reported. Colours are not read either: get_text_range's
attributes are deprecated in 0.70 and gone later; tmux and libvterm compare them.
"""
import json
import re
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Vte", "2.91")
from gi.repository import GLib, Gtk, Vte  # noqa: E402

# The query fed after the bytes, the cursor's position on the screen: VTE answers it (the
# "commit" signal) only once every byte before it is processed, which feed() itself does later,
# from the main loop. The answer also places the screen among VTE's rows: the vertical
# adjustment cannot, as a clear of the scrollback (ESC[3J) leaves it stale in 0.70.
POSITION_QUERY = b"\x1b[6n"
POSITION_REPLY = re.compile(r"\x1b\[(\d+);(\d+)R")


def replay(job):
    """The final screen after the bytes of job["file"] on a fresh terminal of its size."""
    with open(job["file"], "rb") as f:
        data = f.read()
    terminal = Vte.Terminal()
    terminal.set_size(job["cols"], job["rows"])
    terminal.set_scrollback_lines(50000)
    # A window of its own: a window keeps the size of the first terminal it held.
    window = Gtk.Window()
    window.add(terminal)
    window.show_all()
    # A stream that asks the same question itself gets its answer first: wait for all of them.
    wanted = data.count(POSITION_QUERY) + 1
    replies = []
    terminal.connect("commit", lambda _t, text, _size: replies.extend(POSITION_REPLY.findall(text)))
    terminal.feed(data + POSITION_QUERY)
    while len(replies) < wanted:
        Gtk.main_iteration_do(True)
    size = (terminal.get_column_count(), terminal.get_row_count())
    result = read_screen(terminal, job["cols"], job["rows"], int(replies[-1][0]) - 1)
    window.destroy()
    if size != (job["cols"], job["rows"]):
        raise RuntimeError(f"the terminal was {size[0]}x{size[1]}, not {job['cols']}x{job['rows']}")
    return result


def read_screen(terminal, cols, rows, cursor_row):
    """Every row VTE holds from the adjustment's lower end to the screen's bottom, split into
    scrollback and screen; `cursor_row` is the cursor's row on the screen."""
    column, row = terminal.get_cursor_position()
    top = row - cursor_row
    lower = min(int(terminal.get_vadjustment().get_lower()), top)
    # One row at a time: a range of rows comes back with soft-wrapped rows joined.
    text = [terminal.get_text_range(r, 0, r, cols, None, None)[0].rstrip("\n") for r in range(lower, top + rows)]
    return {"scrollback": text[: top - lower], "screen": text[top - lower :], "cursor": [cursor_row, column]}


def main():
    # get_text_range warns that its attributes array is deprecated on every call.
    GLib.log_set_handler("VTE", GLib.LogLevelFlags.LEVEL_WARNING, lambda *_: None)
    for line in sys.stdin:
        results = []
        for job in json.loads(line):
            try:
                results.append(replay(job))
            except Exception as error:  # reported to the test, which names the stream
                results.append({"error": repr(error)})
        print(json.dumps(results), flush=True)


main()
