import Dispatch
import Testing
import LoadWrapTestSupport
@testable import LoadWrapKit

/// Many threads at once never interleave bytes on the output.
@Suite struct LoadIndicatorConcurrencyTests {
    @Test func concurrentPrintsAndTitlesProduceWholeLines() {
        let sink = LoadIndicatorOutput.Memory(columns: 80)
        let indicator = Fixture.indicator(title: "start", sink: sink, clock: ManualClock())
        let threads = 8
        let linesPerThread = 200
        indicator.start()
        let group = DispatchGroup()
        for thread in 0..<threads {
            DispatchQueue.global().async(group: group) {
                for line in 0..<linesPerThread {
                    indicator.print("thread \(thread) line \(line)")
                    indicator.title = "title \(thread) \(line)"
                    indicator.tick()
                }
            }
        }
        group.wait()
        indicator.stop()

        // Every print begins with the erase sequence, so splitting there gives one piece per print:
        // the whole line and newline, the whole redrawn spinner line, then any redraws that ticks
        // made for a new title.
        let pieces = sink.bytes.split(separator: Fixture.erase, omittingEmptySubsequences: false)
        #expect(pieces.first.map(Array.init) == Fixture.firstDraw("⠋ start 0s"))
        #expect(pieces.last?.isEmpty == true)  // stop's erase ends the output
        var seen: [String] = []
        for piece in pieces.dropFirst().dropLast() {
            guard let newline = piece.firstIndex(of: 0x0A) else {
                Issue.record("piece without a line: \(String(decoding: piece, as: UTF8.self))")
                continue
            }
            let line = String(decoding: piece[..<newline], as: UTF8.self)
            let redraw = String(decoding: piece[(newline + 1)...], as: UTF8.self)
            seen.append(line)
            #expect(isSpinnerLines(redraw), "torn redraw: \(redraw.debugDescription)")
        }
        let expected = (0..<threads).flatMap { t in (0..<linesPerThread).map { "thread \(t) line \($0)" } }
        #expect(seen.sorted() == expected.sorted())
    }

    /// Whether `text` is one drawing of the line after an erase, then any number of redraws,
    /// each whole and with a title some thread set.
    private func isSpinnerLines(_ text: String) -> Bool {
        let draws = text.split(separator: "\u{1B}[K\u{1B}[?7h\r", omittingEmptySubsequences: false)
        guard draws.count >= 2, draws.last?.isEmpty == true else { return false }
        return draws.dropLast().enumerated().allSatisfy { index, draw in
            let prefix = index == 0 ? "\u{1B}[?25l\r\u{1B}[?7l⠋ " : "\r\u{1B}[?7l⠋ "
            return draw.hasPrefix(prefix) && draw.hasSuffix(" 0s") && isTitle(draw.dropFirst(prefix.count).dropLast(3))
        }
    }

    /// Whether `title` is the first title or one a thread set.
    private func isTitle(_ title: Substring) -> Bool {
        if title == "start" { return true }
        let words = title.split(separator: " ")
        return words.count == 3 && words[0] == "title" && Int(words[1]) != nil && Int(words[2]) != nil
    }
}
