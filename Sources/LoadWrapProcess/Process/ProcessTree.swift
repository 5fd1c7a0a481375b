#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The processes a command started, so a timeout ends all of them: loadwrap's descendants
/// (with a subreaper, orphans stay among them), and the members of the command's own process
/// group and session, which is where orphans are found without one (Darwin).
package enum ProcessTree {
    /// Every living descendant of `root`, excluding `root` itself.
    package static func descendants(of root: pid_t, in table: [ProcessEntry] = Platform.processes()) -> [pid_t] {
        var found: [pid_t] = []
        var frontier: Set<pid_t> = [root]
        while !frontier.isEmpty {
            let children = table.filter { frontier.contains($0.parent) }.map(\.pid)
            found += children
            frontier = Set(children)
        }
        return found
    }

    /// What `command` started and what is still below `root` (loadwrap): its descendants, and
    /// every process in a group or session `command` leads — those that left loadwrap's tree
    /// (orphaned where there is no subreaper) but not the group or session.
    static func started(by command: pid_t, below root: pid_t, in table: [ProcessEntry] = Platform.processes()) -> [pid_t] {
        let joined = table.filter { $0.group == command || $0.session == command }.map(\.pid)
        var seen: Set<pid_t> = [root]
        return (descendants(of: root, in: table) + joined).filter { seen.insert($0).inserted }
    }
}
