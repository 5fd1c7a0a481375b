import Foundation
import LoadWrapTestSupport
import Testing

/// Each `-c` command's terminal is open only while the command runs (the runner opens it as the
/// command starts and hands it over; issue 43's 300 commands failed with "Too many open files"
/// under the 256 descriptors macOS gives a shell): under a soft limit of 64, 300 commands four at
/// a time all run, and every line of those that print is there, labelled, in its order, the last
/// unfinished one ended. With Darwin's traits too, where the loadwrap that reads a terminal keeps
/// its secondary side until the command's end is told.
@Suite struct SeveralCommandsDescriptorTests {
    @Test(arguments: [false, true])
    func threeHundredCommandsRunUnderALimitOf64Descriptors(_ fallbacks: Bool) throws {
        var arguments = ["-j", "4"]
        for index in 0..<300 {
            arguments += index % 25 == 0 ? ["--name", "n\(index)", "-c", "echo line-\(index); printf tail-\(index)"] : ["-c", "true"]
        }
        let quoted = Loadwrap.command(arguments).map { "'" + $0 + "'" }.joined(separator: " ")
        let run = try PtySession.run(Loadwrap.sh("ulimit -n 64 && exec " + quoted),
                                     environment: ["NO_COLOR": "1", TestEnvironment.fallbackSwitch: fallbacks ? "1" : nil],
                                     timeout: 120)
        let text = Loadwrap.text(run.output)
        #expect(run.termination == .exited(0), "\(text.suffix(2000).debugDescription)")
        for index in stride(from: 0, to: 300, by: 25) {
            // The line drawn between them, if any, is the overlay's, which the screen does not keep.
            let line = try text.firstRange(of: Regex("n\(index) +\\| line-\(index)\n"))
            let tail = try text.firstRange(of: Regex("n\(index) +\\| tail-\(index)\n"))
            #expect(line != nil && tail != nil && line!.upperBound <= tail!.lowerBound,
                    "command \(index)'s lines: \(text.suffix(2000).debugDescription)")
        }
        #expect(!text.contains("Too many open files"), "\(text.suffix(2000).debugDescription)")
    }

    /// A terminal opened after a resize has the new size less the label, and a running one gets
    /// every resize: `a` reports the size it sees on each SIGWINCH, `bb` starts once `a` ends.
    @Test func aTerminalOpenedLaterHasTheSizeOfTheLatestResize() throws {
        let dir = TestDirectory.make()
        let a = "trap 'stty size <&2' WINCH; echo ready; while [ ! -e \(dir)/go ]; do sleep 0.02; done"
        let session = try PtySession(Loadwrap.command(["-j", "1", "--name", "a", "-c", a, "--name", "bb", "-c", "stty size <&2"]),
                                     environment: ["NO_COLOR": "1"])
        defer { session.terminate() }
        #expect(session.waitFor { Loadwrap.text($0).contains(/a +\| ready\n/) }, "\(session.outputText.debugDescription)")
        session.resize(rows: 30, cols: 100)
        #expect(session.waitFor { Loadwrap.text($0).contains(/a +\| 30 95\n/) }, "\(session.outputText.debugDescription)")
        FileManager.default.createFile(atPath: "\(dir)/go", contents: nil)
        #expect(session.waitForExit() == .exited(0))
        #expect(Loadwrap.text(session.output).contains(/bb \| 30 95\n/), "\(session.outputText.debugDescription)")
    }
}
