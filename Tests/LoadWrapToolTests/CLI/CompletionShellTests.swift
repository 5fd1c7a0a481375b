import Testing

@testable import LoadWrapCore
@testable import LoadWrapKit
@testable import LoadWrapTool

@Suite struct CompletionShellTests {
    @Test func parsing() throws {
        #expect(try ArgumentParser.parse(["--generate-manual"]) == .manual)
        #expect(try ArgumentParser.parse(["--completions", "bash"]) == .completions(.bash))
        #expect(try ArgumentParser.parse(["--completions=zsh", "--bogus"]) == .completions(.zsh))
        #expect(try ArgumentParser.parse(["-q", "--completions", "fish"]) == .completions(.fish))
        #expect(throws: UsageError.invalidValue("tcsh", option: "--completions", accepted: ["bash", "zsh", "fish"])) {
            try ArgumentParser.parse(["--completions", "tcsh"])
        }
        #expect(throws: UsageError.missingValue(option: "--completions", valueName: "shell")) {
            try ArgumentParser.parse(["--completions"])
        }
        #expect(throws: UsageError.unexpectedValue(option: "--generate-manual")) {
            try ArgumentParser.parse(["--generate-manual=x"])
        }
    }

    @Test func choicesComeFromTheEnumsAndTheCatalogue() {
        #expect(OptionSpec.withLong("--spinner")!.choices == SpinnerStyle.catalogue.map(\.name))
        #expect(OptionSpec.withLong("--mode")!.choices == ["auto", "overlay", "plain", "silent"])
        #expect(OptionSpec.withLong("--color")!.choices == ["auto", "always", "never"])
        #expect(OptionSpec.withLong("--result")!.choices == ["always", "failure", "never"])
        #expect(OptionSpec.withLong("--term-progress")!.choices == ["auto", "always", "never"])
        #expect(OptionSpec.withLong("--completions")!.choices == ["bash", "zsh", "fish"])
        #expect(OptionSpec.withLong("--title")!.choices.isEmpty)
    }

    @Test func verbsComeFromTheHelp() {
        #expect(CompletionShell.verbs.map(\.name) == ["say", "done", "progress", "history"])
    }

    @Test(arguments: CompletionShell.allCases)
    func everyOptionValueAndVerbIsInTheScript(_ shell: CompletionShell) {
        let script = shell.script()
        for option in OptionSpec.all {
            let name = shell == .fish ? "-l \(option.long.dropFirst(2)) " : option.long
            #expect(script.contains(name), "\(option.long)")
            if let short = option.short {
                #expect(script.contains(shell == .fish ? "-s \(short) " : "-\(short)"), "-\(short)")
            }
            for choice in option.choices {
                #expect(script.contains(choice), "\(option.long) \(choice)")
            }
        }
        for verb in CompletionShell.verbs {
            #expect(script.contains(verb.name))
        }
        #expect(script.hasSuffix("\n") && !script.hasSuffix("\n\n\n"))
    }

    @Test func zshSpecs() {
        #expect(ZshCompletion.spec(OptionSpec.withLong("--title")!)
                == "'(-t --title)'{-t+,--title=}'[Text beside the spinner]:text: '")
        #expect(ZshCompletion.spec(OptionSpec.withLong("--mode")!)
                == "'--mode=[auto, overlay, plain or silent]:mode:(auto overlay plain silent)'")
        #expect(ZshCompletion.spec(OptionSpec.withLong("--result")!).hasPrefix("'--result=-[Print an end line: always"))
        #expect(ZshCompletion.spec(OptionSpec.withLong("--result")!).hasSuffix("]::when:(always failure never)'"))
        #expect(ZshCompletion.spec(OptionSpec.withLong("--help")!) == "'(- *)'{-h,--help}'[Show help information]'")
        #expect(ZshCompletion.spec(OptionSpec.withLong("--quiet")!).hasPrefix("'(-q --quiet)'{-q,--quiet}'["))
    }
}
