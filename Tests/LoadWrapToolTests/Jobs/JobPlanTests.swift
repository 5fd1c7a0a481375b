import Testing

@testable import LoadWrapJobs
@testable import LoadWrapTool

@Suite struct JobPlanTests {
    static let plan = JobPlan(
        jobs: [JobPlan.Job(name: "make", title: "make all", line: "make all"),
               JobPlan.Job(name: "npm", title: "a=b\nc", line: "npm test -- --watch=false 'x=y'")],
        policy: JobPlan.Policy(limit: 1, failFast: true, killAfterMS: 250),
        appearance: JobPlan.Appearance(channel: 7, quiet: true), title: "2 commands")

    @Test func argumentsAreNamedFields() {
        #expect(Self.plan.arguments == [
            "limit=1", "fail-fast=true", "kill-after-ms=250", "channel=7", "quiet=true", "title=2 commands",
            "job-name=make", "job-title=make all", "job-line=make all",
            "job-name=npm", "job-title=a=b\nc", "job-line=npm test -- --watch=false 'x=y'",
        ])
    }

    @Test func argumentsReadBackAsThePlan() throws {
        #expect(try JobPlan(arguments: Self.plan.arguments) == Self.plan)
        var empty = Self.plan
        (empty.title, empty.jobs[0].line, empty.appearance.channel) = ("", "", nil)
        #expect(empty.arguments.contains("channel=none"))
        #expect(try JobPlan(arguments: empty.arguments) == empty)
    }

    @Test func theRunsFieldsMayComeInAnyOrder() throws {
        let words = Self.plan.arguments
        #expect(try JobPlan(arguments: Array(words[6...]) + words[..<6].reversed()) == Self.plan)
    }

    static let header = ["limit=1", "fail-fast=false", "kill-after-ms=5000", "channel=none", "quiet=false", "title=t"]
    static let job = ["job-name=a", "job-title=a", "job-line=a"]

    @Test(arguments: [
        ([], JobPlan.FormatError.missingField("job-name")),
        (header, .missingField("job-name")),
        (["1", "0"] + header + job, .notAField("1")),
        (header + job + ["limits=2"], .unknownField("limits")),
        (header + ["limit=2"] + job, .repeatedField("limit")),
        (header + job + ["job-line=b"], .repeatedField("job-line")),
        (header + ["job-title=a"] + job, .fieldOutsideJob("job-title")),
        (header + ["job-name=a", "job-title=a"], .missingField("job-line of job 1")),
        (Array(header.dropFirst()) + job, .missingField("limit")),
        (["limit=0"] + header.dropFirst() + job, .invalidValue("limit", value: "0", expected: "a whole number from 1")),
        (["limit=x"] + header.dropFirst() + job, .invalidValue("limit", value: "x", expected: "a whole number from 1")),
        (header.map { $0 == "kill-after-ms=5000" ? "kill-after-ms=-1" : $0 } + job,
         .invalidValue("kill-after-ms", value: "-1", expected: "a whole number from 0")),
        (header.map { $0 == "fail-fast=false" ? "fail-fast=1" : $0 } + job,
         .invalidValue("fail-fast", value: "1", expected: "true or false")),
        (header.map { $0 == "channel=none" ? "channel=2" : $0 } + job,
         .invalidValue("channel", value: "2", expected: "a descriptor from 3, or none")),
    ])
    func wordsNotAPlanAreRefusedSayingWhy(_ words: [String], _ error: JobPlan.FormatError) {
        #expect(throws: error) { try JobPlan(arguments: words) }
    }

    @Test func innersRunTheLineInTheShellTitledAndQuietAsAsked() {
        let job = Self.plan.jobs[0]
        #expect(Self.plan.innerArguments(job) == ["--title=make all", "--quiet", "--", "/bin/sh", "-c", "make all"])
        var loud = Self.plan
        loud.appearance.quiet = false
        #expect(loud.innerArguments(job) == ["--title=make all", "--", "/bin/sh", "-c", "make all"])
    }

    @Test func severalCommandsMakeTheRunnerTheCommand() throws {
        guard case .run(let options) = try ArgumentParser.parse(
            ["--tail", "-j", "5", "--fail-fast", "--name", "build", "-c", "swift build", "-c", "make", "-c", "make"])
        else { Issue.record("not a run"); return }
        let outer = options.runningJobs(executable: "/bin/loadwrap")
        #expect(outer.title == "3 commands")
        #expect(outer.tailLines == options.tailLines && outer.quiet == options.quiet && outer.prefix == options.prefix)
        #expect(Array(outer.command.prefix(2)) == ["/bin/loadwrap", JobPlan.verb])
        let key = try JobPlan(arguments: Array(outer.command.dropFirst(2)))
        #expect(key.appearance == JobPlan.Appearance(channel: nil, quiet: false), "the history's key: no terminal")
        let drawn = RunMeaning(outer, draws: true, environment: [:])
        let runner = outer.runnerCommand(drawn, channel: 9)
        #expect(Array(runner.prefix(2)) == ["/bin/loadwrap", JobPlan.verb])
        let plan = try JobPlan(arguments: Array(runner.dropFirst(2)))
        #expect(plan.jobs.map(\.name) == ["build", "make", "make-2"])
        #expect(plan.jobs.map(\.title) == ["build", "make", "make"])
        #expect(plan.policy == JobPlan.Policy(limit: 3, failFast: true, killAfterMS: 5_000))
        #expect(plan.appearance == JobPlan.Appearance(channel: 9, quiet: true))
        let logged = try JobPlan(arguments: Array(outer.runnerCommand(RunMeaning(outer, draws: false, environment: [:]),
                                                                      channel: nil).dropFirst(2)))
        #expect(logged.appearance == JobPlan.Appearance(channel: nil, quiet: false), "--tail holds nothing in a log")
    }

    @Test func theRunnersArgumentsParseAsItsInvocation() throws {
        #expect(try ArgumentParser.parse([JobPlan.verb] + Self.plan.arguments) == .runJobs(Self.plan))
        #expect(throws: UsageError.invalidJobPlan(reason: "'1' is not a field=value word")) {
            try ArgumentParser.parse([JobPlan.verb, "1"])
        }
    }

    @Test func aMalformedPlanIsAClearUsageError() {
        let error = UsageError.invalidJobPlan(reason: JobPlan.FormatError.repeatedField("limit").reason)
        #expect(error.rendered() == "Error: Invalid plan after '--job-runner', which loadwrap writes itself to run several -c:"
                + " the field 'limit' is given twice.\n")
        #expect(error.exitCode == 125)
        let escape = UsageError.invalidJobPlan(reason: JobPlan.FormatError.notAField("\u{1B}[2J").reason)
        #expect(escape.message.hasSuffix(": '?[2J' is not a field=value word."))
    }

    @Test func oneCommandIsTheOrdinaryRunOfItsShell() throws {
        guard case .run(let options) = try ArgumentParser.parse(["-c", "make all"]) else { Issue.record("not a run"); return }
        #expect(options.command == ["/bin/sh", "-c", "make all"])
        #expect(options.title == "make all")
        guard case .run(let titled) = try ArgumentParser.parse(["-t", "x", "--name", "n", "-c", "make"]) else { return }
        #expect(titled.title == "x")
    }

    @Test(arguments: [
        (["-c", "a", "--", "b"], UsageError.commandBesideCommandOption),
        (["-c", "a", "b"], .commandBesideCommandOption),
        (["--name", "n"], .nameWithoutCommand),
        (["-c", "a", "--name", "n"], .nameWithoutCommand),
        (["--name", "n", "--", "b"], .nameWithoutCommand),
        (["-j", "0", "-c", "a", "-c", "b"], .invalidValue("0", option: "-j", accepted: ["a number of commands at once from 1 to 1000"])),
    ])
    func usageErrors(_ arguments: [String], _ expected: UsageError) {
        #expect(throws: expected) { try ArgumentParser.parse(arguments) }
    }
}
