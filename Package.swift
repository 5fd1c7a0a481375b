// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "loadwrap",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "loadwrap", targets: ["loadwrap"]),
        .library(name: "LoadWrapKit", targets: ["LoadWrapKit"]),
    ],
    targets: [
        // What Swift cannot call directly: async-signal-safe handlers, openpty, wait macros.
        .target(name: "CLoadWrap"),
        .target(name: "LoadWrapKit", dependencies: ["CLoadWrap"]),
        .executableTarget(name: "loadwrap", dependencies: ["LoadWrapKit"]),
        // The frame-cost row of `make bench`: a tight loop over the pure renderer, release-built.
        .executableTarget(name: "loadwrap-frame-bench", dependencies: ["LoadWrapKit"]),
        .testTarget(name: "LoadWrapKitTests", dependencies: ["LoadWrapKit"]),
        // fork/setsid/TIOCSCTTY between fork and exec, for the end-to-end pty harness only.
        .target(name: "CPtyTestSupport", path: "Tests/CPtyTestSupport"),
        // A small xterm (bytes in, cells out): the end-to-end tests read screens with it, and
        // `make demo` draws docs/demo.svg from it. Neither product links it.
        .target(name: "TerminalModel", path: "Tests/TerminalModel"),
        .testTarget(name: "EndToEndTests", dependencies: ["loadwrap", "CPtyTestSupport", "TerminalModel"]),
        // `make demo`: records loadwrap under a pty and renders docs/demo.svg (Scripts/demo/README.md).
        .executableTarget(
            name: "loadwrap-demo", dependencies: ["TerminalModel", "CPtyTestSupport"],
            path: "Scripts/demo/loadwrap-demo"),
        .testTarget(name: "DemoTests", dependencies: ["loadwrap-demo", "TerminalModel"], path: "Scripts/demo/Tests"),
    ]
)
