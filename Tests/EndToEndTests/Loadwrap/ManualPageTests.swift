import Testing

/// `loadwrap --generate-manual`: a man page that groff (or mandoc) reads without a single warning.
@Suite struct ManualPageTests {
    /// The page as the binary prints it, after checking it exits 0 with nothing on stderr.
    private func manual() throws -> [UInt8] {
        let run = try PtySession.run(Loadwrap.command(["--generate-manual"]), stdout: .pipe, stderr: .pipe)
        #expect(run.termination == .exited(0))
        #expect(run.stderr.isEmpty, "\(run.stderrText)")
        #expect(run.stdout.starts(with: Array(".TH LOADWRAP 1".utf8)))
        return run.stdout
    }

    @Test("groff -man -ww -z reports nothing",
          .enabled(if: ExternalTool.exists("groff") || ExternalTool.onCI, "groff is not installed (.ci/run installs groff-base)"))
    func groffFindsNothing() throws {
        let run = try PtySession.run(["groff", "-man", "-ww", "-z"], input: try manual(), stdout: .pipe, stderr: .pipe)
        #expect(run.termination == .exited(0))
        #expect(run.stderrText.isEmpty, "\(run.stderrText)")
    }
}
