import LoadWrapKit

Launcher.main(Array(CommandLine.arguments.dropFirst()))
