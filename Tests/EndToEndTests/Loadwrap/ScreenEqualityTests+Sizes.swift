import Testing

/// The cases where engines disagree (docs/design.md, "Every terminal, not one"): lines of exactly
/// the width, wide characters at the last column, clear screens during and after the run, the
/// alternate screen, scroll regions, `--tail`, siblings' rows and `-c` prefixes, each at three
/// sizes, bare against wrapped in the model and in every engine.
extension ScreenEqualityTests {
    /// A terminal's size.
    struct Size: Sendable, CustomTestStringConvertible {
        let cols: Int
        let rows: Int
        var testDescription: String { "\(cols)x\(rows)" }

        /// The sizes every case runs at: the common default, a larger one, and one so narrow that
        /// the spinner line and the test lines fill it.
        static let all = [Size(cols: 80, rows: 24), Size(cols: 100, rows: 30), Size(cols: 40, rows: 12)]
    }

    /// A case whose script depends on the width: its bare and its wrapped argv.
    struct SizedCase: Sendable, CustomTestStringConvertible {
        let name: String
        /// The argv for a terminal `cols` wide, bare or wrapped.
        let argv: @Sendable (_ cols: Int, _ wrapped: Bool) -> [String]
        var testDescription: String { name }

        /// `script` (given the width) under `loadwrap --delay 0 OPTIONS --`, or bare; `after` runs
        /// in the outer shell once the program (and loadwrap) has ended, as a user's next command.
        /// The script starts after a pause, in which the spinner draws on the empty line: a case
        /// whose output keeps it away at once (a scroll region, a partial line) still has drawn it.
        static func program(
            _ name: String, options: [String] = [], after: String = "", _ script: @escaping @Sendable (Int) -> String
        ) -> SizedCase {
            SizedCase(name: name) { cols, wrapped in
                let program = (wrapped ? Loadwrap.command(["--delay", "0"] + options + ["--"]) : [])
                    + ["/bin/sh", "-c", "sleep 0.3; " + script(cols)]
                // "$@" keeps the program's quoting intact through the outer shell.
                return after.isEmpty ? program : ["/bin/sh", "-c", "\"$@\"; \(after)", "sh"] + program
            }
        }
    }

    static let sizedCases: [SizedCase] = [
        .program("a line of the width, then \\r") { "echo top; printf '%0\($0)d' 1; sleep 0.2; printf '\\rover\\n'; sleep 0.2" },
        .program("a line of the width, then \\n") { "echo top; printf '%0\($0)d' 2; sleep 0.2; printf '\\nnext\\n'; sleep 0.2" },
        .program("a line of the width, then ESC[K") { "echo top; printf '%0\($0)d' 3; sleep 0.2; printf '\\033[Kend\\n'; sleep 0.2" },
        .program("a line of the width, then the end") { "echo top; sleep 0.2; printf '%0\($0)d' 4; sleep 0.2" },
        .program("wide characters at the last column") {
            "printf '%0\($0 - 1)d日本\\n' 5; sleep 0.2; printf '%0\($0 - 2)d日' 6; sleep 0.2; printf '語\\n'; sleep 0.2"
        },
        .program("a clear screen during the run") { _ in "seq 3; sleep 0.2; printf '\\033[H\\033[2J'; echo cleared; sleep 0.2" },
        .program("a clear screen and scrollback during the run") { _ in
            "seq 3; sleep 0.2; printf '\\033[H\\033[2J\\033[3J'; echo cleared; sleep 0.2"
        },
        // Ctrl-L at a shell's prompt after the run: the issue's case (VTE pushes every row loadwrap
        // erased). The shell prints its prompt, clears, and prints it again at the top.
        .program("a clear screen after the run", after: #"printf '$ \033[H\033[2J$ '"#) { _ in "echo building; sleep 0.5; echo built" },
        .program("a clear screen and scrollback after the run", after: #"printf '$ \033[H\033[2J\033[3J$ '"#) { _ in
            "echo building; sleep 0.5; echo built"
        },
        .program("the alternate screen") { _ in
            "echo before; sleep 0.2; printf '\\033[?1049h\\033[Hfull screen'; sleep 0.2; printf '\\033[?1049l'; echo after; sleep 0.2"
        },
        .program("a scroll region") { _ in
            "seq 3; printf '\\033[2;6r\\033[6;1H'; sleep 0.2; seq 10; printf '\\033[r'; sleep 0.2; echo after; sleep 0.2"
        },
        tail, siblings, prefixes,
    ]

    @Test("the bare run's screen at every size, in every engine", arguments: sizedCases, Size.all)
    func sameScreenAtEverySize(_ c: SizedCase, _ size: Size) throws {
        try SideBySide.expectSameScreen(
            bare: c.argv(size.cols, false), wrapped: c.argv(size.cols, true), cols: size.cols, rows: size.rows,
            spinnerMustShow: true, context: "case: \(c.name) at \(size.cols)x\(size.rows)")
    }
}
