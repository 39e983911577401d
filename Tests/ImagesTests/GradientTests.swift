import Foundation
import Geometry
import Raster
import Testing

@Suite("Gradient paints against their formula")
struct GradientTests {
    /// Premultiplied stops, interpolated per channel and rounded to nearest: the definition.
    private func expected(_ g: Gradient, t: Double) -> [UInt8] {
        let stops = g.colors.map { $0.premultiplied }.map { [Double($0.r), Double($0.g), Double($0.b), Double($0.a)] }
        let l = g.locations
        if !(t > l[0]) { return stops[0].map { UInt8($0) } }
        if t >= l[l.count - 1] { return stops[stops.count - 1].map { UInt8($0) } }
        var i = 0
        while i + 2 < l.count && l[i + 1] <= t { i += 1 }
        let f = (t - l[i]) / (l[i + 1] - l[i])
        return (0..<4).map { k in UInt8((stops[i][k] + (stops[i + 1][k] - stops[i][k]) * f + 0.5).rounded(.down)) }
    }

    private func bytes(_ p: PremultipliedRGBA8) -> [UInt8] { [p.r, p.g, p.b, p.a] }

    /// A w × h item at the canvas origin, 1 px per point.
    private func render(_ g: Gradient, width: Int, height: Int) -> (Pixmap, GradientPaint) {
        let paint = GradientPaint(gradient: g, size: Size(Double(width), Double(height)), toPixels: .identity)
        return (paintRect(.gradient(paint), width: width, height: height), paint)
    }

    @Test("a linear gradient gives each pixel centre the colour of its projection on the axis")
    func linear() {
        let g = Gradient(
            kind: .linear,
            colors: [ColorRGBA8(hex: "#FF0000")!, ColorRGBA8(hex: "#00FF0080")!, ColorRGBA8(hex: "#0000FF")!],
            locations: [0.1, 0.5, 0.9], startPoint: Point(0, 0.5), endPoint: Point(1, 0.25))
        let (pixmap, _) = render(g, width: 40, height: 12)
        let (sx, sy, ex, ey) = (0.0, 6.0, 40.0, 3.0)
        for y in 0..<12 {
            for x in 0..<40 {
                let px = Double(x) + 0.5
                let py = Double(y) + 0.5
                let t =
                    ((px - sx) * (ex - sx) + (py - sy) * (ey - sy)) / ((ex - sx) * (ex - sx) + (ey - sy) * (ey - sy))
                #expect(bytes(pixmap[x: x, y: y]) == expected(g, t: t), "(\(x), \(y))")
            }
        }
    }

    @Test("a radial gradient's t is the elliptical distance from startPoint, 1 at endPoint's radii")
    func radial() {
        let g = Gradient(
            kind: .radial, colors: [.white, ColorRGBA8(r: 0, g: 0, b: 0, a: 0)],
            startPoint: Point(0.5, 0.5), endPoint: Point(1, 1))
        let (pixmap, _) = render(g, width: 30, height: 20)
        for y in 0..<20 {
            for x in 0..<30 {
                let u = (Double(x) + 0.5 - 15) / 15
                let v = (Double(y) + 0.5 - 10) / 10
                #expect(bytes(pixmap[x: x, y: y]) == expected(g, t: (u * u + v * v).squareRoot()), "(\(x), \(y))")
            }
        }
    }

    // The conic's angle comes from a polynomial arctangent (|error| ≤ 2e-8 rad) instead of libm's
    // atan2; against Foundation's atan2 a channel may differ by 1 where a value sits at a rounding
    // boundary.
    @Test("a conic gradient's t is the clockwise turn from endPoint's direction, within 1 level of atan2")
    func conic() {
        let g = Gradient(kind: .conic, colors: [.black, .white], startPoint: Point(0.5, 0.5), endPoint: Point(1, 0.5))
        let (pixmap, _) = render(g, width: 24, height: 24)
        var worst = 0
        for y in 0..<24 {
            for x in 0..<24 {
                var t = atan2(Double(y) + 0.5 - 12, Double(x) + 0.5 - 12) / (2 * Double.pi)
                if t < 0 { t += 1 }
                let e = expected(g, t: t)
                let a = bytes(pixmap[x: x, y: y])
                worst = max(worst, zip(e, a).map { abs(Int($0) - Int($1)) }.max()!)
            }
        }
        #expect(worst <= 1)
        // Just below the axis to the right: t ≈ 0.009 (black); just left of straight down: t ≈ 0.259.
        #expect(pixmap[x: 20, y: 12].r <= 3)
        #expect(pixmap[x: 11, y: 20].r == 66)
    }

    @Test("colours are interpolated premultiplied: red to clear fades red, never through grey")
    func premultiplied() {
        let g = Gradient(
            kind: .linear, colors: [ColorRGBA8(r: 255, g: 0, b: 0), .clear],
            startPoint: Point(0, 0), endPoint: Point(1, 0))
        let (pixmap, _) = render(g, width: 10, height: 1)
        for x in 0..<10 {
            let p = pixmap[x: x, y: 0]
            #expect(p.r == p.a && p.g == 0 && p.b == 0, "\(p)")
        }
    }

    @Test("a gradient of one colour draws the very bytes of that solid fill, border and anti-aliased edges included")
    func solidEquivalence() {
        let colour = ColorRGBA8(r: 52, g: 120, b: 246, a: 200)
        var solid = DrawRect(
            size: Size(33.3, 21.7), cornerRadius: 6,
            transform: AffineTransform(rotation: .degrees(17)).concatenating(
                AffineTransform(translationX: 25.3, y: 20.1)),
            fill: colour, borderWidth: 2.5, borderColor: ColorRGBA8(r: 255, g: 255, b: 255, a: 180), opacity: 0.8)
        solid.shadow = nil
        var shaded = solid
        shaded.fill = .clear
        shaded.fillPaint = .gradient(
            GradientPaint(
                gradient: Gradient(
                    kind: .linear, colors: [colour, colour], startPoint: Point(0, 0), endPoint: Point(1, 1)),
                size: solid.size, toPixels: .identity))
        let background = ColorRGBA8(r: 30, g: 30, b: 30)
        let a = Rasterizer.render(DisplayList(width: 50, height: 40, background: background, rects: [solid]))
        let b = Rasterizer.render(DisplayList(width: 50, height: 40, background: background, rects: [shaded]))
        #expect(a == b)
    }

    @Test("the dithered gradient keeps the mean of the rounded one and uses both neighbouring levels")
    func dither() {
        var g = Gradient(
            kind: .linear, colors: [ColorRGBA8(r: 100, g: 100, b: 100), ColorRGBA8(r: 104, g: 104, b: 104)],
            startPoint: Point(0, 0), endPoint: Point(1, 0))
        let plain = render(g, width: 64, height: 16).0
        g.dither = true
        let dithered = render(g, width: 64, height: 16).0
        func mean(_ p: Pixmap) -> Double {
            stride(from: 0, to: p.data.count, by: 4).reduce(0.0) { $0 + Double(p.data[$1]) } / Double(p.data.count / 4)
        }
        #expect(abs(mean(plain) - mean(dithered)) < 0.1)
        // Within one column (one t) the dithered levels differ row to row: no flat bands.
        let column = Set((0..<16).map { dithered[x: 40, y: $0].r })
        #expect(column.count == 2)
    }
}
