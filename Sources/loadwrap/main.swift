import LoadWrapKit

var args = Array(CommandLine.arguments.dropFirst())
if args.first == "--" { args.removeFirst() }
let config = Wrapper.Configuration(command: args, title: args.joined(separator: " "), style: .dots, color: true, utf8: true, delayMS: 100, overlay: true)
do {
    try Wrapper(config).runToEnd()
} catch {
    StandardStreams.err(error.message + "\n")
    exit(error.exitCode)
}
