import Foundation
import LoadWrapTestSupport
import Testing

/// `make check-layers` (`Scripts/check-layers.sh`): from a checkout reached through a symbolic link,
/// as every path under macOS's /tmp and /var is (/private/tmp, /private/var), the build names the
/// real path, and the script must look for that one; and an import up the layers fails it.
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
        #expect(text.contains("LoadWrapKit, LoadWrapProcess, LoadWrapRuns, LoadWrapJobs, LoadWrapTool"), "\(text)")
    }

    /// An import that reaches up the layers fails the check before anything is built, naming the
    /// file, what it imports and the target it is in: a copy of the sources where the process
    /// target imports the tool (a cycle the compiler would refuse only after building below it).
    @Test func anImportThatReachesUpFails() throws {
        let copy = TestDirectory.make() + "/checkout"
        try FileManager.default.createDirectory(atPath: copy + "/Scripts", withIntermediateDirectories: true)
        for item in ["Sources", "Scripts/check-layers.sh"] {
            try FileManager.default.copyItem(atPath: TestEnvironment.packageRoot + "/" + item, toPath: copy + "/" + item)
        }
        let file = copy + "/Sources/LoadWrapProcess/Process/Wrapper.swift"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try ("import LoadWrapTool\n" + text).write(toFile: file, atomically: true, encoding: .utf8)
        var environment = TestEnvironment.childEnvironment()
        environment["SWIFT"] = "false"  // never reached: the imports are checked first
        let (status, output) = try ExternalTool.runShell(
            ["-c", "cd \"$0\" && exec sh Scripts/check-layers.sh", copy], environment: environment)
        #expect(status == 1, "\(output)")
        #expect(output.contains("Process/Wrapper.swift imports LoadWrapTool, which is not below LoadWrapProcess"), "\(output)")
    }
}
