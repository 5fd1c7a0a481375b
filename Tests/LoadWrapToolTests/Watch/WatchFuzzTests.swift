import Foundation
import Testing

import LoadWrapTestSupport
@testable import LoadWrapCore
@testable import LoadWrapKit
@testable import LoadWrapTool

/// The differential test of issue 25: random patterns and lines give the same answers through the
/// filters (`LineMatcher`, `LineWatch`, `ProgressWatch`) as plain Swift Regex on each sanitised
/// line. `make test` runs a few hundred seeds; `make fuzz` twenty times `FUZZ_COUNT`, from
/// `FUZZ_SEED`.
@Suite struct WatchFuzzTests {
    /// The seeds: `FUZZ_COUNT` × 20 from `FUZZ_SEED` when set, else 300 from 1, in batches of 50.
    static let batches: [[UInt64]] = {
        let environment = ProcessInfo.processInfo.environment
        let first = environment["FUZZ_SEED"].flatMap { UInt64($0) } ?? 1
        let count = environment["FUZZ_COUNT"].flatMap { Int($0) }.map { $0 * 20 } ?? 300
        let seeds = (0..<UInt64(max(count, 0))).map { first &+ $0 }
        return stride(from: 0, to: seeds.count, by: 50).map { Array(seeds[$0..<min($0 + 50, seeds.count)]) }
    }()

    @Test(arguments: batches) func untilAgreesWithRegex(seeds: [UInt64]) throws {
        for seed in seeds {
            var generator = WatchCaseGenerator(random: SplitMix64(seed: seed))
            let pattern = generator.pattern()
            guard let regex = try? Regex<AnyRegexOutput>(pattern) else { continue }
            let plain = generator.random.chance(50)
            let lines = (0..<12).map { _ in generator.line(plain: plain) }
            let expected = lines.map { Self.reference(regex, $0) != nil }
            let matcher = LineMatcher(regex, pattern: pattern)
            for (line, expect) in zip(lines, expected) {
                let found = Array(line.utf8).withUnsafeBytes { matcher.firstMatch(in: $0) } != nil
                let matches = Array(line.utf8).withUnsafeBytes(matcher.matches)
                #expect(found == expect, "seed \(seed): \(pattern.debugDescription) on \(line.debugDescription)")
                #expect(matches == expect, "seed \(seed): \(pattern.debugDescription) on \(line.debugDescription)")
            }
            let chunks = Self.chunks(of: lines, random: &generator.random)
            let watch = try LineWatch(WatchPattern(pattern))
            let fed = chunks.map { chunk in chunk.withUnsafeBytes { watch.feed($0) } }
            // A chunk that ends inside a line also tries that line so far (a prompt has no end).
            let partials = Self.partialLines(chunks).contains { Self.reference(regex, $0) != nil }
            #expect(fed.contains(true) == (expected.contains(true) || partials), "seed \(seed): \(pattern.debugDescription) on \(lines)")
        }
    }

    @Test(arguments: batches) func progressAgreesWithRegex(seeds: [UInt64]) throws {
        for seed in seeds {
            var generator = WatchCaseGenerator(random: SplitMix64(seed: seed))
            let pattern = generator.progressPattern()
            guard let regex = try? Regex<AnyRegexOutput>(pattern) else { continue }
            let plain = generator.random.chance(50)
            let lines = (0..<12).map { _ in generator.random.chance(30) ? "[3/10] 45% x" : generator.line(plain: plain) }
            let expected = lines.compactMap { Self.referenceValue(regex, $0) }.last
            let watch = try ProgressWatch(ProgressPattern(pattern))
            let chunk = Array((lines.joined(separator: "\n") + "\n").utf8)
            let got = chunk.withUnsafeBytes { watch.feed($0) }
            #expect(got == expected, "seed \(seed): \(pattern.debugDescription) on \(lines)")
        }
    }

    /// Plain Regex on the sanitised line, as loadwrap matched before the filters.
    static func reference(_ regex: Regex<AnyRegexOutput>, _ line: String) -> Regex<AnyRegexOutput>.Match? {
        guard !line.isEmpty else { return nil }
        return Array(line.utf8).withUnsafeBytes { try? regex.firstMatch(in: LineWatch.text($0)) }
    }

    /// The value `--progress-from` reads from the line's first match, straight from Regex.
    static func referenceValue(_ regex: Regex<AnyRegexOutput>, _ line: String) -> LoadProgress? {
        guard let match = reference(regex, line) else { return nil }
        let group = { (name: String) in match.output[name]?.substring.flatMap { LoadProgress(text: $0 + "%")?.done } }
        if let percent = group("pct") { return LoadProgress(percent: percent) }
        guard let done = group("done"), let total = group("total") else { return nil }
        return LoadProgress(done: done, total: total)
    }

    /// The line each chunk but the last leaves unfinished, as far as it has come.
    static func partialLines(_ chunks: [[UInt8]]) -> [String] {
        var seen: [UInt8] = []
        var partials: [String] = []
        for chunk in chunks.dropLast() {
            seen += chunk
            let start = seen.lastIndex { $0 == 0x0A || $0 == 0x0D }.map { $0 + 1 } ?? 0
            partials.append(String(decoding: seen[start...], as: UTF8.self))
        }
        return partials
    }

    /// The lines joined by LF or CR, cut into up to three chunks at random bytes.
    static func chunks(of lines: [String], random: inout SplitMix64) -> [[UInt8]] {
        var bytes: [UInt8] = []
        for line in lines { bytes += Array(line.utf8) + [random.chance(80) ? 0x0A : 0x0D] }
        var cuts = [0, bytes.count]
        for _ in 0..<random.int(0...2) { cuts.append(random.int(0...bytes.count)) }
        cuts.sort()
        return zip(cuts, cuts.dropFirst()).map { Array(bytes[$0..<$1]) }
    }
}
