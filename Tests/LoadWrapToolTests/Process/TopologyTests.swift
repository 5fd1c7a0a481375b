import Testing

@testable import LoadWrapProcess
@testable import LoadWrapTool

/// The one decision of where the command lives, and what follows from it.
@Suite struct TopologyTests {
    @Test func aloneInTheForegroundTheCommandGetsItsOwnTerminal() {
        #expect(Topology.decide(overlayOnTerminal: true, shared: false, keyboard: true, controllingTerminal: true) == .ownTerminal)
    }

    @Test func aSharedTerminalMakesLoadwrapAGuestThatNeverTakesTheKeys() {
        let topology = Topology.decide(overlayOnTerminal: true, shared: true, keyboard: true, controllingTerminal: true)
        #expect(topology == .guest)
        #expect(!topology.keysThroughLoadwrap)
        #expect(topology.sharesLoadwrapsGroup)
        #expect(!topology.kernelSignalsResize)
    }

    @Test func withoutAKeyboardTheCommandStaysInLoadwrapsGroup() {
        #expect(Topology.decide(overlayOnTerminal: true, shared: false, keyboard: false, controllingTerminal: true) == .sharedGroup)
        #expect(Topology.decide(overlayOnTerminal: false, shared: false, keyboard: false, controllingTerminal: true) == .sharedGroup)
    }

    @Test func withoutAControllingTerminalTheCommandLeadsItsOwnGroup() {
        for pipe in [false, true] {
            let topology = Topology.decide(overlayOnTerminal: false, shared: pipe, keyboard: false, controllingTerminal: false)
            #expect(topology == .ownGroup)
            #expect(topology.commandLeadsGroup)
        }
    }

    @Test func onlyTheOwnTerminalPassesKeysAndHasTheKernelSignalResizes() {
        #expect(Topology.ownTerminal.keysThroughLoadwrap && Topology.ownTerminal.kernelSignalsResize)
        for topology in [Topology.guest, .sharedGroup, .ownGroup] {
            #expect(!topology.keysThroughLoadwrap && !topology.kernelSignalsResize)
        }
    }
}
