import Testing

@testable import LoadWrapTool

@Suite struct UsageErrorTests {
    static let usageLines = """
        Usage: loadwrap [<options>] [--] <command> [<arguments> ...]
          See 'loadwrap --help' for more information.

        """

    /// The stderr text for `arguments`, or "" when they parse.
    func stderr(_ arguments: [String]) -> String {
        do {
            _ = try ArgumentParser.parse(arguments)
            return ""
        } catch {
            #expect(error.exitCode == 125)
            return error.rendered()
        }
    }

    @Test func unknownOptionWithSuggestion() {
        #expect(
            stderr(["--spiner", "dots", "--", "make"])
                == "Error: Unknown option '--spiner'. Did you mean '--spinner'?\n" + Self.usageLines)
    }

    @Test func unknownOptionWithoutSuggestion() {
        #expect(stderr(["--zzz", "make"]) == "Error: Unknown option '--zzz'.\n" + Self.usageLines)
    }

    @Test func missingValue() {
        #expect(stderr(["make", "--title"]) == "")
        #expect(stderr(["--title"]) == "Error: Missing value for '--title <text>'.\n" + Self.usageLines)
        #expect(stderr(["-s"]) == "Error: Missing value for '-s <name>'.\n" + Self.usageLines)
    }

    @Test func flagWithValue() {
        #expect(stderr(["--version=2"]) == "Error: Option '--version' does not take a value.\n" + Self.usageLines)
    }

    @Test func noCommand() {
        #expect(stderr([]) == "Error: Missing expected argument '<command>'.\n" + Self.usageLines)
        #expect(stderr(["--"]) == "Error: Missing expected argument '<command>'.\n" + Self.usageLines)
    }

    @Test func badDurationIsOneLine() {
        #expect(
            stderr(["--delay", "5x", "--", "make"])
                == "Error: Invalid duration '5x' for '--delay': expected a number with ms, s, m or h (250ms, 1.5s, 2m) or a bare number of seconds.\n"
        )
    }

    @Test func unknownSpinnerIsOneLine() {
        #expect(
            stderr(["--spinner", "dotz", "make"])
                == "Error: Unknown spinner 'dotz' for '--spinner'. Did you mean 'dots'? See 'loadwrap --list-spinners'.\n"
        )
        #expect(
            stderr(["--spinner=qqqqqqq", "make"])
                == "Error: Unknown spinner 'qqqqqqq' for '--spinner'. See 'loadwrap --list-spinners'.\n")
    }

    @Test func badChoiceIsOneLine() {
        #expect(
            stderr(["--color", "sometimes", "make"])
                == "Error: Invalid value 'sometimes' for '--color': expected auto, always or never.\n")
        #expect(
            stderr(["--mode", "loud", "make"])
                == "Error: Invalid value 'loud' for '--mode': expected auto, overlay, plain or silent.\n")
    }

    @Test func controlCharactersNeverReachTheTerminal() {
        #expect(
            stderr(["--color", "\u{1B}[2Jx\u{9B}", "make"])
                == "Error: Invalid value '?[2Jx?' for '--color': expected auto, always or never.\n")
    }

    @Test func lists() {
        #expect(UsageError.list([]) == "")
        #expect(UsageError.list(["a"]) == "a")
        #expect(UsageError.list(["a", "b"]) == "a or b")
        #expect(UsageError.list(["a", "b", "c"]) == "a, b or c")
    }
}
