/// loadwrap's version, as `--version` prints it.
package enum LoadWrapVersion {
    /// The version number alone.
    package static let string = "0.1.0"

    /// The full `--version` output: `loadwrap 0.1.0` and a newline.
    package static var line: String { "loadwrap \(string)\n" }
}
