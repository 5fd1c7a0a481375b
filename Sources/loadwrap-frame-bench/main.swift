import LoadWrapCore

// `loadwrap-frame-bench [FRAMES]`: prints the nanoseconds one overlay frame costs (erase + redraw
// of an unchanged title), the median of five rounds; `make bench` runs it for its frame-cost row.
let frames = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 200_000
var rounds: [Double] = []
for _ in 0..<5 {
    rounds.append(FrameBenchmark.nanosecondsPerFrame(frames: frames, title: "make -j8 all", columns: 100))
}
print(Int(rounds.sorted()[2]))
