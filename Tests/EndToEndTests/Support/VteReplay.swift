import Foundation
import LoadWrapTestSupport

/// Replays bytes in VTE through `Tests/Engines/vte-replay.py`, a GTK program under Xvfb. Its
/// start-up (GTK, an X server) costs about a second, so one process serves the whole test run:
/// a JSON line of jobs in, a JSON line of screens out, one request at a time. It ends when the
/// test process does (the end of its stdin).
final class VteReplay: @unchecked Sendable {
    /// Debian's python3-gi is built for the system Python: a `python3` earlier on PATH (pyenv, a
    /// venv) cannot import it, so the replayer runs this one.
    private static let python = "/usr/bin/python3"

    /// Whether Xvfb, xauth and VTE's GObject bindings are here.
    static let isInstalled: Bool = {
        guard ExternalTool.exists("xvfb-run"), ExternalTool.exists("xauth") else { return false }
        let probe = "gi.require_version('Gtk', '3.0'); gi.require_version('Vte', '2.91'); from gi.repository import Vte"
        let result = try? ExternalTool.runShell(["-c", "\(python) -c \"import gi; \(probe)\""], environment: TestEnvironment.childEnvironment())
        return result?.status == 0
    }()

    /// The one replayer of this test process.
    static let shared = VteReplay()

    private let lock = NSLock()
    private var input: FileHandle?
    private var output: FileHandle?
    private var pending: [UInt8] = []
    /// Where the replayer's stderr goes, read back when it fails.
    private let errorLog = TestDirectory.make() + "/vte-replay.err"

    /// One job of a request.
    private struct Job: Encodable {
        let file: String
        let cols: Int
        let rows: Int
    }

    /// One screen of an answer, or why there is none.
    private struct Answer: Decodable {
        let scrollback: [String]?
        let screen: [String]?
        let cursor: [Int]?
        let error: String?
    }

    /// The final screens of `files` (the bytes of `streams`), in order.
    func replay(files: [String], streams: [ReplayStream]) throws -> [EngineScreen] {
        let jobs = zip(files, streams).map { Job(file: $0, cols: $1.cols, rows: $1.rows) }
        let request = try JSONEncoder().encode(jobs) + Data("\n".utf8)
        let answers = try lock.withLock {
            do {
                try started().write(contentsOf: request)
                return try JSONDecoder().decode([Answer].self, from: Data(try readLine()))
            } catch {
                // The next request starts a new replayer.
                (input, output, pending) = (nil, nil, [])
                throw error
            }
        }
        return try zip(files, answers).map { file, answer in
            guard let scrollback = answer.scrollback, let screen = answer.screen, let cursor = answer.cursor, cursor.count == 2 else {
                throw EngineError("vte: \(file): \(answer.error ?? "no screen")")
            }
            return EngineScreen(scrollback: scrollback, visible: screen, cursorRow: cursor[0], cursorCol: cursor[1], cursorVisible: nil)
        }
    }

    /// The replayer's stdin, starting it on first use.
    private func started() throws -> FileHandle {
        if let input { return input }
        // A replayer that died fails the test that wrote to it, not the whole test process.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let script = TestEnvironment.packageRoot + "/Tests/Engines/vte-replay.py"
        process.arguments = ["-c", #"exec xvfb-run -a "$0" "$1" 2>"$2""#, Self.python, script, errorLog]
        process.environment = TestEnvironment.childEnvironment()
        let (toReplayer, fromReplayer) = (Pipe(), Pipe())
        process.standardInput = toReplayer
        process.standardOutput = fromReplayer
        try process.run()
        (input, output) = (toReplayer.fileHandleForWriting, fromReplayer.fileHandleForReading)
        return toReplayer.fileHandleForWriting
    }

    /// The next line the replayer prints, without its newline.
    private func readLine() throws -> [UInt8] {
        while !pending.contains(0x0A) {
            guard let chunk = output?.availableData, !chunk.isEmpty else {
                let log = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
                throw EngineError("vte: the replayer ended: \(log.suffix(2000))")
            }
            pending += chunk
        }
        let end = pending.firstIndex(of: 0x0A)!
        defer { pending.removeFirst(end + 1) }
        return Array(pending[..<end])
    }
}
