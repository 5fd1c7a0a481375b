/// Why the spinner stopped while the command runs on.
package enum EarlyStop: Equatable, Sendable {
    /// A line matched `--until`'s pattern.
    case matched
    /// The command said `loadwrap done`, with an optional message.
    case done(message: String?)
}
