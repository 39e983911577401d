import Determinism
import Geometry
import Testing

@testable import Raster

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
        var rasterizer = Rasterizer(banding: .always)
        #expect(rasterizer.drawsBandWise(list))
        var pixmap = Pixmap(width: width, height: height)
        rasterizer.render(list, into: &pixmap)
        #expect(pixmap.data == expected.data, "round \(round), \(width)×\(height)")
        var canvas = FrameCanvas()
        rasterizer = Rasterizer(banding: .always)
        rasterizer.render(list, into: &canvas)
        #expect(canvas.rgba == expected.straightRGBA(), "round \(round), canvas")
    }
}

@Test("band-wise drawing restores the previous frame's damage exactly, frame after frame")
func bandedFramesRestoreDamage() {
    var random = SplitMix64(seed: 0xDA_4A6E)
    var rasterizer = Rasterizer(banding: .always)
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

@Test("automatic banding draws band-wise only canvases over 2 MiB whose layers add up to the canvas's area")
func automaticBandingChoosesLargeOverdrawnFrames() {
    func list(width: Int, height: Int, squares: Int, side: Double, scale: Double = 1) -> DisplayList {
        var list = DisplayList(width: width, height: height, background: ColorRGBA8(r: 0xF2, g: 0xF2, b: 0xF7))
        list.rects = (0..<squares).map { i in
            DrawRect(
                size: Size(side, side),
                transform: AffineTransform(scaleX: scale, y: scale)
                    .concatenating(AffineTransform(translationX: Double(i % 40) * 48, y: Double(i / 40) * 48)),
                fill: ColorRGBA8(r: 200, g: 40, b: 40, a: 200))
        }
        return list
    }
    let automatic = Rasterizer()
    // 1920 × 1080 = 2,073,600 pixels (8.3 MB): 208 squares of 100 × 100 cover 2,080,000.
    #expect(automatic.drawsBandWise(list(width: 1920, height: 1080, squares: 208, side: 100)))
    #expect(!automatic.drawsBandWise(list(width: 1920, height: 1080, squares: 207, side: 100)))
    // The transform's scale counts: 52 squares of 50 scaled by 2 cover 520,000 of 1024 × 512.
    #expect(automatic.drawsBandWise(list(width: 1024, height: 513, squares: 53, side: 50, scale: 2)))
    #expect(!automatic.drawsBandWise(list(width: 1024, height: 513, squares: 52, side: 50, scale: 2)))
    // 512 × 1024 is 2 MiB exactly: never band-wise, however much is drawn.
    #expect(!automatic.drawsBandWise(list(width: 512, height: 1024, squares: 400, side: 100)))
    #expect(Rasterizer(banding: .always).drawsBandWise(list(width: 640, height: 360, squares: 1, side: 10)))
    #expect(!Rasterizer(banding: .never).drawsBandWise(list(width: 1920, height: 1080, squares: 400, side: 100)))
    // A layer with content paths is never band-wise (rule 2), whatever the policy.
    var withContent = list(width: 1920, height: 1080, squares: 400, side: 100)
    withContent.rects[0].content = [
        DrawPath(path: Path([.move(Point(0, 0)), .line(Point(4, 4)), .line(Point(0, 4))]), paint: .solid(.white))
    ]
    #expect(!Rasterizer(banding: .always).drawsBandWise(withContent))
}
