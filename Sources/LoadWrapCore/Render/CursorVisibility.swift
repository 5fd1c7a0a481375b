/// Whether the command's cursor shows, as far as every terminal agrees.
///
/// Terminals differ on a restored cursor: libvterm saves the cursor's visibility with the cursor
/// (DECSC, SCOSC, `?1049h`) and restores it with it, as hidden when nothing was saved (state.c
/// `savecursor`, its saved state zeroed); xterm's DECSC leaves visibility out (ctlseqs, "Save
/// Cursor"). After a restore whose outcome the two disagree on, the cursor counts as hidden: the
/// overlay then leaves visibility alone, where a `?25h` of its own would show a cursor libvterm hid.
struct CursorVisibility {
    /// True while the command has hidden the cursor itself, or may have.
    private(set) var hidden = false
    /// What a restore brings back in libvterm: the visibility saved, nil when nothing was.
    private var saved: Bool?

    /// `?25h` / `?25l`.
    mutating func set(hidden: Bool) { self.hidden = hidden }

    /// XTRESTORE brings back a visibility saved earlier, not followed here.
    mutating func restoreUnknown() { hidden = true }

    /// DECSC, SCOSC and `?1049h` save the cursor.
    mutating func save() { saved = hidden }

    /// DECRC, SCORC and `?1049l` restore it: hidden in libvterm when nothing was saved.
    mutating func restore() { hidden = hidden || (saved ?? true) }
}
