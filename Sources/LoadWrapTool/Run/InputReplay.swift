import CLoadWrap
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `--retry` does with standard input, which an attempt reads: each attempt must find it as
/// the first one did, or the retry runs the command on different input.
enum InputReplay: Equatable {
    /// A terminal or a device such as /dev/null: each attempt reads what comes, as a rerun by hand would.
    case asIs
    /// A regular file: each attempt starts reading where the first did (the command shares the
    /// file's offset with loadwrap, so loadwrap can put it back).
    case rewind(off_t)

    /// How `fd` is replayed, or nil when it cannot be: a pipe or a socket hands its bytes over once.
    /// One that is already closed and empty is the exception: every attempt reads its end at once.
    /// That is what a CI step gets: GitHub's and Azure's runners start it with stdin a pipe and
    /// close the writing end at once (actions/runner, ProcessInvoker.cs: "to prevent commands from
    /// blocking the build waiting for input").
    static func of(_ fd: Int32) -> InputReplay? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .asIs }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            let offset = lseek(fd, 0, SEEK_CUR)
            return offset >= 0 ? .rewind(offset) : nil
        case S_IFIFO, S_IFSOCK:
            return isClosedAndEmpty(fd) ? .asIs : nil
        default:
            return .asIs
        }
    }

    /// Puts `fd` back where the first attempt found it.
    func prepare(_ fd: Int32) {
        if case .rewind(let offset) = self { lseek(fd, offset, SEEK_SET) }
    }

    /// True when the writer has gone and nothing is left to read: poll(2) reports the hang-up,
    /// and FIONREAD counts no bytes waiting.
    private static func isClosedAndEmpty(_ fd: Int32) -> Bool {
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 0) == 1, ready.revents & Int16(POLLHUP) != 0 else { return false }
        return lw_unread_bytes(fd) == 0
    }
}
