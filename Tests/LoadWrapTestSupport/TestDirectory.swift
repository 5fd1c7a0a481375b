#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Private directories for tests that make files: a spill file, a history store.
package enum TestDirectory {
    /// A fresh private (0700) directory under /tmp.
    package static func make() -> String {
        var template = Array("/tmp/loadwrap-test.XXXXXX".utf8CString)
        let path = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return String(cString: path!)
    }

    /// The names in `directory`, without `.` and `..`.
    package static func entries(_ directory: String) -> [String] {
        guard let dir = opendir(directory) else { return ["<cannot open>"] }
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
