import TerminalModel

/// The demo terminal's colours (GitHub's dark theme, so the picture sits well on its pages),
/// as `#rrggbb`.
struct Palette {
    var foreground = "#c9d1d9"
    var background = "#0d1117"
    /// Entries 0–15 of the 256: the ANSI colours and their bright forms.
    var ansi = [
        "#484f58", "#ff7b72", "#3fb950", "#d29922", "#58a6ff", "#bc8cff", "#39c5cf", "#b1bac4",
        "#6e7681", "#ffa198", "#56d364", "#e3b341", "#79c0ff", "#d2a8ff", "#56d4dd", "#ffffff",
    ]

    /// The colour of `color`, or nil for the terminal's default.
    func hex(_ color: TerminalColor) -> String? {
        switch color {
        case .standard: nil
        case .indexed(let n) where n < 16: ansi[Int(n)]
        case .indexed(let n) where n < 232: Self.cube(Int(n) - 16)
        case .indexed(let n): Self.rgb(8 + 10 * (Int(n) - 232), 8 + 10 * (Int(n) - 232), 8 + 10 * (Int(n) - 232))
        case .rgb(let r, let g, let b): Self.rgb(Int(r), Int(g), Int(b))
        }
    }

    /// Entry `i` of xterm's 6×6×6 colour cube.
    private static func cube(_ i: Int) -> String {
        let level = [0, 95, 135, 175, 215, 255]
        return rgb(level[i / 36], level[i / 6 % 6], level[i % 6])
    }

    private static func rgb(_ r: Int, _ g: Int, _ b: Int) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + String([r, g, b].flatMap { [digits[$0 / 16], digits[$0 % 16]] })
    }
}
