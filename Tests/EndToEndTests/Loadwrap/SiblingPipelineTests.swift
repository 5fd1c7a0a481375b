import Foundation
import Testing

/// Two loadwraps in one pipeline, both sides printing on the terminal (`loadwrap -- gen |
/// loadwrap -- parse`): one draws the line, the other writes only in the terminal's turn, so none
/// of its bytes lands on the drawn line, whatever the timing. Each pipeline runs many times at
/// once in tmux, a real terminal, and every final screen is the bare run's: the same rows, each
/// side's in its own order. Which side's line comes first is a race between two processes even
/// bare, so that order alone is left free.
@Suite(.enabled(if: ExternalTool.exists("tmux") || ExternalTool.onCI, "tmux is not installed (.ci/run installs it)"))
struct SiblingPipelineTests {
    private static let loadwrap = TestEnvironment.loadwrap
    /// How many wrapped runs each case makes at once: the timing differs from run to run.
    static let runs = 12

    /// A pipeline whose left side prints on stdout (the data) and stderr (the terminal), and whose
    /// right side reads the data, prints, then fails.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let gen: String
        /// Prints a line for each line of data, or (`atEnd`) one line once the data has ended: bare,
        /// a line the left side prints byte by byte would be cut by the right side's at any moment.
        var atEnd = false
        var testDescription: String { name }
        var parse: String { atEnd ? "sh -c 'while read l; do :; done; echo got-all; exit 3'" : "sh -c 'while read l; do echo got-$l; done; exit 3'" }
    }

    static let cases = [
        Case(name: "four lines half a second apart",
             gen: "for i in 1 2 3 4; do echo l$i; echo prog-$i >&2; sleep 0.5; done"),
        Case(name: "a chatty upstream",
             gen: "for i in $(seq 1 60); do echo l$i; echo prog-$i >&2; done; sleep 0.3; echo l61; echo prog-61 >&2"),
        Case(name: "the upstream's stderr byte by byte",
             gen: "for i in 1 2 3; do echo l$i; for c in p r o g - $i; do printf %s $c >&2; sleep 0.05; done; echo >&2; sleep 0.3; done",
             atEnd: true),
    ]

    @Test(arguments: cases)
    func everyRunLeavesTheBareRowsWithNothingOnThem(_ c: Case) throws {
        let terminal = try TmuxTerminal(cols: 80, rows: 24)
        let parse = c.parse
        try terminal.start("bare", script: "sh -c '\(c.gen)' | \(parse)")
        for run in 0..<Self.runs {
            try terminal.start("run\(run)", script: "\(Self.loadwrap) -t gen -- sh -c '\(c.gen)' | \(Self.loadwrap) -t parse -- \(parse)")
        }
        #expect(terminal.waitForExit("bare") == 3)
        let bare = try terminal.finalScreen("bare")
        for run in 0..<Self.runs {
            #expect(terminal.waitForExit("run\(run)", timeout: 60) == 3)
            let wrapped = try terminal.finalScreen("run\(run)")
            Self.expectSameRows(wrapped, as: bare, run: run)
        }
    }

    /// The rows of `wrapped` are those of `bare`, exactly (colours included), each side's (`prog-`
    /// from the left, `got-` from the right) in the same order; the cursor ends in the same place.
    static func expectSameRows(_ wrapped: TmuxTerminal.FinalScreen, as bare: TmuxTerminal.FinalScreen, run: Int) {
        let (rows, expected) = (wrapped.rows.filter { !$0.isEmpty }, bare.rows.filter { !$0.isEmpty })
        #expect(rows.sorted() == expected.sorted(), "run \(run):\n\(wrapped)\nbare:\n\(bare)")
        for side in ["prog-", "got-"] {
            #expect(rows.filter { $0.hasPrefix(side) } == expected.filter { $0.hasPrefix(side) }, "run \(run), \(side) rows:\n\(wrapped)")
        }
        #expect(wrapped.cursor == bare.cursor && wrapped.historySize == bare.historySize, "run \(run):\n\(wrapped)\nbare:\n\(bare)")
    }
}
