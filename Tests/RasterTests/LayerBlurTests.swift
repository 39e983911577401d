import Foundation
import Geometry
import TestSupport
import Testing

@testable import Raster

/// A group's Gaussian blur (`DrawGroup.blur`, a layer's `gaussianBlur` filter) against the
/// Gaussian itself (spec compositing.md, "Blur") and against Pillow's `GaussianBlur`.
@Suite("Layer blur")
struct LayerBlurTests {
    /// A white `side` × `side` square centred on a black `size` × `size` canvas, blurred by σ.
    static func blurredSquare(size: Int, side: Double, sigma: Double) -> Pixmap {
        var list = DisplayList(width: size, height: size, background: .black)
        let centre = Double(size) / 2
        list.rects = [
            DrawRect(size: Size(side, side), transform: AffineTransform(translationX: centre, y: centre), fill: .white)
        ]
        list.groups = [DrawGroup(rects: 0..<1, opacity: 1, blur: sigma)]
        return Rasterizer.render(list)
    }

    /// Φ(x), the standard normal's distribution function, in double precision.
    static func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.0.squareRoot())) }

    @Test(
        "a white square blurred at σ = 1.5, 4 and 9.25 px has the double-precision Gaussian's profile (erf) across its edges, within one 8-bit level",
        arguments: [1.5, 4, 9.25])
    func profileMatchesTheGaussian(sigma: Double) {
        let size = 160
        let side = 60.0
        let pixmap = Self.blurredSquare(size: size, side: side, sigma: sigma)
        let (low, high) = (Double(size) / 2 - side / 2, Double(size) / 2 + side / 2)
        func expected(_ x: Int, _ y: Int) -> Double {
            let (cx, cy) = (Double(x) + 0.5, Double(y) + 0.5)
            let across = Self.phi((cx - low) / sigma) - Self.phi((cx - high) / sigma)
            let down = Self.phi((cy - low) / sigma) - Self.phi((cy - high) / sigma)
            return 255 * across * down
        }
        var worst = 0.0
        for y in stride(from: 0, to: size, by: 3) {
            for x in 0..<size {
                let p = pixmap[x: x, y: y]
                #expect(p.r == p.g && p.g == p.b && p.a == 255)
                worst = max(worst, abs(Double(p.r) - expected(x, y)))
            }
        }
        #expect(worst <= 1, "worst pixel \(worst) levels off the Gaussian")
        // The edge itself is half-way: Φ(0) = ½, times the other axis's ~1.
        #expect(abs(Double(pixmap[x: Int(low), y: size / 2].r) - expected(Int(low), size / 2)) <= 1)
    }

    @Test(
        "the same picture blurred by Pillow's GaussianBlur (an extended box blur of the same σ) is within 5 levels everywhere"
    )
    func matchesPillow() throws {
        let size = 96
        let sigma = 5.0
        let ours = Self.blurredSquare(size: size, side: 40, sigma: sigma)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-blur-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("pillow.raw").path
        let script = """
            import sys
            from PIL import Image, ImageDraw, ImageFilter
            image = Image.new("L", (\(size), \(size)), 0)
            ImageDraw.Draw(image).rectangle([28, 28, 67, 67], fill=255)
            open(sys.argv[1], "wb").write(image.filter(ImageFilter.GaussianBlur(\(sigma))).tobytes())
            """
        let run = try runProcess("/usr/bin/python3", ["-c", script, output])
        #expect(run.status == 0, "\(run.stderr)")
        let pillow = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(pillow.count == size * size)
        var worst = 0
        for y in 0..<size {
            for x in 0..<size { worst = max(worst, abs(Int(ours[x: x, y: y].r) - Int(pillow[y * size + x]))) }
        }
        // Pillow approximates the Gaussian by three box blurs (an extended box blur): on this
        // picture its own result is up to 3.72 levels off the exact Gaussian (erf, measured with
        // Pillow 9.4), ours within 1 (the test above), so the two may differ by up to 4.72.
        #expect(worst <= 5, "worst pixel \(worst) levels from Pillow")
    }

    @Test(
        "a blurred group's colour stays premultiplied (r, g, b ≤ a) over transparency, and a faded blur is the blur times the opacity byte"
    )
    func blurStaysPremultiplied() {
        var list = DisplayList(width: 64, height: 64, background: .clear)
        list.rects = [
            DrawRect(
                size: Size(20, 20), cornerRadius: 6, transform: AffineTransform(translationX: 32, y: 32),
                fill: ColorRGBA8(r: 255, g: 149, b: 0, a: 200))
        ]
        list.groups = [DrawGroup(rects: 0..<1, opacity: 1, blur: 3)]
        let full = Rasterizer.render(list)
        list.groups[0].opacity = 0.5
        let half = Rasterizer.render(list)
        for y in 0..<64 {
            for x in 0..<64 {
                let p = full[x: x, y: y]
                #expect(p.r <= p.a && p.g <= p.a && p.b <= p.a)
                let q = half[x: x, y: y]
                #expect(q == p.scaled(by: 128), "(\(x), \(y))")
            }
        }
        #expect(full[x: 32, y: 32].a == 200)
        #expect(full[x: 32, y: 14].a > 0, "the blur reaches 4σ = 12 px past the edge at y = 22")
        #expect(full[x: 32, y: 2].a == 0)
    }

    @Test(
        "a blurred group gives the same bytes band-wise, into a frame canvas frame after frame, and with fresh scratch every time"
    )
    func blurIsDeterministic() {
        var list = DisplayList(width: 120, height: 80, background: .white)
        for i in 0..<6 {
            let colour = ColorRGBA8(r: UInt8(40 * i), g: 120, b: UInt8(255 - 30 * i), a: 255)
            let place = AffineTransform(translationX: Double(15 + 18 * i), y: Double(20 + 7 * i))
            list.rects.append(DrawRect(size: Size(30, 20), cornerRadius: 4, transform: place, fill: colour))
        }
        list.groups = [DrawGroup(rects: 1..<5, opacity: 0.8, blur: 2.5)]
        let fresh = Rasterizer.render(list).straightRGBA()
        var canvas = FrameCanvas()
        var rasterizer = Rasterizer(banding: .always)
        for _ in 0..<3 {
            rasterizer.render(list, into: &canvas)
            #expect(canvas.rgba == fresh)
        }
        let results = (0..<4).map { _ in Rasterizer.renderStraightRGBA(list) }
        #expect(results.allSatisfy { $0 == fresh })
    }
}
