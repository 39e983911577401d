import Determinism
import Foundation
import Geometry
import Testing

@testable import Raster

/// `DrawGroup.blendMode` (BlendModes.swift): each mode of CSS Compositing and Blending Level 1
/// against its formula, on chosen pixels.
@Suite("Blend modes")
struct BlendModeTests {
    /// Premultiplied (source, backdrop) pairs: both opaque, both half transparent, a half
    /// transparent source on white, and an opaque source on a quarter-opaque backdrop.
    static let pairs: [(PremultipliedRGBA8, PremultipliedRGBA8)] = [
        (.init(unchecked: 60, 180, 240, 255), .init(unchecked: 200, 100, 50, 255)),
        (.init(unchecked: 30, 90, 120, 128), .init(unchecked: 100, 50, 25, 128)),
        (.init(unchecked: 0, 64, 128, 128), .init(unchecked: 255, 255, 255, 255)),
        (.init(unchecked: 255, 0, 0, 255), .init(unchecked: 40, 40, 40, 64)),
    ]

    /// The expected result of each pair (premultiplied r, g, b, a), from an independent
    /// implementation of the spec's B(Cb, Cs), SetLum, SetSat and ClipColor and of the general
    /// formula co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs) in exact double arithmetic
    /// (Python), rounded half up and held at most αo; αo is source-over's. None of these lies
    /// within 10⁻⁶ of a rounding tie, so the expectation is exact.
    static let expected: [(BlendMode, [[UInt8]])] = [
        (.multiply, [[47, 71, 47, 255], [77, 87, 84, 192], [127, 191, 255, 255], [231, 0, 0, 255]]),
        (.screen, [[213, 209, 243, 255], [118, 122, 133, 192], [255, 255, 255, 255], [255, 40, 40, 255]]),
        (.overlay, [[171, 141, 94, 255], [107, 105, 96, 192], [255, 255, 255, 255], [255, 16, 16, 255]]),
        (.darken, [[60, 100, 50, 255], [80, 95, 85, 192], [127, 191, 255, 255], [231, 0, 0, 255]]),
        (.lighten, [[200, 180, 240, 255], [115, 115, 132, 192], [255, 255, 255, 255], [255, 40, 40, 255]]),
        (.colorDodge, [[255, 255, 255, 255], [129, 134, 136, 192], [255, 255, 255, 255], [255, 40, 40, 255]]),
        (.colorBurn, [[21, 35, 37, 255], [69, 78, 81, 192], [255, 255, 255, 255], [231, 0, 0, 255]]),
        (.hardLight, [[94, 164, 231, 255], [88, 111, 130, 192], [127, 255, 255, 255], [255, 0, 0, 255]]),
        (.softLight, [[177, 125, 106, 255], [109, 101, 99, 192], [255, 255, 255, 255], [242, 25, 25, 255]]),
        (.difference, [[140, 80, 190, 255], [100, 90, 120, 192], [255, 191, 127, 255], [215, 40, 40, 255]]),
        (.exclusion, [[166, 139, 196, 255], [106, 105, 121, 192], [255, 191, 127, 255], [215, 40, 40, 255]]),
        (.hue, [[49, 149, 199, 255], [77, 107, 122, 192], [255, 255, 255, 255], [231, 40, 40, 255]]),
        (.saturation, [[215, 95, 35, 255], [119, 94, 81, 192], [255, 255, 255, 255], [231, 40, 40, 255]]),
        (.color, [[34, 154, 214, 255], [73, 108, 126, 192], [255, 255, 255, 255], [255, 30, 30, 255]]),
        (.luminosity, [[226, 126, 76, 255], [121, 101, 91, 192], [179, 179, 179, 255], [210, 19, 19, 255]]),
    ]

    @Test(
        "each mode gives the general formula's bytes on opaque and partially transparent pixels",
        arguments: Self.expected.map(\.0))
    func eachModeMatchesItsFormula(mode: BlendMode) throws {
        let rows = try #require(Self.expected.first { $0.0 == mode }?.1)
        for ((source, backdrop), row) in zip(Self.pairs, rows) {
            let out = blended(source, onto: backdrop, mode: mode)
            #expect([out.r, out.g, out.b, out.a] == row, "\(mode) of \(source) onto \(backdrop)")
        }
    }

