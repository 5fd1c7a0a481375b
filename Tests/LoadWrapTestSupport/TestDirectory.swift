#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Private directories for tests that make files: a spill file, a history store, a control
/// channel, the scripts and logs of an end-to-end run.
package enum TestDirectory {
    /// A fresh private (0700) directory under /tmp.
    package static func make() -> String {
        var template = Array("/tmp/loadwrap-test.XXXXXX".utf8CString)
        let path = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard let path else { preconditionFailure("no directory for the test: \(HarnessError("mkdtemp"))") }
        return String(cString: path)
    }

    /// The names in `directory`, without `.` and `..`; `<cannot open>` when it cannot be read.
    package static func entries(_ directory: String) -> [String] {
        names(in: directory) ?? ["<cannot open>"]
    }

    /// Removes `path` and, when it is a directory (not a link to one), everything in it.
    package static func remove(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            for name in names(in: path) ?? [] { remove("\(path)/\(name)") }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// The names in `directory`, without `.` and `..`, or nil when it is not a directory one can read.
    private static func names(in directory: String) -> [String]? {
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
