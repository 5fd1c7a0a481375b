/// The `loadwrap` command: parse the arguments, pick the mode, run the command, end as it did.
public enum Launcher {
    /// Runs loadwrap with `arguments` (without argv[0]) and never returns.
    public static func main(_ arguments: [String]) -> Never {
        let invocation: Invocation
        do {
            invocation = try ArgumentParser.parse(arguments)
        } catch {
            StandardStreams.err(error.rendered())
            exit(error.exitCode)
        }
        switch invocation {
        case .help: StandardStreams.out(HelpText.render())
        case .version: StandardStreams.out(LoadWrapVersion.line)
        case .listSpinners: StandardStreams.out(SpinnerList.render())
        case .run(let options): run(options, environment: ProcessEnvironment.current())
        }
        exit(0)
    }

    /// Starts the command under the chosen mode and imitates its end.
    private static func run(_ options: Options, environment: [String: String]) -> Never {
        let mode = ModeChoice.choose(request: options.mode, stderrIsTerminal: isatty(2) == 1, environment: environment)
        let utf8 = LocaleCheck.isUTF8(environment)
        let configuration = Wrapper.Configuration(
            command: options.command,
            title: options.resolvedTitle,
            style: SpinnerStyle.fallback(for: options.resolvedSpinner(localeIsUTF8: utf8), utf8: utf8),
            color: ColorChoice.enabled(request: options.color, mode: mode, environment: environment),
            utf8: utf8,
            delayMS: options.delayMS,
            overlay: mode == .overlay)
        do {
            try Wrapper(configuration).runToEnd()
        } catch {
            StandardStreams.err(error.message + "\n")
            exit(error.exitCode)
        }
    }
}
