import CPtyTestSupport
import Foundation

/// What the tests ask about other processes, on Linux (`/proc`) and Darwin (libproc) alike.
enum ProcessLookup {
    /// True on Linux, where tests that need `/proc`, strace, a subreaper or GNU tools can run.
    #if os(Linux)
    static let isLinux = true
    #else
    static let isLinux = false
    #endif

    /// The program name of `pid` (`sleep`), or "" once it is gone.
    static func programName(of pid: pid_t) -> String {
        var name = [CChar](repeating: 0, count: 256)
        guard ptyts_program_name(pid, &name, Int32(name.count)) == 0 else { return "" }
        return String(cString: name)
    }

    /// The children of `pid`; empty when it has none or is gone.
    static func children(of pid: pid_t) -> [pid_t] {
        var list = [pid_t](repeating: 0, count: 256)
        let count = ptyts_children(pid, &list, Int32(list.count))
        return Array(list.prefix(max(Int(count), 0)))
    }

    /// The command that runs `arguments` in a session of its own and waits for it (util-linux
    /// `setsid -w`; where that is missing, as on macOS, perl's POSIX::setsid after a fork, so the
    /// caller need not be a group leader).
    static func inNewSession(_ arguments: [String]) -> [String] {
        if ExternalTool.exists("setsid") { return ["setsid", "-w"] + arguments }
        let script = "my $p = fork // die; if (!$p) { POSIX::setsid() or die; exec @ARGV or die } "
            + "waitpid($p, 0); exit($? & 127 ? 128 + ($? & 127) : $? >> 8)"
        return ["perl", "-MPOSIX", "-e", script, "--"] + arguments
    }

    /// The command that prints the SHA-256 of its input as `sha256sum` does (macOS before 15 has
    /// only `shasum -a 256`, whose output has the same form).
    static let sha256: String = ExternalTool.exists("sha256sum") ? "sha256sum" : "shasum -a 256"
}
