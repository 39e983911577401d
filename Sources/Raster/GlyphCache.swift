import CRasterKernels
import Geometry

/// Which glyph a `DrawPath` is: its font (any 64-bit identity of the font file, such as a hash of
/// its bytes) and glyph index. A path with a key is drawn through the glyph cache.
public struct GlyphKey: Hashable, Sendable {
    public var font: UInt64
    public var glyph: UInt32

    public init(font: UInt64, glyph: UInt32) {
        self.font = font
        self.glyph = glyph
    }
}

/// Glyph coverage masks, reused whenever a glyph comes back with the same transform.
///
/// Rules (why bytes never depend on the cache):
/// - A glyph's pixel origin (the transform's translation) is rounded to 1/64 px (FreeType's 26.6
///   grid): its whole-pixel part places the mask, its phase (0...63 in x and in y) is part of the
///   key with the font, the glyph and the exact linear part of the transform (a, b, c, d).
/// - The mask is the exact area coverage of the outline under (a, b, c, d, phase), computed at a
///   canonical offset by the rasterizer's own accumulation and stored as the bytes the path sweep
///   would composite; it is a pure function of the key. Drawing blits it with the path sweep's
///   arithmetic. So a hit and a miss give identical bytes, and so do a cold and a warm cache, any
///   thread and any frame order.
/// - Bounded: at most `maxBytes` of masks; past that the cache empties and starts again.
///
/// Glyphs with clips are not cached (the clip's coverage multiplies per pixel): they are filled as
/// paths at the same rounded origin.
public struct GlyphCache: Sendable {
    struct Key: Hashable {
        let glyph: GlyphKey
        let a: UInt64, b: UInt64, c: UInt64, d: UInt64
        let phaseX: Int32, phaseY: Int32

        /// One multiply-xorshift mix of every field fed to the hasher once, instead of seven
        /// values through SipHash: a lookup per glyph drawn, so its cost shows in still text.
        /// Only where a key is stored depends on it, never which mask a key finds.
        func hash(into hasher: inout Hasher) {
            @inline(__always) func mix(_ h: UInt64, _ v: UInt64) -> UInt64 {
                let m = (h ^ v) &* 0xBF58_476D_1CE4_E5B9
                return m ^ (m >> 31)
            }
            let phase = UInt64(UInt32(bitPattern: phaseX)) << 32 | UInt64(UInt32(bitPattern: phaseY))
            let h = mix(
                mix(mix(mix(mix(glyph.font ^ UInt64(glyph.glyph) &* 0x9E37_79B9_7F4A_7C15, a), b), c), d), phase)
            hasher.combine(h)
        }
    }

    struct Mask {
        /// Offset of the mask's top-left pixel from the glyph's whole-pixel origin.
        let x: Int, y: Int
        let width: Int, height: Int
        let bytes: [UInt8]
        /// Per row, the columns [start, end) outside which its bytes are 0 (start = end: an empty
        /// row), so the blit skips the margins around the ink.
        let extents: [UInt16]
    }

    /// Largest total size of cached masks, in bytes: 32 MiB (tens of thousands of glyphs at UI sizes).
    public static let maxBytes = 32 << 20
    /// Sub-pixel steps per pixel of a glyph's origin: 64 (26.6 fixed point).
    public static let phaseSteps = 64.0

    private var masks: [Key: Mask] = [:]
    /// The outlines masks are computed from, flattened once per glyph and scale (GlyphOutlines.swift).
    private var outlines = GlyphOutlines()
    private var bytes = 0
    /// Lookups that found a mask, and those that computed one (for the bench; no effect on pixels).
    public private(set) var hits = 0
    public private(set) var misses = 0

    public init() {}

    /// The key and whole-pixel origin of `path`'s glyph under `transform`, and the transform the
    /// mask is computed with (phase only, at the canonical offset `pad`).
    static func place(_ glyph: GlyphKey, transform t: AffineTransform) -> (key: Key, originX: Int, originY: Int) {
        let qx = (t.tx * phaseSteps).rounded(.down)
        let qy = (t.ty * phaseSteps).rounded(.down)
        let ix = (qx / phaseSteps).rounded(.down)
        let iy = (qy / phaseSteps).rounded(.down)
        let key = Key(
            glyph: glyph, a: t.a.bitPattern, b: t.b.bitPattern, c: t.c.bitPattern, d: t.d.bitPattern,
            phaseX: Int32(qx - ix * phaseSteps), phaseY: Int32(qy - iy * phaseSteps))
        return (key, Int(ix), Int(iy))
    }

