/// Which history a run belongs to: a 64-bit hash of the command line and the working directory,
/// so `make` in two projects are two histories. Only the hash is stored, never the text: command
/// lines carry tokens and passwords. The title (`--title`) is for display and plays no part.
struct HistoryKey: Hashable, Sendable {
    /// The hash: FNV-1a over the words, then MurmurHash3's 64-bit finaliser, so that every bit
    /// (the top byte picks the file) depends on every byte. Stable across runs and machines,
    /// unlike Swift's seeded `Hasher`.
    let value: UInt64

    /// The key of `command` (the words as given) run in `directory`.
    init(command: [String], directory: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func feed(_ text: String) {
            for byte in text.utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            // A separator no argument can contain (arguments are C strings), so the words
            // `a b` and `ab` hash differently.
            hash = (hash ^ 0) &* 0x0000_0100_0000_01B3
        }
        feed("loadwrap-history-1")
        feed(directory)
        for word in command { feed(word) }
        hash = (hash ^ hash >> 33) &* 0xff51_afd7_ed55_8ccd
        hash = (hash ^ hash >> 33) &* 0xc4ce_b9fe_1a85_ec53
        value = hash ^ hash >> 33
    }

    /// A key with a known hash, as read back from a file.
    init(value: UInt64) {
        self.value = value
    }

    /// Sixteen lowercase hex digits, as stored.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Which of the store's 256 files holds this key: the hash's top byte.
    var shard: Int {
        Int(value >> 56)
    }
}
