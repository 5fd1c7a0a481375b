import LoadWrapCore

/// Decides whether the spinner is drawn in colour.
enum ColorChoice {
    /// `never` and `always` as asked; `auto` colours only in overlay mode, and only where the
    /// environment allows colour (`NO_COLOR`, `TERM=dumb`: `ColorEnvironment`).
    static func enabled(request: ColorRequest, mode: Mode, environment: [String: String]) -> Bool {
        switch request {
        case .never: return false
        case .always: return true
        case .auto:
            return mode == .overlay && ColorEnvironment.allowsColor(environment)
        }
    }
}
