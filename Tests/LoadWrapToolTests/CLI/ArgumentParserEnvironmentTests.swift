import Testing

@testable import LoadWrapTool

/// The defaults a run takes from `LOADWRAP_*` variables (`ArgumentParser` with an injected
/// environment); kept apart from `ArgumentParserTests`, which is about the command line alone.
@Suite struct ArgumentParserEnvironmentTests {
    /// The options parsed from `arguments` with `environment`, failing the test when they do not make a `run`.
    func options(_ arguments: [String], _ environment: [String: String]) throws -> Options {
        guard case .run(let options) = try ArgumentParser.parse(arguments, environment: environment) else {
            Issue.record("\(arguments) did not parse as a run")
            return Options(command: [])
        }
        return options
    }

    /// The error `arguments` with `environment` throw, failing the test when they parse.
    func error(_ arguments: [String], _ environment: [String: String]) -> UsageError? {
        do {
            let invocation = try ArgumentParser.parse(arguments, environment: environment)
            Issue.record("\(arguments) parsed as \(invocation)")
            return nil
        } catch {
            return error
        }
    }

    @Test func everyVariableIsApplied() throws {
        let parsed = try options(["make"], [
            "LOADWRAP_SPINNER": "line", "LOADWRAP_DELAY": "250ms", "LOADWRAP_MODE": "plain",
            "LOADWRAP_COLOR": "never", "LOADWRAP_RESULT": "failure", "LOADWRAP_HEARTBEAT": "0",
            "LOADWRAP_KILL_AFTER": "1m", "LOADWRAP_TERM_PROGRESS": "always", "LOADWRAP_NOTIFY": "30s",
            "LOADWRAP_HISTORY": "off",
        ])
        var expected = Options(spinner: .line, delayMS: 250, mode: .plain, color: .never, command: ["make"])
        expected.result = .failure
        expected.heartbeatMS = 0
        expected.killAfterMS = 60_000
        expected.termProgress = .always
        expected.notifyAfterMS = 30_000
        expected.history = false
        #expect(parsed == expected)
    }

    @Test func theTableNamesEveryVariableAppliedAndNoPerRunOption() {
        let variables = OptionSpec.all.compactMap { $0.environment }
        #expect(variables == [
            "LOADWRAP_SPINNER", "LOADWRAP_DELAY", "LOADWRAP_MODE", "LOADWRAP_COLOR", "LOADWRAP_TAIL", "LOADWRAP_TRACE", "LOADWRAP_TRACE_FORMAT", "LOADWRAP_TIMINGS",
            "LOADWRAP_RESULT",
            "LOADWRAP_HEARTBEAT", "LOADWRAP_SUMMARY", "LOADWRAP_TIMESTAMPS", "LOADWRAP_TERM_PROGRESS", "LOADWRAP_NOTIFY", "LOADWRAP_KILL_AFTER",
            "LOADWRAP_RETRY_DELAY",
            "LOADWRAP_HISTORY",
        ])
        for variable in variables { #expect(ProcessEnvironment.names.contains(variable)) }
    }

    @Test func noVariablesNoChange() throws {
        #expect(try options(["--", "make"], [:]) == Options(command: ["make"]))
        #expect(try options(["--", "make"], ["LOADWRAP_UNKNOWN": "x", "MODE": "plain"]) == Options(command: ["make"]))
    }

    @Test func theFlagBeatsTheVariable() throws {
        let environment = ["LOADWRAP_MODE": "plain", "LOADWRAP_DELAY": "2s", "LOADWRAP_RESULT": "never",
                           "LOADWRAP_NOTIFY": "1m"]
        let parsed = try options(["--mode", "silent", "--delay=0", "--result", "--notify", "x"], environment)
        #expect(parsed.mode == .silent)
        #expect(parsed.delayMS == 0)
        #expect(parsed.result == .always)
        #expect(parsed.notifyAfterMS == Options.defaultNotifyAfterMS)
    }

    @Test func aFlagLeavesItsVariableUnchecked() throws {
        #expect(try options(["--mode", "plain", "x"], ["LOADWRAP_MODE": "bogus"]).mode == .plain)
    }

    @Test func anEmptyVariableIsUnset() throws {
        let environment = ["LOADWRAP_MODE": "", "LOADWRAP_DELAY": "", "LOADWRAP_SPINNER": "", "LOADWRAP_HISTORY": "",
                           "LOADWRAP_NOTIFY": ""]
        #expect(try options(["x"], environment) == Options(command: ["x"]))
    }

    @Test func historyKeepsItsSwitch() throws {
        for off in ["0", "false", "NO", "off"] { #expect(try !options(["x"], ["LOADWRAP_HISTORY": off]).history) }
        for on in ["1", "yes", "anything"] { #expect(try options(["x"], ["LOADWRAP_HISTORY": on]).history) }
    }

    @Test func aBadValueNamesTheVariable() {
        #expect(error(["x"], ["LOADWRAP_MODE": "x"])?.rendered()
            == "Error: Invalid value 'x' for 'LOADWRAP_MODE': expected auto, overlay, plain or silent.\n")
        #expect(error(["x"], ["LOADWRAP_DELAY": "soon"]) == .invalidDuration("soon", option: "LOADWRAP_DELAY"))
        #expect(error(["x"], ["LOADWRAP_NOTIFY": "yes"]) == .invalidDuration("yes", option: "LOADWRAP_NOTIFY"))
        #expect(error(["x"], ["LOADWRAP_SPINNER": "dot"])
            == .unknownSpinner("dot", option: "LOADWRAP_SPINNER", suggestion: "dots"))
        #expect(error(["x"], ["LOADWRAP_TERM_PROGRESS": "yes"])?.rendered()
            == "Error: Invalid value 'yes' for 'LOADWRAP_TERM_PROGRESS': expected auto, always or never.\n")
    }

    @Test func aBadFlagIsReportedBeforeABadVariable() {
        #expect(error(["--color", "x", "y"], ["LOADWRAP_MODE": "x"]) == .invalidValue(
            "x", option: "--color", accepted: ["auto", "always", "never"]))
    }

    @Test func onlyARunReadsTheVariables() throws {
        let bad = ["LOADWRAP_MODE": "x", "LOADWRAP_DELAY": "x"]
        #expect(try ArgumentParser.parse(["--help"], environment: bad) == .help)
        #expect(try ArgumentParser.parse(["--version"], environment: bad) == .version)
        #expect(try ArgumentParser.parse(["--list-spinners"], environment: bad) == .listSpinners)
        #expect(try ArgumentParser.parse(["say", "hi"], environment: bad) == .say("hi"))
        #expect(try ArgumentParser.parse(["done"], environment: bad) == .done(nil))
        #expect(try ArgumentParser.parse(["history", "--clear"], environment: bad) == .clearHistory)
        guard case .progress = try ArgumentParser.parse(["progress", "3/10"], environment: bad) else {
            Issue.record("progress did not parse as progress")
            return
        }
    }
}
