import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTool

@Suite struct ManualPageTests {
    let page = ManualPage.render()

    @Test func everyOptionIsInOptionsWithItsNames() {
        for option in OptionSpec.all {
            #expect(page.contains(ManualPage.label(option)), "\(option.long)")
            #expect(page.contains(".TP\n" + ManualPage.label(option) + "\n"), "\(option.long) has no entry of its own")
            #expect(page.contains(Roff.escape(option.long)), "\(option.long)")
        }
        #expect(ManualPage.label(OptionSpec.withLong("--title")!) == "\\fB\\-t\\fR, \\fB\\-\\-title\\fR \\fItext\\fR")
        #expect(ManualPage.label(OptionSpec.withLong("--result")!) == "\\fB\\-\\-result\\fR[=\\fIwhen\\fR]")
    }

    /// A verb's options are entries of their own, indented under the verb's, from the same kind
    /// of row as the options of a run.
    @Test func everyVerbOptionHasAnEntryUnderItsVerb() {
        let commands = page[page.firstRange(of: ".SH COMMANDS")!.upperBound..<page.firstRange(of: ".SH ENVIRONMENT")!.lowerBound]
        for verb in Verb.all where !verb.options.isEmpty {
            let entries = ([".RS"] + verb.options.flatMap(ManualPage.entry) + [".RE"]).joined(separator: "\n")
            #expect(commands.contains(Roff.line(verb.help) + "\n" + entries + "\n"), "\(verb.name)")
        }
        #expect(commands.contains(".TP\n\\fB\\-\\-unit\\fR \\fIunit\\fR\nB: the values are bytes.\nValues: B.\n.RE\n"))
    }

    @Test func everyFixedValueIsListed() {
        for option in OptionSpec.all where !option.choices.isEmpty {
            #expect(page.contains("Values: " + option.choices.joined(separator: ", ") + "."), "\(option.long)")
        }
        #expect(page.contains("moon"))
        #expect(page.contains("silent"))
    }

    @Test func everyVariableLoadwrapReadsOrSetsHasAnEntry() {
        let variables = OptionSpec.all.compactMap(\.environment) + ProcessEnvironment.names + [ControlChannel.variable]
        let environment = page[page.firstRange(of: ".SH ENVIRONMENT")!.upperBound...]
        for name in variables {
            #expect(environment.contains("\\fB\(Roff.escape(name))\\fR"), "\(name)")
        }
        #expect(!page.contains("Read by loadwrap."), "a variable with no description of its own")
        #expect(page.contains("\\fBLOADWRAP_DELAY\\fR\nSets the default of \\-\\-delay; the flag wins."))
    }

    @Test func sectionsInOrder() {
        let sections = page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { String($0.dropFirst(4)) }
        #expect(sections == ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "ENVIRONMENT", "EXIT STATUS",
                             "EXAMPLES", "SEE ALSO"])
        #expect(page.hasPrefix(".TH LOADWRAP 1 \"\" \"loadwrap \(LoadWrapVersion.string)\" \"User Commands\"\n"))
        #expect(page.contains("\nloadwrap \\- run a command with a spinner on the terminal that leaves no trace\n"))
        for verb in Verb.all {
            #expect(page.contains(Roff.usage(verb.usage)), "\(verb.usage)")
        }
    }

    @Test func noLineIsTakenForARequestByMistake() {
        for line in page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            let request = line.dropFirst().prefix { $0 != " " }
            #expect(["TH", "nh", "SH", "TP", "PP", "br", "RS", "RE", "nf", "fi", "BR"].contains(String(request)), "\(line)")
        }
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
    }
}
