#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The processes a command started, found through `/proc` (Linux), so a timeout ends all of
/// them, including those that left its process group or were orphaned (loadwrap is then their
/// subreaper, so they stay below it).
enum ProcessTree {
    /// Every living descendant of `root`, excluding `root` itself.
    static func descendants(of root: pid_t) -> [pid_t] {
        #if os(Linux)
        let parents = parentTable()
        var found: [pid_t] = []
        var frontier: Set<pid_t> = [root]
        while !frontier.isEmpty {
            let children = parents.filter { frontier.contains($0.value) }.map(\.key)
            found += children
            frontier = Set(children)
        }
        return found
        #else
        return []
        #endif
    }

    #if os(Linux)
    /// pid → parent pid for every process in `/proc`.
    private static func parentTable() -> [pid_t: pid_t] {
        guard let directory = opendir("/proc") else { return [:] }
        defer { closedir(directory) }
        var table: [pid_t: pid_t] = [:]
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name), let parent = parent(of: pid) else { continue }
            table[pid] = parent
        }
        return table
    }

    /// The parent pid from `/proc/PID/stat`: the field after the `)` that ends the command name.
    private static func parent(of pid: pid_t) -> pid_t? {
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0, let close = buffer[0..<n].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = buffer[(close + 1)..<n].split(separator: UInt8(ascii: " "))
        guard fields.count > 1 else { return nil }
        return pid_t(String(decoding: fields[1], as: UTF8.self))
    }
    #endif
}
