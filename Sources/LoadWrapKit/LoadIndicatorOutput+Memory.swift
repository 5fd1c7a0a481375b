import Dispatch

extension LoadIndicatorOutput {
    /// An in-memory destination for tests: a terminal of fixed width (or not a terminal)
    /// that records every byte written to it, in order, under a lock.
    public final class Memory: @unchecked Sendable {
        /// The width in columns the indicator lays its line out for.
        public let columns: Int
        /// The height in rows, which bounds a tail window's.
        public let rows: Int
        /// Whether the indicator should take this for a terminal (and so draw on it).
        public let isTerminal: Bool
        /// Serialises access to `recorded`.
        private let lock = DispatchQueue(label: "LoadWrapKit.LoadIndicatorOutput.Memory")
        /// Everything written so far and not yet taken.
        private var recorded: [UInt8] = []

        /// Creates an empty recorder playing a terminal `columns` wide and `rows` tall, or a file
        /// or pipe.
        public init(columns: Int = 80, rows: Int = 24, isTerminal: Bool = true) {
            self.columns = columns
            self.rows = rows
            self.isTerminal = isTerminal
        }

        /// The bytes written so far and not yet taken.
        public var bytes: [UInt8] {
            lock.sync { recorded }
        }

        /// The bytes written so far, decoded as UTF-8.
        public var text: String {
            String(decoding: bytes, as: UTF8.self)
        }

        /// Returns the bytes written so far and forgets them, so a test can check one step at a time.
        public func take() -> [UInt8] {
            lock.sync {
                defer { recorded.removeAll() }
                return recorded
            }
        }

        /// Records one write.
        func append(_ bytes: [UInt8]) {
            lock.sync { recorded += bytes }
        }
    }
}
