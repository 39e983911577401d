import Geometry
import Raster
import Testing

/// Glyph and icon paths placed by the glyph cache's whole-pixel origin, with origins past any
/// canvas (a layer animated to x = 1e19).
@Suite("Glyph origins far off the canvas")
struct ExtremeOriginTests {
    /// A 20 × 20 square in path units: scaled 30 its mask passes 512 × 512 px, so the rasterizer
    /// fills it as a path at the cache's rounded origin instead.
    static let square: Path = {
        var p = Path([.move(Point(0, 0))])
        p.line(to: Point(20, 0))
        p.line(to: Point(20, 20))
        p.line(to: Point(0, 20))
        p.close()
        return p
    }()

    @Test(
        "a glyph filled as a path at an origin of ±1e19, 9.2e18 or 2^31 px draws nothing",
        arguments: [(1e19, 10.0), (10, -1e19), (9.2e18, 9.2e18), (-2_147_483_648, 10), (1.5e9, -1.5e9)])
    func farOrigin(tx: Double, ty: Double) {
        var rasterizer = Rasterizer()
        var pixmap = Pixmap(width: 64, height: 64)
        pixmap.fill(.white)
        let before = pixmap
        let transform = AffineTransform(scaleX: 30, y: 30).concatenating(AffineTransform(translationX: tx, y: ty))
        rasterizer.draw(
            DrawPath(
                path: Self.square, transform: transform, paint: .solid(.black), glyph: GlyphKey(font: 7, glyph: 1)),
            onto: &pixmap)
        #expect(pixmap == before)
    }

    @Test("the same glyph near the canvas is still drawn (the bound leaves every canvas alone)")
    func nearOrigin() {
        var rasterizer = Rasterizer()
        var pixmap = Pixmap(width: 64, height: 64)
        pixmap.fill(.white)
        let before = pixmap
        let transform = AffineTransform(scaleX: 30, y: 30).concatenating(AffineTransform(translationX: -100, y: -100))
        rasterizer.draw(
            DrawPath(
                path: Self.square, transform: transform, paint: .solid(.black), glyph: GlyphKey(font: 7, glyph: 1)),
            onto: &pixmap)
        #expect(pixmap != before)
        #expect(pixmap[x: 10, y: 10].r == 0)
    }
}
