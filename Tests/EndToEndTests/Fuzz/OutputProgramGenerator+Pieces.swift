/// The pieces a program is made of, each a few tokens.
extension OutputProgramGenerator {
    /// Words of ordinary build output, some with non-ASCII (two-byte UTF-8, one column) letters.
    private static let words = ["build", "ok", "done", "error:", "42", "x", "[1/9]", "warning", "café", "naïve", "Ωmega", "-->", "a=b"]

    /// Two-column characters the screen model knows: CJK, Hangul, kana, emoji.
    private static let wide = ["日", "本", "語", "한", "국", "テ", "キ", "😀", "🎉", "🚀", "⭐", "⌛", "✅"]

    /// Combining marks (zero columns) the screen model knows.
    private static let combining = ["\u{0301}", "\u{0308}", "\u{0323}", "\u{20DD}", "\u{0338}"]

    /// Random text of about `length` columns: words, spaces and printable ASCII.
    mutating func text(_ length: ClosedRange<Int>) {
        let target = rng.int(length)
        var out = ""
        while out.count < target {
            out += rng.chance(60) ? rng.pick(Self.words) : String(UnicodeScalar(UInt8(rng.int(0x21...0x7E))))
            if rng.chance(40) { out += " " }
        }
        emit(out)
    }

    /// A short line.
    mutating func line() {
        text(1...70)
        lineEnd()
    }

    /// A burst of short lines, enough to scroll the screen.
    mutating func burst() {
        for _ in 0..<rng.int(5...40) {
            emit("\(rng.int(0...99999))" + (rng.chance(30) ? " " + rng.pick(Self.words) : ""))
            lineEnd()
        }
    }

    /// One to three empty lines.
    mutating func blankLines() {
        for _ in 0..<rng.int(1...3) { lineEnd() }
    }

    /// A line wider than the terminal, usually ended.
    mutating func longLine() {
        text(81...250)
        if rng.chance(70) { lineEnd() }
    }

    /// Wide characters mixed with ASCII, and letters with combining marks right after them.
    mutating func wideText() {
        var out = ""
        for _ in 0..<rng.int(1...45) {
            switch rng.below(4) {
            case 0, 1: out += rng.pick(Self.wide)
            case 2: out += rng.pick(["e", "a", "o", "n"]) + rng.pick(Self.combining)
            default: out += rng.pick(["a", " ", "-", "1"])
            }
        }
        emit(out)
        if rng.chance(60) { lineEnd() }
    }

    /// A `\r` rewrite: a progress counter, or new text over the old, or an erased line.
    mutating func carriageReturn() {
        switch rng.below(3) {
        case 0: emit("\r\(rng.int(0...100))%")
        case 1:
            emit("\r")
            text(0...20)
        default:
            dropBackground()
            emit("\r")
            escape("[K")
            text(0...20)
        }
    }

    /// A tab, before or between text.
    mutating func tab() {
        if rng.chance(50) { text(1...12) }
        emit(String(repeating: "\t", count: rng.int(1...3)))
        text(0...12)
    }

    /// Backspaces over text, then more text.
    mutating func backspace() {
        text(1...10)
        emit(String(repeating: "\u{08}", count: rng.int(1...5)))
        text(0...6)
    }

    /// A cursor move, then maybe text where it landed.
    mutating func cursorMove() {
        let n = rng.weighted([(6, String(rng.int(1...30))), (2, ""), (1, "0")])
        let sequence = rng.pick([
            "[\(n)A", "[\(n)B", "[\(n)C", "[\(n)D", "[\(n)E", "[\(n)F", "[\(n)G", "[\(n)d", "[\(n)`", "[\(n)a", "[\(n)e",
            "[\(n);\(rng.int(1...90))H", "[H", "[\(rng.int(1...24));\(rng.int(1...80))f",
        ])
        escape(sequence)
        if rng.chance(70) { text(1...15) }
    }

    /// DECRC or SCORC with nothing saved: the home position and the default rendition.
    mutating func restoreUnsaved() {
        escape(rng.pick(["8", "[u"]))
        (backgroundSet, renditionSet) = (false, false)
        restoreNext = false
    }

    /// A cursor save, a restore of one made on this screen, or a restore of none: the terminal's
    /// one slot then holds the home position and the default rendition, as on a fresh terminal, and
    /// a loadwrap that drew with the slot would send the cursor elsewhere. A save need not be
    /// restored, and either may be cut across writes (as any sequence).
    mutating func saveOrRestore() {
        if let saved = savedRendition, rng.chance(60) {
            escape(rng.pick(["8", "[u"]))
            (backgroundSet, renditionSet) = saved
        } else if alternateMode == nil && !savedOnce && rng.chance(40) {
            if rng.chance(50) {
                // Where a loadwrap that saved the cursor to draw beside the line would have left
                // the slot: a line rewritten in place, a pause for a frame, the restore after it.
                if renditionSet {
                    escape("[0m")
                    (backgroundSet, renditionSet) = (false, false)
                }
                emit("\n\(rng.int(10...49))%\r\(rng.int(50...99))%")
                restoreNext = true
                endWrite = true
                return
            }
            restoreUnsaved()
        } else if alternateMode == nil {
            // xterm keeps one saved cursor per screen and ?1049 overwrites the main one; the model
            // keeps one: saving and restoring on the main screen only keeps both in agreement.
            escape(rng.pick(["7", "[s"]))
            savedRendition = (backgroundSet, renditionSet)
            savedOnce = true
        }
        if rng.chance(50) { text(1...10) }
    }

