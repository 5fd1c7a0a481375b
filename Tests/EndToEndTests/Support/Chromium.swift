import Foundation
import Testing

/// Debian's `chromium`, headless, as the browser the `--timings` page is opened in: the DOM it
/// built from a page, and every network request the page made, read from the browser's own
/// network log (`--log-net-log`), so no DevTools client is needed. `.ci/run` installs it.
enum Chromium {
    /// Whether `chromium` is on PATH.
    static var isInstalled: Bool { ExternalTool.exists("chromium") }

    /// Why the browser tests skip off CI; on CI they fail instead.
    static let missing: Comment = "chromium is missing: .ci/run installs it (apt-get install chromium)"

    /// What the browser made of a page.
    struct Rendering {
        /// The DOM once loaded, serialised (`--dump-dom`): what the parser built, not the file.
        let dom: String
        /// The address of each request the page itself made (the browser's own background
        /// requests, to its update and account services, left out).
        let requests: [String]
    }

    /// Opens the file at `path` in a fresh profile under `scratch`, gives it `budgetMS` of virtual
    /// time to load (what a page that fetched something would wait for), and returns the DOM and
    /// the requests. Generous limits: a loaded 2-core machine starts chromium in tens of seconds.
    static func render(_ path: String, scratch: String, budgetMS: Int = 5_000) throws -> Rendering {
        guard isInstalled else { throw ChromiumError("chromium is missing: apt-get install chromium") }
        let netLog = scratch + "/net-log.json"
        // --no-sandbox: the tests run as root in CI containers, where chromium's sandbox refuses
        // to start. The resolver rule makes any name lookup fail, so nothing leaves the machine.
        let arguments = [
            "180", "chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
            "--disable-default-apps", "--user-data-dir=\(scratch)/profile", "--host-resolver-rules=MAP * ~NOTFOUND",
            "--log-net-log=\(netLog)", "--virtual-time-budget=\(budgetMS)", "--dump-dom", "file://\(path)",
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, dom.contains("</html>") else {
            throw ChromiumError("chromium exited \(process.terminationStatus) with \(dom.utf8.count) bytes of DOM")
        }
        return Rendering(dom: dom, requests: try pageRequests(in: netLog))
    }

    /// The requests in a network log whose isolation key is a `file://` page's: the page's own.
    /// chromium's background services use keys of their own (`null null`, their sites).
    private static func pageRequests(in path: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let log = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let constants = log["constants"] as? [String: Any], let types = constants["logEventTypes"] as? [String: Int],
              let start = types["URL_REQUEST_START_JOB"], let events = log["events"] as? [[String: Any]]
        else { throw ChromiumError("the network log \(path) is not chromium's NetLog JSON") }
        return events.compactMap { event in
            guard event["type"] as? Int == start, let params = event["params"] as? [String: Any],
                  let key = params["network_isolation_key"] as? String, key.hasPrefix("file://") else { return nil }
            return params["url"] as? String
        }
    }
}

/// Chromium could not render a page.
struct ChromiumError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
