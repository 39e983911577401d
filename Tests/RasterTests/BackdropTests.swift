import Foundation
import Geometry
import Testing

@testable import Raster

/// Backdrop materials (`DrawBackdrop`): blur of what is behind, saturation, tint, against the
/// formulas written out here (spec compositing.md, "Blur": the backdrop clamps at the canvas edge).
@Suite("Backdrop materials")
struct BackdropTests {
    static func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.0.squareRoot())) }

    /// A canvas of `width` × 40 over `background`, with a material rect over `frame` (x0, y0, w, h).
    static func render(
        width: Int = 80, background: ColorRGBA8, under: [DrawRect] = [], frame: (Double, Double, Double, Double),
        backdrop: DrawBackdrop
    ) -> Pixmap {
        var list = DisplayList(width: width, height: 40, background: background)
        var material = DrawRect(
            size: Size(frame.2, frame.3),
            transform: AffineTransform(translationX: frame.0 + frame.2 / 2, y: frame.1 + frame.3 / 2),
            fill: .clear)
        material.backdrop = backdrop
        list.rects = under + [material]
        return Rasterizer.render(list)
    }

    @Test(
        "over one colour the blur changes nothing, even at the canvas edge, and saturation then tint follow their formulas"
    )
    func uniformBackdrop() {
        let background = ColorRGBA8(r: 200, g: 100, b: 50, a: 255)
        let pixmap = Self.render(
            background: background, frame: (0, 0, 40, 40),
            backdrop: DrawBackdrop(sigma: 6, saturation: 1.8, tint: ColorRGBA8(r: 255, g: 255, b: 255, a: 77)))
        // Rec. 709 luminance, saturation about it, then white at 77/255 over it.
        let (r, g, b) = (200.0, 100.0, 50.0)
        let l = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let ta = 77.0 / 255
        func expected(_ c: Double) -> UInt8 {
            UInt8((255 * ta + min(max(l + 1.8 * (c - l), 0), 255) * (1 - ta)).rounded())
        }
        for (x, y) in [(0, 0), (20, 20), (39, 39), (0, 39)] {
            let p = pixmap[x: x, y: y]
            #expect([p.r, p.g, p.b, p.a] == [expected(r), expected(g), expected(b), 255], "(\(x), \(y))")
        }
        // Outside the material's shape the canvas is untouched.
        #expect(pixmap[x: 60, y: 20] == PremultipliedRGBA8(background))
    }

    @Test("a red | blue split behind the material is blurred into the Gaussian's profile (erf), within one level")
    func splitBackdropIsBlurred() {
        let sigma = 3.0
        let red = DrawRect(
            size: Size(40, 40), transform: AffineTransform(translationX: 20, y: 20),
            fill: .init(r: 255, g: 0, b: 0, a: 255))
        let pixmap = Self.render(
            background: ColorRGBA8(r: 0, g: 0, b: 255, a: 255), under: [red], frame: (20, 0, 40, 40),
            backdrop: DrawBackdrop(sigma: sigma, saturation: 1, tint: .clear))
        for x in 20..<60 {
            let share = Self.phi((40 - (Double(x) + 0.5)) / sigma)
            let p = pixmap[x: x, y: 20]
            #expect(abs(Double(p.r) - 255 * share) <= 1 && abs(Double(p.b) - 255 * (1 - share)) <= 1, "x = \(x): \(p)")
        }
    }

    @Test(
        "a wide material (σ 12, 24 and 45 px, blurred on a grid ⌊σ/4⌋ times coarser) stays within one level of the exact Gaussian's profile",
        arguments: [12.0, 24, 45])
    func decimatedBlurFollowsTheGaussian(sigma: Double) {
        #expect(LayerBlur.decimation(sigma) == Int(sigma / 4))
        let red = DrawRect(
            size: Size(200, 40), transform: AffineTransform(translationX: 100, y: 20),
            fill: .init(r: 255, g: 0, b: 0, a: 255))
        let pixmap = Self.render(
            width: 400, background: ColorRGBA8(r: 0, g: 0, b: 255, a: 255), under: [red], frame: (0, 0, 400, 40),
            backdrop: DrawBackdrop(sigma: sigma, saturation: 1, tint: .clear))
        var worst = 0.0
        for x in 0..<400 {
            let share = Self.phi((200 - (Double(x) + 0.5)) / sigma)
            let p = pixmap[x: x, y: 20]
            worst = max(worst, abs(Double(p.r) - 255 * share), abs(Double(p.b) - 255 * (1 - share)))
        }
        #expect(worst <= 1, "worst \(worst) levels off erf")
        // The canvas's edge pixels repeated: the ends stay pure red and pure blue.
        #expect(pixmap[x: 0, y: 20].r == 255 && pixmap[x: 399, y: 20].b == 255)
    }
}
