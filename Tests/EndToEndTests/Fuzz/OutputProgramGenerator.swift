import LoadWrapTestSupport

/// Builds an `OutputProgram` from a seed: a few writes, each a random mix of pieces (lines,
/// colours, cursor moves, …, see `OutputFeatures`), sometimes cut inside an escape sequence or a
/// UTF-8 character, with pauses that let loadwrap draw frames between them.
///
/// It follows just enough terminal state to keep programs meaningful (one alternate screen at a
/// time, saves and restores on the main screen only) and to keep the known loadwrap bugs out
/// unless their features are on (`OutputFeatures.backgroundFill` and the ones after it): no erase,
/// scroll or line feed with a background colour set, no ED 3, no ?1047, no rendition set when
/// ?1049 is entered, no scroll region left set when the screen is cleared or the alternate screen left.
///
/// Left out because the screen model does not follow them as terminals do: ?47 (xterm keeps the
/// alternate screen's text between visits), tab stops other than every 8 columns (HTS, TBC),
/// origin and insert modes, character sets (`ESC ( 0`), RIS, REP, DECALN, C1 controls, combining
/// marks away from their base character, emoji presentation selectors and ZWJ sequences
/// (terminals disagree on their width). Also left out: autowrap off (?7l; the model's wide
/// characters at the margin without it are unchecked against a terminal) and resizes (issue 10,
/// section 2, tested on their own).
struct OutputProgramGenerator {
    /// Upper bound for all pauses of one program together.
    static let pauseBudgetMS = 1000

    var rng: SplitMix64
    let features: OutputFeatures
    /// The escape sequences and text runs of the write being built; a split cuts inside one.
    var tokens: [[UInt8]] = []
    /// A background colour is set (an erase or scroll would fill cells with it).
    var backgroundSet = false
    /// Some rendition other than the default is set.
    var renditionSet = false
    /// The rendition state a cursor save recorded, when a save on this screen can be restored.
    var savedRendition: (background: Bool, any: Bool)?
    /// The program has saved the cursor: the terminal's slot no longer holds what a fresh one does.
    var savedOnce = false
    /// The next write begins with a restore of no saved cursor (see `saveOrRestore`).
    var restoreNext = false
    /// The rendition state when the alternate screen was entered.
    var renditionBeforeAlternate: (background: Bool, any: Bool)?
    /// The write ends after this piece, and a pause long enough for a frame follows.
    var endWrite = false
    /// A scroll region (DECSTBM) narrower than the screen may be set.
    var regionSet = false
    /// The private mode of the alternate screen being shown (1049 or 1047), if any.
    var alternateMode: Int?
    /// This program resets every rendition before a line ends.
    let resetBeforeLineEnd: Bool

    /// The program for `seed`.
    static func program(seed: UInt64, features: OutputFeatures = FuzzSettings.outputFeatures) -> OutputProgram {
        var generator = OutputProgramGenerator(seed: seed, features: features)
        return OutputProgram(seed: seed, features: features, steps: generator.steps())
    }

    private init(seed: UInt64, features: OutputFeatures) {
        var rng = SplitMix64(seed: seed)
        let coinFlip = rng.chance(50)
        self.rng = rng
        self.features = features
        resetBeforeLineEnd = !features.contains(.openRendition) || coinFlip
    }

