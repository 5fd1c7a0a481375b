/// What the event loop needs of a relay between the command's output and loadwrap's own stderr.
protocol OutputRelay: AnyObject {
    /// The descriptor to poll for the command's output, or nil once it has ended.
    var pollFD: Int32? { get }
    /// Reads and relays what is waiting, at most `maxReads` chunks: under a flood the loop must
    /// come back to keys and signals (Ctrl-C), and a final drain must end even if a leftover
    /// background process keeps writing.
    func relayAvailable(maxReads: Int)
    /// Acts on time passing (a frame, a heartbeat).
    func tick()
    /// Milliseconds until `tick` has something to do, or -1 for never.
    func timeoutMS() -> Int32
    /// Output held back by `--quiet`, or nil when output streams.
    var held: HeldOutput? { get }
    /// Sees every chunk of output before it is written or held (`--until`); nil costs nothing.
    var tap: ((UnsafeRawBufferPointer) -> Void)? { get set }
}
