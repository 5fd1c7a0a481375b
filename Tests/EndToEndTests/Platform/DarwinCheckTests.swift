import Foundation
import LoadWrapTestSupport
import Testing

/// `make check-darwin` (`Scripts/check-darwin.sh`) catches a mistake in a Darwin branch of the C,
/// which no Linux build compiles: each test copies the package's C and Package.swift into a
/// temporary tree, puts one mistake into the `#else` (Darwin) branch of `lw_pipe`, and expects the
/// script to fail for that mistake. That the unchanged C passes is `make check-darwin` itself,
/// which `make test` runs before these tests (and which installs zig on CI).
@Suite(.serialized) struct DarwinCheckTests {
    /// The venv the script installs zig into on first use.
    private static let zigInstalled = FileManager.default.isExecutableFile(
        atPath: TestEnvironment.packageRoot + "/.build/zig-venv/bin/python")

    /// The Darwin branch's first line in `lw_pipe` (Sources/CLoadWrap/cloadwrap.c), which the
    /// mistakes replace.
    private static let darwinPipe = "    if (pipe(fds) != 0) return -1;\n"

    @Test(.enabled(if: zigInstalled || ExternalTool.onCI, "zig is not installed: run make check-darwin"))
    func aCallNewerThanTheDeploymentTargetFails() throws {
        let (status, text) = try check(replacingDarwinPipeWith: "    if (pipe2(fds, O_CLOEXEC) != 0) return -1;\n")
        #expect(status != 0, "\(text)")
        // zig's bundled headers declare pipe2 for a macOS newer than the target; on a Mac, zig reads
        // the SDK's headers instead, and an SDK older than pipe2 does not declare it at all.
        #expect(text.contains("'pipe2' is only available on macOS") || text.contains("undeclared function 'pipe2'"),
                "\(text)")
    }

    @Test(.enabled(if: zigInstalled || ExternalTool.onCI, "zig is not installed: run make check-darwin"))
    func aSymbolLibSystemLacksFailsTheLink() throws {
        let (status, text) = try check(
            replacingDarwinPipeWith: "    extern int lw_not_in_libsystem(int[2]);\n    if (lw_not_in_libsystem(fds) != 0) return -1;\n")
        #expect(status != 0, "\(text)")
        #expect(text.lowercased().contains("undefined symbol") && text.contains("_lw_not_in_libsystem"), "\(text)")
    }

    /// Runs the script on a copy of the package's C with the Darwin branch's pipe line replaced.
    private func check(replacingDarwinPipeWith line: String) throws -> (status: Int32, output: String) {
        let root = TestEnvironment.packageRoot
        let copy = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let manager = FileManager.default
        try manager.createDirectory(atPath: copy + "/Sources", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: copy + "/Tests", withIntermediateDirectories: true)
        for item in ["Package.swift", "Sources/CLoadWrap", "Sources/CLoadWrapCore", "Tests/CPtyTestSupport"] {
            try manager.copyItem(atPath: root + "/" + item, toPath: copy + "/" + item)
        }
        let file = copy + "/Sources/CLoadWrap/cloadwrap.c"
        let source = try String(contentsOfFile: file, encoding: .utf8)
        try #require(source.components(separatedBy: Self.darwinPipe).count == 2, "lw_pipe's Darwin branch changed")
        try source.replacingOccurrences(of: Self.darwinPipe, with: line).write(toFile: file, atomically: true, encoding: .utf8)
        return try ExternalTool.runShell([root + "/Scripts/check-darwin.sh", copy], environment: TestEnvironment.childEnvironment())
    }
}
