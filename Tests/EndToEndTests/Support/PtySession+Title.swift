/// Waiting for the spinner's title, which the control channel and nested runs change.
extension PtySession {
    /// Waits until the screen shows exactly one spinner row, and it reads exactly `title` then
    /// the elapsed time: one spinner per terminal, so a second row is as wrong as a wrong title.
    func waitForTitle(_ title: String) -> Bool {
        waitFor { bytes in
            let rows = Loadwrap.spinnerRows(Loadwrap.screen(bytes))
            guard rows.count == 1 else { return false }
            // The row is the frame, a space, the title, a space and the elapsed time (`3s`, `0.4s`).
            return rows[0].dropFirst(2).firstMatch(of: /^(.*) \d+(\.\d)?s$/).map { $0.1 == title } == true
        }
    }
}
