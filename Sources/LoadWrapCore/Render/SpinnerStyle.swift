/// A named spinner animation: its frames and how long each one shows.
///
/// Names, frames and intervals follow sindresorhus/cli-spinners (spinners.json), the set
/// users already know from ora and friends. Emoji frames there carry a trailing space to
/// pad for terminals that measured emoji as one column; ours drop it, because
/// `DisplayWidth` counts emoji as two columns like current terminals do.
public struct SpinnerStyle: Sendable, Equatable {
    /// The style's name, as users choose it.
    public let name: String
    /// The frames, each one the same display width.
    public let frames: [String]
    /// Milliseconds each frame shows, as the render core counts.
    package let intervalMS: Int

    /// How long each frame shows.
    public var interval: Duration {
        .milliseconds(intervalMS)
    }

    /// Creates a style showing each of `frames` (not empty) for `interval`, in whole milliseconds.
    public init(name: String, frames: [String], interval: Duration) {
        self.init(name: name, frames: frames, intervalMS: interval.wholeMilliseconds)
    }

    /// Creates a style with its interval in milliseconds, as the catalogue lists them.
    init(name: String, frames: [String], intervalMS: Int) {
        precondition(!frames.isEmpty, "a spinner style needs at least one frame")
        self.name = name
        self.frames = frames
        self.intervalMS = intervalMS
    }

    /// Whether every frame is printable ASCII, so it draws correctly in any locale.
    var isASCII: Bool {
        frames.allSatisfy { frame in frame.unicodeScalars.allSatisfy { (0x20..<0x7F).contains($0.value) } }
    }

    /// The frame to show after `elapsedMS` milliseconds of animation.
    func frame(at elapsedMS: Int) -> String {
        frames[frameIndex(at: elapsedMS)]
    }

    /// The index in `frames` of the frame shown `elapsedMS` after the start.
    func frameIndex(at elapsedMS: Int) -> Int {
        // Guard against a zero interval or a clock that stepped backwards.
        let step = max(elapsedMS, 0) / max(intervalMS, 1)
        return step % frames.count
    }

