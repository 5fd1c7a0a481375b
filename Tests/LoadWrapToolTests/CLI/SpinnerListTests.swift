import Testing

@testable import LoadWrapCore
@testable import LoadWrapKit
@testable import LoadWrapTool

@Suite struct SpinnerListTests {
    @Test func namePaddedThenFrameThenInterval() {
        let styles = [
            SpinnerStyle(name: "dots", frames: ["⠋", "⠙"], intervalMS: 80),
            SpinnerStyle(name: "line", frames: ["-", "\\"], intervalMS: 130),
            SpinnerStyle(name: "bounce", frames: ["[=  ]", "[ = ]"], intervalMS: 120),
        ]
        #expect(
            SpinnerList.render(styles) == """
                dots    ⠋  80ms
                line    -  130ms
                bounce  [=  ]  120ms

                """)
    }

    @Test func oneLinePerCatalogueStyle() {
        let lines = SpinnerList.render().split(separator: "\n")
        #expect(lines.count == SpinnerStyle.catalogue.count)
        for (line, style) in zip(lines, SpinnerStyle.catalogue) {
            #expect(line.hasPrefix(style.name + " "))
            #expect(line.hasSuffix("  \(style.intervalMS)ms"))
        }
    }
}
