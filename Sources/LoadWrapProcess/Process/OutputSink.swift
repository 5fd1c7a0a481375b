/// Where the command's terminal- or log-bound output goes, chunk by chunk, in order: the
/// presenter of the mode, which writes it to stderr.
package protocol OutputSink: AnyObject {
    /// Shows (or holds) one chunk; false when the destination refused it (a reader gone).
    func output(_ chunk: UnsafeRawBufferPointer) -> Bool
    /// `chunk` is about to leave through a pipe whose reader may print on the same terminal.
    func dataLeaving(_ chunk: UnsafeRawBufferPointer)
    /// Bytes of a chunk already shown to `dataLeaving`, which the pipe had no room for, are about
    /// to leave now.
    func dataResuming()
}

extension OutputSink {
    package func dataLeaving(_ chunk: UnsafeRawBufferPointer) {}
    package func dataResuming() {}
}
