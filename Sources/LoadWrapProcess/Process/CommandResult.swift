/// How one run of a command ended, as one value the wait hands back: the command's end, the
/// `--timeout` that ran out (if one did), and whether loadwrap was told to stop meanwhile.
package struct CommandResult {
    /// How the command itself ended.
    package let end: ChildEnd
    /// `--timeout`, when it ran out; nil when there was none or the command ended in time.
    package let expiredTimeout: Timeout?
    /// True when loadwrap was asked to stop (SIGINT, SIGQUIT, SIGTERM, SIGHUP, or Ctrl-C or
    /// Ctrl-\ typed to the command's own pseudo-terminal): no retry then.
    package let toldToStop: Bool

    /// True when `--timeout` ran out.
    package var timedOut: Bool { expiredTimeout != nil }
}
