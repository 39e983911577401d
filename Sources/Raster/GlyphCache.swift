import CRasterKernels
import Geometry

/// Which outline a `DrawPath` is: its font (any 64-bit identity of the font file, such as a hash of
/// its bytes) and glyph index. A path with a key is drawn through the glyph cache.
///
/// Not only glyphs: any small outline drawn again and again with a stable identity takes a key,
/// icons first (`font` a 64-bit hash of the icon file or of the outline's source, `glyph` the
/// piece). The promise the key makes: every path drawn under one key and one scale step
/// (`GlyphOutlines.scaleStep`) of its transform is the same outline, so the cache may keep the
/// flattening and the masks of the first one it saw.
public struct GlyphKey: Hashable, Sendable {
    public var font: UInt64
    public var glyph: UInt32

    public init(font: UInt64, glyph: UInt32) {
        self.font = font
        self.glyph = glyph
    }

    /// The largest stretch the cache flattens a keyed outline for under `transform`: 2^(k/4) for
    /// its scale step k (`GlyphOutlines.scaleStep`), at least the transform's largest singular
    /// value; nil when the transform is degenerate or not finite. An outline built from curves
    /// for a given pixel tolerance (a stroke's outline, whose round joins and caps are cut into
    /// chords) must depend on the transform only through this value, or two paths under one key
    /// and one scale step could differ (the promise above).
    public static func flatteningScale(of transform: AffineTransform) -> Double? {
        GlyphOutlines.scaleStep(transform).map(GlyphOutlines.scale(ofStep:))
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
/// - The store, the lookup, the blit and the whole miss path (map the once-flattened outline,
///   accumulate, sweep to bytes) are C (`glyph_cache.c`), which also keeps the flattened outlines:
///   one call per glyph drawn, Swift only flattening an outline the first time its glyph and
///   scale step are seen. A copy of a
///   cache starts empty (the C store is not shared between copies), which rule 2 makes invisible.
///
/// Glyphs with clips are not cached (the clip's coverage multiplies per pixel): they are filled as
/// paths at the same rounded origin, and so are outlines whose mask would exceed 512 × 512 px
/// (glyph_cache.c's FB_GC_MAX_MASK_PIXELS; a decision made from the key alone). The fill rule is
/// part of the key: the mask sweep folds even-odd coverage as the path sweep does.
public struct GlyphCache: Sendable {
    struct Key: Hashable {
        let glyph: GlyphKey
        let a: UInt64, b: UInt64, c: UInt64, d: UInt64
        let phaseX: Int32, phaseY: Int32
    }

    /// What a draw through the cache did.
    enum Outcome {
        /// Drawn from a mask; the pixels written (nil: none).
        case drawn(IntRect?)
        /// The mask would be too big: nothing drawn, the caller fills the path at the rounded origin.
        case tooBig
    }

    /// Owns the C store; replaced by a fresh one when a copied cache is first used (rule above).
    final class Store: @unchecked Sendable {
        let pointer: OpaquePointer

        init() {
            guard let pointer = fb_glyph_cache_create(GlyphCache.maxBytes) else {
                fatalError("GlyphCache: out of memory creating the glyph cache's table")
            }
            self.pointer = pointer
        }

        deinit { fb_glyph_cache_destroy(pointer) }
    }

    /// Largest total size of cached masks, in bytes: 32 MiB (tens of thousands of glyphs at UI sizes).
    public static let maxBytes = 32 << 20
    /// Sub-pixel steps per pixel of a glyph's origin: 64 (26.6 fixed point).
    public static let phaseSteps = 64.0

    fileprivate var store = Store()
    /// Flattens outlines the first time a glyph and scale are seen (GlyphOutlines.swift); the C
    /// store keeps them.
    private var outlines = GlyphOutlines()
    /// Lookups that found a mask, and those that computed one (for the bench; no effect on pixels).
    public var hits: Int { Int(fb_glyph_cache_hits(store.pointer)) }
    public var misses: Int { Int(fb_glyph_cache_misses(store.pointer)) }

    public init() {}

    /// Largest magnitude of a glyph's whole-pixel origin, 2^30: further out no mask reaches any
    /// canvas (sides stop at 16384 px), and glyph_cache.c draws nothing past the same bound.
    static let maxOrigin = 1_073_741_824.0

    /// The key and whole-pixel origin of `path`'s glyph under `transform` (glyph_cache.c computes
    /// the same for cached glyphs; clipped glyphs are filled as paths at this origin); nil for an
    /// origin beyond ±`maxOrigin` (a layer moved to x = 1e19), which draws nothing.
    static func place(_ glyph: GlyphKey, transform t: AffineTransform) -> (key: Key, originX: Int, originY: Int)? {
        let qx = (t.tx * phaseSteps).rounded(.down)
        let qy = (t.ty * phaseSteps).rounded(.down)
        let ix = (qx / phaseSteps).rounded(.down)
        let iy = (qy / phaseSteps).rounded(.down)
        guard abs(ix) < maxOrigin, abs(iy) < maxOrigin else { return nil }
        let key = Key(
            glyph: glyph, a: t.a.bitPattern, b: t.b.bitPattern, c: t.c.bitPattern, d: t.d.bitPattern,
            phaseX: Int32(qx - ix * phaseSteps), phaseY: Int32(qy - iy * phaseSteps))
        return (key, Int(ix), Int(iy))
    }

    /// Draws the glyph from its mask, computing the mask first on a miss.
    mutating func draw(
        _ glyph: GlyphKey, path: Path, transform t: AffineTransform, evenOdd: Bool, fill: UInt32, opacity: UInt8,
        onto pixmap: inout Pixmap
    ) -> Outcome {
        if !isKnownUniquelyReferenced(&store) { store = Store() }
        let cache = store.pointer
        let transform = fb_glyph_transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
        var box: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        let height = pixmap.height
        let result = pixmap.withUnsafeMutablePixels { pixels, width in
            withUnsafeMutablePointer(to: &box) { box in
                box.withMemoryRebound(to: Int32.self, capacity: 4) { box in
                    fb_glyph_cache_draw(
                        cache, glyph.font, glyph.glyph, transform, nil, pixels.baseAddress, width, width,
                        height, fill, UInt32(opacity), evenOdd, box)
                }
            }
        }
        var outcome = result
        if result == FB_GLYPH_MISS, let step = GlyphOutlines.scaleStep(t) {
            // The outline is not in the C store yet: flatten it once and hand it over, so the next
            // misses of this glyph at this scale step stay in C.
            let outline = outlines.flattened(glyph, path: path, linear: t)
            outline.withOutline { outline in
                _ = fb_glyph_cache_set_outline(cache, glyph.font, glyph.glyph, Int32(step), outline)
                pixmap.withUnsafeMutablePixels { pixels, width in
                    withUnsafeMutablePointer(to: &box) { box in
                        box.withMemoryRebound(to: Int32.self, capacity: 4) { box in
                            outcome = fb_glyph_cache_draw(
                                cache, glyph.font, glyph.glyph, transform, outline, pixels.baseAddress, width,
                                width, height, fill, UInt32(opacity), evenOdd, box)
                        }
                    }
                }
            }
        }
        if outcome == FB_GLYPH_TOO_BIG { return .tooBig }
        guard box.2 > 0, box.3 > 0 else { return .drawn(nil) }
        return .drawn(IntRect(uncheckedX: Int(box.0), y: Int(box.1), width: Int(box.2), height: Int(box.3)))
    }
}

extension GlyphCache {
    /// Draws `content[start...]` from the cache while the commands are solid glyphs, unclipped or
    /// well inside their clips, whose masks are stored (the common case for labels that stand still or move by whole
    /// pixels); returns the index of the first command not drawn: a miss, or any other command,
    /// which the caller draws the ordinary way (`Rasterizer.draw(_: DrawPath, onto:)`, whose
    /// glyph branch is this one's twin, so the bytes are the same either way).
    ///
    /// Why a loop of its own: per glyph the ordinary way copies the `DrawPath` (retains of its
    /// path, clips and paint) and enters the pixels' closures again; here the commands are read
    /// in place and the pixels are opened once for the whole run.
    mutating func drawHits(
        _ content: UnsafeBufferPointer<DrawPath>, from start: Int, onto pixmap: inout Pixmap,
        damage: inout [IntRect]?
    ) -> Int {
        if !isKnownUniquelyReferenced(&store) { store = Store() }
        let cache = store.pointer
        let height = pixmap.height
        var index = start
        var box: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        pixmap.withUnsafeMutablePixels { pixels, width in
            withUnsafeMutablePointer(to: &box) { box in
                box.withMemoryRebound(to: Int32.self, capacity: 4) { box in
                    while index < content.count {
                        let command = content.baseAddress! + index
                        // The conditions of `Rasterizer.draw(_: DrawPath, onto:)`'s glyph branch.
                        guard let glyph = command.pointee.glyph,
                            command.pointee.clips.isEmpty || Rasterizer.clipsHold(command.pointee),
                            case .solid(let color) = command.pointee.paint
                        else { return }
                        let paint = LayerPaint(fill: color, border: .clear, opacity: command.pointee.opacity)
                        guard paint.opacity > 0, paint.fill.a > 0, !command.pointee.path.isEmpty else { return }
                        let t = command.pointee.transform
                        if t.isFinite {
                            let result = fb_glyph_cache_draw(
                                cache, glyph.font, glyph.glyph,
                                fb_glyph_transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty), nil,
                                pixels.baseAddress, width, width, height, paint.fill.packed, UInt32(paint.opacity),
                                command.pointee.fillRule == .evenOdd, box)
                            // A miss or a mask too big: the ordinary draw takes it from here.
                            guard result >= 0 else { return }
                            if box[2] > 0, box[3] > 0 {
                                damage?.append(
                                    IntRect(
                                        uncheckedX: Int(box[0]), y: Int(box[1]), width: Int(box[2]),
                                        height: Int(box[3])))
                            }
                        }
                        index += 1
                    }
                }
            }
        }
        return index
    }
}

extension Rasterizer {
    /// Draws a rect's content paths in order: runs of cached glyphs in one loop
    /// (`GlyphCache.drawHits`), everything else one by one.
    mutating func drawContent(_ content: [DrawPath], onto pixmap: inout Pixmap) {
        content.withUnsafeBufferPointer { content in
            var index = 0
            while index < content.count {
                // Only a keyed outline (a glyph, an icon) starts a run: shapes go straight to the
                // ordinary draw.
                if content[index].glyph != nil {
                    index = glyphCache.drawHits(content, from: index, onto: &pixmap, damage: &damage)
                    guard index < content.count else { break }
                }
                draw(content[index], onto: &pixmap)
                index += 1
            }
        }
    }

    /// Draws a keyed, unclipped glyph path through the cache; see `GlyphCache`. False when its
    /// mask would be too big: nothing drawn, the caller fills the path at the rounded origin.
    mutating func drawGlyph(
        _ command: DrawPath, key glyph: GlyphKey, color: ColorRGBA8, opacity: UInt8, onto pixmap: inout Pixmap
    ) -> Bool {
        switch glyphCache.draw(
            glyph, path: command.path, transform: command.transform, evenOdd: command.fillRule == .evenOdd,
            fill: color.premultiplied.packed, opacity: opacity, onto: &pixmap)
        {
        case .drawn(let box):
            if let box { damage?.append(box) }
            return true
        case .tooBig:
            return false
        }
    }
}
