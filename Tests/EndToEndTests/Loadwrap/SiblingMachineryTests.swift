import Foundation
import LoadWrapTestSupport
import Testing

/// A plain run makes what runs nested side by side share (the turn's lock files, the socket that
/// hands its log over) as the first nested run starts, not for every run: `loadwrap -- true`
/// makes none of it, which is start-up time (docs/benchmarks.md).
@Suite struct SiblingMachineryTests {
    @Test func aPlainRunMakesTheTurnAndTheSocketOnlyOnceARunNestsInIt() throws {
        let directory = TestDirectory.make()
        let script = #"d=${LOADWRAP_CONTROL%/*}; ls "$d" > "$1/before"; loadwrap -t inner -- true; ls "$d" > "$1/after""#
        let run = try PtySession.run(
            Loadwrap.command(["-t", "build", "--", "sh", "-c", script, "sh", directory]),
            environment: Loadwrap.pathFirst.merging(["CI": "true"]) { $1 })
        #expect(run.termination == .exited(0))
        #expect(Loadwrap.maskedLines(run.output) == ["▸ build", "▸ build › inner", "✔ inner · T", "✔ build · T"])
        let listing = { (name: String) in try String(contentsOfFile: "\(directory)/\(name)", encoding: .utf8) }
        #expect(try listing("before") == "control\n")
        #expect(try listing("after") == "control\nhandover\nlive\nrunning\n")
    }
}
