import Geometry
import Testing

@testable import Raster

/// `DrawFilter.Kind.image` (`feImage`, FilterRun+Image.swift): the picture drawn into the region
/// as an image piece is, and cleared outside its subregion.
@Suite("feImage pixels")
struct FeImagePixelTests {
    static let red = ColorRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let blue = ColorRGBA8(r: 0, g: 0, b: 255, a: 255)
    static let picture = RasterImage(
        width: 2, height: 1, straightRGBA: [255, 0, 0, 255, 0, 0, 255, 255], identity: "red-blue")

    @Test("a 2×1 picture scaled 4× at (8, 10), nearest: two 4×4 squares of its texels, clipped to the subregion")
    func pixelatedPictureInItsSubregion() {
        let place = AffineTransform(a: 4, b: 0, c: 0, d: 4, tx: 8, ty: 10)
        // The subregion cuts the blue square's last column.
        let sub = Rect(x: 0, y: 0, width: 15, height: 40)
        let filter = DrawFilter(
            region: FilterTests.whole,
            primitives: [.init(kind: .image(Self.picture, toPixels: place, pixelated: true), subregion: sub)])
        let pixmap = FilterTests.filtered(filter)
        for y in 0..<40 {
            for x in 0..<40 {
                let row = y >= 10 && y < 14
                let expected: PremultipliedRGBA8 =
                    row && x >= 8 && x < 12
                    ? PremultipliedRGBA8(Self.red)
                    : row && x >= 12 && x < 15 ? PremultipliedRGBA8(Self.blue) : .transparent
                #expect(pixmap[x: x, y: y] == expected, "pixel (\(x), \(y))")
            }
        }
    }

    @Test("placing the filter composes the picture's map with the placement")
    func placedComposesTheMap() {
        let filter = DrawFilter(
            region: FilterTests.whole,
            primitives: [
                .init(kind: .image(Self.picture, toPixels: .identity, pixelated: false), subregion: FilterTests.whole)
            ])
        let moved = filter.placed(by: AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 7))
        #expect(
            moved.primitives[0].kind
                == .image(
                    Self.picture, toPixels: AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 7), pixelated: false))
    }
}
