/// The colour setting asked for with `--color`; `auto` lets `ColorChoice` decide.
enum ColorRequest: String, CaseIterable, Sendable {
    /// Colour in overlay mode unless `NO_COLOR` or `TERM=dumb` says otherwise.
    case auto
    /// Colour whatever the environment.
    case always
    /// Never colour.
    case never
}
