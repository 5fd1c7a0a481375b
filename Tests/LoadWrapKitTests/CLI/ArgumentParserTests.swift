import Testing

@testable import LoadWrapKit

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
}
