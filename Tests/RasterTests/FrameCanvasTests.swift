import Determinism
import Geometry
import Raster
import Testing

/// A seeded random frame: `count` rotated rounded rects, some with borders, shadows or clips,
/// some partly or wholly off the canvas.
func randomList(
    _ random: inout SplitMix64, width: Int, height: Int, background: ColorRGBA8,
    count: Int
) -> DisplayList {
    func u() -> Double { random.unit() }
    var rects: [DrawRect] = []
    for _ in 0..<count {
        let w = 2 + 60 * u()
        let h = 2 + 60 * u()
        let transform = AffineTransform(rotation: .radians(6.3 * u()))
            .concatenating(
                AffineTransform(
                    translationX: -20 + (Double(width) + 40) * u(),
                    y: -20 + (Double(height) + 40) * u()))
        let fill = ColorRGBA8(r: UInt8(255 * u()), g: UInt8(255 * u()), b: UInt8(255 * u()), a: UInt8(255 * u()))
        var rect = DrawRect(
            size: Size(w, h), cornerRadius: 20 * u(), transform: transform, fill: fill,
            borderWidth: u() < 0.3 ? 4 * u() : 0, borderColor: .black, opacity: 0.3 + 0.7 * u())
        if u() < 0.2 {
            rect.shadow = DrawShadow(color: .black, opacity: 0.5, offset: Point(3 * u(), 5 * u()), radius: 8 * u())
        }
        if u() < 0.2 {
            rect.clips = [ClipShape(size: Size(w * 0.7, h * 1.2), cornerRadius: 6, transform: transform)]
        }
        rects.append(rect)
    }
    return DisplayList(width: width, height: height, background: background, rects: rects)
}

@Test("a reused canvas holds exactly a fresh render's bytes, frame after frame, whatever it held before")
func frameCanvasMatchesFreshRenders() {
    var random = SplitMix64(seed: 0xCA_2024)
    var rasterizer = Rasterizer()
    var canvas = FrameCanvas()
    let opaque = ColorRGBA8(r: 242, g: 242, b: 247)
    var incrementalFrames = 0
    for frame in 0..<60 {
        // Mostly the same size and opaque background (the incremental case), with changes of size
        // and a translucent background mixed in, which must fall back to a full fill.
        let (width, height, background): (Int, Int, ColorRGBA8) =
            switch frame % 20 {
            case 7: (97, 61, opaque)
            case 13: (160, 90, ColorRGBA8(r: 10, g: 20, b: 30, a: 128))
            case 14: (160, 90, .clear)
            default: (160, 90, opaque)
            }
        let list = randomList(
            &random, width: width, height: height, background: background,
            count: frame % 5 == 0 ? 0 : 1 + frame % 9)
        rasterizer.render(list, into: &canvas)
        #expect(canvas.rgba == Rasterizer.render(list).straightRGBA(), "frame \(frame)")
        #expect(canvas.width == width && canvas.height == height)
        if canvas.lastRender.incremental { incrementalFrames += 1 }
    }
    // The restore path must actually have been exercised, not just the fallback.
    #expect(incrementalFrames >= 30)
}

@Test("a canvas restores only what the last frame drew: one 10×10 rect costs 100 pixels, not the canvas")
func frameCanvasRestoresOnlyDamage() {
    var rasterizer = Rasterizer()
    var canvas = FrameCanvas()
    let first = DisplayList(
        width: 200, height: 100, background: .white,
        rects: [
            DrawRect(
                size: Size(10, 10), transform: AffineTransform(translationX: 20, y: 20),
                fill: .black)
        ])
    rasterizer.render(first, into: &canvas)
    #expect(canvas.lastRender == FrameCanvas.Statistics(incremental: false, restoredPixels: 20_000))
    var second = first
    second.rects[0].transform = AffineTransform(translationX: 150, y: 70)
    rasterizer.render(second, into: &canvas)
    #expect(canvas.lastRender == FrameCanvas.Statistics(incremental: true, restoredPixels: 100))
    #expect(canvas.rgba == Rasterizer.render(second).straightRGBA())
    // A new background cannot reuse anything.
    second.background = .black
    rasterizer.render(second, into: &canvas)
    #expect(canvas.lastRender.incremental == false)
    #expect(canvas.rgba == Rasterizer.render(second).straightRGBA())
}

@Test("a canvas falls back to one full fill when the last frame's boxes cover more than half of it")
func frameCanvasFallsBackWhenDamageIsLarge() {
    var rasterizer = Rasterizer()
    var canvas = FrameCanvas()
    let big = DisplayList(
        width: 100, height: 100, background: .white,
        rects: [
            DrawRect(
                size: Size(80, 80), transform: AffineTransform(translationX: 50, y: 50),
                fill: .black)
        ])
    rasterizer.render(big, into: &canvas)
    rasterizer.render(big, into: &canvas)
    #expect(canvas.lastRender == FrameCanvas.Statistics(incremental: false, restoredPixels: 10_000))
    #expect(canvas.rgba == Rasterizer.render(big).straightRGBA())
}

@Test("a canvas that forgot its frame clears the whole canvas next time, with the same bytes")
func frameCanvasForgetFrameForcesAFullClear() {
    var rasterizer = Rasterizer()
    var canvas = FrameCanvas()
    let list = DisplayList(
        width: 64, height: 48, background: .white,
        rects: [
            DrawRect(
                size: Size(9, 7), transform: AffineTransform(translationX: 20, y: 20),
                fill: ColorRGBA8(r: 200, g: 10, b: 10, a: 180))
        ])
    rasterizer.render(list, into: &canvas)
    canvas.forgetFrame()
    rasterizer.render(list, into: &canvas)
    #expect(canvas.lastRender == FrameCanvas.Statistics(incremental: false, restoredPixels: 64 * 48))
    #expect(canvas.rgba == Rasterizer.render(list).straightRGBA())
}
