/// The control sequences the scanner tells apart by their final byte.
extension OutputScanner {
    /// CSI finals that leave blank cells in the current background: erases (EL, ED, ECH),
    /// insert/delete (ICH, DCH, IL, DL) and scrolls (SU, SD).
    static let blankingFinals: Set<UInt8> = Set("KJX@PLMST".utf8)

    /// CSI finals that make blank cells on a row even where it was empty (ICH, DCH, ECH).
    static let cellMakingFinals: Set<UInt8> = Set("@PX".utf8)

    /// CSI finals that move the cursor along its row (CUF, CHA, HPA, HPR, CHT).
    static let columnMovingFinals: Set<UInt8> = Set("CG`aI".utf8)

    /// CSI finals that move the cursor to another row or shift rows (CUU…CPL, CUP, VPA, VPR, VPB,
    /// scroll, insert/delete lines, save/restore).
    static let rowMovingFinals: Set<UInt8> = Set("ABEFHfdekrSTLMsu".utf8)
}
