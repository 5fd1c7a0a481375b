import Testing

/// A program run bare and under loadwrap at the same time, each in a terminal of its own of one
/// size, and the final screens compared in the tests' model and in every terminal engine.
enum SideBySide {
    /// Runs `bare` and `wrapped` at once in `cols` x `rows` terminals, to their ends: their
    /// endings and every byte each terminal received.
    static func run(bare: [String], wrapped: [String], cols: Int = 80, rows: Int = 24) throws -> (bare: PtyRun, wrapped: PtyRun) {
        let size = (rows: UInt16(rows), cols: UInt16(cols))
        let sessions = [try PtySession(bare, rows: size.rows, cols: size.cols), try PtySession(wrapped, rows: size.rows, cols: size.cols)]
        defer { sessions.forEach { $0.terminate() } }
        let runs = sessions.map { PtyRun(termination: $0.waitForExit(), output: $0.output, stdout: [], stderr: []) }
        return (runs[0], runs[1])
    }

    /// Expects `wrapped` to end as `bare` does (`status`) and leave its final screen, scrollback
    /// and cursor, in the model and in each engine; `spinnerMustShow` asks for proof that
    /// loadwrap drew. `context` begins every failure message.
    static func expectSameScreen(
        bare: [String], wrapped: [String], cols: Int = 80, rows: Int = 24, status: Int32 = 0, spinnerMustShow: Bool,
        context: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let runs = try run(bare: bare, wrapped: wrapped, cols: cols, rows: rows)
        let comment = Comment(rawValue: context)
        #expect(runs.bare.termination == .exited(status), comment, sourceLocation: sourceLocation)
        #expect(runs.wrapped.termination == .exited(status), comment, sourceLocation: sourceLocation)
        if spinnerMustShow {
            #expect(!Loadwrap.frames(in: runs.wrapped.output).isEmpty, "\(comment)\nthe spinner never drew, so this proves nothing",
                    sourceLocation: sourceLocation)
        }
        let expected = runs.bare.screen(rows: rows, cols: cols).snapshot
        let actual = runs.wrapped.screen(rows: rows, cols: cols).snapshot
        #expect(actual == expected, "\(comment)\nmodel: wrapped (left) vs bare (right): \(actual.difference(from: expected))",
                sourceLocation: sourceLocation)
        EngineReplay.expectSame(
            [EngineReplay.Check(wrapped: runs.wrapped.output, accepted: [runs.bare.output], cols: cols, rows: rows, context: context)],
            sourceLocation: sourceLocation)
    }
}
