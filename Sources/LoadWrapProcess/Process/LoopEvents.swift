/// What the event loop tells the run, and asks of it, while the command runs: the run controller
/// answers, so the loop knows nothing of what a run shows.
package protocol LoopEvents: AnyObject {
    /// When `tick` next has something to do (a frame, a heartbeat), or nil.
    var deadlineMS: Int? { get }
    /// A turn of the loop has written all of its output.
    func turnEnded()
    /// Time has passed.
    func tick()
    /// The terminal changed size.
    func resized()
    /// loadwrap is about to stop (Ctrl-Z).
    func suspend()
    /// loadwrap continues after a stop.
    func resume()
    /// A key typed on the real terminal sent a signal to the command and loadwrap together.
    func signalKeyTyped()
}
