#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads variables of the running process into the dictionary the pure rules take.
package enum EnvironmentReader {
    /// The variables in `names` that are set. Read one by one with `getenv` rather than by walking
    /// the whole environment into Swift strings, which cost more than the rest of loadwrap's
    /// start-up together.
    package static func read(_ names: [String]) -> [String: String] {
        // Room for every name at once: growing from empty rehashed the variables found so far
        // three times (callgrind: 12 k instructions before the command starts).
        var result = [String: String](minimumCapacity: names.count)
        for name in names {
            // withCString lends the name's own bytes; passing the String to getenv made a C copy
            // of each of the 50 names on the heap (callgrind: 25 k instructions with the frees).
            if let value = name.withCString(getenv) { result[name] = String(cString: value) }
        }
        return result
    }
}
