import CLoadWrap
import LoadWrapTestSupport
import Testing

@testable import LoadWrapProcess
@testable import LoadWrapTool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a timeout ends: loadwrap's descendants, and the members of the command's group and
/// session, found through the platform's process table (`/proc`, libproc).
@Suite struct ProcessTreeTests {
    /// Starts `/bin/sh -c script` as a child of the test process, with no signal blocked or
    /// ignored (the test runner's threads block SIGCHLD, and a shell inheriting that mask never
    /// returns from `wait`), in a process group of its own when `newGroup`.
    func spawnShell(_ script: String, newGroup: Bool = false) throws -> pid_t {
        let arguments: [UnsafeMutablePointer<CChar>?] = ["sh", "-c", script].map { (word: String) in strdup(word) }
        defer { arguments.forEach { free($0) } }
        // Allocated, not a local: posix_spawnattr_t is a struct on Linux and a pointer on Darwin.
        let attributes = UnsafeMutablePointer<posix_spawnattr_t>.allocate(capacity: 1)
        defer { attributes.deallocate() }
        posix_spawnattr_init(attributes)
        defer { posix_spawnattr_destroy(attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigmask(attributes, &none)
        posix_spawnattr_setsigdefault(attributes, &all)
        posix_spawnattr_setpgroup(attributes, 0)
        let group = newGroup ? POSIX_SPAWN_SETPGROUP : 0
        posix_spawnattr_setflags(attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | group))
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", nil, attributes, arguments + [nil], lw_environ())
        try #require(status == 0)
        return pid
    }

    /// Reaps `pid`, waiting at most 5 s so a stuck child cannot hang the suite; true when reaped
    /// now, false when it was already reaped or is still running.
    func reap(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        var result: pid_t = 0
        _ = Poll.until(timeout: 5) {
            result = waitpid(pid, &status, WNOHANG)
            return result != 0
        }
        return result == pid
    }

    /// Asks `lookup` until it finds `count` processes: forks are events no one announces.
    func waitFor(_ count: Int, _ lookup: () -> [pid_t]) -> [pid_t] {
        var found: [pid_t] = []
        _ = Poll.until {
            found = lookup()
            return found.count >= count
        }
        return found
    }

    @Test func findsEveryDescendant() throws {
        let shell = try spawnShell("sleep 30 & sleep 30 & wait")
        defer {
            kill(shell, SIGKILL)
            _ = reap(shell)
        }
        let sleeps = waitFor(2) { ProcessTree.descendants(of: shell) }
        defer { sleeps.forEach { kill($0, SIGKILL) } }
        try #require(sleeps.count == 2)
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
        let tree = waitFor(2) { ProcessTree.descendants(of: shell) }
        defer { tree.forEach { kill($0, SIGKILL) } }
        try #require(tree.count == 2)
        let parents = Dictionary(uniqueKeysWithValues: Platform.processes().map { ($0.pid, $0.parent) })
        #expect(parents[tree[0]] == shell && parents[tree[1]] == tree[0], "\(tree) \(shell)")
    }

    /// An orphan of a command leading its own group is no descendant of anyone here any more
    /// (without a subreaper it went to init or launchd), but still in the group: found there.
    @Test func findsAnOrphanInTheCommandsGroup() throws {
        let command = try spawnShell("(sleep 30 &); exec sleep 30", newGroup: true)
        defer {
            kill(-command, SIGKILL)
            _ = reap(command)
        }
        // Only in the group: the subshell that started it has gone, so it is no one's here.
        // Both views from one table: processes other tests start between two reads of it would be
        // new descendants of this process, and so taken for orphans.
        let orphans = waitFor(1) {
            let table = Platform.processes()
            let mine = Set(ProcessTree.descendants(of: getpid(), in: table))
            return ProcessTree.started(by: command, below: getpid(), in: table).filter { !mine.contains($0) }
        }
        try #require(orphans.count == 1, "\(orphans)")
        #expect(Platform.processes().first { $0.pid == orphans[0] }?.group == command)
    }

    @Test func startedJoinsDescendantsAndTheCommandsGroupAndSession() {
        let table = [
            ProcessEntry(pid: 1, parent: 0, group: 1, session: 1),  // loadwrap
            ProcessEntry(pid: 10, parent: 1, group: 10, session: 10),  // the command, leading a session
            ProcessEntry(pid: 11, parent: 10, group: 10, session: 10),  // its child
            ProcessEntry(pid: 12, parent: 99, group: 10, session: 10),  // an orphan in its group
            ProcessEntry(pid: 13, parent: 99, group: 13, session: 10),  // an orphan's group in its session
            ProcessEntry(pid: 14, parent: 99, group: 14, session: 14),  // someone else's
            ProcessEntry(pid: 15, parent: 1, group: 1, session: 1),  // another child of loadwrap
        ]
        #expect(ProcessTree.started(by: 10, below: 1, in: table) == [10, 15, 11, 12, 13])
    }

    @Test func aProcessWithoutChildrenHasNoDescendants() {
        #expect(ProcessTree.descendants(of: 999_999_999) == [])
    }
}
