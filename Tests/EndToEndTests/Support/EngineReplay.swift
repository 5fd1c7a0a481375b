import Foundation
import Testing

/// The screen tests' comparison in every terminal engine (`TerminalEngine`): each case's wrapped
/// run and the screens it may leave are replayed in each engine, and the wrapped screen must be
/// one of them in that engine. The tests' own model is compared by the tests themselves (it
/// also sees soft wraps and the pending wrap); this adds the engines users run.
enum EngineReplay {
    /// One case: the wrapped run's bytes, the bytes of each screen it may leave (the bare run's,
    /// or under `--tail` several), the terminal's size, and how to reproduce the case.
    struct Check: Sendable {
        var wrapped: [UInt8]
        var accepted: [[UInt8]]
        var cols = 80
        var rows = 24
        var context: String
        /// What the accepted screens are, for the failure message.
        var acceptedName = "bare"

        /// The most rows loadwrap draws on at once: the line, and with `--tail` the window's rows.
        var drawnRows = 1

        /// The blank rows VTE may hold more than the accepted run (`EngineScreen.matches`): those
        /// loadwrap drew on, for each time the accepted runs clear the screen (`ESC[2J`).
        var vteBlankRows: Int {
            let clears = accepted.map { bytes in
                bytes.indices.filter { bytes[$0...].starts(with: Self.clearScreen) }.count
            }.max() ?? 0
            return clears * drawnRows
        }

        private static let clearScreen: [UInt8] = Array("\u{1B}[2J".utf8)
    }

    /// Why the tests that replay in the engines are skipped when one is missing (on CI they run
    /// and fail instead).
    static let missing: Comment = "a terminal engine is missing: .ci/run installs tmux libvterm-dev gir1.2-vte-2.91 python3-gi xvfb xauth"

    /// Records an issue naming the engine for each check whose wrapped screen is none of its
    /// accepted ones there, and one for each engine that cannot replay.
    static func expectSame(
        _ checks: [Check], in engines: [TerminalEngine] = TerminalEngine.allCases, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (engine, outcome) in zip(engines, outcomes(checks, in: engines)) {
            switch outcome {
            case .failure(let error):
                Issue.record("\(engine.rawValue): \(error)", sourceLocation: sourceLocation)
            case .success(let differences):
                for (check, difference) in zip(checks, differences) {
                    guard let difference else { continue }
                    let text = "\(check.context)\n\(engine.rawValue): wrapped (left) vs \(check.acceptedName) (right): \(difference)"
                    Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
                }
            }
        }
    }

    /// The engines where `check`'s wrapped screen is none of its accepted ones (the minimiser's test).
    static func differing(_ check: Check, in engines: [TerminalEngine] = TerminalEngine.selected) throws -> [TerminalEngine] {
        try zip(engines, outcomes([check], in: engines)).filter { try $1.get()[0] != nil }.map(\.0)
    }

    /// Per engine, in order: per check, nil when the wrapped screen is accepted, else how it differs.
    private static func outcomes(_ checks: [Check], in engines: [TerminalEngine]) -> [Result<[String?], Error>] {
        let results = Results(count: engines.count)
        // Each engine is processes of its own: replaying in all of them at once saves wall time.
        DispatchQueue.concurrentPerform(iterations: engines.count) { index in
            results.set(index, Result { try differences(checks, in: engines[index]) })
        }
        return results.all
    }

    /// Replays every check in `engine` at once and compares each wrapped screen with its accepted ones.
    private static func differences(_ checks: [Check], in engine: TerminalEngine) throws -> [String?] {
        let streams = checks.flatMap { check in
            ([check.wrapped] + check.accepted).map { ReplayStream(bytes: $0, cols: check.cols, rows: check.rows) }
        }
        var screens = try engine.replay(streams)[...]
        return checks.map { check in
            let actual = screens.removeFirst()
            let accepted = Array(screens.prefix(check.accepted.count))
            screens.removeFirst(check.accepted.count)
            guard !accepted.contains(where: { actual.matches($0, in: engine, blankRows: check.vteBlankRows) }) else { return nil }
            let closest = accepted.first { $0.cursorRow == actual.cursorRow } ?? accepted[0]
            return actual.difference(from: closest)
        }
    }

    /// The engines' outcomes, written from several threads.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Result<[String?], Error>]

        /// Room for `count` outcomes.
        init(count: Int) { results = Array(repeating: .success([]), count: count) }

        /// Stores the outcome of engine `index`.
        func set(_ index: Int, _ result: Result<[String?], Error>) { lock.withLock { results[index] = result } }

        /// Every outcome, in engine order.
        var all: [Result<[String?], Error>] { lock.withLock { results } }
    }
}
