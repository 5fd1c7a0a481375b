/// Decides whether the spinner is drawn in colour.
package enum ColorChoice {
    /// `never` and `always` as asked; `auto` colours only in overlay mode, and not when `NO_COLOR`
    /// is set non-empty (no-color.org: monochrome, the spinner still shows) or `TERM` is `dumb`.
    package static func enabled(request: ColorRequest, mode: Mode, environment: [String: String]) -> Bool {
        switch request {
        case .never: return false
        case .always: return true
        case .auto:
            return mode == .overlay
                && (environment["NO_COLOR"] ?? "").isEmpty
                && environment["TERM"] != "dumb"
        }
    }
}
