/// Exact 8-bit fixed-point multiplication, the one rounding rule every blend in this module uses.
///
/// A byte `v` stands for the fraction v/255, so the product of two bytes is round(a·b/255).
/// Dividing by 255 costs a division; the classic replacement (Jim Blinn, "Three Wrongs Make a
/// Right", 1995; Skia's `SkMulDiv255Round`) is
///
///     t = a·b + 128;  result = (t + (t >> 8)) >> 8
///
/// Why it is exact: for 0 ≤ t ≤ 255·255 + 128, (t + ⌊t/256⌋) / 256 approximates t/255 from below
/// closely enough that the floor lands on ⌊(a·b + 127.5)/255⌋ = round(a·b/255) with halves rounded
/// up; no a·b/255 is ever exactly a half (255 is odd), so "round half up" never matters.
/// The test `mul255 equals round(a·b/255) for all 65536 pairs` checks it exhaustively.

/// round(a·b/255) for bytes: the product of two 8-bit fractions, exactly rounded.
@inline(__always)
public func mul255(_ a: UInt8, _ b: UInt8) -> UInt8 {
    UInt8(truncatingIfNeeded: mul255(UInt32(a), UInt32(b)))
}

/// The same as `mul255(UInt8, UInt8)` on widened operands, for hot loops that keep channels in
/// registers. Both operands must be in 0...255 (a precondition the callers' types guarantee).
@inline(__always)
func mul255(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let t = a &* b &+ 128
    return (t &+ (t &>> 8)) &>> 8
}

/// `mul255` on the four bytes of `x` at once (each byte times `f`, f in 0...255), two bytes per
/// multiply: the bytes at even and odd positions are spread into 16-bit lanes
/// (mask 0x00FF00FF), where c·f + 128 ≤ 65153 and t + (t >> 8) ≤ 65407 never carry into the next
/// lane, so each lane computes exactly the scalar formula.
@inline(__always)
func mul255Lanes(_ x: UInt32, _ f: UInt32) -> UInt32 {
    func lanes(_ v: UInt32) -> UInt32 {
        let t = v &* f &+ 0x0080_0080
        return ((t &+ ((t &>> 8) & 0x00FF_00FF)) &>> 8) & 0x00FF_00FF
    }
    return lanes(x & 0x00FF_00FF) | (lanes((x &>> 8) & 0x00FF_00FF) &<< 8)
}
