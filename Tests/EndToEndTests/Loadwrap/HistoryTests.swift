import Foundation
import LoadWrapTestSupport
import Testing

/// Remembered durations (`usually 2s`): kept in a state directory of the test's own, never the
/// user's; off switches write nothing; a state directory that cannot be used costs only the figure.
@Suite struct HistoryTests {
    /// The environment that turns history on, kept in `state`.
    private func historyOn(_ state: String) -> [String: String?] {
        ["LOADWRAP_HISTORY": nil, "XDG_STATE_HOME": state]
    }

    /// The stored lines of every history file under `state`.
    private func storedLines(_ state: String) -> [String] {
        let directory = state + "/loadwrap"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasPrefix("v1-") }.sorted().flatMap { name in
            ((try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)) ?? "")
                .split(separator: "\n").map(String.init)
        }
    }

    private func isRecord(_ line: String) -> Bool {
        line.wholeMatch(of: /[0-9a-f]{16} [0-9]+ (ok|fail) [0-9]+/) != nil
    }

    private func permissions(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int
    }

    @Test func theThirdRunShowsTheUsualTime() throws {
        let state = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: state) }
        let command = Loadwrap.command(["--delay", "0", "--", "sleep", "1.2"])
        for run in 1...2 {
            let first = try PtySession.run(command, environment: historyOn(state))
            #expect(first.termination == .exited(0))
            #expect(!first.output.contains(subsequence: Array("usually".utf8)), "run \(run) showed a figure")
        }
        #expect(storedLines(state).count == 2 && storedLines(state).allSatisfy(isRecord), "\(storedLines(state))")
        #expect(permissions(state + "/loadwrap") == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: state + "/loadwrap")
        #expect(files.allSatisfy { permissions(state + "/loadwrap/" + $0) == 0o600 }, "\(files)")
        #expect(!storedLines(state).joined().contains("sleep"), "the command's text was stored")

        let third = try PtySession(command, environment: historyOn(state))
        defer { third.terminate() }
        #expect(third.waitFor { Loadwrap.spinnerRows(Loadwrap.screen($0)).contains { $0.hasSuffix("usually 1s") } },
                "\(third.outputText.debugDescription)")
        #expect(third.waitForExit() == .exited(0))
        #expect(Loadwrap.screen(third.output).snapshot == Screen().snapshot)
        #expect(storedLines(state).count == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: state + "/loadwrap").sorted() == files.sorted())
    }

    @Test func offSwitchesWriteNothing() throws {
        let state = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: state) }
        let noFlag = try PtySession.run(Loadwrap.command(["--delay", "0", "--no-history", "--", "sleep", "0.3"]),
                                        environment: historyOn(state))
        #expect(noFlag.termination == .exited(0))
        let variable = try PtySession.run(Loadwrap.command(["--delay", "0", "--", "sleep", "0.3"]),
                                          environment: ["XDG_STATE_HOME": state, "LOADWRAP_HISTORY": "0"])
        #expect(variable.termination == .exited(0))
        #expect(try FileManager.default.contentsOfDirectory(atPath: state).isEmpty)
    }

    /// A command that ends before `--delay` never touches the disk.
    @Test func aRunShorterThanTheDelayIsNotRemembered() throws {
        let state = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: state) }
        let run = try PtySession.run(Loadwrap.command(["--delay", "5s", "--", "true"]), environment: historyOn(state))
        #expect(run.termination == .exited(0))
        #expect(try FileManager.default.contentsOfDirectory(atPath: state).isEmpty)
    }

    /// A state directory that cannot be made (its parent is a file) changes nothing but the
    /// missing figure: the same screen and exit status as with history off.
    @Test func anUnusableStateDirectoryChangesNothingElse() throws {
        let root = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = FileManager.default.createFile(atPath: root + "/file", contents: Data("x".utf8))
        let script = "echo one; sleep 0.3; printf 'two\\n' >&2; exit 3"
        let arguments = ["--delay", "0", "--result", "--", "sh", "-c", script]
        let unusable = try PtySession.run(Loadwrap.command(arguments), environment: historyOn(root + "/file"))
        let off = try PtySession.run(Loadwrap.command(["--no-history"] + arguments), environment: historyOn(root + "/file"))
        #expect(unusable.termination == .exited(3) && off.termination == .exited(3))
        let screens = [unusable, off].map { run in
            run.screen().snapshot.trimmedText.split(separator: "\n").map { Loadwrap.masked(String($0)) }
        }
        #expect(screens[0] == screens[1])
        #expect(screens[0].prefix(2) == ["one", "two"], "\(screens[0])")
    }

    /// With the state directory read-only the remembered figure still shows, and the run's exit
    /// is untouched; the write gives up (as root, which ignores the mode, it succeeds).
    @Test func aReadOnlyStateDirectoryStillShowsTheFigure() throws {
        let state = TestDirectory.make()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: state + "/loadwrap")
            try? FileManager.default.removeItem(atPath: state)
        }
        let command = Loadwrap.command(["--delay", "0", "--", "sh", "-c", "sleep 1.1; exit 4"])
        let success = Loadwrap.command(["--delay", "0", "--", "sleep", "1.1"])
        for _ in 1...2 { #expect(try PtySession.run(success, environment: historyOn(state)).termination == .exited(0)) }
        let before = storedLines(state)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: state + "/loadwrap")
        let third = try PtySession(success, environment: historyOn(state))
        defer { third.terminate() }
        #expect(third.waitFor { Loadwrap.spinnerRows(Loadwrap.screen($0)).contains { $0.hasSuffix("usually 1s") } })
        #expect(third.waitForExit() == .exited(0))
        let failing = try PtySession.run(command, environment: historyOn(state))
        #expect(failing.termination == .exited(4))
        if getuid() != 0 { #expect(storedLines(state) == before) }
        let names = try FileManager.default.contentsOfDirectory(atPath: state + "/loadwrap")
        #expect(!names.contains("v1.tmp"), "\(names)")
    }

    /// Several loadwraps ending at once (parallel CI jobs) all get remembered, in a valid file.
    @Test func concurrentRunsKeepTheFileValid() throws {
        let state = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: state) }
        let sessions = try (0..<6).map { _ in
            try PtySession(Loadwrap.command(["--delay", "0", "--mode", "plain", "--", "sleep", "0.3"]),
                           environment: historyOn(state))
        }
        defer { sessions.forEach { $0.terminate() } }
        for session in sessions { #expect(session.waitForExit() == .exited(0)) }
        let lines = storedLines(state)
        #expect(lines.count == 6 && lines.allSatisfy(isRecord), "\(lines)")
        #expect(Set(lines.map { $0.prefix(16) }).count == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: state + "/loadwrap").sorted()
        #expect(names.count == 2 && names.contains("lock"), "\(names)")
    }

    @Test func clearForgetsEverything() throws {
        let state = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: state) }
        let clearing = Loadwrap.command(["history", "--clear"])
        #expect(try PtySession.run(clearing, environment: historyOn(state)).termination == .exited(0))  // nothing yet
        let run = try PtySession.run(Loadwrap.command(["--delay", "0", "--", "true"]), environment: historyOn(state))
        #expect(run.termination == .exited(0))
        #expect(storedLines(state).count == 1)
        let cleared = try PtySession.run(clearing, environment: historyOn(state))
        #expect(cleared.termination == .exited(0) && cleared.output.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: state).isEmpty)
    }
}
