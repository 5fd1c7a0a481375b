import CLoadWrap

/// loadwrap's version, as `--version` prints it.
///
/// One source: `Scripts/version.sh` says `git describe --tags --always --dirty` in a checkout,
/// else `constant`; `make build` stamps that into the binary through `lw_build_version`, and
/// `make dist` names the archive after it. A bare `swift build` reports `constant`.
enum LoadWrapVersion {
    /// The version of a build that was not stamped, and of a source tree without git history.
    static let constant = "0.1.0"

    /// The version number alone.
    static let string: String = lw_build_version().map { String(cString: $0) } ?? constant

    /// The full `--version` output: `loadwrap 0.1.0` and a newline.
    static var line: String { "loadwrap \(string)\n" }
}
