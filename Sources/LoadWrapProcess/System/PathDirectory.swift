extension String {
    /// The directory part of this path, everything before its last `/` (empty when it has none):
    /// a control FIFO's directory, where the files beside it go, or that directory's parent.
    package var directoryPart: String {
        String(self[..<(lastIndex(of: "/") ?? startIndex)])
    }
}
