import LoadWrapTool

Launcher.main(Array(CommandLine.arguments.dropFirst()))
