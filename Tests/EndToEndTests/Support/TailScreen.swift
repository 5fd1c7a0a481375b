import Foundation

/// What the `--tail` suites read on a tmux screen and the commands they run: the spinner's row
/// (found by a title marker), whether the window shows exactly some lines, and a command that
/// prints numbered lines and then waits for a stop file, so a test captures it mid-run on an
/// event (the screen showing something), never after a sleep.
enum TailScreen {
    /// The title every `--tail` test gives loadwrap, so its spinner row can be found.
    static let marker = "@work"

    /// `loadwrap --tail[=N] --delay 0 --title @work` and `extra`, then `--`.
    static func loadwrap(tail: Int? = nil, _ extra: String = "") -> String {
        let option = tail.map { "--tail=\($0)" } ?? "--tail"
        return "\(TestEnvironment.loadwrap) \(option) --delay 0 --title \(marker) \(extra) --"
    }

    /// A command that prints `lines` numbered lines, then waits for `stop` and exits `code`.
    static func command(lines: Int, stop: String, code: Int = 0) -> String {
        "sh -c 'i=0; while [ $i -lt \(lines) ]; do i=$((i+1)); echo \"line $i\"; done;"
            + " \(waitFor(stop)) exit \(code)'"
    }

    /// Shell text that waits until `path` exists.
    static func waitFor(_ path: String) -> String {
        "while [ ! -e \(path) ]; do sleep 0.05; done;"
    }

    /// Rows of the spinner line: the title's marker.
    static func spinnerRows(_ rows: [String], marker: String = marker) -> [Int] {
        rows.indices.filter { rows[$0].contains(marker) }
    }

    /// True when the screen shows the spinner with exactly `lines` right above it, and no other
    /// row starting with `line ` (the numbered lines of `command`).
    static func showsWindow(_ rows: [String], _ lines: [String]) -> Bool {
        let spinner = spinnerRows(rows)
        guard spinner.count == 1, spinner[0] >= lines.count else { return false }
        let above = Array(rows[(spinner[0] - lines.count)..<spinner[0]])
        let others = rows.enumerated().filter { !(spinner[0] - lines.count...spinner[0]).contains($0.offset) }
        return above == lines && !others.contains { $0.element.hasPrefix("line ") }
    }

    /// Creates the stop file `directory/name.stop` that `command` waits for.
    static func stop(_ directory: String, _ name: String) {
        FileManager.default.createFile(atPath: "\(directory)/\(name).stop", contents: nil)
    }
}
