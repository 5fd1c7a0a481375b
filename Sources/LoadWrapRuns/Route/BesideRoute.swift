import LoadWrapKit

/// The command's output written beside a loadwrap that draws on the same terminal, in the
/// terminal's turn (`BesideWriter`).
package final class BesideRoute: OutputRoute {
    /// Takes the turn around each write.
    private let writer: BesideWriter
    /// Where the output goes.
    private let destination: Int32

    /// Writes to `destination` (loadwrap's stderr unless told) through `writer`.
    package init(_ writer: BesideWriter, destination: Int32 = 2) {
        self.writer = writer
        self.destination = destination
    }

    /// Writes `chunk` in the terminal's turn; false when `destination` refused it.
    package func write(_ chunk: UnsafeRawBufferPointer) -> Bool {
        writer.write(chunk, to: destination)
    }

    /// What was held, on lines of its own, then `reason` on a line: written as they are, without
    /// the turn, as a run that cannot go on leaves no output of its command to keep apart.
    package func abandon(_ reason: String, after held: HeldOutput?) {
        held?.replayLines(to: destination)
        FileDescriptorIO.writeAll(destination, reason + "\n")
    }
}
