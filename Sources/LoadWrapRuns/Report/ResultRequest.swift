/// When the end line (`✔ title · 1.2s`) is printed: the `--result` choices.
package enum ResultRequest: String, CaseIterable, Sendable {
    /// After every run.
    case always
    /// Only when the command failed (non-zero exit, signal, timeout).
    case failure
    /// Never.
    case never

    /// Whether a run that ended `succeeded` gets the line.
    func shows(succeeded: Bool) -> Bool {
        self == .always || (self == .failure && !succeeded)
    }
}
