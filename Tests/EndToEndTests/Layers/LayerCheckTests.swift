import Foundation
import Testing

/// `make check-layers` (`Scripts/check-layers.sh`) from a checkout reached through a symbolic link,
/// as every path under macOS's /tmp and /var is (/private/tmp, /private/var): the build names the
/// real path, and the script must look for that one.
@Suite struct LayerCheckTests {
    /// The toolchain's `swift`: `SWIFT` as the Makefile passes it, or the one on PATH.
    private static var swift: String? {
        if let swift = ProcessInfo.processInfo.environment["SWIFT"] { return swift }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test(.enabled(if: swift != nil, "no swift to build with"))
    func theLayersCheckPassesThroughASymbolicLink() throws {
        let link = try TestEnvironment.temporaryDirectory() + "/checkout"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: TestEnvironment.packageRoot)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "cd \"$0\" && exec sh Scripts/check-layers.sh", link]
        var environment = TestEnvironment.childEnvironment()
        environment["SWIFT"] = Self.swift
        environment["PWD"] = nil
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("check-layers: LoadWrapKit alone compiles only"), "\(text)")
    }
}
