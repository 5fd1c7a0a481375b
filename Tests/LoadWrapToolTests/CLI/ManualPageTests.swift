import Testing

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
        for (usage, _) in HelpText.commands {
            #expect(page.contains(Roff.usage(usage)), "\(usage)")
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
