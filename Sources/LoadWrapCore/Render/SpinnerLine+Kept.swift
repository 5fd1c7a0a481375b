extension SpinnerLine {
    /// The frame as every line that has room for it starts: in the frame's colour when `color`.
    static func drawnFrame(_ frame: String, color: Bool) -> String {
        color ? frameColorOn + frame + frameColorOff : frame
    }

    /// Whether the line dims the usual time: the command has run longer than it usually takes.
    static func isPastUsual(elapsedMS: Int, status: LineStatus) -> Bool {
        if case .usually(let ms) = status { return elapsedMS > ms }
        return false
    }

    /// A line laid out once, split after its frame. The layout depends on the frame only through
    /// its width, so while the key stays the same the line for another frame of that width is
    /// that frame (`drawnFrame`) followed by the same rest: the title is not measured again, nor
    /// the elapsed text rebuilt, until something in the key changes.
    struct Kept {
        /// Everything the layout after the frame depends on, besides the colour and the charset.
        struct Key: Equatable {
            var frameWidth: Int
            var title: String
            var second: Int
            var status: LineStatus
            var pastUsual: Bool
            var columns: Int

            init(frameWidth: Int, title: String, elapsedMS: Int, status: LineStatus, columns: Int) {
                self.frameWidth = frameWidth
                self.title = title
                second = elapsedMS / 1000
                self.status = status
                pastUsual = SpinnerLine.isPastUsual(elapsedMS: elapsedMS, status: status)
                self.columns = columns
            }
        }

        /// What the line was laid out from.
        let key: Key
        /// The bytes after the frame; nil when the line was empty (not even the frame fit).
        let rest: [UInt8]?
    }

    /// `render`'s line for `frame`, kept under `key` for the frames that follow.
    static func kept(
        _ key: Kept.Key, frame: String, title: String, elapsedMS: Int, appearance: Appearance, status: LineStatus
    ) -> Kept {
        let line = render(frame: frame, title: title, elapsedMS: elapsedMS, columns: key.columns, appearance: appearance,
                          status: status)
        guard !line.isEmpty else { return Kept(key: key, rest: nil) }
        return Kept(key: key, rest: Array(line.utf8.dropFirst(drawnFrame(frame, color: appearance.color).utf8.count)))
    }
}
