import Foundation
import Testing

/// `make install` and `make uninstall` into a temporary DESTDIR, through `Scripts/test-install.sh`
/// with the binary under test (the debug build: the static release build takes minutes).
@Suite struct InstallTests {
    @Test func installThenUninstall() throws {
        let (status, text) = try ExternalTool.runShell(
            [TestEnvironment.packageRoot + "/Scripts/test-install.sh", TestEnvironment.loadwrap],
            environment: TestEnvironment.childEnvironment())
        #expect(status == 0, "\(text)")
        #expect(text.hasSuffix("page rendered)\n"), "\(text)")
    }
}
