import Foundation
import Testing

/// An interactive bash with job control in a tmux window, in `directory/name`, where `job`
/// is the script `./job`. `stty -echoctl`: the ^Z the terminal echoes would be the command's
/// held output under loadwrap (its own pty echoes it), but the real terminal's echo bare.
enum JobShell {
    static func start(_ terminal: TmuxTerminal, _ name: String, job: String, in directory: String) throws {
        let home = "\(directory)/\(name)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try "#!/bin/sh\n\(job)\n".write(toFile: "\(home)/job", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(home)/job")
        try terminal.start(name, script: "cd \(home) && PS1='$ ' HISTFILE=/dev/null exec bash --norc --noprofile -i")
        #expect(try terminal.waitFor(name) { $0.first == "$" })
        try terminal.sendKeys(name, "stty -echoctl; clear", "Enter")
        #expect(try terminal.waitFor(name) { $0.first == "$" && !$0.contains { $0.contains("stty") } })
    }
}
