/// The picture's geometry in SVG user units. A cell is 12 × 26 at a font size of 20: a
/// monospace advance is about 0.6 em, and sizes well above 12 keep clear of browsers' minimum
/// font size; the picture is then scaled down by `scale` for display.
struct SVGLayout {
    let rows: Int
    let cols: Int

    static let cellWidth = 12
    static let lineHeight = 26
    static let fontSize = 20
    /// From a row's top to its text's baseline.
    static let baseline = 19
    static let padding = 20
    /// The window's title bar, with its three dots.
    static let titleBar = 36
    static let scale = 0.7

    var terminalWidth: Int { cols * Self.cellWidth }
    var terminalHeight: Int { rows * Self.lineHeight }
    var width: Int { terminalWidth + 2 * Self.padding }
    var height: Int { Self.titleBar + terminalHeight + Self.padding }
    /// Frames stand side by side this far apart; the gap keeps a glyph that overhangs the last
    /// column out of the next frame's view.
    var frameStride: Int { terminalWidth + 2 * Self.cellWidth }
}
