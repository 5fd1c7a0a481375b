/// The control sequences the scanner tells apart by their final byte.
extension OutputScanner {
    /// CSI finals that leave blank cells in the current background: erases (EL, ED, ECH),
    /// insert/delete (ICH, DCH, IL, DL) and scrolls (SU, SD).
    static var blankingFinals: FinalSet { FinalSet("KJX@PLMST") }

    /// CSI finals that make blank cells on a row even where it was empty (ICH, DCH, ECH).
    static var cellMakingFinals: FinalSet { FinalSet("@PX") }

    /// CSI finals that move the cursor along its row (CUF, CHA, HPA, HPR, CHT).
    static var columnMovingFinals: FinalSet { FinalSet("CG`aI") }

    /// CSI finals that move the cursor to another row or shift rows (CUU…CPL, CUP, VPA, VPR, VPB,
    /// scroll, insert/delete lines, save/restore).
    static var rowMovingFinals: FinalSet { FinalSet("ABEFHfdekrSTLMsu") }

    /// Two-byte escapes that may change the cursor's row: DECSC/DECRC, IND, NEL, RI.
    static var rowChangingEscapes: FinalSet { FinalSet("78DEM") }

    /// Two-byte escapes that move down or up a row, scrolling at the margin: IND, NEL, RI.
    static var scrollingEscapes: FinalSet { FinalSet("DEM") }
}

/// A set of final bytes, looked up for every sequence in a command's output: a `Set<UInt8>` hashed
/// each byte, a tenth of the labelled `-c` relay's CPU, and a global built at run time costs a
/// `swift_once` per look-up. A string literal is a constant, and at most 16 bytes are compared.
struct FinalSet {
    let finals: StaticString

    init(_ finals: StaticString) {
        self.finals = finals
    }

    func contains(_ byte: UInt8) -> Bool {
        finals.withUTF8Buffer { $0.contains(byte) }
    }
}
