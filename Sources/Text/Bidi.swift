import CFriBidi

/// The Unicode bidirectional algorithm (UAX #9) by GNU FriBidi: an embedding level per scalar
/// (even = left to right, odd = right to left) and the paragraph's direction, found from its
/// first strong character (rules P2–P3), left to right when it has none.
public enum Bidi {
    public struct Levels: Equatable, Sendable {
        public var levels: [UInt8]
        public var paragraphIsRightToLeft: Bool
    }

    public static func levels(of scalars: [UInt32]) -> Levels {
        let count = scalars.count
        guard count > 0 else { return Levels(levels: [], paragraphIsRightToLeft: false) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var direction = FRIBIDI_PAR_ON
        let ok: FriBidiLevel = scalars.withUnsafeBufferPointer { text in
            fribidi_get_bidi_types(text.baseAddress, Int32(count), &types)
            fribidi_get_bracket_types(text.baseAddress, Int32(count), types, &brackets)
            return fribidi_get_par_embedding_levels_ex(types, brackets, Int32(count), &direction, &levels)
        }
        let rtl = direction == FRIBIDI_PAR_RTL
        // FriBidi fails only on allocation failure; then everything sits at the paragraph level.
        guard ok > 0 else {
            return Levels(levels: Array(repeating: rtl ? 1 : 0, count: count), paragraphIsRightToLeft: rtl)
        }
        return Levels(levels: levels.map { UInt8(clamping: Int($0)) }, paragraphIsRightToLeft: rtl)
    }

    /// Rule L2 over runs: from the highest level down to the lowest odd level, reverse every
    /// maximal sequence of runs at that level or higher. Returns run indexes in visual order.
    public static func visualOrder(runLevels: [UInt8]) -> [Int] {
        var order = Array(runLevels.indices)
        guard let highest = runLevels.max() else { return order }
        let lowestOdd = runLevels.filter { $0 % 2 == 1 }.min() ?? (highest + 1)
        var level = highest
        while level >= lowestOdd && level > 0 {
            var i = 0
            while i < order.count {
                if runLevels[order[i]] >= level {
                    var j = i
                    while j < order.count && runLevels[order[j]] >= level { j += 1 }
                    order[i..<j].reverse()
                    i = j
                } else {
                    i += 1
                }
            }
            level -= 1
        }
        return order
    }
}
