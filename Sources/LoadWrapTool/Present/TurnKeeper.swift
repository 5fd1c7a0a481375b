import LoadWrapCore
import LoadWrapProcess

/// The terminal's turn (`TerminalTurn`) as the loadwrap that draws keeps it, beside another that
/// writes on the same terminal: held while the line shows; held for a moment while the command's
/// own line is unfinished, and waited for a moment while the other's is, since one write of a
/// command's can reach its loadwrap in two reads (a pseudo-terminal's output processing passes
/// `\r\n` on after the text) and nothing may land between them; given up when the other asks.
struct TurnKeeper {
    private let turn: TerminalTurn
    /// True when the turn, taken back, told that the other loadwrap wrote meanwhile: the painter
    /// hears of it once its decision is over (see `view`).
    private var othersWrotePending = false
    /// Since when the command's own output has stopped mid-line with the turn kept.
    private var partialSinceMS: Int?
    /// The other side's write count when a wait for its turn last ran out: it holds the turn for
    /// a prompt, not for the rest of a line, and is not waited for again until it writes.
    private var stalledAtWrites: UInt64?
    /// True once a loadwrap beside has written or asked for the turn: until then the command's own
    /// output costs no system call for it (the relay's hot path, a loadwrap alone on its terminal).
    private var othersSeen = false

    /// How long the turn is kept, or waited for, for a line left unfinished: a prompt that waits
    /// for input must keep neither loadwrap from writing.
    static let unfinishedLineMS = 100

    init(_ turn: TerminalTurn) {
        self.turn = turn
    }

    /// True while this loadwrap holds the turn.
    var held: Bool { turn.held }

    /// `view` with the turn taken when all else allows drawing. A turn that comes back after the
    /// other loadwrap wrote allows nothing this time: the painter first hears where that left the
    /// cursor (`settle`), and the line comes back at the next frame.
    mutating func view(_ view: TerminalView) -> TerminalView {
        guard view.allowsDrawing, !turn.held else { return view }
        var view = view
        if !turn.tryTake() {
            view.hasTurn = false
        } else if turn.othersWrote() {
            (othersWrotePending, othersSeen) = (true, true)
            view.hasTurn = false
        }
        return view
    }

    /// Before a chunk of the command's own output goes out: the turn, waited for a moment when the
    /// other side holds it, its line unfinished; what its writing did told to `painter`.
    mutating func beforeOutput(_ painter: inout Painter) {
        guard othersSeen, !turn.held else { return }
        if !turn.tryTake() {
            let writes = turn.othersWriteCount
            guard writes != stalledAtWrites, turn.take(waitingMS: Self.unfinishedLineMS) else {
                stalledAtWrites = writes
                return
            }
        }
        if turn.othersWrote() { painter.othersWrote() }
    }

    /// After a write: the turn kept while the line shows, or for a moment while the command's own
    /// output has stopped mid-line, else let go; what the other's writing did passed on to `painter`.
    mutating func settle(_ painter: inout Painter, nowMS: @autoclosure () -> Int) {
        if othersWrotePending {
            othersWrotePending = false
            painter.othersWrote()
        }
        guard !painter.lineShows else { return }
        if painter.atLineStart {
            partialSinceMS = nil
        } else if partialSinceMS == nil, turn.held || turn.tryTake() {
            if turn.othersWrote() {
                othersSeen = true
                painter.othersWrote()
            }
            partialSinceMS = nowMS()
        }
        if turn.held, partialSinceMS.map({ nowMS() - $0 >= Self.unfinishedLineMS }) ?? true {
            turn.release()
            painter.viewChanged()  // the next draw must take the turn again
        }
    }

    /// The other loadwrap asked for the turn: when this one gave it up (`gaveUp`), its waiting
    /// output goes first. A turn another loadwrap beside holds is not waited for.
    mutating func awaitOthers(gaveUp: Bool) {
        othersSeen = true
        if gaveUp && !turn.held { turn.awaitOthersWrite() }
    }
}