    @Test("the separable modes are B(Cb, Cs) of the spec on chosen channel values")
    func separableFunctions() {
        let cases: [(BlendMode, Double, Double, Double)] = [
            (.multiply, 0.5, 0.4, 0.2), (.screen, 0.5, 0.4, 0.7), (.overlay, 0.25, 0.8, 0.4),
            (.overlay, 0.75, 0.8, 0.9), (.darken, 0.3, 0.6, 0.3), (.lighten, 0.3, 0.6, 0.6),
            (.colorDodge, 0, 0.9, 0), (.colorDodge, 0.2, 1, 1), (.colorDodge, 0.3, 0.5, 0.6),
            (.colorDodge, 0.8, 0.5, 1), (.colorBurn, 1, 0.1, 1), (.colorBurn, 0.5, 0, 0),
            (.colorBurn, 0.6, 0.8, 0.5), (.colorBurn, 0.2, 0.5, 0), (.hardLight, 0.5, 0.25, 0.25),
            (.hardLight, 0.5, 0.75, 0.75), (.softLight, 0.5, 0.25, 0.375), (.softLight, 0.16, 0.75, 0.279168),
            (.softLight, 0.64, 0.75, 0.72), (.difference, 0.2, 0.7, 0.5), (.exclusion, 0.5, 0.5, 0.5),
            (.normal, 0.1, 0.9, 0.9),
        ]
        for (mode, cb, cs, b) in cases {
            #expect(abs(mode.mix(cb, cs) - b) < 1e-12, "\(mode)(\(cb), \(cs))")
        }
    }

    @Test("SetLum, SetSat and ClipColor follow the spec on chosen colours")
    func nonSeparableHelpers() {
        typealias M = BlendColorMath
        func close(_ a: M.RGB, _ b: M.RGB) -> Bool {
            abs(a.0 - b.0) < 1e-12 && abs(a.1 - b.1) < 1e-12 && abs(a.2 - b.2) < 1e-12
        }
        #expect(abs(M.lum((1, 0, 0)) - 0.3) < 1e-15 && abs(M.lum((0, 1, 0)) - 0.59) < 1e-15)
        #expect(abs(M.sat((0.2, 0.6, 0.4)) - 0.4) < 1e-15)
        // The middle channel keeps its place between min and max: (0.4 − 0.2)·0.5/0.4.
        #expect(close(M.setSat((0.2, 0.6, 0.4), 0.5), (0, 0.5, 0.25)))
        // A grey has no hue to keep: all zero.
        #expect(close(M.setSat((0.3, 0.3, 0.3), 0.8), (0, 0, 0)))
        // Ties keep a fixed order: the two equal channels both become the maximum's s.
        #expect(close(M.setSat((0.1, 0.9, 0.9), 0.5), (0, 0.5, 0.5)))
        // Over 1: pulled toward the luminance L = 0.666 until the maximum is 1.
        let l = 0.3 * 1.2 + 0.59 * 0.5 + 0.11 * 0.1
        let k = (1 - l) / (1.2 - l)
        #expect(close(M.clipColor((1.2, 0.5, 0.1)), (1, l + (0.5 - l) * k, l + (0.1 - l) * k)))
        // Under 0: pulled toward L = 0.3·0.5 + 0.59·0.6 − 0.11·0.2 until the minimum is 0.
        let m = 0.3 * 0.5 + 0.59 * 0.6 + 0.11 * -0.2
        let j = m / (m + 0.2)
        #expect(close(M.clipColor((0.5, 0.6, -0.2)), (m + (0.5 - m) * j, m + (0.6 - m) * j, 0)))
        // SetLum moves every channel by the same d, then clips: lum((0.2, 0.4, 0.6)) = 0.362.
        #expect(close(M.setLum((0.2, 0.4, 0.6), 0.5), (0.338, 0.538, 0.738)))
        // Luminosity of white onto red: red moved to L = 1, then clipped to white.
        #expect(close(BlendMode.luminosity.mix((1, 0, 0), (1, 1, 1)), (1, 1, 1)))
        // Color: the source's hue and saturation at the backdrop's luminosity (grey 0.5).
        #expect(close(BlendMode.color.mix((0.5, 0.5, 0.5), (0, 0, 1)), M.setLum((0, 0, 1), 0.5)))
    }

