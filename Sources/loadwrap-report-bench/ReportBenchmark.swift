import LoadWrapCore
import LoadWrapKit
import LoadWrapRuns
import LoadWrapTimeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the run tree costs, measured in tight loops for `make bench` (the `loadwrap-report-bench`
/// tool): the report written at the end of a run of many steps, and one control message while
/// many steps go side by side.
enum ReportBenchmark {
    /// A build of `steps` steps as the outermost loadwrap hears it: four at a time (`make -j4`),
    /// each with its command line, every tenth renamed once and every fiftieth failing, a tenth
    /// of them with a step nested inside (so 1 000 steps make 1 101 runs).
    /// Fed through the control handler, message by message, as a run feeds it.
    static func build(steps: Int) -> RunTree {
        let handler = ControlHandler(title: "make -j4", upstream: nil, utf8: true, nowMS: 0, keepsEnded: true)
        for step in 0..<steps {
            let pid = Int32(step + 2), startMS = step * 25
            let file = "src/module\(step % 37)/file\(step).c"
            _ = handler.handle(.push(pid: pid, title: "step \(step): compile \(file)"), nowMS: startMS)
            _ = handler.handle(.command(pid: pid, line: "cc -O2 -c \(file) -o build/file\(step).o"), nowMS: startMS)
            if step % 10 == 0 { _ = handler.handle(.push(pid: pid, title: "step \(step): link"), nowMS: startMS + 40) }
            if step % 10 == 5 {
                _ = handler.handle(.push(pid: pid + 100_000, parent: pid, title: "step \(step): test"), nowMS: startMS + 10)
                _ = handler.handle(.pop(pid: pid + 100_000, status: .exited(0)), nowMS: startMS + 50)
            }
            _ = handler.handle(.pop(pid: pid, status: .exited(step % 50 == 49 ? 2 : 0)), nowMS: startMS + 60 + step % 40)
        }
        var tree = handler.tree
        tree.finish(status: .exited(2), nowMS: steps * 25 + 100)
        tree.setOwnCommand("make -j4")
        return tree
    }

    /// Milliseconds to make the page and the Chrome trace of `tree` and write them at `directory`,
    /// as the outermost loadwrap does at the end; with the page's and the trace's sizes in bytes.
    static func report(_ tree: RunTree, directory: String) -> (ms: Double, page: Int, trace: Int) {
        let start = now()
        let endMS = tree.own.endMS ?? 0
        let records = tree.records
        let page = TimingsPage.html(Timeline(records, endMS: endMS))
        let trace = ChromeTrace.json(records, endMS: endMS)
        write(page, to: directory + "/timings.html")
        write(trace, to: directory + "/trace.json")
        return (Double(now() - start) / 1e6, page.utf8.count, trace.utf8.count)
    }

    /// Nanoseconds one control message costs the outermost loadwrap while `siblings` steps go side
    /// by side: a progress report from one of them, which recomputes the line and the rows.
    static func nanosecondsPerMessage(siblings: Int, messages: Int) -> Double {
        let handler = ControlHandler(title: "build", upstream: nil, utf8: true, nowMS: 0)
        for sibling in 0..<siblings {
            _ = handler.handle(.push(pid: Int32(sibling + 2), title: "step \(sibling)"), nowMS: 0)
        }
        var sink = 0
        let start = now()
        for message in 0..<messages {
            let progress = LoadProgress(done: Double(message % 100), total: 100)
            sink &+= handler.handle(.entryProgress(pid: Int32(message % siblings + 2), progress), nowMS: message).count
        }
        let elapsed = now() - start
        if sink < 0 { print("") }  // keeps the loop from being optimised away
        return Double(elapsed) / Double(messages)
    }

    private static func write(_ text: String, to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { fatalError("cannot write \(path)") }
        guard FileDescriptorIO.writeAll(fd, text) else { fatalError("cannot write \(path)") }
        close(fd)
    }

    /// The monotonic clock in nanoseconds.
    private static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }
}
