/// What the spinner line says besides the title and the elapsed time.
enum LineStatus: Equatable, Sendable {
    /// Just busy: `⠙ make 12s`.
    case none
    /// A determinate value and, once it can be estimated, the time left:
    /// `⠙ Uploading ━━━━╸━━━ 52% · 12s · ~11s left`.
    case progress(LoadProgress, remainingMS: Int?)
    /// How long this command usually takes: `⠙ make 42s · usually 1m05s`, dimmed once past it.
    case usually(ms: Int)
}

/// The layout of the overlay line, `FRAME TITLE [BAR FIGURES ·] ELAPSED [· EXTRA]`, cut to the
/// terminal's width.
enum SpinnerLine {
    /// Starts the frame's colour: cyan foreground (SGR 36).
    static let frameColorOn = "\u{1B}[36m"
    /// Ends the frame's colour: default foreground (SGR 39), leaving other attributes alone.
    static let frameColorOff = "\u{1B}[39m"
    /// Starts faint intensity (SGR 2), for the elapsed time.
    private static let dimOn = "\u{1B}[2m"
    /// Ends faint intensity (SGR 22, normal intensity), leaving colours alone.
    private static let dimOff = "\u{1B}[22m"
    /// The title keeps at least this many columns (or its own width) before the bar or the
    /// extra goes.
    static let titleMinimum = 12
    /// The bar's widths: as wide as room allows between these, else no bar.
    static let barWidths = 5...20

    /// The line's bytes, without cursor movement, at most `columns - 1` columns wide; `title` is
    /// already sanitised.
    ///
    /// The last column is never written: a character there leaves the terminal in its
    /// pending-wrap state, and on some terminals the line then wraps and scrolls. When the line
    /// is too wide, the bar shrinks and goes first (the figures say the same), then the extra
    /// (time left, usual time), then the title is shortened with an ellipsis; when even frame
    /// and elapsed time do not fit, the elapsed time and title go; then the frame.
    static func render(
        frame: String, title: String, elapsedMS: Int, columns: Int, appearance: Appearance, status: LineStatus = .none
    ) -> String {
        let parts = Parts(frame: frame, title: title, elapsedMS: elapsedMS, appearance: appearance, status: status)
        return parts.fit(in: columns - 1)
    }

    /// The pieces of one line, measured once, and the ways of fitting them.
    private struct Parts {
        let frame: String
        let title: String
        let elapsed: String
        let color: Bool
        let utf8: Bool
        /// `52%`, `3/10`: beside the bar, or empty.
        let figures: String
        let fraction: Double
        /// `~11s left`, `usually 1m05s`, or empty; `extraDim` when past the usual time.
        let extra: String
        let extraDim: Bool

        init(frame: String, title: String, elapsedMS: Int, appearance: Appearance, status: LineStatus) {
            self.frame = frame
            self.title = title
            elapsed = ElapsedFormat.seconds(ms: elapsedMS)
            (color, utf8) = (appearance.color, appearance.utf8)
            switch status {
            case .none:
                (figures, fraction, extra, extraDim) = ("", 0, "", false)
            case .progress(let progress, let remainingMS):
                figures = progress.figures
                fraction = progress.fraction
                extra = remainingMS.map { "~\(ElapsedFormat.seconds(ms: $0)) left" } ?? ""
                extraDim = false
            case .usually(let ms):
                (figures, fraction) = ("", 0)
                extra = "usually \(ElapsedFormat.seconds(ms: ms))"
                extraDim = SpinnerLine.isPastUsual(elapsedMS: elapsedMS, status: status)
            }
        }

        private var separator: String { utf8 ? " · " : " - " }

        /// The richest layout that leaves the title its minimum, else the plain one.
        func fit(in available: Int) -> String {
            let frameWidth = DisplayWidth.of(frame)
            guard available > 0, frameWidth <= available else { return "" }
            let titleWidth = DisplayWidth.of(title)
            let titleNeed = title.isEmpty ? 0 : min(titleWidth, SpinnerLine.titleMinimum) + 1
            for withExtra in extra.isEmpty ? [false] : [true, false] {
                let trailer = trailerWidth(extra: withExtra)
                let fixed = frameWidth + 1 + trailer
                if !figures.isEmpty {
                    // The bar takes what the whole title leaves, else its narrowest beside a cut title.
                    let wholeTitle = title.isEmpty ? 0 : titleWidth + 1
                    let bars = SpinnerLine.barWidths
                    let bar = min(available - fixed - wholeTitle - 1, bars.upperBound)
                    if bar >= bars.lowerBound || available - fixed - titleNeed - 1 >= bars.lowerBound {
                        let width = max(bar, bars.lowerBound)
                        return line(titleRoom: available - fixed - width - 1, bar: width, extra: withExtra)
                    }
                    // Without a bar, the figures alone.
                    if available - fixed >= titleNeed { return line(titleRoom: available - fixed, bar: 0, extra: withExtra) }
                } else if withExtra && available - fixed >= titleNeed {
                    return line(titleRoom: available - fixed, bar: 0, extra: true)
                }
            }
            return plain(available: available, frameWidth: frameWidth)
        }

        /// Columns after the title: `BAR FIGURES · ELAPSED · EXTRA` without the bar, or `ELAPSED`.
        private func trailerWidth(extra withExtra: Bool) -> Int {
            let sepWidth = DisplayWidth.of(separator)
            var width = DisplayWidth.of(elapsed)
            if !figures.isEmpty { width += DisplayWidth.of(figures) + sepWidth }
            if withExtra { width += sepWidth + DisplayWidth.of(extra) }
            return width
        }

        /// The line with the title in `titleRoom` columns (its trailing space included).
        private func line(titleRoom: Int, bar: Int, extra withExtra: Bool) -> String {
            var text = drawnFrame + " "
            if let shown = shownTitle(room: titleRoom - 1) { text += shown + " " }
            if bar > 0 { text += ProgressBar.render(fraction: fraction, width: bar, color: color, utf8: utf8) + " " }
            if !figures.isEmpty { text += figures + separator }
            text += dim(elapsed)
            if withExtra { text += separator + (extraDim ? dim(extra) : extra) }
            return text
        }

        /// Frame and elapsed time only, as long as they fit; the title in what is left.
        private func plain(available: Int, frameWidth: Int) -> String {
            let elapsedWidth = DisplayWidth.of(elapsed)
            guard frameWidth + 1 + elapsedWidth <= available else { return drawnFrame }
            let room = available - frameWidth - elapsedWidth - 2
            guard let shown = shownTitle(room: room) else { return drawnFrame + " " + dim(elapsed) }
            return drawnFrame + " " + shown + " " + dim(elapsed)
        }

        /// The title cut to `room` columns, or nil when there is none or not even the ellipsis fits.
        private func shownTitle(room: Int) -> String? {
            let ellipsis = utf8 ? "…" : "..."
            guard !title.isEmpty, room >= DisplayWidth.of(ellipsis) else { return nil }
            return DisplayWidth.truncate(title, toColumns: room, ellipsis: ellipsis)
        }

        private var drawnFrame: String {
            SpinnerLine.drawnFrame(frame, color: color)
        }

        private func dim(_ text: String) -> String {
            color ? SpinnerLine.dimOn + text + SpinnerLine.dimOff : text
        }
    }
}
