import Foundation
import LoadWrapTestSupport
import Testing

/// Usage errors and unrunnable commands: the wrapper codes (125, 126, 127), one clear line,
/// nothing half-run and no spinner.
@Suite struct BadInputTests {
    /// Runs loadwrap with `arguments`, stderr on the terminal (where a spinner would show),
    /// stdout on a pipe; returns the run and its stderr lines.
    private func run(_ arguments: [String]) throws -> (run: PtyRun, lines: [String]) {
        let run = try PtySession.run(Loadwrap.command(arguments), stdout: .pipe)
        let lines = Loadwrap.text(run.output).split(separator: "\n").map(String.init)
        #expect(!run.output.contains(0x1B), "escape bytes: \(Loadwrap.text(run.output).debugDescription)")
        #expect(Loadwrap.frames(in: run.output).isEmpty, "a spinner was drawn")
        #expect(run.stdout.isEmpty, "something ran or wrote to stdout: \(String(decoding: run.stdout, as: UTF8.self))")
        return (run, lines)
    }

    /// A command that would show it ran.
    private let witness = ["--", "sh", "-c", "echo ran"]

    @Test(arguments: [[], ["--"], ["--delay", "0"]])
    func noCommandPrintsUsage(_ arguments: [String]) throws {
        let (run, lines) = try run(arguments)
        #expect(run.termination == .exited(125))
        #expect(lines.contains { $0.lowercased().contains("usage: loadwrap") }, "\(lines)")
    }

    @Test func unknownOptionSuggestsTheNearestOne() throws {
        let (run, lines) = try run(["--spiner", "dots"] + witness)
        #expect(run.termination == .exited(125))
        #expect(lines.first == "Error: Unknown option '--spiner'. Did you mean '--spinner'?")
    }

    @Test func commandNotFound() throws {
        let (run, lines) = try run(["--", "no-such-cmd-xyz", "arg"])
        #expect(run.termination == .exited(127))
        #expect(lines.count == 1 && lines[0].contains("no-such-cmd-xyz"), "\(lines)")
    }

    @Test func commandNotExecutable() throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/not-executable"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("echo ran\n".utf8), attributes: [.posixPermissions: 0o644]))
        let (run, lines) = try run(["--", path])
        #expect(run.termination == .exited(126))
        #expect(lines.count == 1 && lines[0].contains(path), "\(lines)")
    }

    @Test(arguments: [(["--delay", "5x"], "5x"), (["--spinner", "dotz"], "dotz"), (["--mode", "fancy"], "fancy"), (["--color", "sometimes"], "sometimes")])
    func unusableOptionValue(_ options: [String], _ value: String) throws {
        let (run, lines) = try run(options + witness)
        #expect(run.termination == .exited(125))
        #expect(lines.first?.contains(value) == true, "\(lines)")
    }
}
