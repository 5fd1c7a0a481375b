// swift-tools-version: 6.0
import PackageDescription

// Layers, each allowed to see only those below it (docs/architecture.md; make check-layers):
// LoadWrapCore (pure rendering) ← LoadWrapTimeline (the files of a run's steps) ← LoadWrapKit (the library) ← LoadWrapProcess (process, terminal)
// ← LoadWrapRuns (control, siblings) ← LoadWrapJobs (-c) ← LoadWrapTool (the CLI's run) ← loadwrap.
let package = Package(
    name: "loadwrap",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "loadwrap", targets: ["loadwrap"]),
        // Only the library: a program that wants `LoadIndicator` compiles none of the tool.
        .library(name: "LoadWrapKit", targets: ["LoadWrapKit"]),
    ],
    targets: [
        // The two C calls the core and the library need: memrchr and the window size.
        .target(name: "CLoadWrapCore"),
        // What the tool's Swift cannot call directly: async-signal-safe handlers, openpty, the
        // spawn, wait macros, the watchers' literal search; and what Linux and Darwin answer
        // differently (platform.c), so make check-darwin compiles the Darwin half.
        .target(name: "CLoadWrap", dependencies: ["CLoadWrapCore"]),
        // The spinner line, the painter, the output scanner and progress values: pure, no processes.
        .target(name: "LoadWrapCore", dependencies: ["CLoadWrapCore"]),
        // The files written from the steps of a run: the timings page, the Chrome and OTLP traces.
        // Pure text from values, so the library and the tool write the same files.
        .target(name: "LoadWrapTimeline", dependencies: ["LoadWrapCore"]),
        // `LoadIndicator` for Swift programs, on top of the core.
        .target(name: "LoadWrapKit", dependencies: ["LoadWrapTimeline", "LoadWrapCore", "CLoadWrapCore"]),
        // The process and its terminal: spawn, wait, reap, job control, pty, raw mode, the kernels' differences.
        .target(name: "LoadWrapProcess", dependencies: ["LoadWrapKit", "LoadWrapCore", "CLoadWrap", "CLoadWrapCore"]),
        // The runs under the outer loadwrap: the control FIFO, the title tree, siblings' rows and
        // blocks, and the texts of loadwrap's own lines a block is framed with.
        .target(
            name: "LoadWrapRuns",
            dependencies: ["LoadWrapProcess", "LoadWrapKit", "LoadWrapCore", "CLoadWrap", "CLoadWrapCore"]),
        // The runner of several `-c` commands: the plan, the inner loadwraps, their signals and terminals.
        .target(
            name: "LoadWrapJobs",
            dependencies: ["LoadWrapRuns", "LoadWrapProcess", "LoadWrapKit", "LoadWrapCore", "CLoadWrap", "CLoadWrapCore"]),
        // Everything else the executable needs: options, the run's wiring, presenters, history, CI.
        .target(
            name: "LoadWrapTool",
            dependencies: [
                "LoadWrapJobs", "LoadWrapRuns", "LoadWrapProcess", "LoadWrapKit", "LoadWrapTimeline", "LoadWrapCore", "CLoadWrap",
                "CLoadWrapCore",
            ]),
        .executableTarget(name: "loadwrap", dependencies: ["LoadWrapTool"]),
        // The frame-cost row of `make bench`: a tight loop over the pure renderer, release-built.
        .executableTarget(name: "loadwrap-frame-bench", dependencies: ["LoadWrapCore"]),
        // The report and run-tree rows of `make bench`: a 1 000-step report written, and one control
        // message with 16 steps side by side, in tight loops, release-built.
        .executableTarget(name: "loadwrap-report-bench", dependencies: ["LoadWrapRuns", "LoadWrapKit", "LoadWrapTimeline", "LoadWrapCore"]),
        .testTarget(name: "LoadWrapCoreTests", dependencies: ["LoadWrapCore"]),
        .testTarget(name: "LoadWrapKitTests", dependencies: ["LoadWrapKit", "LoadWrapTimeline", "LoadWrapTestSupport"]),
        // The tool's C target for the helpers its Darwin paths share with Linux (lw_device_path).
        .testTarget(
            name: "LoadWrapToolTests",
            dependencies: [
                "LoadWrapTool", "LoadWrapJobs", "LoadWrapRuns", "LoadWrapProcess", "LoadWrapTimeline", "LoadWrapTestSupport",
                "CLoadWrap",
            ]),
        // What every test target shares, each once: the manual clock, pseudo-terminals, private
        // directories, pipes, the seeded SplitMix64 generator, the harness's error.
        .target(name: "LoadWrapTestSupport", dependencies: ["LoadWrapKit", "CPtyTestSupport"], path: "Tests/LoadWrapTestSupport"),
        // The tests' C: openpty, and fork/setsid/TIOCSCTTY between fork and exec for the
        // end-to-end pty harness.
        .target(name: "CPtyTestSupport", path: "Tests/CPtyTestSupport"),
        // A small xterm (bytes in, cells out): the end-to-end tests read screens with it, and
        // `make demo` draws docs/demo.svg from it. Neither product links it.
        .target(name: "TerminalModel", path: "Tests/TerminalModel"),
        .testTarget(name: "EndToEndTests", dependencies: ["loadwrap", "CPtyTestSupport", "LoadWrapTestSupport", "TerminalModel"]),
        // `make demo`: records loadwrap under a pty and renders docs/demo.svg (Scripts/demo/README.md).
        .executableTarget(
            name: "loadwrap-demo", dependencies: ["TerminalModel", "CPtyTestSupport"],
            path: "Scripts/demo/loadwrap-demo"),
        .testTarget(name: "DemoTests", dependencies: ["loadwrap-demo", "TerminalModel"], path: "Scripts/demo/Tests"),
    ]
)
