import Foundation
import Testing

/// `make install` and `make uninstall` into a temporary DESTDIR, through `Scripts/test-install.sh`
/// with the binary under test (the debug build: the static release build takes minutes).
@Suite struct InstallTests {
    @Test func installThenUninstall() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [TestEnvironment.packageRoot + "/Scripts/test-install.sh", TestEnvironment.loadwrap]
        process.environment = TestEnvironment.childEnvironment()
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.hasSuffix("page rendered)\n"), "\(text)")
    }
}