    /// Braille dots, the default on a UTF-8 terminal.
    public static let dots = SpinnerStyle(name: "dots", frames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"], intervalMS: 80)
    /// Fuller braille dots.
    public static let dots2 = SpinnerStyle(name: "dots2", frames: ["⣾", "⣽", "⣻", "⢿", "⡿", "⣟", "⣯", "⣷"], intervalMS: 80)
    /// Braille dots tracing a different path.
    public static let dots3 = SpinnerStyle(name: "dots3", frames: ["⠋", "⠙", "⠚", "⠞", "⠖", "⠦", "⠴", "⠲", "⠳", "⠓"], intervalMS: 80)
    /// The ASCII fallback when the locale is not UTF-8.
    public static let line = SpinnerStyle(name: "line", frames: ["-", "\\", "|", "/"], intervalMS: 130)
    /// A box-drawing pipe turning around.
    public static let pipe = SpinnerStyle(name: "pipe", frames: ["┤", "┘", "┴", "└", "├", "┌", "┬", "┐"], intervalMS: 100)
    /// ASCII dots filling up.
    public static let simpleDots = SpinnerStyle(name: "simpleDots", frames: [".  ", ".. ", "...", "   "], intervalMS: 400)
    /// ASCII dots scrolling through.
    public static let simpleDotsScrolling = SpinnerStyle(name: "simpleDotsScrolling", frames: [".  ", ".. ", "...", " ..", "  .", "   "], intervalMS: 200)
    /// A twinkling star.
    public static let star = SpinnerStyle(name: "star", frames: ["✶", "✸", "✹", "✺", "✹", "✷"], intervalMS: 70)
    /// An ASCII star.
    public static let star2 = SpinnerStyle(name: "star2", frames: ["+", "x", "*"], intervalMS: 80)
    /// A bar growing up and down.
    public static let growVertical = SpinnerStyle(name: "growVertical", frames: ["▁", "▃", "▄", "▅", "▆", "▇", "▆", "▅", "▄", "▃"], intervalMS: 120)
    /// A bar growing left and right.
    public static let growHorizontal = SpinnerStyle(name: "growHorizontal", frames: ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "▊", "▋", "▌", "▍", "▎"], intervalMS: 120)
    /// Shading that fades.
    public static let noise = SpinnerStyle(name: "noise", frames: ["▓", "▒", "░"], intervalMS: 100)
    /// A braille dot bouncing.
    public static let bounce = SpinnerStyle(name: "bounce", frames: ["⠁", "⠂", "⠄", "⠂"], intervalMS: 120)
    /// A quadrant block going round.
    public static let boxBounce = SpinnerStyle(name: "boxBounce", frames: ["▖", "▘", "▝", "▗"], intervalMS: 120)
    /// A triangle turning.
    public static let triangle = SpinnerStyle(name: "triangle", frames: ["◢", "◣", "◤", "◥"], intervalMS: 50)
    /// An arc going round.
    public static let arc = SpinnerStyle(name: "arc", frames: ["◜", "◠", "◝", "◞", "◡", "◟"], intervalMS: 100)
    /// A circle opening and closing.
    public static let circle = SpinnerStyle(name: "circle", frames: ["◡", "⊙", "◠"], intervalMS: 120)
    /// A square with a corner going round (cli-spinners has no plain `square`).
    public static let squareCorners = SpinnerStyle(name: "squareCorners", frames: ["◰", "◳", "◲", "◱"], intervalMS: 180)
    /// A circle with a quarter going round.
    public static let circleQuarters = SpinnerStyle(name: "circleQuarters", frames: ["◴", "◷", "◶", "◵"], intervalMS: 120)
    /// A half-filled circle turning.
    public static let circleHalves = SpinnerStyle(name: "circleHalves", frames: ["◐", "◓", "◑", "◒"], intervalMS: 50)
    /// Double lines squishing.
    public static let squish = SpinnerStyle(name: "squish", frames: ["╫", "╪"], intervalMS: 100)
    /// A switch toggling.
    public static let toggle = SpinnerStyle(name: "toggle", frames: ["⊶", "⊷"], intervalMS: 250)
    /// An arrow going round.
    public static let arrow = SpinnerStyle(name: "arrow", frames: ["←", "↖", "↑", "↗", "→", "↘", "↓", "↙"], intervalMS: 100)
    /// A marker moving along a row of arrows.
    public static let arrow3 = SpinnerStyle(name: "arrow3", frames: ["▹▹▹▹▹", "▸▹▹▹▹", "▹▸▹▹▹", "▹▹▸▹▹", "▹▹▹▸▹", "▹▹▹▹▸"], intervalMS: 120)
    /// An ASCII bar bouncing in brackets.
    public static let bouncingBar = SpinnerStyle(name: "bouncingBar", frames: ["[    ]", "[   =]", "[  ==]", "[ ===]", "[====]", "[=== ]", "[==  ]", "[=   ]"], intervalMS: 80)
    /// A progress bar filling up.
    public static let aesthetic = SpinnerStyle(name: "aesthetic", frames: ["▰▱▱▱▱▱▱", "▰▰▱▱▱▱▱", "▰▰▰▱▱▱▱", "▰▰▰▰▱▱▱", "▰▰▰▰▰▱▱", "▰▰▰▰▰▰▱", "▰▰▰▰▰▰▰", "▰▱▱▱▱▱▱"], intervalMS: 80)
    /// Emoji clock faces (two columns wide).
    public static let clock = SpinnerStyle(name: "clock", frames: ["🕐", "🕑", "🕒", "🕓", "🕔", "🕕", "🕖", "🕗", "🕘", "🕙", "🕚"], intervalMS: 100)
    /// An emoji globe turning (two columns wide).
    public static let earth = SpinnerStyle(name: "earth", frames: ["🌍", "🌎", "🌏"], intervalMS: 180)
    /// Emoji moon phases (two columns wide).
    public static let moon = SpinnerStyle(name: "moon", frames: ["🌑", "🌒", "🌓", "🌔", "🌕", "🌖", "🌗", "🌘"], intervalMS: 80)

    /// Every style, in the order they are listed.
    public static let catalogue: [SpinnerStyle] = [
        dots, dots2, dots3, line, pipe, simpleDots, simpleDotsScrolling, star, star2,
        growVertical, growHorizontal, noise, bounce, boxBounce, triangle, arc, circle,
        squareCorners, circleQuarters, circleHalves, squish, toggle, arrow, arrow3,
        bouncingBar, aesthetic, clock, earth, moon,
    ]

    /// The style called `name`, or nil.
    public static func named(_ name: String) -> SpinnerStyle? {
        catalogue.first { $0.name == name }
    }

    /// The style to use when the user chose none: `dots`, or `line` when the locale is not UTF-8.
    static func defaultStyle(utf8: Bool) -> SpinnerStyle {
        utf8 ? dots : line
    }

    /// `style`, or `line` when the locale is not UTF-8 and `style` would draw as mojibake.
    package static func fallback(for style: SpinnerStyle, utf8: Bool) -> SpinnerStyle {
        utf8 || style.isASCII ? style : line
    }
}
