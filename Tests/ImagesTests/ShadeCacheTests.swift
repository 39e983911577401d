import Geometry
import Images
import Testing

@testable import Raster

/// ShadeCache.swift: an image that stands still is sampled once and its colours reused, with the
/// bytes of sampling it afresh every frame; a moving one is never stored.
@Suite("Sampled colours reused across frames")
struct ShadeCacheTests {
    /// A 60 × 50 canvas with the photo shrunk by `scale` at `offset`, in a rounded, bordered
    /// layer (a border over the image, partly covered edge pixels).
    func frame(
        _ image: RasterImage, scale: Double, offset: Double, offsetY: Double = 1.5, degrees: Double = 0
    ) -> DisplayList {
        var path = Path()
        path.move(to: Point(2, 3))
        path.line(to: Point(55, 4))
        path.line(to: Point(52, 47))
        path.line(to: Point(5, 44))
        path.close()
        let paint = ImagePaint(
            image: image,
            toPixels: AffineTransform(rotation: .degrees(degrees)).concatenating(
                AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: offset, ty: offsetY)))
        let layer = DrawRect(
            size: Size(1, 1), transform: .identity, fill: .clear, content: [DrawPath(path: path, paint: .image(paint))])
        return DisplayList(width: 60, height: 50, background: .white, rects: [layer])
    }

    func photo() throws -> RasterImage {
        RasterImage(try ImageFile.load(path: fixture("photo.png")).sceneImage())
    }

    @Test(
        "a still image, straight or turned: stored at its second frame, reused from its third, the bytes of a fresh render",
        arguments: [0.0, 17.0])
    func stillImageIsReused(degrees: Double) throws {
        let image = try photo()
        var rasterizer = Rasterizer()
        var pixmap = Pixmap(width: 60, height: 50)
        var stored: [Int] = []
        for index in 0..<4 {
            let list = frame(image, scale: 0.55, offset: 0.25, degrees: degrees)
            rasterizer.render(list, into: &pixmap)
            #expect(pixmap == Rasterizer.render(list), "frame \(index)")
            #expect(rasterizer.shadeCache.hits == max(0, index - 1), "frame \(index)")
            stored.append(rasterizer.shadeCache.bytes)
        }
        // The quad's pixel box, x 2 ..< 55 and y 3 ..< 47, one colour a pixel.
        #expect(stored == [0, 4 * 53 * 44, 4 * 53 * 44, 4 * 53 * 44])
    }

    @Test(
        "a still dithered gradient (linear, radial, conic) is reused from its third frame with a fresh render's bytes; a changing one is never stored",
        arguments: [Gradient.Kind.linear, .radial, .conic])
    func stillGradientIsReused(kind: Gradient.Kind) {
        func list(_ end: Double) -> DisplayList {
            var layer = DrawRect(
                size: Size(41.5, 33.25), cornerRadius: 7,
                transform: AffineTransform(rotation: .degrees(11)).concatenating(
                    AffineTransform(translationX: 30.3, y: 24.6)),
                fill: .clear)
            layer.fillPaint = .gradient(
                GradientPaint(
                    gradient: Gradient(
                        kind: kind,
                        colors: [ColorRGBA8(r: 200, g: 40, b: 90), ColorRGBA8(r: 20, g: 160, b: 240, a: 180)],
                        startPoint: Point(0.5, 0.5), endPoint: Point(end, 0.9), dither: true),
                    size: layer.size, toPixels: .identity))
            return DisplayList(width: 60, height: 50, background: .white, rects: [layer])
        }
        var rasterizer = Rasterizer()
        var pixmap = Pixmap(width: 60, height: 50)
        for index in 0..<4 {
            rasterizer.render(list(1), into: &pixmap)
            #expect(pixmap == Rasterizer.render(list(1)), "\(kind), frame \(index)")
            #expect(rasterizer.shadeCache.hits == max(0, index - 1), "\(kind), frame \(index)")
        }
        var changing = Rasterizer()
        for index in 0..<4 {
            let moving = list(1 - 0.05 * Double(index))
            changing.render(moving, into: &pixmap)
            #expect(pixmap == Rasterizer.render(moving), "\(kind), changing frame \(index)")
        }
        #expect(changing.shadeCache.hits == 0 && changing.shadeCache.bytes == 0)
    }

    @Test("a moving image is never stored and draws the bytes of a fresh render")
    func movingImageIsNotStored() throws {
        let image = try photo()
        var rasterizer = Rasterizer()
        var pixmap = Pixmap(width: 60, height: 50)
        for index in 0..<4 {
            let list = frame(image, scale: 0.55, offset: 0.25 + 0.3 * Double(index))
            rasterizer.render(list, into: &pixmap)
            #expect(pixmap == Rasterizer.render(list), "frame \(index)")
        }
        #expect(rasterizer.shadeCache.hits == 0 && rasterizer.shadeCache.bytes == 0)
    }

    @Test("an entry not used in the last frame is dropped, and a 1:1 copy is never cached")
    func staleEntriesAreDropped() throws {
        let image = try photo()
        var rasterizer = Rasterizer()
        var pixmap = Pixmap(width: 60, height: 50)
        for _ in 0..<2 { rasterizer.render(frame(image, scale: 0.55, offset: 0.25), into: &pixmap) }
        #expect(rasterizer.shadeCache.bytes > 0)
        let empty = DisplayList(width: 60, height: 50, background: .white, rects: [])
        rasterizer.render(empty, into: &pixmap)
        rasterizer.render(empty, into: &pixmap)
        #expect(rasterizer.shadeCache.bytes == 0)
        for _ in 0..<3 { rasterizer.render(frame(image, scale: 1, offset: 2, offsetY: 3), into: &pixmap) }
        #expect(rasterizer.shadeCache.bytes == 0 && rasterizer.shadeCache.hits == 0)
    }
}
