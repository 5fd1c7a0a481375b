/// A collapsible section in a CI log, in the markup the CI service understands. The end line
/// stays outside it where the service has an end marker, so the result shows with it folded.
/// A nested loadwrap opens none: it reports to the outer one and writes nothing itself.
package enum LogGroup: Equatable, Sendable {
    /// GitHub Actions workflow commands: `::group::` / `::endgroup::`.
    case github
    /// GitLab CI section markers, named so that nested runs do not close each other's.
    case gitlab(name: String)
    /// Buildkite's `--- ` header: a collapsed group that lasts until the next header, so the end
    /// line is its last line; `^^^ +++` expands it after a failure (Buildkite's "Managing log
    /// output"), so the error is what a reader sees first.
    case buildkite
    /// Azure Pipelines' formatting commands `##[group]` / `##[endgroup]`.
    case azure
    /// TeamCity's service messages `blockOpened` / `blockClosed`, named by the header.
    case teamcity

    /// How GitLab's section markers and TeamCity's block messages begin: the groups that nest,
    /// whose markers a nested run's output carries (`LineStamper` leaves them unstamped).
    package static let gitlabSection = "\u{1B}[0Ksection_"
    package static let teamCityBlock = "##teamcity[block"

    /// Opens the group with `header` (a start line without its newline, its command prefixes
    /// already broken: `CommandBreak`) as its visible title. GitLab's markers are the only
    /// escape bytes plain mode writes: its log viewer requires them.
    package func open(header: String, unixTime: Int) -> String {
        switch self {
        case .github:
            return "::group::\(CIService.githubData(header))\n"
        case .gitlab(let name):
            return "\(Self.gitlabSection)start:\(unixTime):\(name)[collapsed=true]\r\u{1B}[0K\(header)\n"
        case .buildkite:
            return "--- \(header)\n"
        case .azure:
            return "##[group]\(header)\n"
        case .teamcity:
            return "\(Self.teamCityBlock)Opened name='\(Self.teamCityValue(header))']\n"
        }
    }

    /// Closes the group opened with `header`; `failed` expands it where the service can.
    package func close(header: String, failed: Bool, unixTime: Int) -> String {
        switch self {
        case .github:
            return "::endgroup::\n"
        case .gitlab(let name):
            return "\(Self.gitlabSection)end:\(unixTime):\(name)\r\u{1B}[0K\n"
        case .buildkite:
            return failed ? "^^^ +++\n" : ""
        case .azure:
            return "##[endgroup]\n"
        case .teamcity:
            return "\(Self.teamCityBlock)Closed name='\(Self.teamCityValue(header))']\n"
        }
    }

    /// Whether a group of this kind can open inside another: GitLab's sections are named, and
    /// TeamCity's blocks too; GitHub's and Azure's groups do not nest (a second `::group::` ends
    /// the first), and Buildkite's last until the next header.
    var nests: Bool {
        switch self {
        case .gitlab, .teamcity: return true
        case .github, .buildkite, .azure: return false
        }
    }

    /// `text` as a TeamCity service message value: `|` escapes `'`, `|`, `[`, `]`, CR, LF and the
    /// Unicode line breaks (TeamCity's "Service Messages", escaped values), so a title can neither
    /// end the value nor the message.
    private static func teamCityValue(_ text: String) -> String {
        CIService.escaped(text, [
            "'": "|'", "|": "||", "[": "|[", "]": "|]", "\n": "|n", "\r": "|r", "\u{85}": "|x", "\u{2028}": "|l",
            "\u{2029}": "|p",
        ])
    }
}
