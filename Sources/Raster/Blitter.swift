// The second hot loop: compositing one row of a shape's coverage onto the pixmap.
//
// Rules of this file:
// 1. Byte-identical to the straightforward per-pixel path of Compositing.swift (`coverageByte`,
//    `LayerPaint.color`, `sourceOver`); the test "the rasterizer gives the bytes of compositing
//    every pixel with the per-pixel functions" holds the two equal.
// 2. Pixels are `UInt32`s holding the four bytes in memory order. Every operation treats the
//    four bytes alike, so which byte is red never matters and neither does endianness.
// 3. Shortcuts only where they provably give the general formula's bytes: pixels with no coverage
//    are skipped; runs of fully covered pixels (most of a shape) reuse the layer colour computed
//    once per shape, stored as is when opaque (an opaque source replaces the destination),
//    blended with one `mul255Lanes` per pixel otherwise, in a branch-free loop.
// 4. No allocation, no shared state.

/// Composites rows of one layer: its paint, with the colours of its fully covered pixels
/// computed once.
struct RowBlitter {
    private let paint: LayerPaint
    /// The layer's colour where the fill covers the pixel fully and the border not at all.
    private let interior: UInt32
    private let interiorAlpha: UInt8

    init(paint: LayerPaint) {
        self.paint = paint
        let colour = paint.color(fillCoverage: 255, borderCoverage: 0)
        interior = colour.packed
        interiorAlpha = colour.a
    }

    /// Composites `outer.count` pixels: fill coverage `outer[i]`, and when the layer has a border,
    /// border coverage from `outer[i]` and the hole's coverage `inner[i]` (`borderCoverage`).
    @inline(__always)
    func blit(outer: UnsafeBufferPointer<Float>, inner: UnsafeBufferPointer<Float>?,
              into pixels: UnsafeMutableBufferPointer<UInt32>) {
        let count = outer.count
        precondition(pixels.count >= count && (inner?.count ?? count) >= count)
        // Where outer is empty, so is the border (outer − inner ≤ outer), so only outer is tested.
        func isInterior(_ i: Int) -> Bool {
            guard isFullCoverage(outer[i]) else { return false }
            guard let inner else { return true }
            return isZeroCoverage(borderCoverage(outer: outer[i], inner: inner[i]))
        }
        var i = 0
        while i < count {
            if isZeroCoverage(outer[i]) {
                i += 1
            } else if isInterior(i) {
                var end = i + 1
                while end < count && isInterior(end) { end += 1 }
                fillRun(pixels, from: i, to: end)
                i = end
            } else {
                let cf = coverageByte(outer[i])
                let cb = inner.map { coverageByte(borderCoverage(outer: outer[i], inner: $0[i])) } ?? 0
                let layer = paint.color(fillCoverage: cf, borderCoverage: cb)
                pixels[i] = layer.packed &+ mul255Lanes(pixels[i], UInt32(255 - layer.a))
                i += 1
            }
        }
    }

    /// Pixels start ..< end are fully covered: the interior colour over each.
    @inline(__always)
    private func fillRun(_ pixels: UnsafeMutableBufferPointer<UInt32>, from start: Int, to end: Int) {
        if interiorAlpha == 255 {
            for j in start..<end { pixels[j] = interior }
        } else {
            let inverse = UInt32(255 - interiorAlpha), source = interior
            for j in start..<end { pixels[j] = source &+ mul255Lanes(pixels[j], inverse) }
        }
    }
}
