import CRasterKernels
import Geometry
import Raster
import Testing

/// The glyph cache reuses coverage exactly: bytes never depend on whether a mask was cached.
@Suite("Glyph cache")
struct GlyphCacheTests {
    /// A glyph-like outline in font units (y up): an "O" of two quadratic contours, 1000 units.
    static let outline: Path = {
        var p = Path()
        func ring(_ r: Double, clockwise: Bool) {
            let k = clockwise ? -1.0 : 1.0
            p.move(to: Point(500 + r, 500))
            p.quad(to: Point(500, 500 + k * r), control: Point(500 + r, 500 + k * r))
            p.quad(to: Point(500 - r, 500), control: Point(500 - r, 500 + k * r))
            p.quad(to: Point(500, 500 - k * r), control: Point(500 - r, 500 - k * r))
            p.quad(to: Point(500 + r, 500), control: Point(500 + r, 500 - k * r))
            p.close()
        }
        ring(450, clockwise: false)
        ring(300, clockwise: true)
        return p
    }()

    static func list(offset: Double, angle: Double) -> DisplayList {
        var rect = DrawRect(size: Size(1, 1), transform: .identity, fill: .clear)
        let scale = 0.034
        for i in 0..<30 {
            let t = AffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: 0, ty: 0)
                .concatenating(AffineTransform(rotation: .degrees(angle * Double(i % 3))))
                .concatenating(
                    AffineTransform(
                        translationX: 5 + Double(i % 10) * 36 + offset, y: 40 + Double(i / 10) * 40 + offset / 3))
            rect.content.append(
                DrawPath(
                    path: outline, transform: t, paint: .solid(ColorRGBA8(r: 20, g: 30, b: 200, a: 230)),
                    opacity: 0.9, glyph: GlyphKey(font: 7, glyph: 1)))
        }
        return DisplayList(width: 380, height: 140, background: .white, rects: [rect])
    }

    @Test("a warm cache draws the same bytes as a fresh rasterizer, and still or whole-pixel moves hit it")
    func warmEqualsCold() {
        var rasterizer = Rasterizer()
        var pixmap = Pixmap(width: 380, height: 140)
        for frame in 0..<6 {
            // Whole-pixel moves and a repeating quarter-pixel phase: masks come back.
            let list = Self.list(offset: Double(frame) + Double(frame % 2) * 0.25, angle: 12)
            rasterizer.render(list, into: &pixmap)
            #expect(pixmap == Rasterizer.render(list), "frame \(frame)")
        }
        // 30 glyphs a frame in 3 rotations × 2 phases (each glyph row adds offset/3, so y phases vary too).
        #expect(rasterizer.glyphCache.hits > 0)
        #expect(rasterizer.glyphCache.hits + rasterizer.glyphCache.misses == 180)
    }

    @Test("a cached glyph's bytes equal the path fill at the same 1/64-pixel origin within 2 levels, 0.2 on average")
    func maskMatchesPathFill() {
        let t = AffineTransform(a: 0.05, b: 0.01, c: 0.01, d: -0.05, tx: 10.390625, ty: 60.75)  // on the 1/64 grid
        let paint = Paint.solid(ColorRGBA8(r: 0, g: 0, b: 0, a: 255))
        var cached = DisplayList(
            width: 80, height: 80, background: .white,
            rects: [DrawRect(size: Size(1, 1), transform: .identity, fill: .clear)])
        var plain = cached
        cached.rects[0].content = [
            DrawPath(path: Self.outline, transform: t, paint: paint, glyph: GlyphKey(font: 1, glyph: 2))
        ]
        plain.rects[0].content = [DrawPath(path: Self.outline, transform: t, paint: paint)]
        let a = Rasterizer.render(cached)
        let b = Rasterizer.render(plain)
        // Both are flattened to 0.005 px, the mask's once in font units (GlyphOutlines, at least as
        // many chords), the plain fill's in pixels: two polygons within 0.005 px of the curve.
        var worst = 0
        var inked = 0
        var total = 0
        for y in 0..<80 {
            for x in 0..<80 {
                let d = abs(Int(a[x: x, y: y].r) - Int(b[x: x, y: y].r))
                worst = max(worst, d)
                total += d
                if b[x: x, y: y].r < 255 { inked += 1 }
            }
        }
        #expect(inked > 500)
        #expect(worst <= 2)
        #expect(Double(total) / Double(inked) < 0.2)
    }

    @Test(
        "masks swept 8 cells at a time (AVX2) and 16 (AVX-512) equal the scalar sweep's, turned and at every phase"
    )
    func simdSweepEqualsScalar() {
        defer { fb_force_kernel_level_on_this_thread(-1) }
        for angle in [0.0, 7, 33] {
            let list = Self.list(offset: 0.390625, angle: angle)
            fb_use_baseline_kernels_on_this_thread(true)
            let scalar = Rasterizer.render(list)
            // Each level up to the CPU's own (a higher one runs the CPU's).
            for level in [FB_LEVEL_AVX2, FB_LEVEL_AVX512] {
                fb_force_kernel_level_on_this_thread(level)
                #expect(Rasterizer.render(list) == scalar, "angle \(angle), level \(level)")
            }
        }
    }

    @Test("a glyph placed far outside any canvas draws nothing and is not cached")
    func farOriginDrawsNothing() {
        var rasterizer = Rasterizer()
        var pixmap = Pixmap(width: 40, height: 40)
        pixmap.fill(ColorRGBA8(r: 255, g: 255, b: 255))
        let before = pixmap
        for tx in [1e12, -1e12, 5e9] {
            rasterizer.draw(
                DrawPath(
                    path: Self.outline, transform: AffineTransform(a: 0.03, b: 0, c: 0, d: -0.03, tx: tx, ty: 20),
                    paint: .solid(ColorRGBA8(r: 0, g: 0, b: 0)), glyph: GlyphKey(font: 3, glyph: 4)),
                onto: &pixmap)
        }
        #expect(pixmap == before)
        #expect(rasterizer.glyphCache.hits + rasterizer.glyphCache.misses == 0)
    }

    /// The viewport of a scroll view over `list`'s glyphs: x 100…300, y 0…140 (rounded by 6 px
    /// at the corners when `radius` is 6).
    static func clipped(_ list: DisplayList, radius: Double = 0) -> DisplayList {
        var list = list
        let viewport = ClipShape(
            size: Size(200, 140), cornerRadius: radius, transform: AffineTransform(translationX: 200, y: 70))
        for i in list.rects[0].content.indices { list.rects[0].content[i].clips = [viewport] }
        return list
    }

    @Test("a glyph well inside its clips draws through the cache: the bytes of the same glyph unclipped")
    func glyphInsideClipsIsCached() {
        for radius in [0.0, 6] {
            let plain = Self.list(offset: 0.3, angle: 0)
            let clipped = Self.clipped(plain, radius: radius)
            let a = Rasterizer.render(plain)
            let b = Rasterizer.render(clipped)
            // Columns 1–4 of glyphs (x ≈ 41…185) and 6–7 are wholly inside or outside; those
            // crossing x = 100 or x = 300 are cut. Inside the viewport, away from its edges, every
            // pixel is the unclipped one's.
            // With round corners the check is conservative near them: the top row of glyphs
            // (y < 40) is filled as a clipped path, within 2 levels (maskMatchesPathFill).
            let rows = radius == 0 ? 0..<140 : 44..<140
            for y in 0..<140 {
                for x in 0..<380 {
                    if x >= 112 && x < 288 && rows.contains(y) {
                        #expect(a[x: x, y: y] == b[x: x, y: y], "(\(x), \(y)) radius \(radius)")
                    } else if x < 100 || x >= 300 {
                        #expect(b[x: x, y: y] == PremultipliedRGBA8(ColorRGBA8.white), "(\(x), \(y)) outside")
                    }
                }
            }
        }
    }

    @Test("a glyph crossing its clip's edge is still cut there")
    func glyphAcrossClipIsCut() {
        let plain = Self.list(offset: 0.3, angle: 0)
        let b = Rasterizer.render(Self.clipped(plain))
        let a = Rasterizer.render(plain)
        // The glyph of column 2 spans x ≈ 77…111: inked left of 100 when unclipped, white when clipped.
        let inkedLeft = (0..<140).contains { y in a[x: 95, y: y] != PremultipliedRGBA8(ColorRGBA8.white) }
        #expect(inkedLeft)
        #expect((0..<140).allSatisfy { y in b[x: 95, y: y] == PremultipliedRGBA8(ColorRGBA8.white) })
        #expect((0..<140).contains { y in b[x: 105, y: y] != PremultipliedRGBA8(ColorRGBA8.white) })
    }
}
