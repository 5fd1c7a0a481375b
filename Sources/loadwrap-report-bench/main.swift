#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `loadwrap-report-bench report STEPS DIRECTORY`: prints the milliseconds the report of a run of
// STEPS steps takes (the timings page and the Chrome trace, made and written in DIRECTORY), then
// the page's and the trace's sizes in bytes, the median of five rounds.
// `loadwrap-report-bench tree SIBLINGS MESSAGES`: prints the nanoseconds one control message
// costs with SIBLINGS steps going side by side, the median of five rounds. `make bench` runs both.
let arguments = Array(CommandLine.arguments.dropFirst())
switch (arguments.first, arguments.count) {
case ("report", 3):
    let tree = ReportBenchmark.build(steps: Int(arguments[1]) ?? 1_000)
    let rounds = (0..<5).map { _ in ReportBenchmark.report(tree, directory: arguments[2]) }.sorted { $0.ms < $1.ms }
    print("\(rounds[2].ms) \(rounds[2].page) \(rounds[2].trace)")
case ("tree", 3):
    let rounds = (0..<5).map { _ in
        ReportBenchmark.nanosecondsPerMessage(siblings: Int(arguments[1]) ?? 16, messages: Int(arguments[2]) ?? 100_000)
    }
    print(Int(rounds.sorted()[2]))
default:
    print("usage: loadwrap-report-bench report STEPS DIRECTORY | tree SIBLINGS MESSAGES")
    exit(2)
}
