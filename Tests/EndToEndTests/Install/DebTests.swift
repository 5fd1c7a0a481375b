import Foundation
import Testing

/// `make deb`'s package, built by `Scripts/deb.sh` from the binary under test (the debug build: the
/// static release build takes minutes), unpacked and run through `Scripts/test-deb.sh`. Debian's
/// tools are needed, so it runs on Linux (on CI always: the container is Debian's).
@Suite struct DebTests {
    @Test(.enabled(if: ExternalTool.exists("dpkg-deb") || (ExternalTool.onCI && ProcessLookup.isLinux), "no dpkg-deb"))
    func thePackageUnpacksRunsAndRendersItsPage() throws {
        let (status, text) = try ExternalTool.runShell(
            [TestEnvironment.packageRoot + "/Scripts/test-deb.sh", TestEnvironment.loadwrap],
            environment: TestEnvironment.childEnvironment())
        #expect(status == 0, "\(text)")
        #expect(text.hasSuffix("the page rendered)\n"), "\(text)")
    }
}
