import LoadWrapCore
import LoadWrapKit
import LoadWrapProcess

/// How a loadwrap beside the one that draws (`gen | parse`, two started with `&`) writes its
/// command's terminal output: only while it holds the terminal's turn (`TerminalTurn`), which the
/// one that draws holds while its line shows. It keeps the turn while that output stops inside an
/// escape sequence or a UTF-8 character, leaves a partial line, or has moved the cursor off the
/// bottom line, so the line drawn there never lands inside it nor over it.
package final class BesideWriter {
    private let turn: TerminalTurn
    private let upstream: Upstream
    /// Where the output has left the terminal.
    private var scanner = OutputScanner()

    package init(turn: TerminalTurn, upstream: Upstream) {
        self.turn = turn
        self.upstream = upstream
    }

    /// Writes `chunk` to `fd` in this run's turn; false when the destination refused it.
    func write(_ chunk: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        turn.take(makeWay: upstream.askForTurn)
        let written = FileDescriptorIO.writeAll(fd, chunk)
        turn.countWrite()
        scanner.scan(chunk)
        if scanner.atLineStart && scanner.leavesRoomForOverlay { turn.release() }
        return written
    }
}
