import Testing

@testable import LoadWrapTool

@Suite struct ArgumentParserTests {
    /// The options parsed from `arguments`, failing the test when they do not make a `run`.
    func options(_ arguments: [String]) throws -> Options {
        guard case .run(let options) = try ArgumentParser.parse(arguments) else {
            Issue.record("\(arguments) did not parse as a run")
            return Options(command: [])
        }
        return options
    }

    /// The error `arguments` throw, failing the test when they parse.
    func error(_ arguments: [String]) -> UsageError? {
        do {
            let invocation = try ArgumentParser.parse(arguments)
            Issue.record("\(arguments) parsed as \(invocation)")
            return nil
        } catch {
            return error
        }
    }

    @Test func defaults() throws {
        #expect(
            try options(["--", "make"])
                == Options(title: nil, spinner: nil, delayMS: 100, mode: .auto, color: .auto, command: ["make"]))
    }

    @Test(arguments: [
        ["--title", "Fetching index", "--", "make"], ["--title=Fetching index", "--", "make"],
        ["-t", "Fetching index", "--", "make"], ["-tFetching index", "--", "make"],
        ["-t", "Fetching index", "make"],
    ])
    func titleForms(arguments: [String]) throws {
        let parsed = try options(arguments)
        #expect(parsed.title == "Fetching index")
        #expect(parsed.command == ["make"])
    }

    @Test(arguments: [
        ["--spinner", "line", "x"], ["--spinner=line", "x"], ["-s", "line", "x"], ["-sline", "x"],
    ])
    func spinnerForms(arguments: [String]) throws {
        #expect(try options(arguments).spinner == .line)
    }

    @Test func valueOptions() throws {
        let parsed = try options(["--delay", "250ms", "--mode=plain", "--color", "never", "--", "ls", "-l"])
        #expect(parsed == Options(delayMS: 250, mode: .plain, color: .never, command: ["ls", "-l"]))
        #expect(try options(["--delay=1.5", "x"]).delayMS == 1_500)
        #expect(try options(["--mode", "overlay", "x"]).mode == .overlay)
        #expect(try options(["--mode", "silent", "x"]).mode == .silent)
        #expect(try options(["--color=always", "x"]).color == .always)
    }

    @Test func laterValueWins() throws {
        #expect(try options(["-t", "a", "--title", "b", "x"]).title == "b")
    }

    @Test func emptyAttachedValueIsAValue() throws {
        #expect(try options(["--title=", "x"]).title == "")
    }

    @Test func valueMayBeALoneDash() throws {
        #expect(try options(["--title", "-", "x"]).title == "-")
    }

    @Test func everythingAfterDoubleDashIsTheCommand() throws {
        #expect(try options(["--", "--help", "--", "-t", "x"]).command == ["--help", "--", "-t", "x"])
        #expect(try options(["-t", "a", "--", "--"]).command == ["--"])
    }

    @Test func firstNonOptionWordStartsTheCommand() throws {
        #expect(try options(["make", "-j8"]).command == ["make", "-j8"])
        #expect(try options(["-t", "b", "make", "--title", "x", "--"]).command == ["make", "--title", "x", "--"])
        #expect(try options(["-", "x"]).command == ["-", "x"])
        #expect(try options(["", "x"]).command == ["", "x"])
    }

    @Test func immediateActions() throws {
        #expect(try ArgumentParser.parse(["--help"]) == .help)
        #expect(try ArgumentParser.parse(["-h"]) == .help)
        #expect(try ArgumentParser.parse(["-t", "x", "--help", "--bogus"]) == .help)
        #expect(try ArgumentParser.parse(["--version"]) == .version)
        #expect(try ArgumentParser.parse(["--list-spinners"]) == .listSpinners)
        #expect(try ArgumentParser.parse(["make", "--help"]) == .run(Options(command: ["make", "--help"])))
    }

    @Test func unknownOptions() {
        #expect(error(["--spiner", "dots", "x"]) == .unknownOption("--spiner", suggestion: "--spinner"))
        #expect(error(["--spiner=dots", "x"]) == .unknownOption("--spiner", suggestion: "--spinner"))
        #expect(error(["--zzz", "x"]) == .unknownOption("--zzz", suggestion: nil))
        #expect(error(["--spin", "x"]) == .unknownOption("--spin", suggestion: "--spinner"))
        #expect(error(["-x", "make"]) == .unknownOption("-x", suggestion: nil))
        #expect(error(["-version"]) == .unknownOption("-version", suggestion: "--version"))
        #expect(error(["-hx"]) == .unknownOption("-hx", suggestion: nil))
        #expect(error(["--=x", "y"]) == .unknownOption("--=x", suggestion: nil))
    }

    @Test func missingValues() {
        #expect(error(["--title"]) == .missingValue(option: "--title", valueName: "text"))
        #expect(error(["-t"]) == .missingValue(option: "-t", valueName: "text"))
        #expect(error(["--title", "--", "make"]) == .missingValue(option: "--title", valueName: "text"))
        #expect(error(["--spinner", "--mode", "plain", "x"]) == .missingValue(option: "--spinner", valueName: "name"))
        #expect(error(["--delay"]) == .missingValue(option: "--delay", valueName: "duration"))
    }

    @Test func flagsTakeNoValue() {
        #expect(error(["--help=yes"]) == .unexpectedValue(option: "--help"))
        #expect(error(["--list-spinners=all"]) == .unexpectedValue(option: "--list-spinners"))
    }

    @Test func missingCommand() {
        #expect(error([]) == .missingCommand)
        #expect(error(["--"]) == .missingCommand)
        #expect(error(["-t", "x"]) == .missingCommand)
        #expect(error(["-t", "x", "--"]) == .missingCommand)
    }

    @Test func badValues() {
        #expect(error(["--delay", "5x", "x"]) == .invalidDuration("5x", option: "--delay"))
        #expect(error(["--delay=-1s", "x"]) == .invalidDuration("-1s", option: "--delay"))
        #expect(error(["--delay=", "x"]) == .invalidDuration("", option: "--delay"))
        #expect(error(["--spinner", "dotz", "x"]) == .unknownSpinner("dotz", option: "--spinner", suggestion: "dots"))
        #expect(error(["-sdotz", "x"]) == .unknownSpinner("dotz", option: "-s", suggestion: "dots"))
        #expect(error(["-s", "zzzzzz", "x"]) == .unknownSpinner("zzzzzz", option: "-s", suggestion: nil))
        #expect(
            error(["--color", "sometimes", "x"])
                == .invalidValue("sometimes", option: "--color", accepted: ["auto", "always", "never"]))
        #expect(
            error(["--mode=fancy", "x"])
                == .invalidValue("fancy", option: "--mode", accepted: ["auto", "overlay", "plain", "silent"]))
    }

    @Test func firstProblemWins() {
        #expect(error(["--delay", "5x", "--spiner", "x"]) == .invalidDuration("5x", option: "--delay"))
    }

    @Test func newOptionDefaults() throws {
        let parsed = try options(["make"])
        #expect(!parsed.quiet)
        #expect(parsed.result == nil)
        #expect(parsed.successText == nil)
        #expect(parsed.failureText == nil)
        #expect(parsed.heartbeatMS == 60_000)
        #expect(parsed.groups)
    }

    @Test(arguments: [["-q", "make"], ["--quiet", "make"], ["--quiet", "--", "make"]])
    func quietForms(arguments: [String]) throws {
        let parsed = try options(arguments)
        #expect(parsed.quiet)
        #expect(parsed.command == ["make"])
    }

    @Test func quietTakesNoValue() {
        #expect(error(["--quiet=yes", "make"]) == .unexpectedValue(option: "--quiet"))
        #expect(error(["-qt", "x", "make"]) == .unknownOption("-qt", suggestion: nil))
    }

    @Test func resultAloneMeansAlways() throws {
        #expect(try options(["--result", "--", "make"]).result == .always)
        #expect(try options(["--result", "make"]).result == .always)
    }

    @Test func resultValuesAreAttached() throws {
        #expect(try options(["--result=always", "make"]).result == .always)
        #expect(try options(["--result=failure", "make"]).result == .failure)
        #expect(try options(["--result=never", "make"]).result == .never)
    }

    /// The value of `--result` is optional, so it can only be attached: a following word is the
    /// command, as `loadwrap --result make` must run `make`.
    @Test func wordAfterResultStartsTheCommand() throws {
        let parsed = try options(["--result", "failure"])
        #expect(parsed.result == .always)
        #expect(parsed.command == ["failure"])
        #expect(try options(["--result", "never", "-x"]).command == ["never", "-x"])
    }

    @Test func badResultValue() {
        let bogus = error(["--result=bogus", "make"])
        #expect(bogus == .invalidValue("bogus", option: "--result", accepted: ["always", "failure", "never"]))
        #expect(
            bogus?.rendered() == "Error: Invalid value 'bogus' for '--result': expected always, failure or never.\n")
        #expect(
            error(["--result=", "make"])
                == .invalidValue("", option: "--result", accepted: ["always", "failure", "never"]))
    }

    @Test func successAndFailureTexts() throws {
        let parsed = try options(["--success", "Built", "--failure=Build broke", "make"])
        #expect(parsed.successText == "Built")
        #expect(parsed.failureText == "Build broke")
        #expect(try options(["--success=", "make"]).successText == "")
        #expect(error(["--success"]) == .missingValue(option: "--success", valueName: "text"))
        #expect(error(["--failure", "--", "make"]) == .missingValue(option: "--failure", valueName: "text"))
    }

    @Test func heartbeat() throws {
        #expect(try options(["--heartbeat", "5s", "make"]).heartbeatMS == 5_000)
        #expect(try options(["--heartbeat=90", "make"]).heartbeatMS == 90_000)
        #expect(try options(["--heartbeat", "2m", "make"]).heartbeatMS == 120_000)
        #expect(try options(["--heartbeat", "0", "make"]).heartbeatMS == 0)
        #expect(error(["--heartbeat", "soon", "make"]) == .invalidDuration("soon", option: "--heartbeat"))
        #expect(error(["--heartbeat=-5s", "make"]) == .invalidDuration("-5s", option: "--heartbeat"))
        #expect(error(["--heartbeat"]) == .missingValue(option: "--heartbeat", valueName: "duration"))
    }

    @Test func noGroup() throws {
        #expect(try !options(["--no-group", "make"]).groups)
        #expect(error(["--no-group=yes", "make"]) == .unexpectedValue(option: "--no-group"))
    }

    @Test func noHistory() throws {
        #expect(try options(["make"]).history)
        #expect(try !options(["--no-history", "make"]).history)
        #expect(error(["--no-history=1", "make"]) == .unexpectedValue(option: "--no-history"))
    }

    @Test func historyClear() throws {
        #expect(try ArgumentParser.parse(["history", "--clear"]) == .clearHistory)
        #expect(error(["history"]) == .historyUsage)
        #expect(error(["history", "--clear", "x"]) == .historyUsage)
        #expect(try options(["--", "history", "--clear"]).command == ["history", "--clear"])
        #expect(UsageError.historyUsage.rendered() == "Error: Expected 'loadwrap history --clear'.\n")
    }

    @Test func newOptionsTogether() throws {
        let parsed = try options([
            "-q", "--result=failure", "--success", "ok", "--failure", "bad", "--heartbeat", "10s", "--no-group",
            "--mode", "plain", "--", "make", "-j8",
        ])
        var expected = Options(mode: .plain, command: ["make", "-j8"])
        expected.quiet = true
        expected.result = .failure
        expected.successText = "ok"
        expected.failureText = "bad"
        expected.heartbeatMS = 10_000
        expected.groups = false
        #expect(parsed == expected)
    }

    @Test func misspelledNewOptions() {
        #expect(error(["--quite", "make"]) == .unknownOption("--quite", suggestion: "--quiet"))
        #expect(error(["--results", "make"]) == .unknownOption("--results", suggestion: "--result"))
        #expect(error(["--no-groups", "make"]) == .unknownOption("--no-groups", suggestion: "--no-group"))
        #expect(error(["--hearbeat=5s", "make"]) == .unknownOption("--hearbeat", suggestion: "--heartbeat"))
    }

    @Test func sayJoinsItsWords() throws {
        #expect(try ArgumentParser.parse(["say", "a", "b"]) == .say("a b"))
        #expect(try ArgumentParser.parse(["say", "Uploading 3/10"]) == .say("Uploading 3/10"))
        #expect(try ArgumentParser.parse(["say"]) == .say(""))
    }

    @Test func sayTakesOptionLikeWordsAsText() throws {
        #expect(try ArgumentParser.parse(["say", "--help", "-t"]) == .say("--help -t"))
    }

    @Test func doneWithAndWithoutText() throws {
        #expect(try ArgumentParser.parse(["done"]) == .done(nil))
        #expect(try ArgumentParser.parse(["done", ""]) == .done(nil))
        #expect(try ArgumentParser.parse(["done", "Built", "ok"]) == .done("Built ok"))
    }

    @Test func sayAfterDashDashIsACommand() throws {
        #expect(try options(["--", "say", "hi"]).command == ["say", "hi"])
        #expect(try options(["--", "done"]).command == ["done"])
    }

    @Test func sayAfterAnOptionIsACommand() throws {
        let parsed = try options(["-t", "Speaking", "say", "hi"])
        #expect(parsed.title == "Speaking")
        #expect(parsed.command == ["say", "hi"])
    }

    @Test func onlyTheExactVerbsTalkBack() throws {
        #expect(try options(["Say", "hi"]).command == ["Say", "hi"])
        #expect(try options(["done.sh"]).command == ["done.sh"])
    }
}
