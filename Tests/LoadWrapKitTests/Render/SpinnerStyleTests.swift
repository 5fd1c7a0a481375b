import Testing
@testable import LoadWrapKit

@Test func defaultStyleIsDots() {
    #expect(SpinnerStyle.named("dots") == .dots)
}
