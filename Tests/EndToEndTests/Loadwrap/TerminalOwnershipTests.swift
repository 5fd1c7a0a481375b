import Testing

/// The command's own terminal: keys pass through loadwrap, so a pager works even with its input
/// on a pipe, and Ctrl-Z / `fg` stop and resume loadwrap with the command (under a shell with job control).
@Suite struct TerminalOwnershipTests {
    @Test func aPagerReadsKeysWhileItsInputIsAPipe() throws {
        let session = try PtySession(["sh", "-c", "seq 100 | \(TestEnvironment.loadwrap) -- less; echo pager-done"],
                                     environment: ["LESS": "", "LESSHISTFILE": "-"])
        defer { session.terminate() }
        #expect(session.waitFor { Loadwrap.screen($0).snapshot.trimmedText.contains("23") }, "less never drew its page")
        session.send("q")
        #expect(session.waitForOutput(containing: "pager-done"), "q never reached less")
        #expect(session.waitForExit() == .exited(0))
        let snapshot = Loadwrap.screen(session.output).snapshot
        #expect(snapshot.cursorVisible)
        #expect(Loadwrap.frames(in: Array(snapshot.trimmedText.utf8)).isEmpty)
    }

    @Test func controlZStopsBothAndFgResumesThem() throws {
        let command = "\(TestEnvironment.loadwrap) --delay 0 -t work -- sh -c 'echo started; read x; echo finished'"
        let session = try PtySession(["bash", "--norc", "--noprofile", "-i"],
                                     environment: ["PS1": "$ ", "HISTFILE": "/dev/null"])
        defer { session.terminate() }
        #expect(session.waitForOutput(containing: "$ "))
        session.send(command + "\n")
        #expect(session.waitFor { !Loadwrap.frames(in: $0).isEmpty }, "no spinner before Ctrl-Z")
        let beforeStop = session.output.count
        session.send([0x1A])
        #expect(session.waitFor { Loadwrap.text(Array($0.dropFirst(beforeStop))).contains("Stopped") }, "the job did not stop")
        session.send("fg\n")
        let afterFg = session.output.count
        #expect(session.waitFor { !Loadwrap.frames(in: $0.dropFirst(afterFg)).isEmpty }, "no spinner after fg")
        let beforeEnter = session.output.count
        session.send("\n")
        // After the offset: the command line itself, echoed earlier, also says "finished".
        #expect(session.waitFor { Loadwrap.text(Array($0.dropFirst(beforeEnter))).contains("finished") })
        #expect(session.waitFor { Loadwrap.text(Array($0.dropFirst(beforeEnter))).contains("$ ") })
        session.send("echo rc=$?\n")
        #expect(session.waitForOutput(containing: "rc=0", timeout: 5), "\(Loadwrap.text(Array(session.output.suffix(400))).debugDescription)")
        session.send("exit\n")
        _ = session.waitForExit()
        #expect(Loadwrap.screen(session.output).snapshot.cursorVisible)
    }
}
