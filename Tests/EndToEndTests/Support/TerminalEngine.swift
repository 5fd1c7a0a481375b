import Foundation
import LoadWrapTestSupport

/// The terminal emulators, besides the tests' own model, that the screen tests replay a run's
/// bytes in (docs/design.md, "How it is tested"). Engines differ where a sequence touches rows
/// nobody wrote, at the pending wrap and on backspaces across a wrap, so each compares bare
/// against wrapped within itself: its own quirks cancel out.
enum TerminalEngine: String, CaseIterable, Sendable {
    /// tmux, which the other end-to-end tests run in.
    case tmux
    /// libvterm, the engine of vim's and neovim's `:terminal`.
    case libvterm
    /// VTE: GNOME Terminal, Ptyxis, Tilix, xfce4-terminal.
    case vte

    /// The Debian packages every engine needs; `.ci/run` installs them.
    static let packages = "tmux libvterm-dev gir1.2-vte-2.91 python3-gi xvfb xauth"

    /// Whether every engine can run here; when not, the tests that use them are skipped, or on
    /// CI fail (`replay` throws).
    static let allInstalled = allCases.allSatisfy(\.isInstalled)

    /// The engines the minimiser asks: the one `FUZZ_ENGINE` names, else all.
    static let selected: [TerminalEngine] = {
        let name = ProcessInfo.processInfo.environment["FUZZ_ENGINE"] ?? ""
        return name.isEmpty ? allCases : allCases.filter { $0.rawValue == name }
    }()

    /// Whether this engine can run here.
    var isInstalled: Bool {
        switch self {
        case .tmux: ExternalTool.exists("tmux")
        case .libvterm: VtermReplay.isInstalled
        case .vte: VteReplay.isInstalled
        }
    }

    /// The final screen after each of `streams`, in order, each on a fresh terminal of its size.
    func replay(_ streams: [ReplayStream]) throws -> [EngineScreen] {
        guard isInstalled else { throw EngineError("\(rawValue) is missing: apt-get install \(Self.packages)") }
        let directory = TestDirectory.make()
        defer { TestDirectory.remove(directory) }
        let files = try streams.enumerated().map { index, stream in
            let path = "\(directory)/stream-\(index)"
            try Data(stream.bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
        switch self {
        case .tmux: return try TmuxReplay.replay(files: files, streams: streams)
        case .libvterm: return try VtermReplay.replay(files: files, streams: streams)
        case .vte: return try VteReplay.shared.replay(files: files, streams: streams)
        }
    }
}

/// Bytes a terminal received, and the size of that terminal.
struct ReplayStream: Sendable {
    var bytes: [UInt8]
    var cols: Int
    var rows: Int
}

/// An engine that could not run or answered what the tests cannot read.
struct EngineError: Error, CustomStringConvertible {
    let description: String

    /// The failure `description`.
    init(_ description: String) { self.description = description }
}
