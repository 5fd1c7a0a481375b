/// Picks the `Mode` for a run from `--mode`, the terminal and the environment.
enum ModeChoice {
    /// The requested mode when explicit; for `auto`, plain when stderr is not a terminal, `TERM` is
    /// `dumb` or CI is detected (animation would garble a log), else overlay.
    static func choose(
        request: ModeRequest, stderrIsTerminal: Bool, environment: [String: String]
    ) -> Mode {
        switch request {
        case .overlay: return .overlay
        case .plain: return .plain
        case .silent: return .silent
        case .auto:
            if !stderrIsTerminal || environment["TERM"] == "dumb" || CIDetector.isCI(environment) {
                return .plain
            }
            return .overlay
        }
    }
}
