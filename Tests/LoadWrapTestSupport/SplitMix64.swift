/// A small seeded random generator (SplitMix64, Steele, Lea and Flood, OOPSLA 2014) with its own
/// range helpers, so a seed gives the same program on every platform and Swift version: the
/// standard library's `random(in:using:)` algorithms are not promised to stay the same. The
/// fuzz suites, the watchers' fuzz test and the tail's resize storm draw from it.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's whole state, stepped by a constant each draw.
    private var state: UInt64

    /// A generator whose whole sequence is fixed by `seed`.
    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<count` (multiply-high, bias below 2^-50 for these small counts).
    package mutating func below(_ count: Int) -> Int {
        precondition(count > 0)
        return Int(next().multipliedFullWidth(by: UInt64(count)).high)
    }

    /// A number in `range`.
    package mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// True `percent` times in a hundred.
    package mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// One of `items`, which must not be empty.
    package mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// One of `choices`, each as likely as its weight.
    package mutating func weighted<T>(_ choices: [(weight: Int, value: T)]) -> T {
        var roll = below(choices.reduce(0) { $0 + $1.weight })
        for choice in choices {
            if roll < choice.weight { return choice.value }
            roll -= choice.weight
        }
        return choices[choices.count - 1].value
    }
}
