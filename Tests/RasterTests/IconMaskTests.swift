import CRasterKernels
import Foundation
import Geometry
import Raster
import TestSupport
import Testing

/// Icons drawn through the glyph cache (a `GlyphKey` on each piece): bytes never depend on the
/// cache, masks stay as close to the exact reference as glyph masks do, even-odd pieces fold
/// their coverage, and outlines too big for a mask are filled as paths at the rounded origin.
@Suite("Icon masks")
struct IconMaskTests {
    /// A heart of cubics, 24 × 24 units (IconsWorkload's), non-zero.
    static let heart: Path = {
        var p = Path([.move(Point(12, 21.35))])
        p.line(to: Point(10.55, 20.03))
        p.cubic(to: Point(2, 8.5), control1: Point(5.4, 15.36), control2: Point(2, 12.28))
        p.cubic(to: Point(7.5, 3), control1: Point(2, 5.42), control2: Point(4.42, 3))
        p.cubic(to: Point(12, 5.09), control1: Point(9.24, 3), control2: Point(10.91, 3.81))
        p.cubic(to: Point(16.5, 3), control1: Point(13.09, 3.81), control2: Point(14.76, 3))
        p.cubic(to: Point(22, 8.5), control1: Point(19.58, 3), control2: Point(22, 5.42))
        p.cubic(to: Point(13.45, 20.04), control1: Point(22, 12.28), control2: Point(18.6, 15.36))
        p.close()
        return p
    }()

    /// A pentagram drawn in one self-crossing contour: under even-odd its centre is a hole.
    static let pentagram: Path = {
        var p = Path()
        for k in 0..<5 {
            let angle = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            let point = Point(12 + 10 * cos(angle), 12 + 10 * sin(angle))
            if k == 0 { p.move(to: point) } else { p.line(to: point) }
        }
        p.close()
        return p
    }()

    /// A ring: two circles of cubics turning the same way, so only even-odd leaves the hole.
    static let ring: Path = {
        var p = Path()
        for r in [10.0, 7.5] {
            let k = 0.5522847498 * r
            p.move(to: Point(12 + r, 12))
            p.cubic(to: Point(12, 12 + r), control1: Point(12 + r, 12 + k), control2: Point(12 + k, 12 + r))
            p.cubic(to: Point(12 - r, 12), control1: Point(12 - k, 12 + r), control2: Point(12 - r, 12 + k))
            p.cubic(to: Point(12, 12 - r), control1: Point(12 - r, 12 - k), control2: Point(12 - k, 12 - r))
            p.cubic(to: Point(12 + r, 12), control1: Point(12 + k, 12 - r), control2: Point(12 + r, 12 - k))
            p.close()
        }
        return p
    }()

    /// A five-point star as one simple polygon (IconsWorkload's, without the Shapes module).
    static let star: Path = {
        var p = Path()
        for k in 0..<10 {
            let angle = -Double.pi / 2 + Double(k) * Double.pi / 5
            let r = k % 2 == 0 ? 10.0 : 4.5
            let point = Point(12 + r * cos(angle), 12 + r * sin(angle))
            if k == 0 { p.move(to: point) } else { p.line(to: point) }
        }
        p.close()
        return p
    }()

    static let pieces: [(Path, FillRule)] = [(heart, .nonZero), (pentagram, .evenOdd), (ring, .evenOdd)]

    /// 24 icons of 24–48 px wandering by sub-pixel amounts, a third turning, as the icons workload.
    static func list(frame f: Int) -> DisplayList {
        var rect = DrawRect(size: Size(1, 1), transform: .identity, fill: .clear)
        for i in 0..<24 {
            let size: Double = 24 + Double(i % 7) * 4
            let t: Double = Double(f) / 12
            let turn: Double = i % 3 == 0 ? 2 * Double.pi * t : 0
            let x: Double = 30 + Double(i % 6) * 50 + 3 * sin(t + Double(i))
            let y: Double = 30 + Double(i / 6) * 50 + 2 * cos(1.3 * t + Double(i))
            let transform = AffineTransform(translationX: -12, y: -12)
                .concatenating(AffineTransform(scaleX: size / 24, y: size / 24))
                .concatenating(AffineTransform(rotation: .radians(turn)))
                .concatenating(AffineTransform(translationX: x, y: y))
            let (path, rule) = pieces[i % 3]
            rect.content.append(
                DrawPath(
                    path: path, transform: transform, fillRule: rule,
                    paint: .solid(ColorRGBA8(r: UInt8(40 * (i % 6)), g: 90, b: 200, a: 220)),
                    glyph: GlyphKey(font: 0x1C0, glyph: UInt32(i % 3))))
        }
        return DisplayList(width: 320, height: 220, background: .white, rects: [rect])
    }

    @Test("a warm rasterizer draws every icons frame as a fresh one does, and a repeated frame hits every mask")
    func warmEqualsFresh() {
        var rasterizer = Rasterizer()
        var pixmap = Pixmap(width: 320, height: 220)
        for frame in [0, 1, 2, 3, 4, 5, 3, 0] {
            let list = Self.list(frame: frame)
            rasterizer.render(list, into: &pixmap)
            #expect(pixmap == Rasterizer.render(list), "frame \(frame)")
        }
        // The last two frames repeat earlier ones: 48 hits at least; 8 frames of 24 icons drawn.
        #expect(rasterizer.glyphCache.hits >= 48)
        #expect(rasterizer.glyphCache.hits + rasterizer.glyphCache.misses == 8 * 24)
    }

