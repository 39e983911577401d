import Foundation
import Geometry
import Raster
import Testing

/// What SVG's gradients add to Core Animation's: spread methods, a focal circle, and stops mixed
/// in straight colour. Each against its formula, pixel by pixel.
@Suite("SVG gradient paints against their formula")
struct SVGGradientTests {
    private func bytes(_ p: PremultipliedRGBA8) -> [UInt8] { [p.r, p.g, p.b, p.a] }

    /// Black at 0 to white at 1, straight: grey level floor(255·t + 0.5) at a t in [0, 1].
    private func grey(_ t: Double) -> [UInt8] {
        let v = UInt8((255 * t + 0.5).rounded(.down))
        return [v, v, v, 255]
    }

    private func render(_ g: Gradient, width: Int, height: Int) -> Pixmap {
        paintRect(
            .gradient(GradientPaint(gradient: g, size: Size(Double(width), Double(height)), toPixels: .identity)),
            width: width, height: height)
    }

    @Test(
        "reflect mirrors t into [0, 1] every other period and repeat wraps it, before the stops are looked up",
        arguments: [Gradient.Spread.reflect, .repeat])
    func spread(_ spread: Gradient.Spread) {
        // The axis covers a quarter of the 40 px row: t runs from −1 to 3.
        let g = Gradient(
            kind: .linear, colors: [.black, .white], startPoint: Point(0.25, 0), endPoint: Point(0.5, 0), spread: spread
        )
        let pixmap = render(g, width: 40, height: 1)
        for x in 0..<40 {
            let t = (Double(x) + 0.5 - 10) / 10
            var folded = t - (t / 2).rounded(.down) * 2
            if spread == .repeat { folded = t - t.rounded(.down) } else if folded > 1 { folded = 2 - folded }
            #expect(bytes(pixmap[x: x, y: 0]) == grey(folded), "x = \(x), t = \(t)")
        }
    }

    @Test("a focal radial gradient puts t = 0 on the focus and t = 1 on the end circle, along every ray")
    func focal() {
        // End circle: centre (20, 20), radius 20; focus (10, 20), radius 0. On the ray from the
        // focus through pixel centre p, t = |p − f| / |q − f| with q where the ray meets the circle.
        let g = Gradient(
            kind: .radial, colors: [.black, .white], startPoint: Point(0.5, 0.5), endPoint: Point(1, 0.5),
            focus: Gradient.Focus(center: Point(0.25, 0.5), radius: 0))
        let pixmap = render(g, width: 40, height: 40)
        for y in stride(from: 0, to: 40, by: 3) {
            for x in stride(from: 0, to: 40, by: 3) {
                let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
                let (dx, dy) = (px - 10, py - 20)
                let d = (dx * dx + dy * dy).squareRoot()
                // |f + s·u − c| = 20 for the unit direction u: s² + 2s(u·(f − c)) + |f − c|² − 400 = 0.
                let (ux, uy) = (dx / d, dy / d)
                let b = ux * -10
                let s = -b + (b * b - (100 - 400)).squareRoot()
                let level = Int(bytes(pixmap[x: x, y: y])[0])
                // Kernel and formula solve the same quadratic in different orders: within a level.
                #expect(abs(level - Int(grey(min(d / s, 1))[0])) <= 1, "(\(x), \(y))")
            }
        }
    }

    @Test("outside a cone whose focal circle lies beyond the end circle, nothing is painted")
    func coneOutside() {
        // Focus (60, 20) radius 5 beyond the end circle (20, 20) radius 10: the cone between
        // them misses the pixel straight above the end circle's centre at y = 1.5.
        let g = Gradient(
            kind: .radial, colors: [.black, .white], startPoint: Point(0.25, 0.5), endPoint: Point(0.375, 0.5),
            focus: Gradient.Focus(center: Point(0.75, 0.5), radius: 0.0625))
        let pixmap = render(g, width: 80, height: 40)
        #expect(bytes(pixmap[x: 20, y: 1]) == [0, 0, 0, 0])
        // On the axis between them it is painted, and at the end circle's centre (t > 1: padded white).
        #expect(bytes(pixmap[x: 40, y: 20])[3] == 255)
        #expect(bytes(pixmap[x: 20, y: 20]) == [255, 255, 255, 255])
    }

    @Test("straight interpolation mixes channels and alpha apart: opaque red to clear black passes through dark red")
    func straight() {
        let g = Gradient(
            kind: .linear, colors: [ColorRGBA8(r: 255, g: 0, b: 0), ColorRGBA8(r: 0, g: 0, b: 0, a: 0)],
            startPoint: Point(0, 0), endPoint: Point(1, 0), interpolation: .straight)
        let pixmap = render(g, width: 10, height: 1)
        for x in 0..<10 {
            let t = (Double(x) + 0.5) / 10
            let r = Int((255 * (1 - t) + 0.5).rounded(.down))
            let a = r
            // Premultiplied after: round(r·a/255).
            let premultiplied = UInt8((r * a + 127) / 255)
            #expect(bytes(pixmap[x: x, y: 0]) == [premultiplied, 0, 0, UInt8(a)], "x = \(x)")
        }
        // At x = 5 (t = 0.55): red 52 of alpha 115, where premultiplied mixing gives 115 of 115.
        #expect(bytes(pixmap[x: 5, y: 0]) == [52, 0, 0, 115])
    }
}
