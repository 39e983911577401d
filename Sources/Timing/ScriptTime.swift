// Scripted time: a call `at: t` runs on tick ⌈t·fps⌉, the first frame at or after t (no clocks).

/// Scene time → tick.
public enum ScriptTime {
    /// The first tick at or after `time`: ⌈time·fps⌉, with a 1e-9 tolerance so that 0.5 s at
    /// 60 fps is tick 30 however 0.5·60 rounds.
    public static func tick(for time: Double, fps: Int) -> Int {
        let ticks = (time * Double(fps) - 1e-9).rounded(.up)
        // Validated times are at most an hour; a sum of two of them (a scrub's end) may not be,
        // so clamp instead of trapping on a conversion to Int (found by the fuzz test).
        guard ticks.isFinite else { return ticks > 0 ? Int(Int32.max) : 0 }
        return Int(min(max(0, ticks), Double(Int32.max)))
    }
}
