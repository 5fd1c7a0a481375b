/// What a generated output program may contain; each feature can be switched on or off, so a
/// known loadwrap bug can be kept out of the default run and still be fuzzed on request.
struct OutputFeatures: OptionSet, Sendable, CustomStringConvertible {
    let rawValue: UInt32

    /// Short lines of text with their line ends.
    static let lines = Self(rawValue: 1 << 0)
    /// Lines wider than the terminal, which wrap.
    static let longLines = Self(rawValue: 1 << 1)
    /// CJK, Hangul and emoji (two columns each) and combining marks.
    static let wideText = Self(rawValue: 1 << 2)
    /// Text that stops before its line end.
    static let partialLines = Self(rawValue: 1 << 3)
    /// `\r` rewrites of the current line (progress counters).
    static let carriageReturns = Self(rawValue: 1 << 4)
    /// Horizontal tabs.
    static let tabs = Self(rawValue: 1 << 5)
    /// Backspaces over text.
    static let backspaces = Self(rawValue: 1 << 6)
    /// SGR: basic, 256-colour and direct colour, attributes, with `;` parameters.
    static let rendition = Self(rawValue: 1 << 7)
    /// SGR with `:` sub-parameters (`38:2::R:G:B`, `4:3`, `58:5:N`).
    static let colonRendition = Self(rawValue: 1 << 8)
    /// Renditions (foreground, attributes) left set across line ends.
    static let openRendition = Self(rawValue: 1 << 9)
    /// Cursor moves (CUU…CPL, CUP, CHA, VPA, HPR, VPR).
    static let cursorMoves = Self(rawValue: 1 << 10)
    /// DECSC/DECRC and SCOSC/SCORC.
    static let saveRestore = Self(rawValue: 1 << 11)
    /// EL, ED 0–2, ECH, ICH, DCH, IL, DL.
    static let erases = Self(rawValue: 1 << 12)
    /// DECSTBM scroll regions, SU, SD, IND, RI, NEL.
    static let scrollRegions = Self(rawValue: 1 << 13)
    /// OSC 0 and 2 window titles, ended by BEL or ST.
    static let titles = Self(rawValue: 1 << 14)
    /// The alternate screen with cursor save (?1049).
    static let alternateScreen = Self(rawValue: 1 << 15)
    /// DECTCEM cursor hide and show.
    static let cursorVisibility = Self(rawValue: 1 << 16)
    /// Escape sequences and UTF-8 characters cut between two writes.
    static let splits = Self(rawValue: 1 << 17)
    /// Found a loadwrap bug (fixed): erases, scrolls and line feeds while a background
    /// colour is set, which leave cells with that background on a line loadwrap thinks empty.
    static let backgroundFill = Self(rawValue: 1 << 18)
    /// Found a loadwrap bug (fixed): ED 3 (clear scrollback), which loadwrap takes for a cleared screen.
    static let clearScrollback = Self(rawValue: 1 << 19)
    /// Found a loadwrap bug (fixed): the alternate screen without cursor restore (?1047), left with the
    /// cursor moved to another row.
    static let alternateScreen1047 = Self(rawValue: 1 << 20)
    /// Found a loadwrap bug (fixed): the alternate screen (?1049) entered while a rendition (colour, dim, …)
    /// is set; leaving it restores that rendition (as DECRC does), which loadwrap does not follow.
    static let alternateScreenRendition = Self(rawValue: 1 << 21)
    /// Found a loadwrap bug (fixed): a scroll region still set when the screen is cleared (ED 2) or the
    /// alternate screen is left, so the cursor can sit below the region, where a line feed on the
    /// last row does not scroll and the "new" line still holds the command's text.
    static let scrollRegionKept = Self(rawValue: 1 << 22)

    /// Everything the screen model and loadwrap are expected to get right.
    static let defaults: Self = [
        .lines, .longLines, .wideText, .partialLines, .carriageReturns, .tabs, .backspaces, .rendition,
        .colonRendition, .openRendition, .cursorMoves, .saveRestore, .erases, .scrollRegions, .titles,
        .alternateScreen, .cursorVisibility, .splits,
        // Each of these found a loadwrap bug, since fixed; they stay in, so it stays fixed.
        .backgroundFill, .clearScrollback, .alternateScreen1047, .alternateScreenRendition, .scrollRegionKept,
    ]

    /// Every feature.
    static let all: Self = defaults

    /// The names `FUZZ_FEATURES` accepts.
    static let names: [(String, Self)] = [
        ("all", .all), ("backgroundFill", .backgroundFill), ("clearScrollback", .clearScrollback),
        ("alternateScreen1047", .alternateScreen1047), ("alternateScreenRendition", .alternateScreenRendition),
        ("scrollRegionKept", .scrollRegionKept),
    ]

    /// The feature called `name`, or nil.
    static func named(_ name: String) -> Self? {
        names.first { $0.0 == name }?.1
    }

    var description: String {
        let extra = Self.names.dropFirst().filter { contains($0.1) }.map(\.0)
        return extra.isEmpty ? "defaults" : "defaults+" + extra.joined(separator: ",")
    }
}
