import Testing

@testable import LoadWrapKit

/// The one decision of where the command lives, and what follows from it.
@Suite struct TopologyTests {
    @Test func aloneInTheForegroundTheCommandGetsItsOwnTerminal() {
        #expect(Topology.decide(overlayOnTerminal: true, stdoutIsPipe: false, keyboard: true, controllingTerminal: true) == .ownTerminal)
    }

    @Test func aPipeOnStdoutMakesLoadwrapAGuestThatNeverTakesTheKeys() {
        let topology = Topology.decide(overlayOnTerminal: true, stdoutIsPipe: true, keyboard: true, controllingTerminal: true)
        #expect(topology == .guest)
        #expect(!topology.keysThroughLoadwrap)
        #expect(topology.sharesLoadwrapsGroup)
        #expect(!topology.kernelSignalsResize)
    }

    @Test func withoutAKeyboardTheCommandStaysInLoadwrapsGroup() {
        #expect(Topology.decide(overlayOnTerminal: true, stdoutIsPipe: false, keyboard: false, controllingTerminal: true) == .sharedGroup)
        #expect(Topology.decide(overlayOnTerminal: false, stdoutIsPipe: false, keyboard: false, controllingTerminal: true) == .sharedGroup)
    }

    @Test func withoutAControllingTerminalTheCommandLeadsItsOwnGroup() {
        for pipe in [false, true] {
            let topology = Topology.decide(overlayOnTerminal: false, stdoutIsPipe: pipe, keyboard: false, controllingTerminal: false)
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
