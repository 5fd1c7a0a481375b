/// What the environment says about colour, for the library and the tool alike.
package enum ColorEnvironment {
    /// False when `NO_COLOR` is set non-empty (no-color.org: monochrome, the spinner still shows)
    /// or `TERM` is `dumb`.
    package static func allowsColor(_ environment: [String: String]) -> Bool {
        (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
}
