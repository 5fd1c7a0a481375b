import LoadWrapKit

/// Where a run that draws nothing of its own sends its command's output: straight to its
/// destination (`DirectRoute`), in the terminal's turn beside a loadwrap that draws
/// (`BesideRoute`), or streamed or held for a block beside its siblings under a loadwrap in plain
/// mode (`BlockRoute`). Chosen once, where the presenter is made, so the presenter has one path.
package protocol OutputRoute: AnyObject {
    /// Passes one chunk of the command's output on; false when the destination refused it.
    func write(_ chunk: UnsafeRawBufferPointer) -> Bool
    /// The command said `title` (`loadwrap say`): a line where the route writes lines of its own.
    func said(_ title: String)
    /// The command ended as `outcome`, after what was held of it went through `write`.
    func finish(_ outcome: Outcome, elapsedMS: Int)
    /// The command could not start, or loadwrap had to end it: what earlier attempts `held`
    /// (`--quiet`), then the one-line `reason`.
    func abandon(_ reason: String, after held: HeldOutput?)
    /// When `tick` next has something to do, or nil.
    var deadlineMS: Int? { get }
    /// Acts on time passing.
    func tick()
}

extension OutputRoute {
    package func said(_ title: String) {}
    package func finish(_ outcome: Outcome, elapsedMS: Int) {}
    package var deadlineMS: Int? { nil }
    package func tick() {}
}
