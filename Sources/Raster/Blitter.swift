// The second hot loop: compositing one row of a shape's coverage spans onto the pixmap.
//
// Rules of this file:
// 1. Byte-identical to the straightforward per-pixel path of Compositing.swift (`coverageByte`,
//    `LayerPaint.color`, `sourceOver`); the test "the rasterizer gives the bytes of compositing
//    every pixel with the per-pixel functions" holds the two equal.
// 2. Pixels are `UInt32`s holding the four bytes in memory order. Every operation treats the
//    four bytes alike, so which byte is red never matters and neither does endianness.
// 3. Work per span, not per pixel: the sweep hands over runs of equal coverage, so the layer
//    colour is computed once per run (once for a shape's whole interior row) and the run is
//    blended in bulk. Opaque colours are stored (an opaque source replaces the destination: a
//    memset-like fill); translucent ones go through `blendRun`, 4 pixels per 16-byte vector.
// 4. No allocation, no shared state.

/// Composites rows of one layer.
struct RowBlitter {
    private let paint: LayerPaint
    private let hasBorder: Bool
    /// The layer's colour where the fill covers the pixel fully and the border not at all.
    private let interior: PremultipliedRGBA8
    private let fill: UInt32
    private let opacity: UInt32

    init(paint: LayerPaint, hasBorder: Bool) {
        self.paint = paint
        self.hasBorder = hasBorder
        interior = paint.color(fillCoverage: 255, borderCoverage: 0)
        fill = paint.fill.packed
        opacity = UInt32(paint.opacity)
    }

    /// Composites the spans of one box row; `pixels` starts at the box's left column.
    @inline(__always)
    func blit(_ spans: UnsafeBufferPointer<CoverageSpan>, into pixels: UnsafeMutablePointer<UInt32>) {
        for span in spans {
            // Where outer is empty, so is the border (outer − inner ≤ outer).
            if isZeroCoverage(span.outer) { continue }
            let colour: PremultipliedRGBA8
            let cb: UInt8 = hasBorder ? coverageByte(borderCoverage(outer: span.outer, inner: span.inner)) : 0
            if cb == 0 && isFullCoverage(span.outer) {
                colour = interior
            } else if cb == 0 {
                // No border here: border·0 over fill·cf is fill·cf exactly (s + mul255(d, 255) = d),
                // so the layer colour is two lane-wise products, the same bytes as `paint.color`.
                colour = PremultipliedRGBA8(packed: mul255Lanes(mul255Lanes(fill, UInt32(coverageByte(span.outer))),
                                                                opacity))
            } else {
                colour = paint.color(fillCoverage: coverageByte(span.outer), borderCoverage: cb)
            }
            blendRun(colour, into: pixels + Int(span.start), count: Int(span.end - span.start))
        }
    }
}

/// `colour` source-over each of `count` pixels: exactly `sourceOver` per pixel.
@inline(__always)
func blendRun(_ colour: PremultipliedRGBA8, into pixels: UnsafeMutablePointer<UInt32>, count: Int) {
    if colour.a == 255 {
        pixels.update(repeating: colour.packed, count: count)
        return
    }
    if colour.a == 0 { return }   // premultiplied: all four bytes are 0, s + d·255/255 = d.
    let inverse = UInt32(255 - colour.a), source = colour.packed
    var i = 0
    if count >= 4 {
        // Four pixels as 16 bytes, viewed as eight 16-bit lanes twice: the even bytes (v & 0xFF)
        // and the odd bytes (v >> 8). In each lane t = d·(255 − a) + 128 ≤ 65153 and
        // (t + (t >> 8)) >> 8 ≤ 255 is mul255 exactly (Mul255.swift), so nothing crosses a lane;
        // the halves are re-interleaved and the source added per byte, which cannot carry
        // (s + mul255(d, 255 − s.a) ≤ 255). SSE2's pmullw does 8 of these multiplies at once.
        let f = SIMD8<UInt16>(repeating: UInt16(inverse))
        let s = unsafeBitCast(SIMD4<UInt32>(repeating: source), to: SIMD8<UInt16>.self)
        let raw = UnsafeMutableRawPointer(pixels)
        @inline(__always) func mul(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
            let t = v &* f &+ 128
            return (t &+ (t &>> 8)) &>> 8
        }
        while i + 4 <= count {
            let d = raw.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<UInt16>.self)
            let even = mul(d & 0x00FF), odd = mul(d &>> 8)
            raw.storeBytes(of: (even | (odd &<< 8)) &+ s, toByteOffset: 4 * i, as: SIMD8<UInt16>.self)
            i += 4
        }
    }
    while i < count {
        pixels[i] = source &+ mul255Lanes(pixels[i], inverse)
        i += 1
    }
}
