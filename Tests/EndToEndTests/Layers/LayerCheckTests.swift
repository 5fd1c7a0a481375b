import Foundation
import LoadWrapTestSupport
import Testing

/// `make check-layers` (`Scripts/check-layers.sh`) from a checkout reached through a symbolic link,
/// as every path under macOS's /tmp and /var is (/private/tmp, /private/var): the build names the
/// real path, and the script must look for that one.
@Suite struct LayerCheckTests {
    /// The toolchain's `swift`: `SWIFT` as the Makefile passes it, or the one on PATH.
    private static var swift: String? {
        ProcessInfo.processInfo.environment["SWIFT"] ?? ExternalTool.path("swift")
    }

    @Test(.enabled(if: swift != nil, "no swift to build with"))
    func theLayersCheckPassesThroughASymbolicLink() throws {
        let link = TestDirectory.make() + "/checkout"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: TestEnvironment.packageRoot)
        var environment = TestEnvironment.childEnvironment()
        environment["SWIFT"] = Self.swift
        environment["PWD"] = nil
        let (status, text) = try ExternalTool.runShell(
            ["-c", "cd \"$0\" && exec sh Scripts/check-layers.sh", link], environment: environment)
        #expect(status == 0, "\(text)")
        #expect(text.contains("check-layers: LoadWrapKit alone compiles only"), "\(text)")
    }
}
