import Testing

@testable import LoadWrapJobs
@testable import LoadWrapTool

@Suite struct ShellCommandTests {
    @Test(arguments: [
        ("swift build", "swift"), ("/usr/bin/make -j8", "make"), ("CC=clang FLAGS=-O2 make all", "make"),
        ("  npm run build", "npm"), ("'./scripts/ci.sh' --fast", "ci.sh"), ("", "sh"), ("A=1", "sh"),
        ("2x=1 run", "2x=1"), ("\u{1B}[31mred", "red"), ("for i in 1 2; do make $i; done", "sh"),
        ("(cd app && make)", "sh"), ("{ make; }", "sh"), ("A=1 while true; do :; done", "sh"), ("fork", "fork"), ("! make check", "make"),
    ])
    func programName(_ line: String, _ expected: String) {
        #expect(ShellCommand(line: line).programName == expected)
    }

    @Test func shortNamesAreMadeUniqueInOrder() {
        let commands = [
            ShellCommand(line: "make a"), ShellCommand(line: "npm test"), ShellCommand(line: "make b"),
            ShellCommand(line: "make c"), ShellCommand(line: "true", name: "make-4"), ShellCommand(line: "make d"),
        ]
        #expect(ShellCommand.shortNames(commands) == ["make", "npm", "make-2", "make-3", "make-4", "make-5"])
    }

    @Test func aGivenNameIsTheTitleElseTheLineSanitised() {
        #expect(ShellCommand(line: "make\tall", name: "build").title == "build")
        #expect(ShellCommand(line: "make\tall").title == "make all")
        #expect(ShellCommand(line: "make all").argv == ["/bin/sh", "-c", "make all"])
    }
}
