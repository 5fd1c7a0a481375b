import Testing
@testable import LoadWrapCore

/// The rendition after applying each `CSI … m` parameter list in turn.
private func rendition(_ sequences: [Int]...) -> GraphicRendition {
    var rendition = GraphicRendition()
    for parameters in sequences { rendition.apply(parameters) }
    return rendition
}

@Test func startsDefault() {
    #expect(GraphicRendition().isDefault)
}

@Test func emptyAndZeroReset() {
    #expect(rendition([1, 31], []).isDefault)
    #expect(rendition([1, 31], [0]).isDefault)
    #expect(rendition([1, 31, 0]).isDefault)
    #expect(!rendition([0, 1]).isDefault)
}

@Test func boldAndColourStayUntilReset() {
    #expect(!rendition([1]).isDefault)
    #expect(!rendition([31]).isDefault)
    #expect(!rendition([1, 31]).isDefault)
    #expect(!rendition([1, 31], [39]).isDefault)
    #expect(rendition([1, 31], [39], [22]).isDefault)
    #expect(rendition([1, 31], [22, 39]).isDefault)
}

@Test func foregroundAndBackgroundResets() {
    #expect(rendition([31], [39]).isDefault)
    #expect(rendition([97], [39]).isDefault)
    #expect(rendition([41], [49]).isDefault)
    #expect(rendition([107], [49]).isDefault)
    #expect(!rendition([31, 41], [39]).isDefault)
    #expect(!rendition([31, 41], [49]).isDefault)
    #expect(rendition([31, 41], [39, 49]).isDefault)
}

@Test func intensityResets() {
    #expect(rendition([1], [22]).isDefault)
    #expect(rendition([2], [22]).isDefault)
    #expect(rendition([1, 2], [22]).isDefault)
}

@Test func eachAttributeAndItsReset() {
    // italic/23, underline/24, blink/25, inverse/27, conceal/28, strike/29.
    for (on, off) in [(3, 23), (4, 24), (5, 25), (7, 27), (8, 28), (9, 29)] {
        #expect(!rendition([on]).isDefault, "SGR \(on)")
        #expect(rendition([on], [off]).isDefault, "SGR \(on) then \(off)")
    }
}

@Test func rapidBlinkEndsWithBlinkOff() {
    // SGR 25 is "steady", ending slow (5) and rapid (6) blinking alike.
    #expect(!rendition([6]).isDefault)
    #expect(rendition([6], [25]).isDefault)
}

@Test func doubleUnderlineIsNotDefault() {
    // SGR 21 is doubly underlined in ECMA-48, xterm, VTE and Linux since 4.17; 24 ends it.
    #expect(!rendition([21]).isDefault)
    #expect(rendition([21], [24]).isDefault)
}

@Test func indexedColourUsesThreeParameters() {
    #expect(!rendition([38, 5, 196]).isDefault)
    #expect(rendition([38, 5, 196], [39]).isDefault)
    // The index 1 is not bold.
    #expect(rendition([38, 5, 1], [39]).isDefault)
    #expect(rendition([48, 5, 3], [49]).isDefault)
    #expect(!rendition([38, 5, 1, 1], [39]).isDefault)
}

@Test func trueColourUsesFiveParameters() {
    #expect(!rendition([38, 2, 1, 2, 3]).isDefault)
    // 1, 2 and 3 are the red, green and blue, not bold, faint and italic.
    #expect(rendition([38, 2, 1, 2, 3], [39]).isDefault)
    #expect(rendition([48, 2, 1, 2, 3], [49]).isDefault)
    #expect(!rendition([38, 2, 1, 2, 3, 4], [39]).isDefault)
}

@Test func truncatedExtendedColourStillCountsAsSet() {
    #expect(!rendition([38]).isDefault)
    #expect(!rendition([38, 5]).isDefault)
    #expect(rendition([38, 5], [39]).isDefault)
    #expect(rendition([48, 2, 1], [49]).isDefault)
}

@Test func unknownAttributesStayUntilFullReset() {
    #expect(!rendition([51]).isDefault)
    #expect(!rendition([51], [39, 49, 22, 24]).isDefault)
    #expect(rendition([51], [0]).isDefault)
}
