import Testing

@testable import LoadWrapTool

@Suite struct HistoryKeyTests {
    @Test func isStableAcrossRuns() {
        // A changed hash would orphan every user's history: this value is part of the file format.
        #expect(HistoryKey(command: ["make", "-j8"], directory: "/home/a/project").hex == "8274129716b42667")
    }

    @Test func dependsOnTheDirectory() {
        #expect(HistoryKey(command: ["make"], directory: "/a") != HistoryKey(command: ["make"], directory: "/b"))
    }

    @Test func dependsOnEveryWord() {
        let key = HistoryKey(command: ["sleep", "2"], directory: "/a")
        #expect(key == HistoryKey(command: ["sleep", "2"], directory: "/a"))
        #expect(key != HistoryKey(command: ["sleep", "4"], directory: "/a"))
        #expect(HistoryKey(command: ["a b"], directory: "/") != HistoryKey(command: ["a", "b"], directory: "/"))
        #expect(HistoryKey(command: ["ab"], directory: "/") != HistoryKey(command: ["a", "b"], directory: "/"))
        #expect(HistoryKey(command: ["x"], directory: "/a") != HistoryKey(command: ["a", "x"], directory: "/"))
    }

    /// `--title` is for display: a run with one is the same history.
    @Test func theTitleIsNotPartOfTheKey() throws {
        let environment = ["HOME": "/h"]
        let titled = try #require(Options(title: "Build", command: ["make"]).historyOfRun(environment: environment))
        let plain = try #require(Options(command: ["make"]).historyOfRun(environment: environment))
        #expect(titled.key() != nil && titled.key() == plain.key())
    }

    @Test func hexIsSixteenDigitsAndTheShardItsFirstTwo() {
        let key = HistoryKey(value: 0x0a00_0000_0000_00ff)
        #expect(key.hex == "0a000000000000ff")
        #expect(key.shard == 0x0a)
    }

    /// Commands that differ only at the end still spread over the files.
    @Test func similarCommandsSpreadOverTheShards() {
        let shards = Set((0..<64).map { HistoryKey(command: ["sleep", "\($0)"], directory: "/tmp").shard })
        #expect(shards.count > 40)
    }
}
