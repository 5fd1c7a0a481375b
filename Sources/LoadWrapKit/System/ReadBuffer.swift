/// A relay's read buffer, allocated at its first read and never zeroed: every read overwrites
/// what it hands on. A zeroed 64 KiB array made with the relay cost 65 k instructions and 16 page
/// faults before the command started (callgrind and `perf record -e page-faults` of
/// `CI=true loadwrap -- true`), for bytes no one reads; now the kernel touches only the pages a
/// read fills.
package final class ReadBuffer {
    private let count: Int
    private var storage: UnsafeMutableRawBufferPointer?

    /// A buffer of `count` bytes, not allocated yet.
    package init(count: Int) {
        self.count = count
    }

    deinit {
        storage?.deallocate()
    }

    /// The bytes, allocated on first use; their contents are undefined until a read fills them.
    var bytes: UnsafeMutableRawBufferPointer {
        if let storage { return storage }
        let made = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
        storage = made
        return made
    }
}
