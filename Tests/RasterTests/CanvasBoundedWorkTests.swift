import Geometry
import Testing

@testable import Raster

// Work bounded by the canvas, not by the shapes: a shadow's blur mask and a clip's outline reach
// only as far past the canvas as can still change one of its pixels, with the same bytes there.

/// A white 40 × 30 layer with a blurred black shadow (radius 6, offset (5, 3)), its centre at
/// (`x`, `y`), on a `width` × `height` canvas.
private func shadowed(x: Double, y: Double, width: Int, height: Int) -> DisplayList {
    DisplayList(
        width: width, height: height, background: .white,
        rects: [
            DrawRect(
                size: Size(40, 30), cornerRadius: 7, transform: placed(x, y, degrees: 0), fill: .white,
                shadow: DrawShadow(color: .black, opacity: 1, offset: Point(5, 3), radius: 6))
        ])
}

@Test(
    "a shadow cut off by the canvas edge has exactly the pixels of the same shadow drawn whole on a larger canvas",
    arguments: [(-10.0, -4.0), (22.0, 40.0), (60.0, 14.0)])
func shadowAtCanvasEdgeMatchesWholeShadow(x: Double, y: Double) {
    // The small canvas is the window (100, 100) ..< (150, 130) of the large one, where the whole
    // mask (the layer grown by twice the reach) lies on the canvas.
    let window = Rasterizer.render(shadowed(x: x, y: y, width: 50, height: 30))
    let whole = Rasterizer.render(shadowed(x: x + 100, y: y + 100, width: 300, height: 300))
    var differing = 0
    for py in 0..<30 {
        for px in 0..<50 where window[x: px, y: py] != whole[x: px + 100, y: py + 100] { differing += 1 }
    }
    #expect(differing == 0)
    // The shadow does reach the small canvas: the test would pass vacuously on a blank one.
    var shaded = 0
    for py in 0..<30 { for px in 0..<50 where window[x: px, y: py].r < 250 { shaded += 1 } }
    #expect(shaded > 40)
}

@Test("a shadow's mask grows past the shape only onto the canvas")
func shadowMaskSpan() {
    // A shape inside a 10 px canvas with the widest blur (k = 1024): the canvas, not 2,052 px.
    #expect(ShadowRenderer.maskSpan(3, 7, canvas: 10, halfWidth: 1024) == 0..<10)
    // A shape as wide as the canvas grown by k each side: itself (4,106 px wide before).
    #expect(ShadowRenderer.maskSpan(-1024, 1034, canvas: 10, halfWidth: 1024) == -1024..<1034)
    // A small blur inside a large canvas: the shape grown by k on both sides.
    #expect(ShadowRenderer.maskSpan(100, 140, canvas: 1000, halfWidth: 18) == 82..<158)
    // Partly off the canvas: grown onto the canvas only.
    #expect(ShadowRenderer.maskSpan(-30, 5, canvas: 50, halfWidth: 18) == -30..<23)
}

@Test("a clip with a corner radius of millions of pixels is cut to the canvas and clips exactly where it shows")
func hugeClipIsCutToTheCanvas() {
    // A 1e7 px circle (corner radius 5e6; a clip's transform places its centre) whose leftmost
    // point is (0.5, 19), in the middle of a 1 × 38 canvas's only column, and one centred on the
    // canvas: each flattens to 65,536 vertices.
    let crossing = ClipShape(
        size: Size(1e7, 1e7), cornerRadius: 5e6, transform: AffineTransform(translationX: 0.5 + 5e6, y: 19))
    let holding = ClipShape(
        size: Size(1e7, 1e7), cornerRadius: 5e6, transform: AffineTransform(translationX: 0, y: 19))
    var region = ClipRegion()
    region.set([holding, crossing], canvasWidth: 1, canvasHeight: 38)
    #expect(!region.isEmpty)
    #expect(region.points.count <= 16, "cut to the canvas, \(region.points.count) vertices")
    // The crossing circle's edge is x = 0.5 on the canvas (its curvature, and the flattening's
    // chord, move it by under 0.001 px there): a black layer filling the column is half covered,
    // coverage 0.5 ± 0.001, so 127.5 ± 0.3 of white, which rounds to 127 or 128.
    let layer = DrawRect(
        size: Size(1, 38), transform: placed(0.5, 19, degrees: 0), fill: .black, clips: [holding, crossing])
    let pixmap = Rasterizer.render(DisplayList(width: 1, height: 38, background: .white, rects: [layer]))
    for y in 0..<38 { #expect((127...128).contains(pixmap[x: 0, y: y].r), "row \(y): \(pixmap[x: 0, y: y])") }
}
