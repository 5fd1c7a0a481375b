/// `loadwrap.1`, the man page in man(7) roff, printed by `loadwrap --generate-manual`.
///
/// The options, their values, the verbs and the variables come from the same tables as `--help`
/// and the parser (`OptionSpec.all`, the request enums, the spinner catalogue, `Verb.all`,
/// `ProcessEnvironment.names`), so the page cannot fall behind them; the prose is written here.
enum ManualPage {
    /// The whole page, ending in a newline.
    static func render() -> String {
        var lines = [
            ".TH LOADWRAP 1 \"\" \"loadwrap \(LoadWrapVersion.string)\" \"User Commands\"",
            ".nh",
            ".SH NAME",
            "loadwrap \\- " + Roff.escape(lowercasedFirst(HelpText.overview.dropLast())),
            ".SH SYNOPSIS",
            Roff.usage("loadwrap [<options>] [--] <command> [<arguments> ...]"),
            ".br",
            Roff.usage("loadwrap [<options>] [--name <name>] -c <command> [[--name <name>] -c <command> ...]"),
        ]
        for verb in Verb.all {
            lines += [".br", Roff.usage(verb.usage)]
        }
        lines += description + options + commands + environment + exitStatus + examples
        lines += [".SH SEE ALSO", ".BR script (1),", ".BR timeout (1)"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// What loadwrap does, and its three modes.
    static let description: [String] = [
        ".SH DESCRIPTION",
        Roff.line("loadwrap runs the command with its arguments and shows a spinner on the terminal while it runs."
            + " When the command ends the spinner is erased without a trace and loadwrap exits exactly as the"
            + " command did. Everything after -- (or from the first word that is not an option) is the command,"
            + " passed on untouched: loadwrap -- say runs a command called say."),
        ".PP",
        "loadwrap picks one of three modes at start; " + Roff.bold("--mode") + " forces one.",
        ".TP", Roff.bold("overlay"),
        Roff.line("stderr is a terminal, TERM is not dumb and no CI is detected. The spinner sits on the line"
            + " below the command's output. The command's stdout and stderr, where they are the terminal, share one"
            + " pseudo-terminal that loadwrap relays, so the command still sees a terminal; the spinner is erased"
            + " before each chunk of output and redrawn after it, and steps aside for prompts, pagers, editors and"
            + " full-screen programs. When stdout is a pipe (loadwrap -- make | tee build.log) loadwrap is a guest in"
            + " the pipeline: it never puts the terminal in raw mode or reads keys, the command keeps the real"
            + " terminal as its controlling terminal, and loadwrap relays only its stdout."),
        ".TP", Roff.bold("plain"),
        Roff.line("stderr is not a terminal, TERM is dumb, or CI is detected. loadwrap writes a line when the"
            + " command starts, a heartbeat line after a long silence and an end line, and never an escape byte;"
            + " on GitHub Actions, GitLab CI, Buildkite, Azure Pipelines and TeamCity the output is folded in a"
            + " collapsible group."),
        ".TP", Roff.bold("silent"),
        Roff.line("Nothing of loadwrap's own is written; the command runs as if bare."),
        ".PP",
        Roff.line("Each -c is a shell command line, run by /bin/sh -c. Given once, it is the command. Given more"
            + " than once, the commands run at once (at most --jobs of them), each with /dev/null as its input,"
            + " and the spinner shows them all; on a terminal each line of their output begins with the"
            + " command's name (--no-prefix: without). loadwrap ends when all have ended."),
    ]

    /// Every option of the table, with its values, its default and its variable.
    static var options: [String] {
        var lines = [".SH OPTIONS"]
        for option in OptionSpec.all {
            lines += entry(option)
        }
        lines += [
            ".PP",
            Roff.line("A duration is 250ms, 1.5s, 2m, 1h or a bare number of seconds; anything above 100 years"
                + " is taken as 100 years."),
        ]
        return lines
    }

    /// The option's entry: its label, its help, its values and its variable.
    static func entry(_ option: OptionSpec) -> [String] {
        var lines = [".TP", label(option), Roff.line(option.help)]
        if !option.choices.isEmpty {
            lines.append(Roff.line("Values: " + option.choices.joined(separator: ", ") + "."))
        }
        if let variable = option.environment {
            lines.append(option.valueName == nil
                ? "See " + Roff.bold(variable) + " in ENVIRONMENT."
                : "The environment variable " + Roff.bold(variable) + " sets its default; the flag wins.")
        }
        return lines
    }

    /// The option as the page shows it: `\fB\-t\fR, \fB\-\-title\fR \fItext\fR`.
    static func label(_ option: OptionSpec) -> String {
        var text = option.short.map { Roff.bold("-\($0)") + ", " } ?? ""
        text += Roff.bold(option.long)
        if let valueName = option.valueName {
            text += option.valueIsOptional ? "[=" + Roff.italic(valueName) + "]" : " " + Roff.italic(valueName)
        }
        return text
    }

    /// The verbs a command run under loadwrap uses to talk back, and `history --clear`; a verb's
    /// options are entries indented under its own (man(7): `.RS` and `.RE`).
    static var commands: [String] {
        var lines = [
            ".SH COMMANDS",
            Roff.line("The command, or anything it runs, can talk to the loadwrap running it through the FIFO named"
                + " in LOADWRAP_CONTROL. These exit 0 inside or outside a loadwrap; outside one, say prints its"
                + " text on stderr and the others do nothing."),
        ]
        for verb in Verb.all {
            lines += [".TP", Roff.usage(verb.usage), Roff.line(verb.help)]
            if !verb.options.isEmpty {
                lines += [".RS"] + verb.options.flatMap(entry) + [".RE"]
            }
        }
        return lines
    }

    /// The exit statuses, as README's table gives them.
    static let exitStatus: [String] = [
        ".SH EXIT STATUS",
        Roff.line("loadwrap exits as the command did: with its status, also after --until matched or"
            + " loadwrap done; when the command was killed by a signal, loadwrap restores the terminal and dies of"
            + " the same signal (the shell shows 128 plus its number). Its own failures use the codes of"
            + " timeout(1) and env(1):"),
        Roff.line("With several -c, loadwrap exits with 0 when all of them succeed, else as the first of them to"
            + " fail did."),
        ".TP", "124",
        Roff.line("--timeout ran out (137 when the command itself had to be killed with SIGKILL after --kill-after)."),
        ".TP", "125",
        Roff.line("loadwrap's own failure: a bad option or value, or the system refused what the run needs"
            + " (also while it runs: loadwrap then ends the command), printed as one line on stderr."),
        ".TP", "126",
        Roff.line("The command was found but cannot be run."),
        ".TP", "127",
        Roff.line("The command was not found."),
    ]

    /// A few command lines, each with what it shows.
    static let examples: [String] = {
        let examples = [
            ("Build with a spinner; the spinner leaves no trace:", "loadwrap -- make -j8"),
            ("A title of your own, with the output piped on:",
             "loadwrap --title 'Fetching index' -- curl -sSL https://example.org/i.json | jq ."),
            ("Show the output only if the command fails:", "loadwrap --quiet -- ./configure"),
            ("Stop the spinner once the server is up; the server runs on:", "loadwrap --until 'Listening on' -- npm run dev"),
            ("Progress from the command's own percentages, and a notification at the end:",
             "loadwrap --progress-from percent --notify -- cmake --build build"),
            ("Two builds at once; the first to fail ends the other:",
             "loadwrap --fail-fast -c 'swift build' --name web -c 'npm run build'"),
            ("Change the title from inside a script:", "loadwrap -- sh -c 'loadwrap say Uploading; ./upload'"),
            ("Install the completions and the man page:",
             "loadwrap --completions bash > ~/.local/share/bash-completion/completions/loadwrap"),
        ]
        var lines = [".SH EXAMPLES"]
        for (text, command) in examples {
            lines += [".PP", Roff.line(text), ".PP", ".RS 4", ".nf", Roff.line(command), ".fi", ".RE"]
        }
        lines += [".RS 4", ".nf", Roff.line("loadwrap --generate-manual > ~/.local/share/man/man1/loadwrap.1"), ".fi", ".RE"]
        return lines
    }()

    /// `text` with its first letter in lower case, as NAME lines are written.
    private static func lowercasedFirst(_ text: Substring) -> String {
        guard let first = text.first else { return "" }
        return first.lowercased() + text.dropFirst()
    }
}
