import Foundation

/// Replays bytes in libvterm through `Tests/Engines/vterm-replay.c`, compiled against Debian's
/// libvterm-dev into `.build/engines/` on first use (and again when the source is newer).
enum VtermReplay {
    /// Whether libvterm's header and a C compiler are here.
    static let isInstalled = FileManager.default.fileExists(atPath: "/usr/include/vterm.h") && ExternalTool.exists("cc")

    private static let source = TestEnvironment.packageRoot + "/Tests/Engines/vterm-replay.c"
    private static let executable = TestEnvironment.packageRoot + "/.build/engines/vterm-replay"

    /// The replayer, built once per test process: the path, or why it could not be built.
    private static let built: Result<String, EngineError> = {
        let modified = { (path: String) in
            (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]) as? Date
        }
        if let binary = modified(executable), let code = modified(source), binary >= code { return .success(executable) }
        // Built under another name and renamed, so a concurrent test run never runs half a file.
        let partial = "\(executable).\(getpid())"
        let command = "mkdir -p '\(TestEnvironment.packageRoot)/.build/engines' && cc -O2 -Wall -Wextra -Werror -o '\(partial)' '\(source)' -lvterm && mv '\(partial)' '\(executable)'"
        guard let (status, output) = try? ExternalTool.runShell(["-c", command], environment: TestEnvironment.childEnvironment())
        else { return .failure(EngineError("libvterm: cannot run sh to build \(source)")) }
        return status == 0 ? .success(executable) : .failure(EngineError("libvterm: \(output)"))
    }()

    /// The final screens of `files` (the bytes of `streams`), in order: one run of the replayer per size.
    static func replay(files: [String], streams: [ReplayStream]) throws -> [EngineScreen] {
        let executable = try built.get()
        var screens = [EngineScreen?](repeating: nil, count: files.count)
        for (size, indices) in Dictionary(grouping: files.indices, by: { [streams[$0].cols, streams[$0].rows] }) {
            let parsed = try replay(indices.map { files[$0] }, size: size, executable: executable)
            guard parsed.count == indices.count else { throw EngineError("libvterm: \(parsed.count) screens for \(indices.count) files") }
            for (index, screen) in zip(indices, parsed) { screens[index] = screen }
        }
        return screens.map { $0! }
    }

    /// The screens of `files` on a terminal of `size` (columns, rows). libvterm 0.1.4 crashes on
    /// some streams, bare ones too (`vterm_input_write` on a CSI of more than 16 arguments, as
    /// `ESC[48;2;7;208;189;48:2::248:162:43;38:2::203:194:204m`: fuzz seed 30332): then each file
    /// is replayed alone, and one that crashes it gets a screen saying so, which a bare stream that
    /// crashes it too matches, and a bare one that does not does not.
    private static func replay(_ files: [String], size: [Int], executable: String) throws -> [EngineScreen] {
        let run = { (files: [String]) in
            try ExternalTool.runShell(["-c", #""$@""#, "sh", executable] + size.map(String.init) + files, environment: [:])
        }
        let (status, output) = try run(files)
        if status == 0 { return try parse(output) }
        guard status > 128 else { throw EngineError("libvterm: vterm-replay exited \(status): \(output)") }
        return try files.map { file in
            let (status, output) = try run([file])
            if status == 0 { return try parse(output)[0] }
            guard status > 128 else { throw EngineError("libvterm: vterm-replay exited \(status): \(output)") }
            return EngineScreen(scrollback: [], visible: ["⟦libvterm crashed: signal \(status - 128)⟧"], cursorRow: 0, cursorCol: 0,
                                cursorVisible: nil)
        }
    }

    /// The replayer's blocks ("scrollback N", N rows, "screen R", R rows, "cursor ROW COL VISIBLE ALT").
    private static func parse(_ output: String) throws -> [EngineScreen] {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        var screens: [EngineScreen] = []
        while let line = lines.popFirst(), line.hasPrefix("file ") {
            let scrollback = try rows(after: "scrollback", in: &lines)
            let visible = try rows(after: "screen", in: &lines)
            let cursor = (lines.popFirst() ?? "").split(separator: " ").dropFirst().compactMap { Int($0) }
            guard cursor.count == 4, lines.popFirst() == "end" else { throw EngineError("libvterm: unreadable output \(output)") }
            screens.append(EngineScreen(
                scrollback: scrollback, visible: visible, cursorRow: cursor[0], cursorCol: cursor[1], cursorVisible: cursor[2] == 1))
        }
        return screens
    }

    /// The rows after a "`label` N" line: N of them.
    private static func rows(after label: String, in lines: inout ArraySlice<String>) throws -> [String] {
        guard let header = lines.popFirst(), header.hasPrefix(label + " "), let count = Int(header.dropFirst(label.count + 1)),
            lines.count >= count
        else { throw EngineError("libvterm: no \(label) count") }
        defer { lines.removeFirst(count) }
        return Array(lines.prefix(count))
    }
}
