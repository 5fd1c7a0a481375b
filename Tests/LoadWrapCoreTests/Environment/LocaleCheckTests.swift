import Testing

@testable import LoadWrapCore

@Suite struct LocaleCheckTests {
    @Test(arguments: [
        (["LANG": "en_US.UTF-8"], true),
        (["LANG": "C.utf8"], true),
        (["LC_CTYPE": "UTF-8"], true),
        (["LANG": "de_DE.Utf-8"], true),
        ([:], false),
        (["LANG": "C"], false),
        (["LANG": "POSIX"], false),
        (["LANG": "en_US.ISO-8859-1"], false),
        (["LC_ALL": "C", "LANG": "en_US.UTF-8"], false),
        (["LC_ALL": "", "LANG": "en_US.UTF-8"], true),
        (["LC_ALL": "", "LC_CTYPE": "", "LANG": ""], false),
        (["LC_CTYPE": "C", "LANG": "en_US.UTF-8"], false),
        (["LC_ALL": "en_GB.UTF-8", "LC_CTYPE": "C"], true),
        (["LC_MESSAGES": "en_US.UTF-8"], false),
    ])
    func table(environment: [String: String], expected: Bool) {
        #expect(LocaleCheck.isUTF8(environment) == expected)
    }
}
