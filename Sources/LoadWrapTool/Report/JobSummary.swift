import LoadWrapCore
import LoadWrapKit
import LoadWrapRuns
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// GitHub Actions' job summary (`GITHUB_STEP_SUMMARY`, a Markdown file the runner shows on the
/// run's page): each run appends a row per step of its run tree to a table of loadwrap's, its
/// header written when the file does not already end in that table, and a Mermaid chart of the
/// steps when there are two or more (`JobSummary+Steps.swift`). Only outcomes go there, never the
/// output: a row is under 400 bytes, and a write that fails costs the rows, never the run.
struct JobSummary {
    /// The variable the runner sets to the step's summary file.
    static let variable = "GITHUB_STEP_SUMMARY"

    /// The summary file.
    let path: String

    /// The job summary of a GitHub Actions run, or nil elsewhere.
    init?(environment: [String: String]) {
        guard CIService.detect(environment) == .github, let path = environment[Self.variable], !path.isEmpty else { return nil }
        self.path = path
    }

    /// The table's header and its delimiter row.
    static let header = "| | Command | Time | Result |\n| --- | --- | --- | --- |\n"

    /// The longest title a row shows, in columns.
    static let titleColumns = 120

    /// The most bytes of a row's title and result cells, escaped: a title of wide emoji or of
    /// characters Markdown needs escaped (`&` is `&amp;`) is many bytes a column, and an `--until`
    /// pattern in the result has no bound of its own. With its other cells a row stays under 400 bytes.
    static let titleBytes = 240
    static let resultBytes = 100

    /// Appends `markdown` (rows of this table, then anything after them), the header first where
    /// the file does not end in this table. The file is the runner's: it is not created when missing.
    func append(_ markdown: String) {
        let fd = open(path, O_RDWR | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = FileDescriptorIO.writeAll(fd, Self.lead(tail: Self.tail(of: fd)) + markdown)
    }

    /// One row: the mark, the title (cut, escaped, after `depth` steps of indentation), the time
    /// (with `usually …` when slower than usual), and what ended the run.
    static func row(_ step: Step) -> String {
        let cut = cell(DisplayWidth.truncate(step.title, toColumns: titleColumns, ellipsis: "…"), maxBytes: titleBytes)
        let elapsed = ElapsedFormat.tenths(ms: step.elapsedMS)
        var fields = step.outcome.fields(elapsedMS: step.elapsedMS)
        if fields.last == elapsed { fields.removeLast() }
        let result = fields.isEmpty ? "exit 0" : cell(fields.joined(separator: ", "), maxBytes: resultBytes)
        let usually = SlowerThanUsual.note(elapsedMS: step.elapsedMS, usualMS: step.usualMS).map { " · \($0)" } ?? ""
        return "| \(step.mark) | \(indent(step.depth))\(cut) | \(elapsed)\(usually) | \(result) |\n"
    }

    /// Where a step's title starts: nothing for the run itself, `↳ ` for a step in it, and two
    /// non-breaking spaces more for each level below (a table cell drops plain leading spaces).
    static func indent(_ depth: Int) -> String {
        depth == 0 ? "" : String(repeating: "&nbsp;&nbsp;", count: depth - 1) + "↳ "
    }

    /// What goes before a row: nothing when the file ends in this table; else the header, after a
    /// blank line when other Markdown comes before it (a table must start a block).
    static func lead(tail: String) -> String {
        let lastLine = tail.split(separator: "\n", omittingEmptySubsequences: true).last.map(String.init) ?? ""
        if tail.hasSuffix("\n") && (lastLine == "| --- | --- | --- | --- |" || rowMarks.contains { lastLine.hasPrefix("| \($0) | ") }) {
            return ""
        }
        if tail.isEmpty { return header }
        return (tail.hasSuffix("\n") ? "\n" : "\n\n") + header
    }

    /// The marks a row of this table starts with: UTF-8 and ASCII.
    private static let rowMarks = ["✔", "✖", "OK", "FAIL", "…"]

    /// The last bytes of the file open as `fd`, enough for its last line; empty for an empty file.
    private static func tail(of fd: Int32) -> String {
        let size = lseek(fd, 0, SEEK_END)
        guard size > 0 else { return "" }
        var buffer = [UInt8](repeating: 0, count: min(Int(size), 1024))
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(size) - off_t($0.count)) }
        return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
    }

    /// `text` escaped, in at most `maxBytes` bytes of UTF-8: cut after a whole character (never
    /// inside one, nor inside an escape) and ended with `…` when it does not fit.
    static func cell(_ text: String, maxBytes: Int) -> String {
        let whole = escaped(text)
        guard whole.utf8.count > maxBytes else { return whole }
        var cut = ""
        for character in text {
            let next = escaped(String(character))
            guard cut.utf8.count + next.utf8.count + "…".utf8.count <= maxBytes else { break }
            cut += next
        }
        return cut + "…"
    }

    /// `text` as Markdown table text: the characters that end a cell, start code, emphasis,
    /// a link, math (`$`, which GitHub renders since 2022) or HTML are escaped, so a title from a
    /// command line renders as typed.
    static func escaped(_ text: String) -> String {
        CIService.escaped(text, [
            "\\": "\\\\", "|": "\\|", "`": "\\`", "*": "\\*", "_": "\\_", "[": "\\[", "]": "\\]", "~": "\\~",
            "#": "\\#", "$": "\\$", "<": "&lt;", ">": "&gt;", "&": "&amp;",
        ])
    }
}
