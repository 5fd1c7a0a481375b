import Testing

/// Programs the screen fuzz found that leave another screen under loadwrap (in tmux, at 80x24),
/// kept in `Tests/FuzzCases` with their descriptions, so each stays fixed once it is.
extension ScreenFuzzTests {
    /// One program of `Tests/FuzzCases` and what its README says differs.
    struct FoundProgram: Sendable, CustomTestStringConvertible {
        let file: String
        let difference: String
        var testDescription: String { "\(file): \(difference)" }

        /// The argv that runs it; `-S -E` keep site packages and the environment out of Python.
        var argv: [String] { ["python3", "-S", "-E", TestEnvironment.packageRoot + "/Tests/FuzzCases/" + file] }
    }

    static let foundPrograms = [
        FoundProgram(file: "screen-6641.py", difference: "scroll regions between \\r rewrites and long wrapped lines"),
        FoundProgram(file: "screen-6062.py", difference: "a blank row the bare run keeps"),
        FoundProgram(file: "screen-111-min.py", difference: "backspaces across a wrap, then the alternate screen"),
    ]

    @Test("a program the fuzz found leaves the same screen with and without loadwrap", arguments: foundPrograms)
    func foundProgram(_ program: FoundProgram) throws {
        try SideBySide.expectSameScreen(
            bare: program.argv, wrapped: Loadwrap.command(["--delay", "0", "--"]) + program.argv, spinnerMustShow: true,
            context: "reproduce: swift test --filter 'ScreenFuzzTests/foundProgram'\nprogram: Tests/FuzzCases/\(program.file)")
    }
}
