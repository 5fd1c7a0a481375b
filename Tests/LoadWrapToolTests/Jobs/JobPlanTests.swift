import Testing

@testable import LoadWrapJobs
@testable import LoadWrapTool

@Suite struct JobPlanTests {
    static let plan = JobPlan(
        jobs: [JobPlan.Job(name: "make", title: "make all", line: "make all"),
               JobPlan.Job(name: "npm", title: "tests", line: "npm test -- --watch=false")],
        limit: 1, failFast: true, killAfterMS: 250, prefix: false, color: true, quiet: true, title: "2 commands")

    @Test func argumentsReadBackAsThePlan() {
        #expect(JobPlan(arguments: Self.plan.arguments) == Self.plan)
    }

    @Test(arguments: [
        [], ["1", "0", "5000", "1", "1", "0", "t"], ["0", "0", "5000", "1", "1", "0", "t", "a", "a", "a"],
        ["1", "yes", "5000", "1", "1", "0", "t", "a", "a", "a"], ["1", "0", "-1", "1", "1", "0", "t", "a", "a", "a"],
        ["1", "0", "5000", "1", "1", "0", "t", "a", "a"],
    ])
    func argumentsNotAPlanAreRefused(_ arguments: [String]) {
        #expect(JobPlan(arguments: arguments) == nil)
    }

    @Test func innersRunTheLineInTheShellTitledAndQuietAsAsked() {
        let job = Self.plan.jobs[1]
        #expect(Self.plan.innerArguments(job) == ["--title=tests", "--quiet", "--", "/bin/sh", "-c", "npm test -- --watch=false"])
        var loud = Self.plan
        loud.quiet = false
        #expect(loud.innerArguments(job) == ["--title=tests", "--", "/bin/sh", "-c", "npm test -- --watch=false"])
    }

    @Test func severalCommandsMakeTheRunnerTheCommand() throws {
        guard case .run(let options) = try ArgumentParser.parse(
            ["--tail", "-j", "5", "--fail-fast", "--name", "build", "-c", "swift build", "-c", "make", "-c", "make"])
        else { Issue.record("not a run"); return }
        #expect(JobPlan(arguments: Array(options.runningJobs(executable: "/x", color: true, overlay: false).command.dropFirst(2)))?.prefix == false)
        let outer = options.runningJobs(executable: "/bin/loadwrap", color: false, overlay: true)
        #expect(outer.title == "3 commands")
        #expect(outer.tailLines == nil && !outer.quiet)
        #expect(Array(outer.command.prefix(2)) == ["/bin/loadwrap", JobPlan.verb])
        let plan = try #require(JobPlan(arguments: Array(outer.command.dropFirst(2))))
        #expect(plan.jobs.map(\.name) == ["build", "make", "make-2"])
        #expect(plan.jobs.map(\.title) == ["build", "make", "make"])
        #expect(plan.limit == 3 && plan.failFast && plan.quiet && plan.prefix && !plan.color)
    }

    @Test func theRunnersArgumentsParseAsItsInvocation() throws {
        #expect(try ArgumentParser.parse([JobPlan.verb] + Self.plan.arguments) == .runJobs(Self.plan))
        #expect(throws: UsageError.missingCommand) { try ArgumentParser.parse([JobPlan.verb, "1"]) }
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
