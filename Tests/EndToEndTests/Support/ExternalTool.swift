import Foundation

/// Programs some tests drive besides loadwrap (groff, bash-completion, zsh, fish), which a
/// developer's machine may lack; `.ci/run` installs them, so on CI their tests always run.
enum ExternalTool {
    /// Whether an executable called `name` is on PATH.
    static func exists(_ name: String) -> Bool {
        path(name) != nil
    }

    /// The first executable called `name` on PATH, or nil.
    static func path(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `/bin/sh` with `arguments` and `environment`, both output streams into one pipe, to
    /// its end: the status and what it wrote. For the make-level scripts some tests run whole.
    static func runShell(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// Whether the tests run on CI, where a missing tool is a failure rather than a reason to skip.
    static let onCI = !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty

    /// bash-completion's main script, which defines `_command_offset`: Debian's place, or
    /// Homebrew's (`brew install bash-completion@2`, under /opt/homebrew or /usr/local).
    static let bashCompletion: String = {
        let candidates = ["/usr/share", "/opt/homebrew/share", "/usr/local/share"].map { $0 + "/bash-completion/bash_completion" }
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[0]
    }()
}
