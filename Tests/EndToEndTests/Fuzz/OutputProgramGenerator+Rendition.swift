/// SGR pieces: colours and attributes in every parameter form, noting what stays set.
extension OutputProgramGenerator {
    /// An SGR, then text, then maybe a reset; or a reset alone.
    mutating func rendition() {
        if renditionSet && rng.chance(25) {
            escape(rng.pick(["[0m", "[m"]))
            renditionSet = false
            backgroundSet = false
            return
        }
        var parameters: [String] = []
        for _ in 0..<rng.int(1...3) { parameters.append(renditionParameter()) }
        escape("[" + parameters.joined(separator: ";") + "m")
        text(1...20)
        if rng.chance(60) {
            escape(rng.pick(["[0m", "[m", "[0m"]))
            renditionSet = false
            backgroundSet = false
        } else if rng.chance(30) {
            escape("[39;49m")
            backgroundSet = false
        }
        if rng.chance(30) { lineEnd() }
    }

    /// One SGR parameter (or `;`/`:` group), noting what it sets.
    private mutating func renditionParameter() -> String {
        let n = rng.int(0...255)
        let (r, g, b) = (rng.int(0...255), rng.int(0...255), rng.int(0...255))
        var choices: [(weight: Int, value: (String, background: Bool?))] = [
            (3, ("0", nil)), (6, (String(rng.pick([1, 2, 3, 4, 5, 7, 9])), false)),
            (3, (String(rng.pick([22, 23, 24, 25, 27, 29, 39])), false)),
            (6, (String(rng.int(30...37)), false)), (3, (String(rng.int(90...97)), false)),
            (4, (String(rng.int(40...47)), true)), (2, (String(rng.int(100...107)), true)),
            (2, ("49", nil)), (3, ("38;5;\(n)", false)), (3, ("48;5;\(n)", true)),
            (2, ("38;2;\(r);\(g);\(b)", false)), (2, ("48;2;\(r);\(g);\(b)", true)),
        ]
        if features.contains(.colonRendition) {
            choices += [
                (2, ("38:5:\(n)", false)), (2, ("48:5:\(n)", true)), (2, ("38:2::\(r):\(g):\(b)", false)),
                (2, ("48:2::\(r):\(g):\(b)", true)), (1, ("38:2:\(r):\(g):\(b)", false)),
                (2, ("4:\(rng.int(1...5))", false)), (1, ("4:0", false)), (1, ("58:5:\(n)", false)),
            ]
        }
        let (text, background) = rng.weighted(choices)
        switch (text, background) {
        case ("0", _):
            renditionSet = false
            backgroundSet = false
        case ("49", _): backgroundSet = false
        case (_, true?):
            renditionSet = true
            backgroundSet = true
        default: renditionSet = true
        }
        return text
    }
}