    @Test(
        "each icon mask is within 1 level of the exact reference per pixel, 0.4 level on average over inked pixels",
        arguments: [0, 1, 2], [24.0, 48.0])
    func matchesReference(piece: Int, pixels: Double) {
        // The pentagram is left out: where a contour crosses itself inside a pixel the windings are
        // summed before the fold, by the path fill as by the masks (Raster README, general paths).
        let (path, rule) = [(Self.heart, FillRule.nonZero), (Self.star, .nonZero), (Self.ring, .evenOdd)][piece]
        let size = 64
        var levels = LevelDifference()
        for degrees in [0.0, 17, -40] {
            var transform = AffineTransform(translationX: -12, y: -12)
                .concatenating(AffineTransform(scaleX: pixels / 24, y: pixels / 24))
                .concatenating(AffineTransform(rotation: .degrees(degrees)))
                .concatenating(AffineTransform(translationX: 32 + 21.0 / 64, y: 31 + 40.0 / 64))
            // An origin on the 1/64 grid (icon origins are rounded down to it), off the pixel grid.
            transform.tx = (transform.tx * 64).rounded(.down) / 64
            transform.ty = (transform.ty * 64).rounded(.down) / 64
            var rect = DrawRect(size: Size(1, 1), transform: .identity, fill: .clear)
            rect.content = [
                DrawPath(
                    path: path, transform: transform, fillRule: rule, paint: .solid(.black),
                    glyph: GlyphKey(font: 0x1C0, glyph: UInt32(piece)))
            ]
            let ours = Rasterizer.render(DisplayList(width: size, height: size, background: .white, rects: [rect]))
            let reference = coverageReference(
                of: path, transform: transform, fillRule: rule, canvasWidth: size, canvasHeight: size)
            for y in 0..<size {
                for x in 0..<size {
                    levels.add(
                        reference: Double(coverageByte(reference[x: x, y: y])),
                        ours: Double(255 - Int(ours[x: x, y: y].r)))
                }
            }
        }
        let (mean, inked, worst) = (levels.mean, levels.inked, levels.worst)
        print(
            "icon mask vs reference, piece \(piece) at \(pixels) px: mean |Δ| \(mean) over \(inked) pixels, max \(worst)"
        )
        #expect(inked > 500)
        #expect(mean < 0.4)
        #expect(worst <= 1)
    }

    @Test("even-odd masks swept 8 cells at a time (AVX2) and 16 (AVX-512) equal the scalar sweep's")
    func simdSweepEqualsScalar() {
        defer { fb_force_kernel_level_on_this_thread(-1) }
        for frame in [0, 5] {
            let list = Self.list(frame: frame)
            fb_use_baseline_kernels_on_this_thread(true)
            let scalar = Rasterizer.render(list)
            for level in [FB_LEVEL_AVX2, FB_LEVEL_AVX512] {
                fb_force_kernel_level_on_this_thread(level)
                #expect(Rasterizer.render(list) == scalar, "frame \(frame), level \(level)")
            }
        }
    }

    @Test("an even-odd mask leaves the pentagram's centre and the ring's hole empty, a non-zero one fills them")
    func evenOddFolds() {
        for (piece, rule, centre) in [
            (1, FillRule.evenOdd, 255), (1, .nonZero, 0), (2, .evenOdd, 255), (2, .nonZero, 0),
        ] {
            var rect = DrawRect(size: Size(1, 1), transform: .identity, fill: .clear)
            rect.content = [
                DrawPath(
                    path: Self.pieces[piece].0, transform: AffineTransform(scaleX: 2, y: 2), fillRule: rule,
                    paint: .solid(.black), glyph: GlyphKey(font: 0x1C0, glyph: UInt32(piece)))
            ]
            let pixmap = Rasterizer.render(DisplayList(width: 48, height: 48, background: .white, rects: [rect]))
            #expect(Int(pixmap[x: 24, y: 24].r) == centre, "piece \(piece) \(rule)")
        }
    }

    @Test("an outline whose mask would pass 512 × 512 px is filled as a path at the 1/64-pixel origin, uncached")
    func tooBigFillsPath() {
        let keyed = AffineTransform(scaleX: 30, y: 30).concatenating(AffineTransform(translationX: -20.3, y: -30.7))
        // The origin the cache would use: rounded down to 1/64 px.
        var rounded = keyed
        rounded.tx = (keyed.tx * 64).rounded(.down) / 64
        rounded.ty = (keyed.ty * 64).rounded(.down) / 64
        var viaCache = Rasterizer()
        var a = Pixmap(width: 300, height: 300)
        a.fill(.white)
        var b = a
        viaCache.draw(
            DrawPath(
                path: Self.heart, transform: keyed, paint: .solid(.black), glyph: GlyphKey(font: 0x1C0, glyph: 0)),
            onto: &a)
        var plain = Rasterizer()
        plain.draw(DrawPath(path: Self.heart, transform: rounded, paint: .solid(.black)), onto: &b)
        #expect(a == b)
        #expect(a != Pixmap(width: 300, height: 300))
        #expect(viaCache.glyphCache.hits + viaCache.glyphCache.misses == 0)
    }
}
