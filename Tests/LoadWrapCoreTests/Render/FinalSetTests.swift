import Testing
@testable import LoadWrapCore

@Test func finalSetHoldsItsBytesAndNoOther() {
    let set = FinalSet("@`7~")
    let members: [UInt8] = [UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: "7"), UInt8(ascii: "~")]
    for byte in UInt8.min...UInt8.max {
        #expect(set.contains(byte) == members.contains(byte), "byte \(byte)")
    }
}
