"""Tests Scripts/check-limits.py's reading of Swift on small snippets.

    python3 -m unittest Scripts/test_check_limits.py
"""

import importlib.util
import os
import unittest

_SPEC = importlib.util.spec_from_file_location(
    "check_limits", os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-limits.py"))
check_limits = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(check_limits)


def declarations(swift, kind=None):
    """The declarations `scan` finds in `swift`, as {name: count}, of `kind` when given."""
    return {d.name: d.count for d in check_limits.scan(swift) if kind is None or d.kind == kind}


class BlankingTests(unittest.TestCase):
    def test_comments_and_strings_are_blanked_lines_kept(self):
        swift = 'let a = "{ x }" // {\n/* { */ let b = 1\n'
        blanked = check_limits.blank_comments_and_strings(swift)
        self.assertNotIn("{", blanked)
        self.assertEqual(blanked.count("\n"), 2)
        self.assertIn("let b = 1", blanked)

    def test_interpolation_stays_code_and_its_strings_are_blanked(self):
        blanked = check_limits.blank_comments_and_strings('"a \\(f("}", x)) b"')
        self.assertIn("f(", blanked)
        self.assertIn("x)", blanked)
        self.assertNotIn("}", blanked)

    def test_multiline_and_raw_strings(self):
        swift = 'let a = """\n  { "quoted" }\n  """\nlet b = #"say "{""#\nlet c = 1'
        blanked = check_limits.blank_comments_and_strings(swift)
        self.assertNotIn("{", blanked)
        self.assertIn("let c = 1", blanked)


class StoredPropertyTests(unittest.TestCase):
    def test_counts_stored_not_computed_static_or_local(self):
        swift = """
struct A {
    var a = 1
    let b: Int
    private(set) var c: [Int: String] = [:]
    package internal(set) var d: (key: Int, rows: [[UInt8]])?
    var computed: Int { a + 1 }
    var getter: Int {
        get { a }
        set { a = newValue }
    }
    static var shared = 0
    static let limit = 3
    func f() {
        var local = 0
        let other = 1
    }
    init() { let x = 1; b = x }
}
"""
        self.assertEqual(declarations(swift, "struct"), {"A": 4})

    def test_observers_and_initial_closures_are_stored(self):
        swift = """
final class B {
    var watched: Int = 0 {
        didSet { print(watched) }
    }
    var observed: Int { willSet { print(newValue) } }
    let make: () -> Int = { 3 }
    lazy var later = { [1, 2] }()
    class var kind: String { "B" }
    class func build() -> B { B() }
}
"""
        self.assertEqual(declarations(swift, "class"), {"B": 4})

    def test_nested_types_count_their_own(self):
        swift = """
package struct Outer {
    package struct Inner: Sendable {
        var x: Bool
        var y: Bool
    }
    enum Kind { case a, b }
    var inner = Inner(x: true, y: false)
    let kind: Kind
}
extension Outer {
    var derived: Bool { inner.x }
}
"""
        self.assertEqual(declarations(swift, "struct"), {"Outer": 2, "Inner": 2})

    def test_one_declaration_of_two_properties(self):
        self.assertEqual(declarations("struct C {\n    var a = 1, b = 2\n}\n", "struct"), {"C": 2})

    def test_multiline_head_before_a_body_is_computed(self):
        swift = "struct D {\n    var long: Int\n    {\n        1\n    }\n    var e: Int\n}\n"
        self.assertEqual(declarations(swift, "struct"), {"D": 1})


class ParameterTests(unittest.TestCase):
    def test_counts_parameters_over_lines_with_defaults_and_closures(self):
        swift = """
struct P {
    mutating func draw(
        _ overlay: inout Overlay, nowMS: Int, advancing: Bool = true,
        below: (_ room: Int) -> [[UInt8]] = { _ in [] }, values: [Int: Int] = [1: 2, 3: 4]
    ) -> [UInt8] { [] }
    func none() {}
    static func generic<A, B>(_ a: A, _ b: B) -> Bool where A: Equatable { true }
    init?(x: Int, y: Int) { nil }
}
"""
        self.assertEqual(declarations(swift, "func"), {"draw": 5, "none": 0, "generic": 2, "init": 2})

    def test_calls_are_not_declarations(self):
        swift = "func f() {\n    self.init(a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7)\n    g(1, 2)\n}\n"
        self.assertEqual(declarations(swift, "func"), {"f": 0})

    def test_public_declarations_are_marked(self):
        swift = "public func f(a: Int) {}\n@inlinable public init(b: Int) {}\nfunc g() {}\n"
        public = {d.name: d.public for d in check_limits.scan(swift)}
        self.assertEqual(public, {"f": True, "init": True, "g": False})


class OffenderTests(unittest.TestCase):
    def test_reports_each_limit_once_with_its_line(self):
        parameters = ", ".join("p%d: Int" % n for n in range(7))
        properties = "\n".join("    var v%d = 0" % n for n in range(16))
        swift = "struct Big {\n%s\n    func seven(%s) {}\n    public func api(%s) {}\n}\n" % (
            properties, parameters, parameters)
        swift += "\n" * 300
        self.assertEqual(check_limits.offenders("X.swift", swift), [
            "X.swift:1: 320 lines (300)",
            "X.swift:1: struct Big has 16 stored properties (15)",
            "X.swift:18: seven has 7 parameters (6)",
        ])

    def test_options_may_hold_every_option(self):
        properties = "\n".join("    var v%d = 0" % n for n in range(20))
        self.assertEqual(check_limits.offenders("O.swift", "struct Options {\n%s\n}\n" % properties), [])


if __name__ == "__main__":
    unittest.main()
