import LoadWrapCore

/// One `-c` command line, with the `--name` given before it, if any.
package struct ShellCommand: Equatable, Sendable {
    /// The shell command line, untouched: `/bin/sh -c` runs it.
    package var line: String
    /// The `--name` given before the `-c`, sanitised, or nil.
    var name: String?

    /// The shell a command line runs in, by its absolute path as system(3) runs it (POSIX:
    /// `execl("/bin/sh", "sh", "-c", command, NULL)`), so an empty or odd PATH cannot lose it.
    static let shell = "/bin/sh"

    /// The command loadwrap runs for it: `/bin/sh -c LINE`.
    package var argv: [String] { [Self.shell, "-c", line] }

    /// The title of its row: the name when given, else the command line, sanitised.
    package var title: String { name ?? Sanitizer.sanitize(line) }

    /// The short name of the command, for its line prefix: the basename of the program the line
    /// runs first, past `NAME=value` assignments (a shell's simple command: POSIX XCU 2.9.1) and a
    /// pipeline's `!`, or `sh` when there is none, or the line starts with a compound command
    /// (`for`, `if`, `(`…).
    var programName: String {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        let first = words.first { !Self.isAssignment($0) && $0 != "!" }
        let program = first.flatMap { Self.isCompound($0) ? nil : $0.filter { $0 != "'" && $0 != "\"" } }
        let base = program.map { $0.split(separator: "/").last.map(String.init) ?? "" } ?? ""
        let clean = Sanitizer.sanitize(base)
        return clean.isEmpty ? "sh" : clean
    }

    /// Whether `word` starts a compound command: a reserved word that can begin one (POSIX XCU
    /// 2.4), or a subshell's parenthesis.
    private static func isCompound(_ word: Substring) -> Bool {
        word.hasPrefix("(") || ["{", "case", "for", "if", "until", "while"].contains(word)
    }

    /// Whether `word` is `NAME=value`: a name of letters, digits and underscores, not starting
    /// with a digit (POSIX XBD 3.235), then `=`.
    private static func isAssignment(_ word: Substring) -> Bool {
        guard let equals = word.firstIndex(of: "="), equals > word.startIndex else { return false }
        let name = word[..<equals]
        return name.first.map { !$0.isNumber } == true && name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }

    /// Each command's short name, in order: its `--name`, else its program's name, made unique
    /// among those before it with `-2`, `-3`… (`make`, `make-2`).
    package static func shortNames(_ commands: [ShellCommand]) -> [String] {
        var taken: [String] = []
        for command in commands {
            if let name = command.name {
                taken.append(name)
                continue
            }
            let base = command.programName
            var candidate = base
            var number = 2
            while taken.contains(candidate) {
                candidate = "\(base)-\(number)"
                number += 1
            }
            taken.append(candidate)
        }
        return taken
    }

    /// Each stored property, as the memberwise initialiser has it, for the targets above.
    package init(line: String, name: String? = nil) {
        self.line = line
        self.name = name
    }
}
