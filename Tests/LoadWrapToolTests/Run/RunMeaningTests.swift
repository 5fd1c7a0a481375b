import Testing

@testable import LoadWrapJobs
@testable import LoadWrapTool

/// What `ModePick` decides the options mean, for one command and for several `-c`, drawn or not.
@Suite struct RunMeaningTests {
    /// The options of `arguments`, as parsed, with several `-c` made the runner's run.
    private func options(_ arguments: [String]) throws -> Options {
        guard case .run(let options) = try ArgumentParser.parse(arguments) else { throw MeaningError.notARun }
        return options.commands.count > 1 ? options.runningJobs(executable: "/bin/loadwrap") : options
    }

    private enum MeaningError: Error { case notARun }

    private let several = ["-c", "make", "-c", "npm test"]

    @Test func oneCommandHoldsForQuietAndForTailOnlyWhereItDraws() throws {
        let tail = try options(["--tail", "--", "make"])
        #expect(RunMeaning(tail, draws: true, environment: [:]).holds)
        #expect(RunMeaning(tail, draws: true, environment: [:]).tailLines == Options.defaultTailLines)
        let logged = RunMeaning(tail, draws: false, environment: [:])
        #expect(!logged.holds && logged.tailLines == nil)
        let quiet = RunMeaning(try options(["--quiet", "--", "make"]), draws: false, environment: [:])
        #expect(quiet.holds && quiet.tailLines == nil && !quiet.jobsQuiet && !quiet.labelsJobs)
    }

    @Test func severalCommandsAreHeldEachByItsOwnLoadwrapNeverAsOne() throws {
        let tail = RunMeaning(try options(["--tail"] + several), draws: true, environment: [:])
        #expect(!tail.holds && tail.tailLines == nil && tail.jobsQuiet)
        let logged = RunMeaning(try options(["--tail"] + several), draws: false, environment: [:])
        #expect(!logged.holds && !logged.jobsQuiet, "--tail holds nothing in a log")
        let quiet = RunMeaning(try options(["--quiet"] + several), draws: false, environment: [:])
        #expect(!quiet.holds && quiet.jobsQuiet)
    }

    @Test func severalCommandsAreLabelledOnlyWhereTheRunDrawsAndNotWithNoPrefix() throws {
        #expect(RunMeaning(try options(several), draws: true, environment: [:]).labelsJobs)
        #expect(!RunMeaning(try options(several), draws: false, environment: [:]).labelsJobs)
        #expect(!RunMeaning(try options(["--no-prefix"] + several), draws: true, environment: [:]).labelsJobs)
        #expect(!RunMeaning(try options(["--", "make"]), draws: true, environment: [:]).labelsJobs)
    }

    @Test func colourFollowsTheRequestAndTheEnvironment() throws {
        #expect(RunMeaning(try options(several), draws: true, environment: [:]).color)
        #expect(!RunMeaning(try options(several), draws: true, environment: ["NO_COLOR": "1"]).color)
        #expect(RunMeaning(try options(["--color", "always"] + several), draws: true, environment: ["NO_COLOR": "1"]).color)
        #expect(!RunMeaning(try options(["--color", "never", "--", "make"]), draws: true, environment: [:]).color)
    }
}
