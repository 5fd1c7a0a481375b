/// How a variable that stands for a flag reads: `LOADWRAP_HISTORY=0` is `--no-history`.
enum EnvironmentSwitch {
    /// True when `value` is `0`, `false`, `no` or `off` (any case).
    static func saysOff(_ value: String) -> Bool {
        ["0", "false", "no", "off"].contains(value.lowercased())
    }
}
