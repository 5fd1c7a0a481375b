import LoadWrapKit

/// Unbuffered writes to stdout and stderr, for loadwrap's own messages.
package enum StandardStreams {
    /// Writes `text` to stdout as is.
    package static func out(_ text: String) {
        FileDescriptorIO.writeAll(1, text)
    }

    /// Writes `text` to stderr as is.
    package static func err(_ text: String) {
        FileDescriptorIO.writeAll(2, text)
    }
}
