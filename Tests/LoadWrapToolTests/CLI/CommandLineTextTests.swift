import Testing

@testable import LoadWrapCore
@testable import LoadWrapKit
@testable import LoadWrapRuns
@testable import LoadWrapTool

/// Texts from the command line are sanitised once, by the parser; the spinner line, the report
/// lines and the control channel print them as they come, so none of them carries an escape.
@Suite struct CommandLineTextTests {
    /// The options parsed from `arguments`, failing the test when they do not make a `run`.
    func options(_ arguments: [String]) throws -> Options {
        guard case .run(let options) = try ArgumentParser.parse(arguments) else {
            Issue.record("\(arguments) did not parse as a run")
            return Options(command: [])
        }
        return options
    }

    /// The wire form of `message` as text.
    func wire(_ message: ControlMessage) -> String {
        String(decoding: message.encoded, as: UTF8.self)
    }

    @Test func aTitleReachesTheSpinnerLineWithoutEscapes() throws {
        let title = try options(["--title", "\u{1B}[31mred\u{1B}[0m", "make"]).resolvedTitle
        let line = SpinnerLine.render(frame: "-", title: title, elapsedMS: 0, columns: 80, appearance: .init(color: false, utf8: false))
        #expect(line == "- red 0s")
        #expect(!line.unicodeScalars.contains("\u{1B}"))
    }

    @Test func theDefaultTitleShowsTheCommandWithoutEscapes() {
        // The command runs with its words as given; only the title made from them is cleaned.
        let options = Options(command: ["printf", "\u{1B}]52;c;aGk=\u{07}", "hi"])
        #expect(options.resolvedTitle == "printf '' hi")
        #expect(options.command[1] == "\u{1B}]52;c;aGk=\u{07}")
    }

    /// The command line the run tree keeps (the files show it) is the default title's text, also
    /// under a `--title`; several `-c` read as typed, never as the runner loadwrap makes of them.
    @Test func theCommandLineForTheFilesIsTheDefaultTitlesText() throws {
        let titled = try options(["--title", "build", "--", "printf", "\u{1B}]52;c;aGk=\u{07}", "a b"])
        #expect(titled.commandLine == "printf '' 'a b'")
        let one = try options(["-c", "make all"])
        #expect(one.commandLine == "/bin/sh -c 'make all'", "what runs it, as a run of /bin/sh -c LINE titles itself")
        let several = try options(["-c", "make a", "-c", "make\u{1B}[2J b"])
        #expect(several.commandLine == "-c 'make a' -c 'make b'")
        #expect(several.runningJobs(executable: "/x/loadwrap").commandLine == "-c 'make a' -c 'make b'")
    }

    @Test func titlesReachTheReportLinesWithoutEscapes() throws {
        let hostile = "make\u{1B}[2J\u{1B}]52;c;aGk=\u{07} all\nnow\u{202E}"
        let parsed = try options(["--title", hostile, "--failure", "\u{1B}[32mfake", "make"])
        let utf8 = ReportLines(utf8: true, color: false)
        let title = parsed.resolvedTitle
        #expect(utf8.start(title) == "▸ make all now\n")
        #expect(utf8.heartbeat(title, elapsedMS: 1_000) == "… make all now · still running · 1.0s\n")
        #expect(utf8.end(title, outcome: .ended(.exited(0)), elapsedMS: 1_000) == "✔ make all now · 1.0s\n")
        #expect(
            ReportLines(utf8: true, color: true).end(parsed.failureText!, outcome: .ended(.exited(3)), elapsedMS: 0)
                == "\u{1B}[31m✖\u{1B}[39m fake · exit 3 · 0.0s\n")
        #expect(try options(["--success", "ok\u{1B}[5m", "make"]).successText == "ok")
    }

    @Test func sayAndDoneReachTheControlChannelWithoutEscapes() throws {
        // A tab or line break would start a new field or message; escapes must never reach the terminal.
        let say = try ArgumentParser.parse(["say", "a\tb\nc\r\u{1B}[31mred\u{1B}[0m"])
        #expect(say == .say("a b c red"))
        if case .say(let text) = say { #expect(wire(.say(text)) == "say\ta b c red\n") }
        let done = try ArgumentParser.parse(["done", "\u{1B}]52;c;aGk=\u{07}ok"])
        #expect(done == .done("ok"))
        if case .done(let text) = done { #expect(wire(.done(text)) == "done\tok\n") }
        let title = try options(["--title", "x\u{202E}y\n", "make"]).resolvedTitle
        #expect(wire(.push(pid: 7, title: title)) == "push\t7\txy \n")
    }
}
