/// Terminal column widths of text, like POSIX `wcwidth`/`wcswidth` but per grapheme cluster.
///
/// Terminals lay out one cell per scalar, two for East Asian wide ones, none for combining
/// marks; a grapheme cluster (an emoji ZWJ sequence, a flag, a base plus marks) is drawn as
/// one glyph by modern terminals, so we measure clusters, not scalars.
package enum DisplayWidth {
    /// The number of columns `scalar` takes on its own: 0, 1 or 2.
    ///
    /// Controls count 0: they print nothing (and `Sanitizer` removes them anyway).
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x7F { return 1 }
        if isZeroWidth(scalar) { return 0 }
        return isWide(value) ? 2 : 1
    }

    /// The number of columns `string` takes, summed over its grapheme clusters.
    package static func of(_ string: String) -> Int {
        string.reduce(0) { $0 + of(cluster: $1) }
    }

    /// The number of columns one grapheme cluster takes: 2 if any part is wide or it asks
    /// for emoji presentation, otherwise its base scalar's width.
    static func of(cluster: Character) -> Int {
        let scalars = cluster.unicodeScalars
        guard let base = scalars.first else { return 0 }
        var asksForEmoji = false
        for scalar in scalars {
            if of(scalar) == 2 { return 2 }
            if scalar.value == 0xFE0F { asksForEmoji = true }
        }
        // VARIATION SELECTOR-16 turns a text-default emoji such as U+2764 into a
        // two-column emoji glyph.
        if asksForEmoji && base.properties.isEmoji { return 2 }
        return of(base)
    }

    /// `string` unchanged if it fits in `columns`, otherwise its longest prefix of whole
    /// grapheme clusters that leaves room for `ellipsis`, followed by `ellipsis`.
    ///
    /// When `columns` is narrower than `ellipsis`, the prefix that fits is returned bare.
    package static func truncate(_ string: String, toColumns columns: Int, ellipsis: String) -> String {
        let columns = max(columns, 0)
        if of(string) <= columns { return string }
        let ellipsisWidth = of(ellipsis)
        let fitsEllipsis = ellipsisWidth <= columns
        let budget = fitsEllipsis ? columns - ellipsisWidth : columns
        var prefix = ""
        var used = 0
        for cluster in string {
            let width = of(cluster: cluster)
            if used + width > budget { break }
            prefix.append(cluster)
            used += width
        }
        return fitsEllipsis ? prefix + ellipsis : prefix
    }

    /// Whether `scalar` takes no column: a combining or enclosing mark, a format control
    /// (zero-width joiner, bidi marks), a variation selector, or a Hangul medial vowel or
    /// final consonant, which joins the syllable's leading consonant.
    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
        // SOFT HYPHEN is a format control, but terminals draw it as a hyphen (glibc agrees).
        if value == 0xAD { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// Whether the scalar `value` is East Asian Wide or Fullwidth, or an emoji shown as a
    /// picture by default; a binary search in `wideRanges`.
    private static func isWide(_ value: UInt32) -> Bool {
        if value < wideRanges[0].lowerBound { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Sorted, disjoint ranges of two-column scalars.
    ///
    /// Derived from Unicode 15.0 UCD `EastAsianWidth.txt` (values W and F, assigned code
    /// points, plus the unassigned ideograph ranges its `@missing` lines default to W:
    /// U+3400–4DBF, U+4E00–9FFF, U+F900–FAFF, U+20000–2FFFD, U+30000–3FFFD) merged with
    /// `emoji-data.txt` `Emoji_Presentation` (which adds the regional indicators
    /// U+1F1E6–1F1FF, Neutral in EastAsianWidth but drawn as flags).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC,
        0x23F0...0x23F0, 0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615,
        0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE,
        0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755,
        0x2757...0x2757, 0x2795...0x2797, 0x27B0...0x27B0, 0x27BF...0x27BF,
        0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x2E99,
        0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x2FF0...0x2FFB, 0x3000...0x303E,
        0x3041...0x3096, 0x3099...0x30FF, 0x3105...0x312F, 0x3131...0x318E,
        0x3190...0x31E3, 0x31F0...0x321E, 0x3220...0x3247, 0x3250...0x4DBF,
        0x4E00...0xA48C, 0xA490...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE52, 0xFE54...0xFE66,
        0xFE68...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x16FF0...0x16FF1, 0x17000...0x187F7, 0x18800...0x18CD5, 0x18D00...0x18D08,
        0x1AFF0...0x1AFF3, 0x1AFF5...0x1AFFB, 0x1AFFD...0x1AFFE, 0x1B000...0x1B122,
        0x1B132...0x1B132, 0x1B150...0x1B152, 0x1B155...0x1B155, 0x1B164...0x1B167,
        0x1B170...0x1B2FB, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
        0x1F191...0x1F19A, 0x1F1E6...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,
        0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335,
        0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3,
        0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440,
        0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567,
        0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F,
        0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7,
        0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB,
        0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
        0x1FA70...0x1FA7C, 0x1FA80...0x1FA88, 0x1FA90...0x1FABD, 0x1FABF...0x1FAC5,
        0x1FACE...0x1FADB, 0x1FAE0...0x1FAE8, 0x1FAF0...0x1FAF8, 0x20000...0x2FFFD,
        0x30000...0x3FFFD,
    ]
}
