import Testing

@testable import LoadWrapTool

@Suite struct HelpTextTests {
    @Test func wholeText() {
        #expect(
            HelpText.render() == """
                OVERVIEW: Run a command with a spinner on the terminal that leaves no trace.

                USAGE: loadwrap [<options>] [--] <command> [<arguments> ...]

                ARGUMENTS:
                  <command>               The command to run; loadwrap exits as it does.
                  <arguments>             Passed to the command unchanged.

                FROM INSIDE THE COMMAND (outside loadwrap these do nothing and exit 0):
                  loadwrap say <text>     Change the spinner's title (outside loadwrap: print
                                          the text on stderr).
                  loadwrap done [<text>]  Stop the spinner now, with an optional success line;
                                          the command runs on.
                  loadwrap progress <value>
                                          Show how far along the command is: 40%, 3/10,
                                          1200/5000 --unit B (bytes), or --clear for a plain
                                          spinner.

                REMEMBERED DURATIONS:
                  loadwrap history --clear
                                          Forget how long every command took (see --no-history).

                OPTIONS:
                  -t, --title <text>      Text beside the spinner (default: the command line).
                  -s, --spinner <name>    Spinner style (default: dots, or line when the locale
                                          is not UTF-8). [env: LOADWRAP_SPINNER]
                  --list-spinners         List the spinner styles with a sample frame and exit.
                  --delay <duration>      Draw nothing for commands that end sooner: 250ms,
                                          1.5s, 2m or seconds (default: 100ms).
                                          [env: LOADWRAP_DELAY]
                  --mode <mode>           auto, overlay, plain or silent (default: auto: overlay
                                          on a terminal, plain in CI or a log).
                                          [env: LOADWRAP_MODE]
                  --color <when>          auto, always or never (default: auto: colour on a
                                          terminal unless NO_COLOR is set).
                                          [env: LOADWRAP_COLOR]
                  -q, --quiet             Show the command's output only if it fails (output
                                          into a pipe or file still streams).
                  --tail[=<lines>]        Overlay mode: hold the output back and show its last
                                          lines above the spinner, all of it if the command
                                          fails; plain mode streams as always (default for
                                          --tail: 6). [env: LOADWRAP_TAIL]
                  --log <file>            Also write the command's terminal- or log-bound
                                          output, exactly as written, to this file.
                  --trace <file>          When the run ends, write the timeline of every step
                                          under it to this file as Chrome trace JSON, which
                                          Perfetto and chrome://tracing open (only the outermost
                                          loadwrap writes). [env: LOADWRAP_TRACE]
                  --trace-format <format>
                                          What --trace writes: chrome (the default) or otlp, an
                                          OTLP/JSON export for an OpenTelemetry collector; with
                                          otlp each command gets a TRACEPARENT naming its own
                                          span. [env: LOADWRAP_TRACE_FORMAT]
                  --timings[=<file>]      When the run ends, write a page with the timeline of
                                          every step, the critical path and the slowest steps to
                                          this file (default for --timings:
                                          loadwrap-timings.html; outermost loadwrap only).
                                          [env: LOADWRAP_TIMINGS]
                  --result[=<when>]       Print an end line: always (the default for --result),
                                          failure or never (default: always in plain mode, never
                                          in overlay, failure there with --tail or --log).
                                          [env: LOADWRAP_RESULT]
                  --success <text>        The end line's text when the command succeeds
                                          (default: the title).
                  --failure <text>        The end line's text when the command fails (default:
                                          the title).
                  --heartbeat <duration>  Plain mode: say the command is still running after
                                          this much silence; 0 is off (default: 60s).
                                          [env: LOADWRAP_HEARTBEAT]
                  --no-group              Plain mode: no collapsible log groups in a CI log
                                          (GitHub, GitLab, Buildkite, Azure, TeamCity).
                  --no-annotate           Plain mode: no error annotation of a failed run on
                                          GitHub Actions or Azure Pipelines.
                  --no-summary            Plain mode: no row in GitHub's job summary
                                          (GITHUB_STEP_SUMMARY; also LOADWRAP_SUMMARY=0).
                                          [env: LOADWRAP_SUMMARY]
                  --timestamps[=<style>]  Plain mode: begin each line of the log with the time
                                          since the start (elapsed, the default) or the UTC time
                                          (utc). [env: LOADWRAP_TIMESTAMPS]
                  --until <regex>         Stop the spinner at the first output line that
                                          matches; the command runs on.
                  --progress-from <regex>
                                          Show how far along the command is from its output:
                                          'percent' reads 52% from each line; a regex reads its
                                          group pct, or done and total.
                  --term-progress <when>  auto, always or never: show progress in the terminal's
                                          tab or taskbar (OSC 9;4) (default: auto: where the
                                          terminal is known to show it, not in tmux or screen).
                                          [env: LOADWRAP_TERM_PROGRESS]
                  --notify[=<duration>]   When the command ran longer than this (default for
                                          --notify: 10s), ask the terminal for a desktop
                                          notification at its end, or ring the bell.
                                          [env: LOADWRAP_NOTIFY]
                  --timeout <duration>    End the command and everything it started after this
                                          long (SIGTERM); exit 124. 0 is no limit.
                  --kill-after <duration>
                                          After the SIGTERM of --timeout or --fail-fast, wait
                                          this long, then SIGKILL (default: 5s).
                                          [env: LOADWRAP_KILL_AFTER]
                  --retry <count>         Run the command again when it fails, up to this many
                                          more times; refused when stdin is a pipe.
                  --retry-delay <duration>
                                          Wait before the first retry, doubled before each next
                                          one up to 1m (default: 1s).
                                          [env: LOADWRAP_RETRY_DELAY]
                  --no-retry-after-timeout
                                          Do not retry an attempt that ran out of --timeout
                                          (each attempt has the whole limit).
                  --no-history            Neither show nor remember how long this command
                                          usually takes (also LOADWRAP_HISTORY=0; 'loadwrap
                                          history --clear' forgets every run).
                                          [env: LOADWRAP_HISTORY]
                  -c, --command <command>
                                          Run this shell command line, as sh -c does; given more
                                          than once, the commands run at once and loadwrap fails
                                          as the first of them to fail.
                  --name <name>           Name the -c that follows: its title and line prefix
                                          (default: the program it runs, or sh, made unique with
                                          -2, -3).
                  -j, --jobs <count>      With several -c: run at most this many at once; the
                                          others wait their turn (default: all).
                  --fail-fast             With several -c: once one fails, end the others
                                          (SIGTERM, SIGKILL after --kill-after) and start no
                                          more.
                  --no-prefix             With several -c on a terminal: no 'name | ' before
                                          each line of their output.
                  --generate-manual       Print the man page (loadwrap.1, roff) and exit.
                  --completions <shell>   Print the completion script for bash, zsh or fish and
                                          exit.
                  --version               Show the version.
                  -h, --help              Show help information.

                """)
    }

    @Test func lastLineIsTheHelpEntry() {
        let lines = HelpText.render().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.dropLast().last == "  -h, --help              Show help information.")
        #expect(lines.last == "")
    }

    @Test func everyOptionIsListedWithDescriptionsInOneColumn() {
        let text = HelpText.render()
        let entries = text.split(separator: "\n").filter { $0.hasPrefix("  -") }
        #expect(entries.count == OptionSpec.all.count)
        // A label too long for the column puts its description on the next line (checked below).
        for entry in entries where entry.count > HelpText.descriptionColumn {
            let column = entry.index(entry.startIndex, offsetBy: HelpText.descriptionColumn)
            #expect(entry[entry.index(before: column)] == " ")
            #expect(entry[column] != " ")
        }
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= HelpText.width })
    }

    @Test func longLabelPutsDescriptionOnTheNextLine() {
        #expect(
            HelpText.entry("--a-very-long-option <value>", "Does it.")
                == "  --a-very-long-option <value>\n                          Does it.\n")
    }

    @Test func version() {
        // The tests are a plain `swift build`, not stamped by `make build`: the constant.
        #expect(LoadWrapVersion.string == LoadWrapVersion.constant)
        #expect(LoadWrapVersion.line == "loadwrap \(LoadWrapVersion.constant)\n")
    }
}
