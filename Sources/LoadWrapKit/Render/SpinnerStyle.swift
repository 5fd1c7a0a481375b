/// A named spinner animation: its frames and how long each one shows.
public struct SpinnerStyle: Sendable, Equatable {
    /// The name users pass to `--spinner`.
    public let name: String
    /// The frames, each one the same display width.
    public let frames: [String]
    /// Milliseconds each frame shows.
    public let intervalMS: Int

    /// Creates a style; `frames` must not be empty.
    public init(name: String, frames: [String], intervalMS: Int) {
        self.name = name
        self.frames = frames
        self.intervalMS = intervalMS
    }

    /// Braille dots, the default on a UTF-8 terminal.
    public static let dots = SpinnerStyle(name: "dots", frames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"], intervalMS: 80)
    /// The ASCII fallback when the locale is not UTF-8.
    public static let line = SpinnerStyle(name: "line", frames: ["-", "\\", "|", "/"], intervalMS: 130)

    /// Every style `--spinner` accepts, in `--list-spinners` order.
    public static let catalogue: [SpinnerStyle] = [dots, line]

    /// The style called `name`, or nil.
    public static func named(_ name: String) -> SpinnerStyle? {
        catalogue.first { $0.name == name }
    }
}
