// The terminal model is read by almost every file of this suite: one re-export here instead of
// an import in each of them.
@_exported import TerminalModel
