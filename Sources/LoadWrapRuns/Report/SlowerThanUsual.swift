import LoadWrapCore

/// Whether a step took longer than usual by enough to say so: both 25 % and 5 s more than the
/// usual time history knows (docs/history.md). Both floors, as CI duration monitors set them, so
/// that the noise of a short step (0.4 s against 0.3 s) or of a long one (61 min against 60) does
/// not cry wolf.
package enum SlowerThanUsual {
    /// The least a step must exceed its usual time by, as a share of it: a quarter.
    package static let ratio = 0.25
    /// The least a step must exceed its usual time by, in milliseconds.
    package static let floorMS = 5_000

    /// True when `elapsedMS` is at least 25 % and 5 s more than `usualMS`; false with no usual time.
    package static func applies(elapsedMS: Int, usualMS: Int?) -> Bool {
        guard let usualMS, usualMS >= 0 else { return false }
        let over = elapsedMS - usualMS
        return over >= floorMS && Double(over) >= Double(usualMS) * ratio
    }

    /// `usually 1m12s`, the field an end line gets when the step was slower than usual; else nil.
    package static func note(elapsedMS: Int, usualMS: Int?) -> String? {
        guard applies(elapsedMS: elapsedMS, usualMS: usualMS), let usualMS else { return nil }
        return "usually \(ElapsedFormat.tenths(ms: usualMS))"
    }

    /// True when a run that took `elapsedMS` could be slower than usual at all: below the floor no
    /// usual time can make it so, and its history need not be read.
    package static func possible(elapsedMS: Int) -> Bool {
        elapsedMS >= floorMS
    }
}

/// This run's usual time, read from its history once, at its end, and only when the run lasted
/// long enough to be slower than usual (`SlowerThanUsual.possible`): a short run never reads it.
/// The end line, the message to the loadwrap above and the run tree all ask the one figure.
package final class UsualFigure {
    /// The read: the usual time in milliseconds, or nil when history has none.
    private let read: () -> Int?
    /// The figure once read (nil inside: read, and none known).
    private var value: Int??

    /// A figure that `read` gives when first asked.
    package init(read: @escaping () -> Int?) {
        self.read = read
    }

    /// The usual time for a run that took `elapsedMS`, or nil when it is not known or not needed.
    package func ms(elapsedMS: Int) -> Int? {
        guard SlowerThanUsual.possible(elapsedMS: elapsedMS) else { return nil }
        if let value { return value }
        let read = read()
        value = .some(read)
        return read
    }
}
