/// What the runner of several `-c` commands tells the loadwrap that labels their lines, over the
/// Unix socket pair that loadwrap made before it spawned the runner (`JobTerminals`): a command's
/// own pseudo-terminal, as the command starts (its two descriptors ride in the same `sendmsg`,
/// SCM_RIGHTS), and the command's end. Five bytes each: the kind, then the job's index as a
/// little-endian `UInt32`. The other way, loadwrap answers every record with one byte, so the
/// runner never has more than `TerminalSender.window` records (and their descriptors) in flight.
enum HandoverRecord: Equatable {
    /// Job `job` starts on the pseudo-terminal whose primary and secondary side come with it.
    case terminal(job: Int)
    /// Job `job`'s inner loadwrap has been collected: all it wrote is in its terminal.
    case ended(job: Int)

    /// The bytes a record takes.
    static let size = 5
    /// The descriptors a `terminal` record carries: primary, then secondary.
    static let terminalDescriptors = 2

    /// The record as sent.
    var bytes: [UInt8] {
        let (kind, job): (UInt8, Int) = switch self {
        case .terminal(let job): (1, job)
        case .ended(let job): (2, job)
        }
        let index = UInt32(truncatingIfNeeded: job)
        return [kind] + (0..<4).map { UInt8(truncatingIfNeeded: index >> (8 * $0)) }
    }

    /// The record in `bytes` (exactly `size` of them), or nil for a kind there is none of.
    init?(_ bytes: ArraySlice<UInt8>) {
        let start = bytes.startIndex
        let job = Int((0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[start + 1 + $1]) << (8 * $1) })
        switch bytes[start] {
        case 1: self = .terminal(job: job)
        case 2: self = .ended(job: job)
        default: return nil
        }
    }
}

/// Rebuilds records from what a stream socket delivers: a read may end inside a record or hold
/// several, and the descriptors of a record come with its first byte or before (Linux stops a
/// read after the message that carried them; XNU puts them at the head of their message), so
/// they wait in arrival order until their record is whole.
struct HandoverDecoder {
    /// Bytes of a record not yet whole.
    private var pending: [UInt8] = []
    /// Descriptors received and not yet given to a record.
    private var descriptors: [Int32] = []

    /// Takes one read's `bytes` and `received` descriptors; returns the records now whole, each
    /// with its descriptors (a `terminal` record whose descriptors are missing gets none). A
    /// record of an unknown kind is dropped.
    mutating func feed(_ bytes: some Collection<UInt8>, descriptors received: [Int32]) -> [(HandoverRecord, [Int32])] {
        pending += bytes
        descriptors += received
        var records: [(HandoverRecord, [Int32])] = []
        var start = 0
        while pending.count - start >= HandoverRecord.size {
            defer { start += HandoverRecord.size }
            guard let record = HandoverRecord(pending[start..<start + HandoverRecord.size]) else { continue }
            let count = record.carriesTerminal ? min(HandoverRecord.terminalDescriptors, descriptors.count) : 0
            records.append((record, Array(descriptors.prefix(count))))
            descriptors.removeFirst(count)
        }
        pending.removeFirst(start)
        return records
    }

    /// The descriptors that came with no whole record, handed back to be closed.
    mutating func leftovers() -> [Int32] {
        defer { descriptors.removeAll() }
        return descriptors
    }
}

extension HandoverRecord {
    /// Whether the record brings a terminal's descriptors.
    var carriesTerminal: Bool {
        if case .terminal = self { true } else { false }
    }
}
