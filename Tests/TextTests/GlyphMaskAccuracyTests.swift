import Foundation
import Geometry
import Raster
import TestSupport
import Testing

@testable import Text

/// What labels draw (glyph masks: outlines flattened once in font units to 0.005 px, GlyphOutlines
/// in Raster) against the independent path reference `coverageReference` (exact x-intervals of
/// the winding rule on 256 strips per pixel row, curves cut into 1,024 pieces), at sub-pixel
/// origins and under a rotation.
@Suite("Glyph masks against the path reference")
struct GlyphMaskAccuracyTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let path: String, pixels: Double, degrees: Double
        var testDescription: String { "\((path as NSString).lastPathComponent) at \(pixels) px, turned \(degrees)°" }
    }

    static let text = "Rag&@ß€ж"
    static let cases = [
        Case(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", pixels: 34, degrees: 0),
        Case(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", pixels: 17, degrees: 0),
        Case(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", pixels: 34, degrees: 17),
        Case(path: "/usr/share/fonts/opentype/inter/Inter-Regular.otf", pixels: 34, degrees: 0),
        Case(path: "/usr/share/fonts/opentype/inter/Inter-Bold.otf", pixels: 64, degrees: -30),
    ]

    @Test(
        "each glyph mask is within 1 level of the exact reference per pixel, 0.4 level on average over inked pixels",
        arguments: cases)
    func matchesReference(_ c: Case) throws {
        let face = try FontFace(path: c.path)
        let scale = c.pixels / Double(face.unitsPerEm)
        var levels = LevelDifference()
        for scalar in Self.text.unicodeScalars {
            let outline = face.outline(glyph: face.glyphIndex(for: scalar))
            let size = Int(c.pixels * 2.2) + 4
            // An origin on the 1/64 grid (glyph origins are rounded to it), off the pixel grid.
            let transform = AffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: 0, ty: 0)
                .concatenating(AffineTransform(rotation: .degrees(c.degrees)))
                .concatenating(
                    AffineTransform(
                        translationX: Double(size / 2 - Int(c.pixels / 3)) + 21.0 / 64,
                        y: Double(size / 2 + Int(c.pixels / 3)) + 40.0 / 64))
            let ours = glyphMaskBytes(outline, transform: transform, width: size, height: size, glyph: scalar.value)
            let reference = coverageReference(of: outline, transform: transform, canvasWidth: size, canvasHeight: size)
            for y in 0..<size {
                for x in 0..<size {
                    levels.add(
                        reference: Double(coverageByte(reference[x: x, y: y])), ours: Double(Int(ours[y * size + x])))
                }
            }
        }
        let (mean, inked, worst) = (levels.mean, levels.inked, levels.worst)
        print(
            "glyph mask vs reference, \(c.testDescription): mean |Δ| \(mean) levels over \(inked) pixels, max \(worst)")
        #expect(inked > 300)
        #expect(mean < 0.4)
        #expect(worst <= 1)
    }
}