    @Test("a transparent source leaves the backdrop and a transparent backdrop takes the source, in every mode")
    func transparentSides() {
        let colour = PremultipliedRGBA8(unchecked: 30, 90, 120, 128)
        for mode in BlendMode.allCases {
            #expect(blended(.transparent, onto: colour, mode: mode) == colour)
            #expect(blended(colour, onto: .transparent, mode: mode) == colour)
        }
    }

    @Test("normal is source-over: the same bytes as the existing group composite, pixel by pixel and on a canvas")
    func normalIsSourceOver() {
        var random = SplitMix64(seed: 0xB1E4D)
        func pixel() -> PremultipliedRGBA8 {
            let a = UInt8(truncatingIfNeeded: random.next() % 256)
            func c() -> UInt8 { a == 0 ? 0 : UInt8(truncatingIfNeeded: random.next() % (UInt64(a) + 1)) }
            return PremultipliedRGBA8(unchecked: c(), c(), c(), a)
        }
        var source = Pixmap(width: 64, height: 64)
        var backdrop = Pixmap(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                let (s, d) = (pixel(), pixel())
                #expect(blended(s, onto: d, mode: .normal) == sourceOver(s, d))
                source[x: x, y: y] = s
                backdrop[x: x, y: y] = d
            }
        }
        let box = IntRect(uncheckedX: 3, y: 5, width: 50, height: 41)
        for opacity: UInt8 in [255, 200, 77] {
            var viaComposite = backdrop
            var viaBlend = backdrop
            Rasterizer.composite(source, box: box, opacity: opacity, onto: &viaComposite)
            Rasterizer.blend(source, box: box, opacity: opacity, mode: .normal, onto: &viaBlend)
            #expect(firstDifference(viaComposite, viaBlend) == nil, "opacity \(opacity)")
        }
    }

    /// A 20 × 20 canvas: an opaque backdrop square (`backdrop`, all of it) and, over its right
    /// half, a group of an opaque `source` square blended by `mode` at `opacity`.
    static func canvas(
        backdrop: ColorRGBA8, source: ColorRGBA8, mode: BlendMode, opacity: Double = 1, background: ColorRGBA8 = .clear
    ) -> Pixmap {
        var list = DisplayList(width: 20, height: 20, background: background)
        list.rects = [
            DrawRect(size: Size(20, 20), transform: AffineTransform(translationX: 10, y: 10), fill: backdrop),
            DrawRect(size: Size(10, 20), transform: AffineTransform(translationX: 15, y: 10), fill: source),
        ]
        var group = DrawGroup(rects: 1..<2, opacity: opacity)
        group.blendMode = mode
        list.groups = [group]
        return Rasterizer.render(list)
    }

    @Test("a blending group mixes its offscreen, faded by its opacity first, with the canvas below it")
    func groupBlendsOntoCanvas() {
        let backdrop = ColorRGBA8(r: 200, g: 100, b: 50)
        let source = ColorRGBA8(r: 60, g: 180, b: 240)
        let pixmap = Self.canvas(backdrop: backdrop, source: source, mode: .multiply, opacity: 0.5)
        let faded = PremultipliedRGBA8(source).scaled(by: 128)
        #expect(pixmap[x: 15, y: 10] == blended(faded, onto: PremultipliedRGBA8(backdrop), mode: .multiply))
        // The source faded to (30, 90, 120, 128), then multiplied: red 200·127/255 + 128/255·200·30/128
        // = 123.1…, green 100·127/255 + 100·90/255 = 85.1…, blue 50·127/255 + 50·120/255 = 48.4….
        #expect(pixmap[x: 15, y: 10] == PremultipliedRGBA8(unchecked: 123, 85, 48, 255))
        // Outside the group's drawing the backdrop is untouched.
        #expect(pixmap[x: 4, y: 10] == PremultipliedRGBA8(backdrop))
    }

    @Test("a blend inside an isolated group sees only the group's drawing, not the canvas outside it")
    func isolationHidesTheBackdrop() {
        let red = ColorRGBA8(r: 255, g: 0, b: 0)
        let blue = ColorRGBA8(r: 0, g: 0, b: 255)
        var list = DisplayList(width: 20, height: 20, background: .clear)
        list.rects = [
            DrawRect(size: Size(20, 20), transform: AffineTransform(translationX: 10, y: 10), fill: red),
            DrawRect(size: Size(10, 20), transform: AffineTransform(translationX: 5, y: 10), fill: .white),
            DrawRect(size: Size(20, 10), transform: AffineTransform(translationX: 10, y: 15), fill: blue),
        ]
        var isolated = DrawGroup(rects: 1..<3, opacity: 1)
        isolated.isolates = true
        var blending = DrawGroup(rects: 2..<3, opacity: 1)
        blending.blendMode = .multiply
        list.groups = [isolated, blending]
        let pixmap = Rasterizer.render(list)
        // Over the group's white: white × blue = blue. Over the red outside the group's drawing:
        // the blue over nothing stays blue (not red × blue = black).
        #expect(pixmap[x: 5, y: 15] == PremultipliedRGBA8(blue))
        #expect(pixmap[x: 15, y: 15] == PremultipliedRGBA8(blue))
        list.groups = [blending]
        let open = Rasterizer.render(list)
        #expect(open[x: 15, y: 15] == PremultipliedRGBA8(.black))
        #expect(open[x: 5, y: 15] == PremultipliedRGBA8(blue))
    }

    /// FNV-1a 64 of every mode's result on 4,096 seeded pixel pairs, in mode order. Recorded from
    /// this code (the per-pixel expectations above hold it to the spec); it pins the bytes
    /// against any change of arithmetic or rounding order, on every CPU the project runs on.
    static let pinnedHash: UInt64 = 3_417_116_307_172_631_947

    @Test("blending is deterministic: the same bytes split into 1 or 4 concurrent bands, and a pinned hash")
    func deterministic() {
        var random = SplitMix64(seed: 0x5EED_B1E4)
        var made: [(PremultipliedRGBA8, PremultipliedRGBA8)] = []
        for _ in 0..<4096 {
            var p: [PremultipliedRGBA8] = []
            for _ in 0..<2 {
                let a = UInt8(truncatingIfNeeded: random.next() % 256)
                func c() -> UInt8 { a == 0 ? 0 : UInt8(truncatingIfNeeded: random.next() % (UInt64(a) + 1)) }
                p.append(PremultipliedRGBA8(unchecked: c(), c(), c(), a))
            }
            made.append((p[0], p[1]))
        }
        let pairs = made
        func run(bands: Int) -> [UInt8] {
            let modes = BlendMode.allCases
            let per = pairs.count / bands
            let results = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: modes.count * pairs.count * 4)
            defer { results.deallocate() }
            // Each band writes its own slots only.
            nonisolated(unsafe) let base = results
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                for (m, mode) in modes.enumerated() {
                    for i in band * per..<(band + 1) * per {
                        let o = blended(pairs[i].0, onto: pairs[i].1, mode: mode)
                        let k = 4 * (m * pairs.count + i)
                        (base[k], base[k + 1], base[k + 2], base[k + 3]) = (o.r, o.g, o.b, o.a)
                    }
                }
            }
            return Array(results)
        }
        let one = run(bands: 1)
        #expect(one == run(bands: 4))
        #expect(FNV1a64.hash(one) == Self.pinnedHash, "FNV-1a 64 \(FNV1a64.hash(one))")
    }
}