    mutating func mask(for key: Key, path: Path, linear: AffineTransform, scratch: inout ShapeCoverage) -> Mask {
        if let mask = masks[key] {
            hits += 1
            return mask
        }
        misses += 1
        var mask = Mask(x: 0, y: 0, width: 0, height: 0, bytes: [], extents: [])
        if let outline = outlines.flattened(key.glyph, path: path, linear: linear) {
            mask = Self.compute(key: key, path: outline, linear: linear, scratch: &scratch)
        }
        if bytes + mask.bytes.count > Self.maxBytes {
            masks.removeAll(keepingCapacity: true)
            bytes = 0
        }
        masks[key] = mask
        bytes += mask.bytes.count + 2 * mask.extents.count
        return mask
    }

    /// Coverage of the outline under the linear part plus the phase, on a canvas whose origin sits
    /// `pad` pixels up and left of the outline's control box (so every mask is computed alike).
    static func compute(key: Key, path: Path, linear: AffineTransform, scratch: inout ShapeCoverage) -> Mask {
        let phase = Point(Double(key.phaseX) / Self.phaseSteps, Double(key.phaseY) / Self.phaseSteps)
        let placed = AffineTransform(a: linear.a, b: linear.b, c: linear.c, d: linear.d, tx: phase.x, ty: phase.y)
        let bounds = boundingBox(of: path.controlPointBounds, under: placed)
        guard bounds.minX.isFinite, bounds.maxX.isFinite, bounds.minY.isFinite, bounds.maxY.isFinite,
            bounds.width < 4096, bounds.height < 4096
        else {
            return Mask(x: 0, y: 0, width: 0, height: 0, bytes: [], extents: [])
        }
        let left = Int(bounds.minX.rounded(.down)) - 1
        let top = Int(bounds.minY.rounded(.down)) - 1
        let inkWidth = Int(bounds.maxX.rounded(.up)) - left + 1
        let height = Int(bounds.maxY.rounded(.up)) - top + 1
        // Rows are a whole number of 8-byte groups (the AVX2 blit's step): the extents below are
        // widened to such groups inside the row, over zero bytes, which leave pixels unchanged.
        let width = (inkWidth + 7) & ~7
        let canvas = placed.concatenating(AffineTransform(translationX: Double(-left), y: Double(-top)))
        let box = scratch.begin(
            path: path, transform: canvas, fillRule: .nonZero, clip: nil,
            canvasWidth: width, canvasHeight: height)
        var bytes = [UInt8](repeating: 0, count: width * height)
        var extents = [UInt16](repeating: 0, count: 2 * height)
        if !box.isEmpty {
            bytes.withUnsafeMutableBufferPointer { bytes in
                extents.withUnsafeMutableBufferPointer { extents in
                    scratch.sweepRows { row, spans in
                        let base = (box.y + row) * width + box.x
                        var first = Int.max
                        var last = 0
                        for span in spans {
                            let b = coverageByte(span.outer)
                            guard b != 0 else { continue }
                            let start = Int(span.start)
                            let end = Int(span.end)
                            first = min(first, start)
                            last = end
                            (bytes.baseAddress! + base + start).update(repeating: b, count: end - start)
                        }
                        if first < last {
                            let length = (last - first + 7) & ~7
                            let start = min(box.x + first, width - length)
                            extents[2 * (box.y + row)] = UInt16(start)
                            extents[2 * (box.y + row) + 1] = UInt16(start + length)
                        }
                    }
                }
            }
        }
        return Mask(x: left, y: top, width: width, height: height, bytes: bytes, extents: extents)
    }
}

extension Rasterizer {
    /// Draws a keyed, unclipped glyph path through the cache; see `GlyphCache`.
    mutating func drawGlyph(
        _ command: DrawPath, key glyph: GlyphKey, color: ColorRGBA8, opacity: UInt8, onto pixmap: inout Pixmap
    ) {
        let (key, originX, originY) = GlyphCache.place(glyph, transform: command.transform)
        let mask = glyphCache.mask(for: key, path: command.path, linear: command.transform, scratch: &shapeCoverage)
        // Clip the mask's box to the canvas.
        let x0 = max(originX + mask.x, 0)
        let y0 = max(originY + mask.y, 0)
        let x1 = min(originX + mask.x + mask.width, pixmap.width)
        let y1 = min(originY + mask.y + mask.height, pixmap.height)
        guard x0 < x1, y0 < y1 else { return }
        let box = IntRect(uncheckedX: x0, y: y0, width: x1 - x0, height: y1 - y0)
        damage?.append(box)
        let fill = color.premultiplied.packed
        mask.bytes.withUnsafeBufferPointer { m in
            mask.extents.withUnsafeBufferPointer { e in
                pixmap.withUnsafeMutablePixels { pixels, width in
                    guard let base = pixels.baseAddress, let mb = m.baseAddress, let eb = e.baseAddress else { return }
                    let row = y0 - originY - mask.y
                    let column = x0 - originX - mask.x
                    fb_blit_glyph_mask(
                        base + y0 * width + x0, width, mb + row * mask.width, mask.width, eb + 2 * row,
                        column, x1 - x0, y1 - y0, fill, UInt32(opacity))
                }
            }
        }
    }
}
