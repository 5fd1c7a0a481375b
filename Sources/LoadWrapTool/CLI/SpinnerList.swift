import LoadWrapCore

/// The `--list-spinners` output: one catalogue style per line.
enum SpinnerList {
    /// One line per style in `styles`: the name padded to a column, a sample frame and the frame
    /// interval, e.g. `dots   ⠋  80ms`; each line ends in a newline.
    static func render(_ styles: [SpinnerStyle] = SpinnerStyle.catalogue) -> String {
        let column = (styles.map(\.name.count).max() ?? 0) + 2
        var text = ""
        for style in styles {
            let padding = String(repeating: " ", count: column - style.name.count)
            text += "\(style.name)\(padding)\(style.frames.first ?? "")  \(style.intervalMS)ms\n"
        }
        return text
    }
}
