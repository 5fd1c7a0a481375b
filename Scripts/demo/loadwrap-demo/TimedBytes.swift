/// Bytes that reached the terminal, and when: seconds from the start of their scene or demo.
struct TimedBytes: Equatable, Sendable {
    var time: Double
    var bytes: [UInt8]

    init(_ time: Double, _ bytes: [UInt8]) {
        self.time = time
        self.bytes = bytes
    }

    init(_ time: Double, _ text: String) { self.init(time, Array(text.utf8)) }
}
