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
    }

    struct Mask {
        /// Offset of the mask's top-left pixel from the glyph's whole-pixel origin.
        let x: Int, y: Int
        let width: Int, height: Int
        let bytes: [UInt8]
    }

    /// Largest total size of cached masks, in bytes: 32 MiB (tens of thousands of glyphs at UI sizes).
    public static let maxBytes = 32 << 20
    /// Sub-pixel steps per pixel of a glyph's origin: 64 (26.6 fixed point).
    public static let phaseSteps = 64.0

    private var masks: [Key: Mask] = [:]
    private var bytes = 0
    /// Lookups that found a mask, and those that computed one (for the bench; no effect on pixels).
    public private(set) var hits = 0
    public private(set) var misses = 0

    public init() {}

    /// The key and whole-pixel origin of `path`'s glyph under `transform`, and the transform the
    /// mask is computed with (phase only, at the canonical offset `pad`).
    static func place(_ glyph: GlyphKey, transform t: AffineTransform) -> (key: Key, originX: Int, originY: Int) {
        let qx = (t.tx * phaseSteps).rounded(.down), qy = (t.ty * phaseSteps).rounded(.down)
        let ix = (qx / phaseSteps).rounded(.down), iy = (qy / phaseSteps).rounded(.down)
        let key = Key(glyph: glyph, a: t.a.bitPattern, b: t.b.bitPattern, c: t.c.bitPattern, d: t.d.bitPattern,
                      phaseX: Int32(qx - ix * phaseSteps), phaseY: Int32(qy - iy * phaseSteps))
        return (key, Int(ix), Int(iy))
    }

    mutating func mask(for key: Key, path: Path, linear: AffineTransform, scratch: inout ShapeCoverage) -> Mask {
        if let mask = masks[key] { hits += 1; return mask }
        misses += 1
        let mask = Self.compute(key: key, path: path, linear: linear, scratch: &scratch)
        if bytes + mask.bytes.count > Self.maxBytes { masks.removeAll(keepingCapacity: true); bytes = 0 }
        masks[key] = mask
        bytes += mask.bytes.count
        return mask
    }

    /// Coverage of the outline under the linear part plus the phase, on a canvas whose origin sits
    /// `pad` pixels up and left of the outline's control box (so every mask is computed alike).
    static func compute(key: Key, path: Path, linear: AffineTransform, scratch: inout ShapeCoverage) -> Mask {
        let phase = Point(Double(key.phaseX) / phaseSteps, Double(key.phaseY) / phaseSteps)
        let placed = AffineTransform(a: linear.a, b: linear.b, c: linear.c, d: linear.d, tx: phase.x, ty: phase.y)
        let bounds = boundingBox(of: path.controlPointBounds, under: placed)
        guard bounds.minX.isFinite, bounds.maxX.isFinite, bounds.minY.isFinite, bounds.maxY.isFinite,
              bounds.width < 4096, bounds.height < 4096 else {
            return Mask(x: 0, y: 0, width: 0, height: 0, bytes: [])
        }
        let left = Int(bounds.minX.rounded(.down)) - 1, top = Int(bounds.minY.rounded(.down)) - 1
        let width = Int(bounds.maxX.rounded(.up)) - left + 1, height = Int(bounds.maxY.rounded(.up)) - top + 1
        let canvas = placed.concatenating(AffineTransform(translationX: Double(-left), y: Double(-top)))
        let box = scratch.begin(path: path, transform: canvas, fillRule: .nonZero, clip: nil,
                                canvasWidth: width, canvasHeight: height)
        var bytes = [UInt8](repeating: 0, count: width * height)
        if !box.isEmpty {
            scratch.sweepRows { row, spans in
                let base = (box.y + row) * width + box.x
                for span in spans {
                    let b = coverageByte(span.outer)
                    guard b != 0 else { continue }
                    for i in Int(span.start) ..< Int(span.end) { bytes[base + i] = b }
                }
            }
        }
        return Mask(x: left, y: top, width: width, height: height, bytes: bytes)
    }
}

extension Rasterizer {
    /// Draws a keyed, unclipped glyph path through the cache; see `GlyphCache`.
    mutating func drawGlyph(_ command: DrawPath, key glyph: GlyphKey, color: ColorRGBA8, opacity: UInt8, onto pixmap: inout Pixmap) {
        let (key, originX, originY) = GlyphCache.place(glyph, transform: command.transform)
        let mask = glyphCache.mask(for: key, path: command.path, linear: command.transform, scratch: &shapeCoverage)
        // Clip the mask's box to the canvas.
        let x0 = max(originX + mask.x, 0), y0 = max(originY + mask.y, 0)
        let x1 = min(originX + mask.x + mask.width, pixmap.width), y1 = min(originY + mask.y + mask.height, pixmap.height)
        guard x0 < x1, y0 < y1 else { return }
        let box = IntRect(uncheckedX: x0, y: y0, width: x1 - x0, height: y1 - y0)
        damage?.append(box)
        let fill = color.premultiplied.packed
        mask.bytes.withUnsafeBufferPointer { m in
            pixmap.withUnsafeMutablePixels { pixels, width in
                guard let base = pixels.baseAddress, let mb = m.baseAddress else { return }
                let maskOffset = (y0 - originY - mask.y) * mask.width + (x0 - originX - mask.x)
                fb_blit_mask(base + y0 * width + x0, width, mb + maskOffset, mask.width, x1 - x0, y1 - y0, fill, UInt32(opacity))
            }
        }
    }
}
