/// The one policy for output held back until its fate is known (`--quiet`, `--tail`, a
/// `LoadIndicator` that was fed), for every presenter of the tool and for the library: held while
/// the work runs; dropped when the spinner stops early, which is a success, and shown as it comes
/// from then on; shown whole and in order when the work fails; shown on lines of its own before
/// the reason a retry could not start.
package struct OutputHold {
    /// What is held; nil when nothing is, or no longer is.
    package private(set) var output: HeldOutput?

    /// Holds into `output`, or nothing when nil.
    package init(_ output: HeldOutput?) {
        self.output = output
    }

    /// Keeps `chunk` and returns true while holding; false when it is to be shown now.
    package func keep(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard let output else { return false }
        output.append(chunk)
        return true
    }

    /// An early stop, a success: what is held goes, and nothing more is held. What was dropped
    /// stays dropped for later attempts (`--retry` shares one `HeldOutput` between them).
    package mutating func drop() {
        output?.discard()
        output = nil
    }

    /// Shows what is held now, in order, through `show`, and holds nothing more: a window that
    /// gave way to a command that needs the terminal.
    package mutating func release(_ show: (UnsafeRawBufferPointer) -> Void) {
        guard let output else { return }
        self.output = nil
        output.replay(show)
        output.discard()
    }

    /// What to show at the end: everything held when the work `failed`, nil otherwise.
    package func atEnd(failed: Bool) -> HeldOutput? {
        failed ? output : nil
    }

    /// Before the reason a retry could not start: what earlier attempts held, as at a failed end,
    /// on lines of its own (`lineEnd` after an unfinished one) for the reason to follow.
    package func beforeReason(to fd: Int32, lineEnd: String = "\n") {
        output?.replayLines(to: fd, lineEnd: lineEnd)
    }
}
