import LoadWrapRuns
/// Recognises a continuous-integration job from its environment variables.
enum CIDetector {
    /// Variables that one CI service sets, any non-empty value meaning "running there", for the
    /// services loadwrap writes nothing special for.
    static let otherMarkers = ["CIRCLECI", "TRAVIS", "BITBUCKET_BUILD_NUMBER", "DRONE", "CODEBUILD_BUILD_ID", "APPVEYOR"]

    /// Every service's own variable: those whose log markup loadwrap writes, told by their
    /// documented value (`CIService.detect`), then the others.
    static let markers = CIService.variables + otherMarkers

    /// Every variable `isCI` reads.
    static let variables = ["CI", "JENKINS_URL", "BUILD_ID"] + markers

    /// Whether `environment` belongs to a CI job: `CI` set to anything but `false`, `0` or empty,
    /// a service's own marker, or Jenkins' `JENKINS_URL` with `BUILD_ID` (Jenkins sets no `CI`).
    static func isCI(_ environment: [String: String]) -> Bool {
        if let ci = environment["CI"], !["", "0", "false"].contains(ci.lowercased()) {
            return true
        }
        if CIService.detect(environment) != nil || otherMarkers.contains(where: { isSet($0, in: environment) }) {
            return true
        }
        return isSet("JENKINS_URL", in: environment) && isSet("BUILD_ID", in: environment)
    }

    /// Whether `name` has a non-empty value in `environment`.
    private static func isSet(_ name: String, in environment: [String: String]) -> Bool {
        !(environment[name] ?? "").isEmpty
    }
}
