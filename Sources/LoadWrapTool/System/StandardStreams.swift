import LoadWrapKit

/// Unbuffered writes to stdout and stderr, for loadwrap's own messages.
enum StandardStreams {
    /// Writes `text` to stdout as is.
    static func out(_ text: String) {
        FileDescriptorIO.writeAll(1, text)
    }

    /// Writes `text` to stderr as is.
    static func err(_ text: String) {
        FileDescriptorIO.writeAll(2, text)
    }
}
