import LoadWrapKit

/// The command's output written straight to a descriptor (loadwrap's stderr): a run alone, or
/// nested under a loadwrap that has the output pass by it.
package final class DirectRoute: OutputRoute {
    /// Where the output goes.
    private let destination: Int32

    /// Writes to `destination`, loadwrap's stderr unless told.
    package init(destination: Int32 = 2) {
        self.destination = destination
    }

    /// Writes `chunk` whole; false when `destination` refused it.
    package func write(_ chunk: UnsafeRawBufferPointer) -> Bool {
        FileDescriptorIO.writeAll(destination, chunk)
    }

    /// What was held, on lines of its own, then `reason` on a line.
    package func abandon(_ reason: String, after held: HeldOutput?) {
        held?.replayLines(to: destination)
        FileDescriptorIO.writeAll(destination, reason + "\n")
    }
}
