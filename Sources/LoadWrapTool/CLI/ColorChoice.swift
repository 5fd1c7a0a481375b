import LoadWrapCore

/// Decides whether loadwrap draws in colour where it draws at all: only the overlay does, so plain
/// mode's lines stay free of escapes whatever this says.
enum ColorChoice {
    /// `never` and `always` as asked; `auto` only where the environment allows colour (`NO_COLOR`,
    /// `TERM=dumb`: `ColorEnvironment`).
    static func enabled(request: ColorRequest, environment: [String: String]) -> Bool {
        switch request {
        case .never: return false
        case .always: return true
        case .auto: return ColorEnvironment.allowsColor(environment)
        }
    }
}
