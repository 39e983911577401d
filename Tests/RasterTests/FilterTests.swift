import Determinism
import Foundation
import Geometry
import Testing

@testable import Raster

/// SVG filters on a group's offscreen (`DrawGroup.filter`, Rasterizer+Filters.swift): each
/// primitive against its formula in Filter Effects 1, on chosen pixels.
@Suite("SVG filters")
struct FilterTests {
    /// A transparent `size` × `size` canvas with one group: an opaque `fill` square of `side` px
    /// at (`at`, `at`), run through `filter`.
    static func filtered(
        _ filter: DrawFilter, size: Int = 40, at: Double = 10, side: Double = 10, fill: ColorRGBA8 = .white
    )
        -> Pixmap
    {
        var list = DisplayList(width: size, height: size, background: .clear)
        list.rects = [
            DrawRect(
                size: Size(side, side), transform: AffineTransform(translationX: at + side / 2, y: at + side / 2),
                fill: fill)
        ]
        var group = DrawGroup(rects: 0..<1, opacity: 1)
        group.filter = filter
        list.groups = [group]
        return Rasterizer.render(list)
    }

    static let whole = Rect(x: 0, y: 0, width: 40, height: 40)

    @Test("a flood fills its subregion with its colour premultiplied, exactly, and nothing else shows")
    func floodFillsItsSubregion() {
        let colour = ColorRGBA8(r: 200, g: 100, b: 50, a: 128)
        let sub = Rect(x: 5, y: 6, width: 7, height: 8)
        let pixmap = Self.filtered(
            DrawFilter(region: Self.whole, primitives: [.init(kind: .flood(colour), subregion: sub)]))
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = x >= 5 && x < 12 && y >= 6 && y < 14
                #expect(pixmap[x: x, y: y] == (inside ? PremultipliedRGBA8(colour) : .transparent))
            }
        }
    }

    @Test("an offset moves the drawing by exactly (dx, dy) pixels, truncated toward zero to whole pixels (as resvg)")
    func offsetMovesByWholePixels() {
        let pixmap = Self.filtered(
            DrawFilter(
                region: Self.whole,
                primitives: [.init(kind: .offset(.sourceGraphic, dx: 7.9, dy: -3.6), subregion: Self.whole)]))
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = x >= 17 && x < 27 && y >= 7 && y < 17
                #expect(pixmap[x: x, y: y] == (inside ? PremultipliedRGBA8(.white) : .transparent))
            }
        }
    }

    @Test("the filter region clips what the filter draws, and the source outside it is gone")
    func regionClips() {
        let region = Rect(x: 12, y: 12, width: 20, height: 20)
        let pixmap = Self.filtered(
            DrawFilter(
                region: region, primitives: [.init(kind: .offset(.sourceGraphic, dx: 5, dy: 5), subregion: region)]))
        // The region cuts the source to 12…20 before it moves: 17…25 after.
        #expect(pixmap[x: 11, y: 11] == .transparent && pixmap[x: 16, y: 16] == .transparent)
        #expect(
            pixmap[x: 17, y: 17] == PremultipliedRGBA8(.white) && pixmap[x: 24, y: 24] == PremultipliedRGBA8(.white))
        #expect(pixmap[x: 25, y: 20] == .transparent)
        let clipped = Self.filtered(
            DrawFilter(
                region: Rect(x: 0, y: 0, width: 18, height: 40),
                primitives: [.init(kind: .offset(.sourceGraphic, dx: 5, dy: 0), subregion: Self.whole)]))
        #expect(clipped[x: 17, y: 12] == PremultipliedRGBA8(.white) && clipped[x: 18, y: 12] == .transparent)
    }

    /// Φ(x), the standard normal's distribution function.
    static func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.0.squareRoot())) }

    @Test(
        "a blur in sRGB of a wide white bar follows the Gaussian's profile (erf) across its edge: within 1 level below σ = 2 (the kernel), within 3 % of full scale (7 levels) with the three boxes",
        arguments: [(1.0, 1), (1.5, 1), (2.0, 7), (3.0, 7), (4.0, 7), (9.0, 7), (25.0, 7)])
    func blurFollowsTheGaussian(sigma: Double, tolerance: Int) {
        let size = 200
        var list = DisplayList(width: size, height: 1, background: .clear)
        list.rects = [DrawRect(size: Size(100, 1), transform: AffineTransform(translationX: 100, y: 0.5), fill: .white)]
        var group = DrawGroup(rects: 0..<1, opacity: 1)
        let region = Rect(x: 0, y: 0, width: Double(size), height: 1)
        group.filter = DrawFilter(
            region: region,
            primitives: [
                .init(
                    kind: .gaussianBlur(.sourceGraphic, sigmaX: sigma, sigmaY: 0), subregion: region, linearRGB: false)
            ])
        list.groups = [group]
        let pixmap = Rasterizer.render(list)
        var worst = 0.0
        for x in 0..<size {
            let c = Double(x) + 0.5
            let expected = 255 * (Self.phi((c - 50) / sigma) - Self.phi((c - 150) / sigma))
            worst = max(worst, abs(Double(pixmap[x: x, y: 0].a) - expected))
        }
        #expect(worst <= Double(tolerance), "worst pixel \(worst) levels off the Gaussian at σ = \(sigma)")
    }

    @Test("the box width is Filter Effects 1's d = ⌊σ·3·√(2π)/4 + 0.5⌋", arguments: [(2.0, 4), (4.0, 8), (10.0, 19)])
    func boxWidth(sigma: Double, width: Int) {
        #expect(FilterBlur.boxWidth(sigma: sigma) == width)
    }

    static func pixel(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> FilterImage {
        FilterImage(width: 1, height: 1, bytes: [r, g, b, a], linear: false)
    }

    @Test("composite operators follow Porter and Duff's formulas per premultiplied channel, products exactly rounded")
    func compositeOperators() {
        let s = Self.pixel(100, 50, 0, 200)
        let d = Self.pixel(0, 60, 120, 150)
        func result(_ op: DrawFilter.CompositeOperator) -> [UInt8] { FilterCompositing.composite(s, d, op).bytes }
        func expected(_ fs: UInt8, _ fd: UInt8) -> [UInt8] {
            (0..<4).map { UInt8(min(255, Int(mul255(s.bytes[$0], fs)) + Int(mul255(d.bytes[$0], fd)))) }
        }
        #expect(result(.over) == expected(255, 55))
        #expect(result(.in) == expected(150, 0))
        #expect(result(.out) == expected(105, 0))
        #expect(result(.atop) == expected(150, 55))
        #expect(result(.xor) == expected(105, 55))
        // Hand-checked: over = s + d·(1 − 200/255): (100, 50 + 13, 0 + 26, 200 + 32).
        #expect(result(.over) == [100, 63, 26, 232])
    }

    @Test("arithmetic is k1·i1·i2 + k2·i1 + k3·i2 + k4 on [0, 1], alpha clamped to [0, 1] and colour to alpha")
    func arithmetic() {
        let s = Self.pixel(51, 102, 0, 204)
        let d = Self.pixel(255, 0, 0, 255)
        let out = FilterCompositing.composite(s, d, .arithmetic(k1: 0.5, k2: 0.5, k3: 0.25, k4: 0.1)).bytes
        // alpha: 0.5·0.8·1 + 0.5·0.8 + 0.25·1 + 0.1 = 1.15 → 1; red: 0.5·0.2·1 + 0.1 + 0.25 + 0.1 = 0.55.
        #expect(out[3] == 255)
        #expect(out[0] == UInt8((0.55 * 255).rounded()))
        // green: 0 + 0.5·0.4 + 0 + 0.1 = 0.3; blue: 0.1.
        #expect(out[1] == UInt8((0.3 * 255).rounded()) && out[2] == UInt8((0.1 * 255).rounded()))
        let clamped = FilterCompositing.composite(s, d, .arithmetic(k1: 0, k2: 0, k3: 0, k4: -1)).bytes
        #expect(clamped == [0, 0, 0, 0])
        let colourToAlpha = FilterCompositing.composite(s, d, .arithmetic(k1: 0, k2: 0, k3: 0.2, k4: 0)).bytes
        #expect(colourToAlpha == [51, 0, 0, 51])
    }

    @Test(
        "a drop shadow is the input over its alpha blurred, offset, flooded and composited in, merged: the same bytes as those five primitives",
        arguments: [false, true])
    func dropShadowIsItsChain(linear: Bool) {
        let colour = ColorRGBA8(r: 20, g: 90, b: 200, a: 255)
        let shadow = DrawFilter(
            region: Self.whole,
            primitives: [
                .init(
                    kind: .dropShadow(.sourceGraphic, dx: 3, dy: 4, sigmaX: 2.5, sigmaY: 1.5, color: colour),
                    subregion: Self.whole, linearRGB: linear)
            ])
        let chain = DrawFilter(
            region: Self.whole,
            primitives: [
                .init(
                    kind: .gaussianBlur(.sourceAlpha, sigmaX: 2.5, sigmaY: 1.5), subregion: Self.whole,
                    linearRGB: linear),
                .init(kind: .offset(.result(0), dx: 3, dy: 4), subregion: Self.whole, linearRGB: linear),
                .init(kind: .flood(colour), subregion: Self.whole, linearRGB: linear),
                .init(kind: .composite(.result(2), .result(1), .in), subregion: Self.whole, linearRGB: linear),
                .init(kind: .merge([.result(3), .sourceGraphic]), subregion: Self.whole, linearRGB: linear),
            ])
        let fill = ColorRGBA8(r: 250, g: 120, b: 10, a: 255)
        let a = Self.filtered(shadow, fill: fill)
        let b = Self.filtered(chain, fill: fill)
        #expect(a == b)
        #expect(a[x: 26, y: 16].a > 0 && a[x: 26, y: 16].b > a[x: 26, y: 16].r)
    }

    @Test("linearRGB converts through resvg's and librsvg's 8-bit tables, and back")
    func linearTables() {
        #expect(FilterImage.sRGBToLinear[128] == 55 && FilterImage.linearToSRGB[55] == 128)
        #expect(FilterImage.sRGBToLinear[255] == 255 && FilterImage.linearToSRGB[0] == 0)
        let grey = Self.pixel(64, 64, 64, 128).converted(toLinear: true)
        // 64 of 128 is straight 128, linear 55, premultiplied round(55·128/255) = 28.
        #expect(grey.bytes == [28, 28, 28, 128] && grey.linear)
    }

    @Test(
        "a filter with an unknown result index, a huge σ or a huge offset draws without crashing, inside its region")
    func extremesStayBounded() {
        let pixmap = Self.filtered(
            DrawFilter(
                region: Rect(x: -1e300, y: 5, width: .infinity, height: 1e300),
                primitives: [
                    .init(kind: .gaussianBlur(.result(99), sigmaX: 1e12, sigmaY: .nan), subregion: Self.whole),
                    .init(kind: .offset(.result(-3), dx: 1e300, dy: -.infinity), subregion: Self.whole),
                    .init(kind: .merge([.result(0), .result(7)]), subregion: Rect(x: .nan, y: 0, width: 1, height: 1)),
                ]))
        #expect(pixmap.data.allSatisfy { $0 == 0 } || pixmap[x: 0, y: 0] == .transparent)
    }

    @Test(
        "a frame of every primitive hashes to its pinned value, drawn fresh and by a rasterizer that drew it before (no state carried between frames)"
    )
    func determinismPin() {
        let region = Rect(x: 2, y: 3, width: 36, height: 34)
        let colour = ColorRGBA8(r: 30, g: 60, b: 200, a: 200)
        let filter = DrawFilter(
            region: region,
            primitives: [
                .init(kind: .gaussianBlur(.sourceGraphic, sigmaX: 1.5, sigmaY: 5), subregion: region),
                .init(kind: .flood(colour), subregion: Rect(x: 8, y: 8, width: 20, height: 9), linearRGB: false),
                .init(
                    kind: .composite(.result(0), .result(1), .arithmetic(k1: 0.3, k2: 0.6, k3: 0.5, k4: 0.05)),
                    subregion: region),
                .init(
                    kind: .dropShadow(.result(2), dx: 4, dy: -2, sigmaX: 3, sigmaY: 3, color: .black), subregion: region
                ),
                .init(kind: .merge([.sourceAlpha, .result(3)]), subregion: region),
            ])
        let fill = ColorRGBA8(r: 250, g: 120, b: 10, a: 220)
        let once = Self.filtered(filter, fill: fill)
        var list = DisplayList(width: 40, height: 40, background: .clear)
        list.rects = [DrawRect(size: Size(10, 10), transform: AffineTransform(translationX: 15, y: 15), fill: fill)]
        var group = DrawGroup(rects: 0..<1, opacity: 1)
        group.filter = filter
        list.groups = [group]
        var rasterizer = Rasterizer()
        var pixmap = Pixmap(width: 40, height: 40)
        rasterizer.render(list, into: &pixmap)
        rasterizer.render(list, into: &pixmap)
        #expect(pixmap == once)
        // Recorded from this code (no outside reference draws this chain); a change of any byte
        // fails here.
        #expect(once.data.contains { $0 != 0 })
        #expect(FNV1a64.hexHash(once.data) == "2ffb3f6d7625f06a")
    }

    @Test(
        "a filtered group's damage is its result's box: frame after frame into one canvas gives each frame's full render"
    )
    func damageCoversTheResult() {
        func frame(_ x: Double) -> DisplayList {
            var list = DisplayList(width: 60, height: 40, background: .white)
            list.rects = [DrawRect(size: Size(8, 8), transform: AffineTransform(translationX: x, y: 15), fill: .black)]
            let region = Rect(x: x - 12, y: 3, width: 30, height: 30)
            var group = DrawGroup(rects: 0..<1, opacity: 1)
            group.filter = DrawFilter(
                region: region,
                primitives: [
                    .init(
                        kind: .dropShadow(.sourceGraphic, dx: 6, dy: 9, sigmaX: 2, sigmaY: 2, color: .black),
                        subregion: region),
                    .init(kind: .flood(ColorRGBA8(r: 255, g: 0, b: 0, a: 60)), subregion: region),
                    .init(kind: .merge([.result(1), .result(0)]), subregion: region),
                ])
            list.groups = [group]
            return list
        }
        var rasterizer = Rasterizer()
        var canvas = FrameCanvas()
        for x in [15.0, 30, 44, 20] {
            rasterizer.render(frame(x), into: &canvas)
            #expect(canvas.rgba == Rasterizer.render(frame(x)).straightRGBA(), "at x = \(x)")
        }
        #expect(canvas.lastRender.incremental)
    }
}
