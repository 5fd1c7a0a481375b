import Foundation

/// Where the binary under test lives and the environment every spawned program gets.
enum TestEnvironment {
    /// The package root, found from this file's path (Tests/EndToEndTests/Support/…).
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The loadwrap binary: `LOADWRAP_BIN` if set, else the debug build of this package.
    static let loadwrap: String =
        ProcessInfo.processInfo.environment["LOADWRAP_BIN"] ?? packageRoot + "/.build/debug/loadwrap"

    /// Variables that make loadwrap pick plain mode or change its look or what it sends; CI
    /// itself runs with `CI=true`, so they are dropped unless a test sets them.
    static let droppedVariables: Set<String> = [
        "CI", "CONTINUOUS_INTEGRATION", "BUILD_NUMBER", "RUN_ID", "GITHUB_ACTIONS", "GITLAB_CI",
        "BUILDKITE", "TRAVIS", "CIRCLECI", "JENKINS_URL", "TEAMCITY_VERSION", "TF_BUILD",
        "APPVEYOR", "DRONE", "CODEBUILD_BUILD_ID", "BITBUCKET_BUILD_NUMBER", "HUDSON_URL",
        "NO_COLOR", "FORCE_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "COLUMNS", "LINES",
        "LC_ALL", "LC_CTYPE", "LANGUAGE", "TERM", "LANG", "COLORTERM",
        // The terminal emulator the tests were started from decides OSC 9;4 and notifications.
        "WT_SESSION", "ConEmuANSI", "TERM_PROGRAM", "TERM_FEATURES", "VTE_VERSION", "PTYXIS_VERSION",
        "KONSOLE_VERSION", "KITTY_WINDOW_ID", "LC_TERMINAL", "TMUX", "STY",
    ]

    /// loadwrap's internal switch to Darwin's POSIX fallbacks on Linux (`Platform.fallbackSwitch`):
    /// kept when the suite itself runs with it, so `LOADWRAP_INTERNAL_POSIX_FALLBACKS=1 swift test`
    /// runs every end-to-end test through them.
    static let fallbackSwitch = "LOADWRAP_INTERNAL_POSIX_FALLBACKS"

    /// The child environment: ours minus CI/terminal/locale variables and loadwrap's own (but the
    /// fallback switch), plus an xterm, a UTF-8 locale and history off, plus `overrides` (nil
    /// removes a variable).
    static func childEnvironment(_ overrides: [String: String?] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment.filter { key, _ in
            !droppedVariables.contains(key) && (!key.hasPrefix("LOADWRAP") || key == fallbackSwitch)
        }
        env["TERM"] = "xterm-256color"
        env["LANG"] = "C.UTF-8"
        // Never the user's remembered durations: history is off unless a test turns it on, and
        // then it lives where the test says (HistoryTests gives each test a directory of its own).
        env["LOADWRAP_HISTORY"] = "0"
        env["XDG_STATE_HOME"] = NSTemporaryDirectory() + "loadwrap-e2e-no-state"
        for (key, value) in overrides { env[key] = value }
        return env
    }
}