    /// An erase, insert or delete; ED 3 only with `clearScrollback`.
    mutating func erase() {
        if features.contains(.backgroundFill) && rng.chance(30) {
            // A coloured strip without text, as progress bars draw them, often on a line of its own.
            if rng.chance(50) { lineEnd() }
            endWrite = rng.chance(60)
            escape("[\(rng.int(41...47))m")
            escape(rng.pick(["[K", "[2K", "[\(rng.int(1...80))X", "[J"]))
            escape("[0m")
            renditionSet = false
            backgroundSet = false
            return
        }
        dropBackground()
        let n = rng.int(1...12)
        var sequences = ["[K", "[0K", "[1K", "[2K", "[J", "[1J", "[2J", "[H[2J", "[\(n)X", "[\(n)@", "[\(n)P", "[\(n)L", "[\(n)M"]
        if features.contains(.clearScrollback) { sequences += ["[3J", "[H[3J"] }
        let sequence = rng.pick(sequences)
        if sequence.hasSuffix("2J") { dropScrollRegion() }
        if sequence.hasPrefix("[H[") {
            escape("[H")
            escape(String(sequence.dropFirst(2)))
        } else {
            escape(sequence)
        }
        if rng.chance(50) { text(1...20) }
    }

    /// A scroll region with lines in it, or a scroll, index, reverse index or next line.
    mutating func scroll() {
        dropBackground()
        switch rng.below(4) {
        case 0:
            let top = rng.int(1...12)
            escape("[\(top);\(rng.int((top + 1)...24))r")
            regionSet = true
            for _ in 0..<rng.int(0...6) {
                text(1...20)
                lineEnd()
            }
            if features.contains(.scrollRegionKept) && rng.chance(40) {
                // The cursor below the region, the screen cleared: a line feed on the last row does not scroll.
                escape("[24;1H")
                escape("[2J")
                text(1...20)
                lineEnd()
                endWrite = true
            }
        case 1:
            escape("[r")
            regionSet = false
        case 2: escape("[\(rng.int(1...5))\(rng.pick(["S", "T"]))")
        default: escape(rng.pick(["D", "M", "E"]))
        }
    }

    /// An OSC 0 or 2 window title, ended by BEL or ST.
    mutating func title() {
        let text = rng.pick(["build", "日本語 title", "50% done", "x"])
        escape("]\(rng.pick([0, 2]));\(text)" + (rng.chance(50) ? "\u{07}" : "\u{1B}\\"))
    }

    /// Enters the alternate screen (and maybe clears it), or leaves it.
    mutating func alternateScreen() {
        if let mode = alternateMode {
            dropScrollRegion()
            escape("[?\(mode)l")
            alternateMode = nil
            savedRendition = nil
            // ?1049 restores the cursor as DECRC does, rendition included.
            if mode == 1049, let entry = renditionBeforeAlternate { (backgroundSet, renditionSet) = entry }
            return
        }
        if renditionSet && !features.contains(.alternateScreenRendition) {
            escape("[0m")
            (renditionSet, backgroundSet) = (false, false)
        }
        // The known bugs show when the alternate screen is left with the cursor moved, or with a
        // rendition to restore, at the start of a line: such visits end the write.
        let mode = features.contains(.alternateScreen1047) && rng.chance(40) ? 1047 : 1049
        let restoresRendition = mode == 1049 && features.contains(.alternateScreenRendition) && rng.chance(30)
        let brief = restoresRendition || (mode == 1047 && rng.chance(60))
        if brief && tokens.last != [0x0A] { lineEnd() }
        if restoresRendition && !renditionSet {
            let background = rng.chance(50)
            escape("[\(background ? rng.int(41...47) : rng.pick([1, 2, 4, 31, 35]))m")
            renditionSet = true
            backgroundSet = background
        }
        escape("[?\(mode)h")
        alternateMode = mode
        savedRendition = nil
        renditionBeforeAlternate = (backgroundSet, renditionSet)
        if rng.chance(50) {
            dropBackground()
            dropScrollRegion()
            escape("[H")
            escape("[2J")
        }
        if brief || rng.chance(30) {
            // A short visit: the cursor left on another row, then straight back.
            escape("[\(rng.int(1...24));1H")
            if !brief && rng.chance(50) { text(1...10) }
            if renditionSet && (brief || rng.chance(50)) {
                escape("[0m")
                (renditionSet, backgroundSet) = (false, false)
            }
            dropScrollRegion()
            escape("[?\(mode)l")
            alternateMode = nil
            if mode == 1049, let entry = renditionBeforeAlternate { (backgroundSet, renditionSet) = entry }
            endWrite = endWrite || brief
        } else if rng.chance(50) {
            text(1...30)
        }
    }

    /// Hides or shows the cursor.
    mutating func cursorVisibility() {
        escape(rng.pick(["[?25l", "[?25h"]))
    }
}
