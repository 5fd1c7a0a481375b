import Testing
@testable import LoadWrapCore

/// The overlay keeps the part of the line after the spinner's frame between draws; every frame
/// must still be exactly what a fresh layout gives.
@Suite struct OverlayKeptLineTests {
    /// The line a fresh layout gives at `nowMS`, as `Overlay.draw` wraps it (cursor already hidden).
    private func fresh(_ overlay: Overlay, nowMS: Int, title: String, columns: Int) -> [UInt8] {
        let elapsed = nowMS - overlay.startMS
        let line = SpinnerLine.render(
            frame: overlay.look.style.frame(at: elapsed), title: title, elapsedMS: elapsed,
            columns: Overlay.drawnColumns(columns), appearance: overlay.look.appearance,
            status: overlay.status(nowMS: nowMS))
        return Array("\r\u{1B}[?7l\(line)\u{1B}[K\u{1B}[?7h\r".utf8)
    }

    @Test(arguments: [true, false])
    func everyFrameIsTheFreshLayout(color: Bool) {
        let look = Overlay.Look(style: .dots, color: color, utf8: true)
        var overlay = Overlay(look: look, title: "make -j8 all", startMS: 0, delayMS: 0, columns: 100)
        overlay.usualMS = 2_000
        var title = "make -j8 all"
        var columns = 100
        _ = overlay.draw(nowMS: 0, commandHidCursor: true)
        for nowMS in stride(from: 80, through: 4_000, by: 80) {
            if nowMS == 1_600 { title = "Uploading 3/10 ✓ with a long title that gets cut"; overlay.setTitle(title) }
            if nowMS == 2_400 { columns = 30; overlay.columns = columns }
            if nowMS == 3_200 { columns = 4; overlay.columns = columns }
            _ = overlay.erase()
            let drawn = overlay.draw(nowMS: nowMS, commandHidCursor: true)
            #expect(drawn == fresh(overlay, nowMS: nowMS, title: title, columns: columns), "at \(nowMS) ms")
        }
    }

    /// The kept line is `render`'s own: its drawn frame, then the rest; nothing where not even the
    /// frame fits. The key dims the usual time by the line's rule.
    @Test(arguments: [true, false])
    func theKeptLineIsTheRenderedOne(color: Bool) {
        let status = LineStatus.usually(ms: 1_000)
        for columns in [1, 2, 3, 12, 30, 100] {
            let key = SpinnerLine.Kept.Key(frameWidth: 1, title: "make", elapsedMS: 1_200, status: status, columns: columns)
            let kept = SpinnerLine.kept(key, frame: "⠙", title: "make", elapsedMS: 1_200,
                                        appearance: .init(color: color, utf8: true), status: status)
            let line = SpinnerLine.render(frame: "⠙", title: "make", elapsedMS: 1_200, columns: columns,
                                          appearance: .init(color: color, utf8: true), status: status)
            let rebuilt = kept.rest.map { SpinnerLine.drawnFrame("⠙", color: color) + String(decoding: $0, as: UTF8.self) }
            #expect(rebuilt ?? "" == line, "\(columns) columns")
            #expect(key.pastUsual)
        }
    }
}