    /// The writes and pauses.
    private mutating func steps() -> [OutputProgram.Step] {
        var steps: [OutputProgram.Step] = []
        var budget = Self.pauseBudgetMS
        var carried: [UInt8] = []
        // The spinner shows before the first write (the screen is empty), so every wrapped run
        // draws and erases it at least once.
        pause(rng.int(100...160), budget: &budget, into: &steps)
        let writes = rng.int(3...10)
        for index in 0..<writes {
            tokens = []
            endWrite = false
            if restoreNext { restoreUnsaved() }
            for _ in 0..<rng.int(1...4) where !endWrite { addPiece() }
            // Where loadwrap draws: the start of an empty line, during the pause that follows.
            if !endWrite && rng.chance(40) && tokens.last != [0x0A] { lineEnd() }
            var bytes = carried
            carried = []
            let isLast = index == writes - 1
            let cuttable = tokens.indices.filter { tokens[$0].count > 1 }
            if features.contains(.splits), !endWrite, !cuttable.isEmpty, rng.chance(isLast ? 10 : 35) {
                let k = rng.pick(cuttable)
                let cut = rng.int(1...(tokens[k].count - 1))
                bytes += tokens[..<k].joined() + tokens[k][..<cut]
                // A program that ends inside a sequence leaves it unfinished, as a killed command would.
                carried = Array(tokens[k][cut...]) + tokens[(k + 1)...].joined()
            } else {
                bytes += tokens.joined()
            }
            steps.append(.write(bytes))
            let ms = endWrite ? rng.int(90...160) : rng.weighted([(30, 0), (25, rng.int(5...40)), (45, rng.int(90...160))])
            pause(ms, budget: &budget, into: &steps)
        }
        return steps
    }

    /// Appends a pause of `ms`, cut to what is left of `budget`.
    private func pause(_ ms: Int, budget: inout Int, into steps: inout [OutputProgram.Step]) {
        let ms = min(ms, budget)
        guard ms > 0 else { return }
        budget -= ms
        steps.append(.pause(milliseconds: ms))
    }

    /// Appends one random piece the features allow.
    private mutating func addPiece() {
        var choices: [(weight: Int, value: (inout Self) -> Void)] = []
        func add(_ feature: OutputFeatures, _ weight: Int, _ piece: @escaping (inout Self) -> Void) {
            if features.contains(feature) { choices.append((weight, piece)) }
        }
        add(.lines, 20) { $0.line() }
        add(.lines, 4) { $0.blankLines() }
        add(.lines, 4) { $0.burst() }
        add(.longLines, 6) { $0.longLine() }
        add(.wideText, 8) { $0.wideText() }
        add(.partialLines, 8) { $0.text(1...30) }
        add(.carriageReturns, 6) { $0.carriageReturn() }
        add(.tabs, 4) { $0.tab() }
        add(.backspaces, 4) { $0.backspace() }
        add(.rendition, 14) { $0.rendition() }
        add(.cursorMoves, 8) { $0.cursorMove() }
        add(.saveRestore, 4) { $0.saveOrRestore() }
        add(.erases, 8) { $0.erase() }
        add(.scrollRegions, 5) { $0.scroll() }
        add(.titles, 3) { $0.title() }
        add(.alternateScreen, alternateMode == nil ? 3 : 8) { $0.alternateScreen() }
        add(.cursorVisibility, 3) { $0.cursorVisibility() }
        guard !choices.isEmpty else { return }
        rng.weighted(choices)(&self)
        // Sometimes a pause right where the piece left the terminal, whatever state that is.
        if rng.chance(15) { endWrite = true }
    }

    // MARK: Tokens

    /// Appends a text run.
    mutating func emit(_ text: String) {
        if !text.isEmpty { tokens.append(Array(text.utf8)) }
    }

    /// Appends an escape sequence, `ESC` followed by `body`.
    mutating func escape(_ body: String) {
        tokens.append([0x1B] + Array(body.utf8))
    }

    /// Appends a line end, first resetting what this program resets before one; a background
    /// colour is always reset unless `backgroundFill` is on (the line fed in would take it).
    mutating func lineEnd() {
        if renditionSet && resetBeforeLineEnd {
            escape(rng.pick(["[0m", "[m"]))
            renditionSet = false
            backgroundSet = false
        }
        dropBackground()
        emit("\n")
    }

    /// Resets the scroll region when one may be set and `scrollRegionKept` is off: before the
    /// screen is cleared or the alternate screen left (DECSTBM homes the cursor).
    mutating func dropScrollRegion() {
        guard regionSet, !features.contains(.scrollRegionKept) else { return }
        escape("[r")
        regionSet = false
    }

    /// Resets the background colour when it is set and `feature` (a known bug that needs it) is
    /// off: before anything that fills cells with it.
    mutating func dropBackground(unless feature: OutputFeatures = .backgroundFill) {
        guard backgroundSet, !features.contains(feature) else { return }
        escape("[49m")
        backgroundSet = false
    }
}
