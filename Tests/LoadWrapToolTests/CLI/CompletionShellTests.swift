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
        #expect(Verb.all.map(\.name) == ["say", "done", "progress", "history"])
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
        for verb in Verb.all {
            #expect(script.contains(verb.name))
        }
        #expect(script.hasSuffix("\n") && !script.hasSuffix("\n\n\n"))
    }

    /// A verb's options come from its rows: their names, their values, and their descriptions
    /// where the shell shows them (not bash).
    @Test(arguments: CompletionShell.allCases)
    func everyVerbOptionIsInTheScript(_ shell: CompletionShell) {
        let script = shell.script()
        for verb in Verb.all {
            for option in verb.options {
                let name = shell == .fish ? "'__loadwrap_verb \(verb.name)' -l \(option.long.dropFirst(2)) " : option.long
                #expect(script.contains(name), "\(verb.name) \(option.long)")
                if shell != .bash { #expect(script.contains(option.summary), "\(verb.name) \(option.long)") }
                for choice in option.choices where shell == .fish {
                    #expect(script.contains("-a '\(choice)'"), "\(verb.name) \(option.long) \(choice)")
                }
            }
        }
        #expect(OptionSpec.progressUnit.choices == ["B"])
    }

    @Test func verbBranches() {
        #expect(ZshCompletion.verbCase(.history)
                == "(1history) _values 'history option' '--clear[Forget every remembered run]' && ret=0 ;;")
        #expect(ZshCompletion.verbCase(.progress)
                == "(1progress) _values 'progress option' '--clear[Back to a plain spinner]'"
                    + " '--unit[B: the values are bytes]' && ret=0 ;;")
        #expect(BashCompletion.script().contains(
            "            progress) COMPREPLY=($(compgen -W \"--clear --unit\" -- \"$cur\")); return ;;\n"
                + "            history) COMPREPLY=($(compgen -W \"--clear\" -- \"$cur\")); return ;;\n"
                + "            say|done) COMPREPLY=(); return ;;\n"))
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
