import Geometry
import Raster

/// The coverage bytes a label draws for one glyph: the outline through the rasterizer's glyph
/// cache (a `DrawPath` with a `GlyphKey`), black on white, read back as 255 − red (black over
/// white composites to exactly 255 − coverage byte).
func glyphMaskBytes(_ outline: Path, transform: AffineTransform, width: Int, height: Int, glyph: UInt32 = 1) -> [UInt8]
{
    var rect = DrawRect(size: Size(1, 1), transform: .identity, fill: .clear)
    rect.content = [
        DrawPath(
            path: outline, transform: transform, paint: .solid(.black), glyph: GlyphKey(font: 0x7E57, glyph: glyph))
    ]
    let pixmap = Rasterizer.render(DisplayList(width: width, height: height, background: .white, rects: [rect]))
    var bytes = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height { for x in 0..<width { bytes[y * width + x] = 255 - pixmap[x: x, y: y].r } }
    return bytes
}
