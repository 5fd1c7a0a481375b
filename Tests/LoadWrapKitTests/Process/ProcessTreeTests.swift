import Testing

@testable import LoadWrapKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if os(Linux)
@Suite struct ProcessTreeTests {
    /// Starts `/bin/sh -c script` as a child of the test process, with no signal blocked or
    /// ignored: the test runner's threads block SIGCHLD, and a shell inheriting that mask
    /// never returns from `wait`.
    func spawnShell(_ script: String) throws -> pid_t {
        let arguments: [UnsafeMutablePointer<CChar>?] = ["sh", "-c", script].map { (word: String) in strdup(word) }
        defer { arguments.forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", nil, &attributes, arguments + [nil], environ)
        try #require(status == 0)
        return pid
    }

    /// Reaps `pid`, waiting at most 5 s so a stuck child cannot hang the suite; true when reaped
    /// now, false when it was already reaped or is still running.
    func reap(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        for _ in 0..<500 {
            let result = waitpid(pid, &status, WNOHANG)
            if result != 0 { return result == pid }
            usleep(10_000)
        }
        return false
    }

    /// The command name in `/proc/PID/comm`, without its newline.
    func name(of pid: pid_t) -> String {
        let fd = open("/proc/\(pid)/comm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return n > 0 ? String(decoding: buffer[0..<n].filter { $0 != 0x0A }, as: UTF8.self) : ""
    }

    @Test func findsEveryDescendant() throws {
        let shell = try spawnShell("sleep 30 & sleep 30 & wait")
        defer {
            kill(shell, SIGKILL)
            _ = reap(shell)
        }
        // The shell needs a moment to start both sleeps: up to 5 s.
        var sleeps: [pid_t] = []
        for _ in 0..<500 {
            sleeps = ProcessTree.descendants(of: shell).filter { name(of: $0) == "sleep" }
            if sleeps.count == 2 { break }
            usleep(10_000)
        }
        defer { sleeps.forEach { kill($0, SIGKILL) } }
        try #require(sleeps.count == 2)
        #expect(Set(ProcessTree.descendants(of: shell)) == Set(sleeps))
        // From the test process: the shell and its two sleeps (and whatever other tests started).
        let mine = Set(ProcessTree.descendants(of: getpid()))
        #expect(mine.isSuperset(of: [shell] + sleeps))
        #expect(!mine.contains(getpid()))
        for pid in sleeps { #expect(kill(pid, SIGKILL) == 0) }
        #expect(reap(shell))
        #expect(ProcessTree.descendants(of: shell) == [])
    }

    @Test func findsGrandchildren() throws {
        let shell = try spawnShell("sh -c 'sleep 30 & wait' & wait")
        defer {
            kill(shell, SIGKILL)
            _ = reap(shell)
        }
        var tree: [pid_t] = []
        for _ in 0..<500 {
            tree = ProcessTree.descendants(of: shell)
            if tree.map(name(of:)).contains("sleep") { break }
            usleep(10_000)
        }
        defer { tree.forEach { kill($0, SIGKILL) } }
        #expect(tree.map(name(of:)) == ["sh", "sleep"])
    }

    @Test func aProcessWithoutChildrenHasNoDescendants() {
        #expect(ProcessTree.descendants(of: 999_999_999) == [])
    }
}
#endif
