/// Everything `loadwrap [options] -- command` was asked to do, as parsed from the command line.
package struct Options: Equatable, Sendable {
    /// The `--delay` used when none is given: short commands finish before anything is drawn.
    package static let defaultDelayMS = 100

    /// The `--title` text, or nil for the default (the command line, shell-quoted).
    package var title: String?
    /// The `--spinner` style, or nil for the default (dots, or line when the locale is not UTF-8).
    package var spinner: SpinnerStyle?
    /// Milliseconds to wait before drawing anything.
    package var delayMS: Int
    /// The `--mode` request.
    package var mode: ModeRequest
    /// The `--color` request.
    package var color: ColorRequest
    /// The command and its arguments, untouched; never empty after parsing.
    package var command: [String]

    /// Creates options with every setting at its default except those given.
    package init(
        title: String? = nil,
        spinner: SpinnerStyle? = nil,
        delayMS: Int = Options.defaultDelayMS,
        mode: ModeRequest = .auto,
        color: ColorRequest = .auto,
        command: [String]
    ) {
        self.title = title
        self.spinner = spinner
        self.delayMS = delayMS
        self.mode = mode
        self.color = color
        self.command = command
    }

    /// The title to show: `--title` if given, else the command line as a shell would need it typed.
    package var resolvedTitle: String {
        title ?? ShellQuote.join(command)
    }

    /// The style to draw: `--spinner` if given, else braille dots, or ASCII line when the locale
    /// cannot show braille.
    package func resolvedSpinner(localeIsUTF8: Bool) -> SpinnerStyle {
        spinner ?? (localeIsUTF8 ? .dots : .line)
    }
}
