import LoadWrapProcess
import LoadWrapTestSupport
import Testing

@testable import LoadWrapJobs

/// A `JobSpawner` with no process: it logs what it is asked, and each `wait` moves the manual
/// clock to the next scripted moment (or to the deadline, when that comes first) and reports
/// what was scripted for it.
final class FakeJobSpawner: JobSpawner {
    /// What happens when: reports at a time on the clock, in order.
    var script: [(atMS: Int, reports: [JobReport])]
    /// Jobs that cannot start, and the end each counts as.
    var unstartable: [Int: ChildEnd] = [:]
    /// What the runner asked, in order, with the clock's time: `start 0 @0`, `kill @250`.
    private(set) var log: [String] = []
    /// The jobs started and not yet ended by the script's end.
    private var started: [Int] = []
    /// The clock the runner reads.
    let clock: ManualClock

    /// A spawner for `script`, moving `clock`.
    init(clock: ManualClock, script: [(atMS: Int, reports: [JobReport])]) {
        (self.clock, self.script) = (clock, script)
    }

    func start(_ job: Int) -> ChildEnd? {
        note("start \(job)")
        if unstartable[job] == nil { started.append(job) }
        return unstartable[job]
    }

    func wait(untilMS deadlineMS: Int?) -> [JobReport] {
        let next = script.first?.atMS ?? .max
        if let deadlineMS, deadlineMS < next {
            move(to: deadlineMS)
            return []
        }
        guard !script.isEmpty else {
            // A runner that waits for more than was scripted fails, and is let end: every job
            // it started ends with 99, so the test cannot hang.
            Issue.record("the runner waits with nothing more to come")
            defer { started.removeAll() }
            return started.map { .ended(job: $0, .exited(99)) }
        }
        let (atMS, reports) = script.removeFirst()
        move(to: atMS)
        return reports
    }

    func terminate(_ jobs: [Int]) { note("terminate \(jobs)") }

    func killAll() { note("kill") }

    func send(_ signo: Int32, to jobs: [Int]) { note("send \(signo) to \(jobs)") }

    private func note(_ text: String) { log.append("\(text) @\(clock.nowMS())") }

    private func move(to ms: Int) { clock.advance(by: max(0, ms - clock.nowMS())) }
}
