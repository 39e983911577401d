import Determinism
import Geometry
import Raster
import Testing

/// Every layer of `list` drawn shape by shape (`draw(_:onto:)`, never band-wise) over the
/// background: the definition band-wise drawing must match byte for byte.
private func shapeByShape(_ list: DisplayList) -> Pixmap {
    var rasterizer = Rasterizer()
    var pixmap = Pixmap(width: list.width, height: list.height)
    pixmap.fill(list.background)
    for rect in list.rects { rasterizer.draw(rect, onto: &pixmap) }
    return pixmap
}

@Test(
    "a frame of plain layers drawn band by band has the bytes of drawing its layers one after the other",
    arguments: [(97, 131), (300, 200), (640, 75)])
func bandedFrameMatchesShapeByShape(width: Int, height: Int) {
    var random = SplitMix64(seed: 0xBA_4D + UInt64(width))
    for round in 0..<12 {
        let background =
            round % 3 == 2 ? ColorRGBA8(r: 10, g: 200, b: 90, a: 100) : ColorRGBA8(r: 0xF2, g: 0xF2, b: 0xF7)
        var list = randomList(&random, width: width, height: height, background: background, count: 40)
        // Shadows take the shape-by-shape path (BandedFrame.swift rule 2); without them the frame
        // goes band-wise, borders and clips included.
        for i in list.rects.indices { list.rects[i].shadow = nil }
        let expected = shapeByShape(list)
        #expect(Rasterizer.render(list).data == expected.data, "round \(round), \(width)×\(height)")
        var canvas = FrameCanvas()
        var rasterizer = Rasterizer()
        rasterizer.render(list, into: &canvas)
        #expect(canvas.rgba == expected.straightRGBA(), "round \(round), canvas")
    }
}

@Test("band-wise drawing restores the previous frame's damage exactly, frame after frame")
func bandedFramesRestoreDamage() {
    var random = SplitMix64(seed: 0xDA_4A6E)
    var rasterizer = Rasterizer()
    var canvas = FrameCanvas()
    var incremental = 0
    for _ in 0..<20 {
        var list = randomList(
            &random, width: 400, height: 300, background: ColorRGBA8(r: 0xF2, g: 0xF2, b: 0xF7), count: 6)
        for i in list.rects.indices { list.rects[i].shadow = nil }
        rasterizer.render(list, into: &canvas)
        if canvas.lastRender.incremental { incremental += 1 }
        #expect(canvas.rgba == shapeByShape(list).straightRGBA())
    }
    #expect(incremental > 10)
}
