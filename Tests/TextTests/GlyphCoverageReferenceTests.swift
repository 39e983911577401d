import CFreeType
import Foundation
import Geometry
import Raster
import Testing

@testable import Text

/// Glyph coverage from Flipbook's path rasterizer against FreeType's own unhinted anti-aliased
/// rendering of the same glyph (FT_Render_Glyph through the figures' CFreeType shim): an
/// independent rasterizer over the same outline.
///
/// FreeType's gray rasterizer flattens a curve into chords until the chord is within about
/// 1/16 px of it (ftgrays.c splits a conic while its second difference exceeds 1/4 px; cubics are
/// coarser), so on curved edges its bytes sit up to ~20 levels inside the true area. Flipbook
/// flattens to 0.005 px. Two checks, therefore:
/// - against FreeType at 16× the size, box-filtered 16×16 down (its chord error shrinks to
///   1/256 px): the mean difference per inked pixel must be well under one level (measured
///   0.19–0.28, of which ~0.25 is our own rounding to a byte), no pixel off by 2.5 levels;
/// - against FreeType at the size itself: the same ink within 1 %, and a mean difference of a
///   few levels (measured 1.9–4.6, max 45 on Inter's cubics), all of it on curves.
@Suite("Glyph coverage against FreeType")
struct GlyphCoverageReferenceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let path: String, pixels: Int
        var testDescription: String { "\((path as NSString).lastPathComponent) at \(pixels) px" }
    }

    static let text = "Rag&@ß€ж"
    static let cases = [
        Case(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", pixels: 34),
        Case(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", pixels: 17),
        Case(path: "/usr/share/fonts/opentype/inter/Inter-Regular.otf", pixels: 34),
        Case(path: "/usr/share/fonts/opentype/inter/Inter-Bold.otf", pixels: 17),
    ]

    struct Comparison { var difference = 0.0, inked = 0, worst = 0.0, inkOurs = 0.0, inkTheirs = 0.0 }

    /// Renders every glyph with FreeType at `factor` × the size, box-filters it down to the size,
    /// and compares it with Flipbook's coverage of the outline at the size.
    static func compare(_ c: Case, factor: Int) throws -> Comparison {
        let face = try FontFace(path: c.path)
        var error: Int32 = 0
        guard let ft = cft_open(c.path, UInt32(c.pixels * factor), &error) else {
            throw TextError.notAFont(path: c.path, freeTypeError: error)
        }
        defer { cft_close(ft) }
        let scale = Double(c.pixels) / Double(face.unitsPerEm)
        var result = Comparison()
        for scalar in text.unicodeScalars {
            var glyph = cft_glyph()
            guard cft_render(ft, scalar.value, 0, &glyph) == 0 else { continue }
            // Glyph origin at whole pixel (ox, oy) of a canvas big enough for the glyph.
            let ox = Int(glyph.left) < 0 ? (-Int(glyph.left) + factor - 1) / factor + 1 : 1
            let oy = (Int(glyph.top) + factor - 1) / factor + 1
            let width = ox + (Int(glyph.left) + Int(glyph.width)) / factor + 2
            let height = oy + (Int(glyph.height) - Int(glyph.top)) / factor + 2
            var theirs = [Double](repeating: 0, count: width * height)
            for by in 0..<Int(glyph.height) {
                for bx in 0..<Int(glyph.width) {
                    guard let buffer = glyph.buffer else { continue }
                    let sampleX = ox * factor + Int(glyph.left) + bx
                    let sampleY = oy * factor - Int(glyph.top) + by
                    let px = sampleX >= 0 ? sampleX / factor : -1
                    let py = sampleY >= 0 ? sampleY / factor : -1
                    guard px >= 0, py >= 0, px < width, py < height else { continue }
                    theirs[py * width + px] += Double(buffer[by * Int(glyph.pitch) + bx]) / Double(factor * factor)
                }
            }
            let outline = face.outline(glyph: face.glyphIndex(for: scalar))
            let mask = glyphMaskBytes(
                outline, transform: AffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: Double(ox), ty: Double(oy)),
                width: width, height: height, glyph: scalar.value)
            for y in 0..<height {
                for x in 0..<width {
                    let ours = Double(mask[y * width + x])
                    let reference = theirs[y * width + x]
                    result.inkOurs += ours
                    result.inkTheirs += reference
                    guard ours > 0 || reference > 0 else { continue }
                    result.inked += 1
                    result.difference += abs(ours - reference)
                    result.worst = max(result.worst, abs(ours - reference))
                }
            }
        }
        return result
    }

    @Test(
        "each glyph's coverage matches FreeType's unhinted rendering at 16x, filtered down: mean difference under 0.35 level",
        arguments: cases)
    func matchesFreeTypeSupersampled(_ c: Case) throws {
        let r = try Self.compare(c, factor: 16)
        let mean = r.difference / Double(r.inked)
        print(
            "glyph coverage vs FreeType 16x, \(c.testDescription): mean |Δ| \(mean) levels over \(r.inked) pixels, max \(r.worst)"
        )
        #expect(r.inked > 300)
        #expect(mean < 0.35)
        #expect(r.worst < 2.5)
    }

    @Test(
        "each glyph's coverage matches FreeType's rendering at the size itself within its curve flattening",
        arguments: cases)
    func matchesFreeTypeDirect(_ c: Case) throws {
        let r = try Self.compare(c, factor: 1)
        let mean = r.difference / Double(r.inked)
        print(
            "glyph coverage vs FreeType 1x, \(c.testDescription): mean |Δ| \(mean) levels, max \(r.worst), ink ratio \(r.inkOurs / r.inkTheirs)"
        )
        #expect(abs(r.inkOurs / r.inkTheirs - 1) < 0.01)
        #expect(mean < 6)
    }
}
