import Geometry
import Icons
import Testing

@testable import Pipeline

/// A pattern tile's pieces moved onto the pixel grid (`DisplayListBuilder.pixelAligned`), as
/// resvg's one-tile pixmap repeated under a translation lands them, only where that is exact.
@Suite("Pattern tiles aligned to pixels")
struct IconTileAlignmentTests {
    /// A 20-unit tile at (5, 10) in viewBox units.
    static let tile = AffineTransform(a: 20, b: 0, c: 0, d: 20, tx: 5, ty: 10)

    @Test("an upright tile of whole pixels starting at x + ½ px starts at x: ⌈o − ½⌉ in each axis")
    func halfPixelOrigin() {
        // ×1.5: the tile is 30 px, its origin (7.5, 15) px; x moves back half a pixel, y stays.
        let aligned = DisplayListBuilder.pixelAligned(
            IconTile(toViewBox: Self.tile, writtenUpright: true), AffineTransform(scaleX: 1.5, y: 1.5))
        #expect(aligned == AffineTransform(a: 1.5, b: 0, c: 0, d: 1.5, tx: -0.5, ty: 0))
        let past = DisplayListBuilder.pixelAligned(
            IconTile(toViewBox: Self.tile, writtenUpright: true),
            AffineTransform(a: 1.5, b: 0, c: 0, d: 1.5, tx: 0.2, ty: -0.3))
        // Origin (7.7, 14.7) px: to (8, 15).
        #expect(abs(past.tx - 0.5) < 1e-12 && abs(past.ty - 0) < 1e-12)
    }

    @Test(
        "a tile not whole pixels wide, turned by the item, or written turned (rotations that cancel too) stays where it falls"
    )
    func leftAlone() {
        let half = AffineTransform(scaleX: 1.33, y: 1.33)  // 26.6 px a tile
        #expect(DisplayListBuilder.pixelAligned(IconTile(toViewBox: Self.tile, writtenUpright: true), half) == half)
        let turned = AffineTransform(rotation: .degrees(90)).concatenating(AffineTransform(scaleX: 1.5, y: 1.5))
        #expect(
            DisplayListBuilder.pixelAligned(IconTile(toViewBox: Self.tile, writtenUpright: true), turned) == turned)
        let upright = AffineTransform(scaleX: 1.5, y: 1.5)
        #expect(
            DisplayListBuilder.pixelAligned(IconTile(toViewBox: Self.tile, writtenUpright: false), upright) == upright)
        #expect(DisplayListBuilder.pixelAligned(nil, upright) == upright)
    }
}
