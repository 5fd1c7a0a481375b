import Foundation
import LoadWrapTestSupport
import Testing

/// `loadwrap --completions bash|zsh|fish`: scripts each shell accepts, driven the way the shell
/// drives them where that can be scripted (bash, fish).
@Suite struct CompletionTests {
    /// The script for `shell`, after checking the binary printed it with exit 0 and nothing on stderr.
    private func script(_ shell: String) throws -> String {
        let run = try PtySession.run(Loadwrap.command(["--completions", shell]), stdout: .pipe, stderr: .pipe)
        #expect(run.termination == .exited(0))
        #expect(run.stderr.isEmpty, "\(run.stderrText)")
        return String(decoding: run.stdout, as: UTF8.self)
    }

    /// `script` written to a file called `name` in `directory`, and that file's path.
    private func file(_ script: String, named name: String, in directory: String) throws -> String {
        let path = directory + "/" + name
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// What bash offers for the command line `line` (its last word the one completed; a trailing
    /// space starts an empty word): `_loadwrap` called as bash calls it, with bash-completion loaded.
    private func bashCandidates(_ line: String, script path: String) throws -> Set<String> {
        let driver = """
            source \(ExternalTool.bashCompletion)
            source \(path)
            COMP_LINE=$1; COMP_POINT=${#COMP_LINE}
            read -ra COMP_WORDS <<< "$COMP_LINE"
            [[ $COMP_LINE == *' ' ]] && COMP_WORDS+=('')
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _loadwrap loadwrap "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}" 2>/dev/null
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let run = try PtySession.run(["bash", "-c", driver, "bash", line], stdout: .pipe, stderr: .pipe)
        #expect(run.termination == .exited(0), "\(run.stderrText)")
        return Set(String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    @Test("bash: options, spinner names, --mode's values and the wrapped command",
          .enabled(if: FileManager.default.fileExists(atPath: ExternalTool.bashCompletion) || ExternalTool.onCI,
                   "bash-completion is not installed (.ci/run installs it)"))
    func bash() throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try file(try script("bash"), named: "loadwrap.bash", in: dir)
        #expect(try bashCandidates("loadwrap --ti", script: path) == ["--title", "--timings", "--timestamps", "--timeout"])
        #expect(try bashCandidates("loadwrap --spinner d", script: path) == ["dots", "dots2", "dots3"])
        #expect(try bashCandidates("loadwrap -q -s d", script: path) == ["dots", "dots2", "dots3"])
        #expect(try bashCandidates("loadwrap --mode ", script: path) == ["auto", "overlay", "plain", "silent"])
        #expect(try bashCandidates("loadwrap --completions ", script: path) == ["bash", "zsh", "fish"])
        #expect(try bashCandidates("loadwrap --title ", script: path).isEmpty)
        #expect(try bashCandidates("loadwrap -- ech", script: path).contains("echo"))
        #expect(try bashCandidates("loadwrap --quiet ech", script: path).contains("echo"))
        #expect(try bashCandidates("loadwrap hist", script: path).contains("history"))
        #expect(try bashCandidates("loadwrap history --c", script: path) == ["--clear"])
        // The wrapped command's own completion takes over: bash-completion's for `ls`.
        #expect(try bashCandidates("loadwrap --title x -- ls --colo", script: path).contains("--color"))
    }

    @Test("zsh -n accepts the script", .enabled(if: ExternalTool.exists("zsh") || ExternalTool.onCI, "zsh is not installed"))
    func zshSyntax() throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try file(try script("zsh"), named: "_loadwrap", in: dir)
        let run = try PtySession.run(["zsh", "-n", path], stdout: .pipe, stderr: .pipe)
        #expect(run.termination == .exited(0), "\(run.stderrText)")
        #expect(run.stderr.isEmpty, "\(run.stderrText)")
    }

    @Test("zsh: Tab in an interactive zsh completes options, values and the wrapped command",
          .enabled(if: ExternalTool.exists("zsh") || ExternalTool.onCI, "zsh is not installed"))
    func zshInteractive() throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try file(try script("zsh"), named: "_loadwrap", in: dir)
        var environment = Loadwrap.pathFirst
        environment["TERM"] = "dumb"
        let session = try PtySession(["zsh", "-f", "-i"], environment: environment)
        defer { session.terminate() }
        // The prompt is split in the command so that its echo does not look like the prompt.
        session.send("fpath=(\(dir) $fpath); autoload -Uz compinit; compinit -u -D; PS1='<''ready> '\n")
        #expect(session.waitForOutput(containing: "<ready> "), "zsh never started")
        /// Types `line` after clearing the line (Ctrl-U), presses Tab twice, and waits for `expected`.
        func offers(_ line: String, _ expected: [String]) -> Bool {
            let start = session.output.count
            session.send("\u{15}" + line + "\t\t")
            return session.waitFor(timeout: 10) { bytes in
                let text = String(decoding: bytes.dropFirst(start), as: UTF8.self)
                return expected.allSatisfy { text.contains($0) }
            }
        }
        #expect(offers("loadwrap --ti", ["--timeout", "--title"]))
        #expect(offers("loadwrap --spinner d", ["dots2", "dots3"]))
        #expect(offers("loadwrap --mode=", ["overlay", "silent"]))
        #expect(offers("loadwrap -q -- ech", ["echo "]))
        #expect(offers("loadwrap history ", ["--clear"]))
    }

    /// What fish offers for `line` after sourcing the script (`complete -C`), without descriptions.
    private func fishCandidates(_ line: String, script path: String) throws -> Set<String> {
        let run = try PtySession.run(
            ["fish", "--no-config", "-c", "source \(path); complete -C$argv[1]", line], stdout: .pipe, stderr: .pipe)
        #expect(run.termination == .exited(0), "\(run.stderrText)")
        #expect(run.stderr.isEmpty, "\(run.stderrText)")
        return Set(String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map { String($0.prefix { $0 != "\t" }) })
    }

    @Test("fish: the script parses, and completes options, values and the wrapped command",
          .enabled(if: ExternalTool.exists("fish") || ExternalTool.onCI, "fish is not installed"))
    func fish() throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try file(try script("fish"), named: "loadwrap.fish", in: dir)
        let check = try PtySession.run(["fish", "--no-execute", path], stdout: .pipe, stderr: .pipe)
        #expect(check.termination == .exited(0), "\(check.stderrText)")
        #expect(try fishCandidates("loadwrap --mo", script: path) == ["--mode"])
        #expect(try fishCandidates("loadwrap --mode ", script: path) == ["auto", "overlay", "plain", "silent"])
        #expect(try fishCandidates("loadwrap --spinner d", script: path) == ["dots", "dots2", "dots3"])
        #expect(try fishCandidates("loadwrap --result=f", script: path) == ["--result=failure"])
        #expect(try fishCandidates("loadwrap -- ech", script: path).contains("echo"))
        #expect(try fishCandidates("loadwrap -q ech", script: path).contains("echo"))
        #expect(try fishCandidates("loadwrap history --c", script: path) == ["--clear"])
    }

    @Test func unknownShellIsAUsageError() throws {
        let run = try PtySession.run(Loadwrap.command(["--completions", "tcsh"]), stdout: .pipe, stderr: .pipe)
        #expect(run.termination == .exited(125))
        #expect(run.stdout.isEmpty)
        #expect(run.stderrText == "Error: Invalid value 'tcsh' for '--completions': expected bash, zsh or fish.\n")
    }
}
