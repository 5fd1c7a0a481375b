/// The sized cases that run more than one program: `--tail`, siblings and `-c`.
extension ScreenEqualityTests {
    /// `--tail` that succeeds with room below: docs/tail.md promises the screen from before the
    /// run, so the bare run is what came before (`echo before`), not the program.
    static let tail = SizedCase(name: "--tail=3 with room below") { _, wrapped in
        let program = "seq 5; sleep 0.2; echo six; sleep 0.2"
        return ["/bin/sh", "-c", "echo before" + (wrapped ? "; \"$@\"" : ""), "sh"]
            + Loadwrap.command(["--delay", "0", "--tail=3", "--", "sh", "-c", program])
    }

    /// Two loadwraps started with `&` under an outer one: each draws a row under the outer line
    /// while both run. Each waits on files the other makes (in `$D`), so the lines come in one
    /// order: a1, b1, a2, b2.
    static let siblings = SizedCase(name: "rows of two siblings") { _, wrapped in
        let wait = { (file: String) in "until [ -e \"$D/\(file)\" ]; do sleep 0.02; done" }
        let a = "echo a1; touch \"$D/a1\"; \(wait("b1")); sleep 0.2; echo a2; touch \"$D/a2\""
        let b = "\(wait("a1")); echo b1; touch \"$D/b1\"; \(wait("a2")); echo b2"
        let inner = { (title: String) in wrapped ? "\(TestEnvironment.loadwrap) --delay 0 -t @\(title) -- " : "" }
        let script = "echo before; \(inner("a"))sh -c '\(a)' & \(inner("b"))sh -c '\(b)' & wait"
        let outer = wrapped ? Loadwrap.command(["--delay", "0", "-t", "@build", "--"]) : []
        return ["/bin/sh", "-c", #"export D="$(mktemp -d)"; "$@"; rm -r "$D""#, "sh"] + outer + ["/bin/sh", "-c", script]
    }

    /// Two `-c` commands: each line begins with its command's name, which loadwrap adds on
    /// purpose, so the bare run is the same `-c` run whose spinner never draws (`--delay 10m`):
    /// the prefixes without the overlay.
    static let prefixes = SizedCase(name: "-c with prefixes") { _, wrapped in
        // One at a time (-j 1): two commands side by side reach the terminal through a pty each,
        // in an order no script inside them can fix, and the bare run is another run.
        let one = "echo first; sleep 0.2; echo more"
        let two = #"printf '\033[31mred\033[0m\n'; sleep 0.2"#
        return Loadwrap.command(["--delay", wrapped ? "0" : "10m", "-j", "1", "--name", "one", "-c", one, "--name", "two", "-c", two])
    }
}
