import Testing

@testable import LoadWrapTool

/// A variable that stands for a flag: which values say off.
@Suite struct EnvironmentSwitchTests {
    @Test func offValuesInAnyCase() {
        #expect(!EnvironmentSwitch.saysOff("1"))
        #expect(!EnvironmentSwitch.saysOff("yes"))
        for off in ["0", "false", "NO", "off"] { #expect(EnvironmentSwitch.saysOff(off)) }
    }
}
