#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `loadwrap-demo SCENE...`: runs each scene (a command line) with `sh -c` on an 80×14 pty in
/// the current directory, and writes the animated SVG of what the terminal showed to stdout.
/// PATH and HOME are passed on to the scenes; TERM and LANG are fixed. Scripts/demo/record.sh
/// sets the stage.
@main
enum LoadwrapDemo {
    static let rows = 14
    static let cols = 80

    static func main() {
        let scenes = Array(CommandLine.arguments.dropFirst())
        guard !scenes.isEmpty, !scenes.contains(where: { $0.hasPrefix("-") }) else {
            report("usage: loadwrap-demo SCENE... > demo.svg   (a scene is a command line for sh -c)")
            exit(2)
        }
        do {
            print(try perform(scenes), terminator: "")
        } catch {
            report("loadwrap-demo: \(error)")
            exit(1)
        }
    }

    /// Records the scenes one after the other and renders them as one loop.
    static func perform(_ scenes: [String]) throws(RecorderError) -> String {
        let recorder = Recorder(rows: UInt16(rows), cols: UInt16(cols), environment: try sceneEnvironment())
        var events: [TimedBytes] = []
        var end = 0.0
        for command in scenes {
            report("recording: \(command)")
            let recording = try recorder.record(command)
            // loadwrap's own failure (125) or a command not found or not runnable (126, 127):
            // whatever the scene meant to show, it shows an error instead.
            guard !(125...127).contains(recording.status) else {
                throw RecorderError(description: "\(command): exit \(recording.status)")
            }
            let scene = Performance().scene(command, recording, at: end)
            events += scene.events
            end = scene.end
        }
        let frames = FrameSampler(rows: rows, cols: cols).frames(events)
        report("\(frames.count) frames, \(decimal(end, places: 1)) s")
        return SVGDocument(layout: SVGLayout(rows: rows, cols: cols)).render(frames, duration: end)
    }

    /// What every scene runs with: the caller's PATH and HOME, a colour terminal, UTF-8.
    static func sceneEnvironment() throws(RecorderError) -> [String] {
        var environment = ["TERM=xterm-256color", "LANG=C.UTF-8"]
        for name in ["PATH", "HOME"] {
            guard let value = getenv(name) else { throw RecorderError(description: "\(name) is not set") }
            environment.append("\(name)=\(String(cString: value))")
        }
        return environment
    }

    /// A line on stderr (stdout is the picture).
    static func report(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
