import Testing
@testable import LoadWrapCore
@testable import LoadWrapKit
@testable import LoadWrapRuns
@testable import LoadWrapTool

/// How a progress value gets in: `loadwrap progress`, the control channel, `--progress-from`.
@Suite struct ProgressInputTests {
    func parsed(_ arguments: [String]) throws -> LoadProgress?? {
        guard case .progress(let value) = try ArgumentParser.parse(["progress"] + arguments) else { return .none }
        return .some(value)
    }

    func error(_ arguments: [String]) -> UsageError? {
        do {
            _ = try ArgumentParser.parse(["progress"] + arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func commandLineForms() throws {
        #expect(try parsed(["40%"]) == .some(LoadProgress(percent: 40)))
        #expect(try parsed(["52.5%"]) == .some(LoadProgress(percent: 52.5)))
        #expect(try parsed(["3/10"]) == .some(LoadProgress(done: 3, total: 10)))
        #expect(try parsed(["1200/5000", "--unit", "B"]) == .some(LoadProgress(done: 1200, total: 5000, unit: .bytes)))
        #expect(try parsed(["--unit=B", "1200/5000"]) == .some(LoadProgress(done: 1200, total: 5000, unit: .bytes)))
        #expect(try parsed(["--clear"]) == .some(nil))
    }

    @Test(arguments: [["3"], ["-3%"], ["1e3%"], ["inf%"], ["3/0"], ["3/"], ["/3"], ["1/2/3"], [], ["40%", "50%"],
                      ["40%", "--unit", "B"], ["3/10", "--unit", "KB"], ["3/10", "--unit"], ["nan/3"], ["0x10/20"]])
    func badValuesAreUsageErrors(arguments: [String]) {
        let error = error(arguments)
        #expect(error != nil)
        #expect(error?.exitCode == 125)
        #expect(error.map { !$0.rendered().contains("\u{1B}") } ?? false)
    }

    @Test func wireRoundTrips() {
        let values: [LoadProgress?] = [nil, LoadProgress(percent: 52.5), LoadProgress(done: 3, total: 10),
                                       LoadProgress(done: 1200, total: 5000, unit: .bytes)]
        for value in values {
            for message in [ControlMessage.progress(value), .entryProgress(pid: 42, value)] {
                let line = String(decoding: message.encoded.dropLast(), as: UTF8.self)
                #expect(ControlMessage(line: Substring(line)) == message, "\(line)")
            }
        }
        #expect(String(decoding: ControlMessage.progress(LoadProgress(done: 3, total: 10)).encoded, as: UTF8.self)
            == "progress\t3.0/10.0\n")
    }

    @Test func malformedWireProgressIsDropped() {
        for line in ["progress\tbad", "progress", "progress\t3/10\textra", "progressof\tx\t3/10", "progressof\t42"] {
            #expect(ControlMessage(line: Substring(line)) == nil, "\(line)")
        }
    }

    @Test func theInnermostRunWithProgressIsShown() {
        var tree = RunTree(base: "outer", nowMS: 0)
        tree.setOwnProgress(LoadProgress(percent: 10))
        tree.start(pid: 2, place: .nested, title: "inner", nowMS: 0)
        #expect(tree.progress == LoadProgress(percent: 10))
        tree.setProgress(LoadProgress(done: 1, total: 4), pid: 2)
        #expect(tree.progress == LoadProgress(done: 1, total: 4))
        tree.setProgress(LoadProgress(percent: 99), pid: 3)  // unknown: ignored
        #expect(tree.progress == LoadProgress(done: 1, total: 4))
        tree.end(pid: 2, nowMS: 0)
        #expect(tree.progress == LoadProgress(percent: 10))
        tree.setOwnProgress(nil)
        tree.start(pid: 5, place: .before, title: "gen", nowMS: 0)
        tree.setProgress(LoadProgress(percent: 70), pid: 5)
        #expect(tree.progress == LoadProgress(percent: 70))
    }

    @Test func progressFromPatternsAreCheckedWhenParsed() {
        #expect(throws: PatternError.self) { try ProgressWatch(ProgressPattern("([0-9]+)%")) }
        #expect(throws: PatternError.self) { try ProgressWatch(ProgressPattern("(?<done>[0-9]+)/")) }
        #expect(throws: PatternError.self) { try ProgressWatch(ProgressPattern("(?<pct>[0-9]+")) }
        #expect(throws: Never.self) { try ProgressWatch(ProgressPattern("(?<pct>[0-9.]+)%")) }
        #expect(throws: Never.self) { try ProgressWatch(ProgressPattern(#"(?<done>\d+)/(?<total>\d+)"#)) }
        #expect(throws: Never.self) { try ProgressWatch(ProgressPattern("percent")) }
    }
}

/// `--progress-from` over chunks as the relays hand them.
@Suite struct ProgressWatchTests {
    func feed(_ watch: ProgressWatch, _ text: String) -> LoadProgress? {
        Array(text.utf8).withUnsafeBytes { watch.feed($0) }
    }

    @Test func percentTakesEachLinesFirstMatchAndTheLastLine() throws {
        let watch = try ProgressWatch(ProgressPattern("percent"))
        #expect(feed(watch, "step 1 of 3: 10% done, 90% to go\n") == LoadProgress(percent: 10))
        #expect(feed(watch, "no figures\n") == nil)
        #expect(feed(watch, "12%\n34.5%\n") == LoadProgress(percent: 34.5))
    }

    @Test func carriageReturnRewritesCountAsLinesAndAPartialPercentCounts() throws {
        // curl -# and pip write `\r` and the bar again, without a newline until the end.
        let watch = try ProgressWatch(ProgressPattern("percent"))
        #expect(feed(watch, "\r###        14.2%") == LoadProgress(percent: 14.2))
        // The `\r` ends the last line (read again); the new one's number is not whole until its %.
        #expect(feed(watch, "\r#######    5") == LoadProgress(percent: 14.2))
        #expect(feed(watch, "1.0%") == LoadProgress(percent: 51))
    }

    @Test func colouredOutputStillReads() throws {
        let watch = try ProgressWatch(ProgressPattern("percent"))
        #expect(feed(watch, "\u{1B}[32m 42%\u{1B}[0m\n") == LoadProgress(percent: 42))
        let regex = try ProgressWatch(ProgressPattern(#"\[(?<done>\d+)/(?<total>\d+)\]"#))
        #expect(feed(regex, "\u{1B}[1m[3/10]\u{1B}[0m compiling\n") == LoadProgress(done: 3, total: 10))
    }

    @Test func aRegexWaitsForTheLineEnd() throws {
        let watch = try ProgressWatch(ProgressPattern(#"(?<done>\d+)/(?<total>\d+)"#))
        #expect(feed(watch, "[3/1") == nil)
        #expect(feed(watch, "0] a.c\n") == LoadProgress(done: 3, total: 10))
        let pct = try ProgressWatch(ProgressPattern(#"Progress: (?<pct>\d+)"#))
        #expect(feed(pct, "Progress: 77 units\n") == LoadProgress(percent: 77))
    }

    @Test func theLastLineWithAValueWinsWhereverItIs() throws {
        let watch = try ProgressWatch(ProgressPattern("percent"))
        #expect(feed(watch, "10%\n20%\nno figure\nnone\n") == LoadProgress(percent: 20))
        #expect(feed(watch, "done 3") == nil)
        #expect(feed(watch, "3%\nnone\nneither\n") == LoadProgress(percent: 33), "the first line joins the partial one")
        let regex = try ProgressWatch(ProgressPattern(#"(?<done>\d+)/(?<total>\d+)"#))
        #expect(feed(regex, "1/9\n2/9\r3/9\rfoo\n4/") == LoadProgress(done: 3, total: 9))
        #expect(feed(regex, "9\n") == LoadProgress(done: 4, total: 9))
    }

    @Test func aValueGoingBackIsShownAsItIs() throws {
        let watch = try ProgressWatch(ProgressPattern("percent"))
        #expect(feed(watch, "phase 1 90%\n") == LoadProgress(percent: 90))
        #expect(feed(watch, "phase 2 5%\n") == LoadProgress(percent: 5))
    }

    @Test func aLineWithoutEndIsBounded() throws {
        let watch = try ProgressWatch(ProgressPattern("percent"))
        let long = String(repeating: "x", count: 100_000)
        #expect(feed(watch, long) == nil)
        #expect(feed(watch, "7%") == LoadProgress(percent: 7))
    }
}

@Suite struct TerminalSignalOptionTests {
    func options(_ arguments: [String]) throws -> Options? {
        guard case .run(let options) = try ArgumentParser.parse(arguments + ["--", "true"]) else { return nil }
        return options
    }

    @Test func notifyTakesAnAttachedDurationOrDefaultsToTenSeconds() throws {
        #expect(try options([])?.notifyAfterMS == nil)
        #expect(try options(["--notify"])?.notifyAfterMS == 10_000)
        #expect(try options(["--notify=2m"])?.notifyAfterMS == 120_000)
        #expect(throws: UsageError.invalidDuration("soon", option: "--notify")) { try options(["--notify=soon"]) }
    }

    @Test func termProgressChoices() throws {
        #expect(try options([])?.termProgress == nil)
        #expect(try options(["--term-progress", "never"])?.termProgress == .never)
        #expect(try options(["--term-progress=always"])?.termProgress == .always)
    }

    @Test func progressFromIsCheckedAndKept() throws {
        #expect(try options(["--progress-from", "percent"])?.progressFrom?.text == "percent")
        #expect(throws: UsageError.progressGroups("x(y)")) { try options(["--progress-from", "x(y)"]) }
    }
}
