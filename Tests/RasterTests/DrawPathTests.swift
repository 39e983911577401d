import Geometry
import Raster
import Testing

/// A list whose rects carry path content: both fill rules, clips, opacity, translucent paints,
/// a clear rect holding only content, and a path larger than the canvas.
func pathList(width: Int = 96, height: Int = 80) -> DisplayList {
    let (star, _) = pentagram(30.2, 28.7, 24.6, degrees: 7)
    var rings = circle(60.3, 44.1, 22.5)
    rings.append(circle(60.3, 44.1, 13.2))
    rings.append(circle(52.7, 40.2, 6.1, clockwise: false))
    let clip = ClipShape(
        size: Size(60, 44), cornerRadius: 12,
        transform: AffineTransform(rotation: .degrees(8)).concatenating(AffineTransform(translationX: 45.5, y: 40.2)))
    let inner = ClipShape(size: Size(80, 30), cornerRadius: 15, transform: AffineTransform(translationX: 48, y: 46))
    let scale = AffineTransform(scaleX: 1.7, y: 1.3).concatenating(AffineTransform(translationX: -8.1, y: 3.4))
    let rect = DrawRect(
        size: Size(50, 40), cornerRadius: 9, transform: AffineTransform(translationX: 40, y: 35),
        fill: ColorRGBA8(r: 40, g: 90, b: 200), borderWidth: 3, borderColor: ColorRGBA8(r: 250, g: 200, b: 10, a: 200),
        content: [
            DrawPath(path: star, fillRule: .nonZero, paint: .solid(ColorRGBA8(r: 230, g: 30, b: 60))),
            DrawPath(
                path: rings, fillRule: .evenOdd, paint: .solid(ColorRGBA8(r: 20, g: 160, b: 90, a: 170)), opacity: 0.6),
        ])
    let clear = DrawRect(
        size: Size(10, 10), transform: AffineTransform(translationX: 5, y: 5), fill: .clear,
        content: [
            DrawPath(
                path: star, transform: scale, fillRule: .evenOdd,
                paint: .solid(ColorRGBA8(r: 90, g: 20, b: 160, a: 220)), clips: [clip]),
            DrawPath(
                path: rings, fillRule: .nonZero, paint: .solid(ColorRGBA8(r: 255, g: 255, b: 255)),
                opacity: 0.8, clips: [clip, inner]),
            DrawPath(path: circle(40, 40, 300), paint: .solid(ColorRGBA8(r: 0, g: 0, b: 0, a: 30))),
        ])
    return DisplayList(
        width: width, height: height, background: ColorRGBA8(r: 245, g: 240, b: 230), rects: [rect, clear])
}

/// `renderPixelByPixel` (RasterizerTests.swift) with each rect's content composited after it,
/// pixel by pixel, from the public coverage of each path.
func renderPathsPixelByPixel(_ list: DisplayList) -> Pixmap {
    var pixmap = Pixmap(width: list.width, height: list.height, background: list.background)
    for rect in list.rects {
        var single = list
        single.rects = [rect]
        single.rects[0].content = []
        if rect.fill.a > 0 || rect.borderWidth > 0 {
            let body = renderPixelByPixel(
                DisplayList(
                    width: list.width, height: list.height, background: .clear,
                    rects: single.rects))
            for y in 0..<list.height {
                for x in 0..<list.width { pixmap[x: x, y: y] = sourceOver(body[x: x, y: y], pixmap[x: x, y: y]) }
            }
        }
        for command in rect.content {
            guard case .solid(let color) = command.paint else { continue }
            let paint = LayerPaint(fill: color, border: .clear, opacity: command.opacity)
            let clips = command.clips.map {
                RoundedRect(size: $0.size, cornerRadius: $0.cornerRadius, transform: $0.transform)
            }
            let mask = coverage(
                of: command.path, transform: command.transform, fillRule: command.fillRule, clippedTo: clips,
                canvasWidth: list.width, canvasHeight: list.height)
            for y in 0..<list.height {
                for x in 0..<list.width {
                    let colour = paint.color(fillCoverage: coverageByte(mask[x: x, y: y]), borderCoverage: 0)
                    pixmap[x: x, y: y] = sourceOver(colour, pixmap[x: x, y: y])
                }
            }
        }
    }
    return pixmap
}

@Test("filled paths give the bytes of compositing every pixel with the per-pixel functions")
func pathsEqualPixelByPixel() {
    let list = pathList()
    #expect(firstDifference(Rasterizer.render(list), renderPathsPixelByPixel(list)) == nil)
}

@Test("filled paths drawn into a reused frame canvas give the bytes of a fresh render")
func pathsThroughFrameCanvas() {
    var rasterizer = Rasterizer()
    var canvas = FrameCanvas()
    let first = pathList()
    var second = first
    second.rects[0].transform = AffineTransform(translationX: 50, y: 30)
    second.rects[1].content[0].transform = AffineTransform(translationX: 7.25, y: -3.5)
    for list in [first, second, first] {
        rasterizer.render(list, into: &canvas)
        #expect(canvas.rgba == Rasterizer.render(list).straightRGBA())
    }
}

@Test("a clear paint, zero opacity or an empty path draw nothing")
func invisiblePathsDrawNothing() {
    let background = Rasterizer.render(DisplayList(width: 20, height: 20, background: .white))
    for command in [
        DrawPath(path: circle(10, 10, 6), paint: .solid(.clear)),
        DrawPath(path: circle(10, 10, 6), paint: .solid(ColorRGBA8(r: 0, g: 0, b: 0)), opacity: 0),
        DrawPath(path: Path(), paint: .solid(ColorRGBA8(r: 0, g: 0, b: 0))),
    ] {
        let list = DisplayList(
            width: 20, height: 20, background: .white,
            rects: [DrawRect(size: Size(1, 1), transform: .identity, fill: .clear, content: [command])])
        #expect(Rasterizer.render(list) == background)
    }
}

@Test("filled paths give the same bytes at every instruction-set level (both fill rules, clip masks)")
func pathsAtEveryKernelLevel() {
    let list = pathList(width: 160, height: 120)
    let expected = Rasterizer.render(list)
    for level in kernelLevels {
        #expect(firstDifference(expected, render(list, kernelLevel: level)) == nil, "level \(level)")
    }
}
