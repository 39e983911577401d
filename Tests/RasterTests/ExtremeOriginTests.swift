import Geometry
import Raster
import Testing

/// Glyph and icon paths placed by the glyph cache's whole-pixel origin, with origins past any
/// canvas (a layer animated to x = 1e19). Clipped glyphs, and those too big for a mask, are filled
/// as paths at the origin `GlyphCache.place` computes; unclipped ones go to glyph_cache.c.
@Suite("Glyph origins far off the canvas")
struct ExtremeOriginTests {
    /// A 20 × 20 square in path units: scaled 30, its mask would pass 512 × 512 px.
    static let square: Path = {
        var p = Path([.move(Point(0, 0))])
        p.line(to: Point(20, 0))
        p.line(to: Point(20, 20))
        p.line(to: Point(0, 20))
        p.close()
        return p
    }()

    /// The square at `(tx, ty)`, scaled 30, drawn onto a white 64 × 64 pixmap, clipped to the
    /// canvas or not.
    static func draw(tx: Double, ty: Double, clipped: Bool) -> Pixmap {
        var rasterizer = Rasterizer()
        var pixmap = Pixmap(width: 64, height: 64)
        pixmap.fill(.white)
        let transform = AffineTransform(scaleX: 30, y: 30).concatenating(AffineTransform(translationX: tx, y: ty))
        let canvas = ClipShape(size: Size(64, 64), cornerRadius: 0, transform: AffineTransform(translationX: 32, y: 32))
        rasterizer.draw(
            DrawPath(
                path: Self.square, transform: transform, paint: .solid(.black), clips: clipped ? [canvas] : [],
                glyph: GlyphKey(font: 7, glyph: 1)),
            onto: &pixmap)
        return pixmap
    }

    @Test(
        "a glyph at an origin of ±1e19, 9.2e18, -2^31 or ±1.5e9 px draws nothing, clipped or not",
        arguments: [(1e19, 10.0), (10, -1e19), (9.2e18, 9.2e18), (-2_147_483_648, 10), (1.5e9, -1.5e9)])
    func farOrigin(tx: Double, ty: Double) {
        var white = Pixmap(width: 64, height: 64)
        white.fill(.white)
        #expect(Self.draw(tx: tx, ty: ty, clipped: true) == white)
        #expect(Self.draw(tx: tx, ty: ty, clipped: false) == white)
    }

    @Test("the same glyph near the canvas is still drawn, clipped or not (the bound leaves every canvas alone)")
    func nearOrigin() {
        for clipped in [true, false] {
            let pixmap = Self.draw(tx: -100, ty: -100, clipped: clipped)
            #expect(pixmap[x: 10, y: 10].r == 0 && pixmap[x: 63, y: 63].r == 0, "clipped \(clipped)")
        }
    }
}

/// Shadow radii far past the blur's largest kernel (a scene's `shadow.radius: 1e155`).
@Suite("Shadow radii past the largest kernel")
struct ExtremeShadowTests {
    static func list(radius: Double) -> DisplayList {
        let shadow = DrawShadow(color: .black, opacity: 1, offset: Point(0, 0), radius: radius)
        let rect = DrawRect(
            size: Size(40, 40), transform: AffineTransform(translationX: 32, y: 32), fill: .white, shadow: shadow)
        return DisplayList(width: 64, height: 64, background: .white, rects: [rect])
    }

    @Test("a radius of 1e155, 1e19 or 9.2e18 px blurs with the largest kernel, as a radius of 1e100 does")
    func hugeRadius() {
        let capped = Rasterizer.render(Self.list(radius: 1e100))
        for radius in [1e155, 1e19, 9.2e18, 1e300] {
            #expect(Rasterizer.render(Self.list(radius: radius)) == capped, "radius \(radius)")
        }
    }
}
