/// Whether a command's output stopped inside a UTF-8 character, which the next chunk finishes: a
/// byte of loadwrap's own now would land inside it.
struct UnfinishedCharacter {
    /// Continuation bytes still due for the character the output stopped inside.
    private var bytesDue = 0

    /// True while the output has stopped inside a character.
    var isUnfinished: Bool { bytesDue > 0 }

    /// Follows one run of text: only its last four bytes matter, unless it is nothing but the
    /// continuation bytes of a character begun before.
    mutating func follow(_ text: UnsafeRawBufferPointer) {
        let count = text.count
        var continuations = 0
        while continuations < count && continuations < 4 && text[count - 1 - continuations] & 0xC0 == 0x80 {
            continuations += 1
        }
        if continuations == count && count < 4 {
            bytesDue = max(0, bytesDue - count)
            return
        }
        guard continuations < 4 else { bytesDue = 0; return }  // not UTF-8: nothing to wait for
        let lead = text[count - 1 - continuations]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        bytesDue = max(0, length - 1 - continuations)
    }

    /// An escape sequence began: it ends an unfinished character, in the terminal too.
    mutating func interrupt() {
        bytesDue = 0
    }
}
