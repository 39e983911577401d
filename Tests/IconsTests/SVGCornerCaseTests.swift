import Foundation
import Geometry
import Raster
import Testing
import Text

@testable import Icons

/// Corners of SVG the resvg suite measures, each as SVG (or resvg, where SVG leaves it open)
/// draws it: pixelated pictures, a radial gradient whose circles coincide, negative ellipse
/// radii, percentages inside a symbol, mixed rgb() channels and text in a bounding box.
@Suite("SVG corner cases in icons")
struct SVGCornerCaseTests {
    private static let image =
        "width=\"40\" height=\"20\" href=\"\(EmbeddedImageTests.redBlue)\""

    @Test(
        "image-rendering optimizeSpeed, pixelated and crisp-edges (inherited) sample nearest; auto and the rest smoothly"
    )
    func imageRenderingKeywords() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 40 40">
              <g style="image-rendering: optimizeSpeed"><image \(Self.image)/><image image-rendering="auto" \(Self.image)/></g>
              <image image-rendering="pixelated" \(Self.image)/><image image-rendering="crisp-edges" \(Self.image)/>
              <image image-rendering="optimizeQuality" \(Self.image)/><image \(Self.image)/>
            </svg>
            """)
        #expect(icon.pieces.map { $0.image?.pixelated } == [true, false, true, true, false, false])
        var warnings: [IconWarning] = []
        let blurry = try IconLoader.parse(
            Data("<svg viewBox=\"0 0 10 10\"><image image-rendering=\"blurry\" \(Self.image)/></svg>".utf8),
            name: "i.svg", warnings: &warnings)
        #expect(blurry.pieces.map { $0.image?.pixelated } == [false])
        #expect(
            warnings.map(\.message) == [
                "image-rendering=\"blurry\" on <image>: expected auto, optimizeQuality, optimizeSpeed, smooth, high-quality, crisp-edges or pixelated; drawn as if not given (SVG ignores an invalid value)"
            ])
    }

    @Test(
        "a pixelated picture enlarged ×20 gives each pixel the texel under its centre; a smooth one mixes at the seam")
    func nearestSampling() {
        let texels = RasterImage(width: 2, height: 1, straightRGBA: [255, 0, 0, 255, 0, 0, 255, 255], identity: "rb")
        let enlarge = AffineTransform(a: 20, b: 0, c: 0, d: 20, tx: 0, ty: 0)
        let nearest = ImagePaint(image: texels, toPixels: enlarge, pixelated: true)
        #expect(nearest.sampling == .nearest)
        #expect(ImageShader.color(of: nearest, x: 19, y: 5) == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(ImageShader.color(of: nearest, x: 20, y: 5) == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
        let smooth = ImagePaint(image: texels, toPixels: enlarge)
        #expect(smooth.sampling == .bilinear)
        #expect(ImageShader.color(of: smooth, x: 19, y: 5) != ImageShader.color(of: nearest, x: 19, y: 5))
        // A whole-pixel copy stays exact either way.
        #expect(ImagePaint(image: texels, toPixels: .identity, pixelated: true).sampling == .exact)
    }

    @Test(
        "a padded radial gradient whose focal circle is its circle fills the circle with the first stop, the rest with the last"
    )
    func coincidentCircles() throws {
        func gradient(_ spread: String) throws -> Gradient? {
            let icon = try parse(
                """
                <svg viewBox="0 0 100 100">
                  <radialGradient id="g" fr="0.5" spreadMethod="\(spread)"><stop stop-color="red"/><stop offset="1" stop-color="blue"/></radialGradient>
                  <rect width="100" height="100" fill="url(#g)"/>
                </svg>
                """)
            return icon.pieces[0].fillGradient?.gradient
        }
        let padded = try #require(try gradient("pad"))
        let (red, blue) = (ColorRGBA8(r: 255, g: 0, b: 0), ColorRGBA8(r: 0, g: 0, b: 255))
        #expect(padded.kind == .radial && padded.focus == nil)
        #expect(padded.startPoint == Point(0.5, 0.5) && padded.endPoint == Point(1, 0.5))
        #expect(padded.colors == [red, red, blue] && padded.locations == [0, 1, 1])
        // Repeated, every t is the same: one colour, the first stop's.
        #expect(try gradient("repeat") == nil)
    }

    @Test("a negative rx or ry on an ellipse is auto (the other radius, with a warning); both negative draw nothing")
    func negativeEllipseRadii() throws {
        var warnings: [IconWarning] = []
        let icon = try IconLoader.parse(
            Data(
                """
                <svg viewBox="0 0 100 100">
                  <ellipse cx="50" cy="50" rx="-30" ry="20"/>
                  <ellipse cx="50" cy="50" rx="-30" ry="-20" fill="red"/>
                </svg>
                """.utf8), name: "e.svg", warnings: &warnings)
        #expect(icon.pieces[0].path.bounds == Rect(x: 30, y: 30, width: 40, height: 40))
        // Both negative: both auto, radii of 0, nothing drawn.
        #expect(icon.pieces.count == 1)
        #expect(
            warnings.map(\.message) == [
                "rx=\"-30\" on <ellipse>: expected a length ≥ 0 or auto; drawn as auto",
                "rx=\"-30\" on <ellipse>: expected a length ≥ 0 or auto; drawn as auto",
                "ry=\"-20\" on <ellipse>: expected a length ≥ 0 or auto; drawn as auto",
                "<ellipse> without a valid rx or ry: not drawn (SVG draws no shape of no size)",
            ])
        #expect(warnings.map(\.line) == [2, 3, 3, 3])
    }

    @Test("percentages inside a used symbol measure its viewport: the use's width and height, or its viewBox")
    func symbolPercentages() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 200 200">
              <symbol id="s" overflow="visible"><rect width="100%" height="50%"/></symbol>
              <symbol id="v" viewBox="0 0 10 10" overflow="visible"><rect width="100%" height="50%"/></symbol>
              <use href="#s" x="10" width="150" height="100"/>
              <use href="#v" width="20" height="20"/>
            </svg>
            """)
        #expect(icon.pieces[0].path.bounds == Rect(x: 10, y: 0, width: 150, height: 50))
        // 100 % of the viewBox's 10 units, scaled ×2 into the 20-unit viewport.
        #expect(icon.pieces[1].path.bounds == Rect(x: 0, y: 0, width: 20, height: 10))
    }

    @Test(
        "rgb() with commas takes three numbers or three percentages, never a mix; spaces may mix them",
        arguments: [
            ("rgba(0, 50%, 0, 0.5)", nil),
            ("rgb(0%, 50%, 0%)", ColorRGBA8(r: 0, g: 128, b: 0)),
            ("rgba(0, 127, 0, 50%)", ColorRGBA8(r: 0, g: 127, b: 0, a: 128)),
            ("rgb(0 50% 0 / 0.5)", ColorRGBA8(r: 0, g: 128, b: 0, a: 128)),
        ] as [(String, ColorRGBA8?)])
    func rgbChannelKinds(text: String, color: ColorRGBA8?) {
        #expect(SVGColor.parse(text) == color)
    }

    @Test(
        "text counts in its group's bounding box by its glyph cells (advance by ascent and descent), hidden text too, as SVG 2 says"
    )
    func textCellsInBox() throws {
        let layout = try TextLayout.layout(
            "Text", style: TextStyle(family: "Inter", size: 40, alignment: .left, lineBreakMode: .wordWrap),
            width: 1e9, registry: FontRegistry())
        let (line, face) = (try #require(layout.lines.first), try #require(layout.faces.first))
        let scale = 40 / Double(face.unitsPerEm)
        // The cell of "Text" at x 0, baseline 50, and a rect below it.
        let expected = Rect(
            x: 0, y: 50 - Double(face.ascender) * scale, width: line.width,
            height: Double(face.ascender + face.descender) * scale
        ).union(Rect(x: 0, y: 60, width: 10, height: 30))
        for visibility in ["visible", "hidden"] {
            let icon = try parse(
                """
                <svg viewBox="0 0 200 100">
                  <clipPath id="c" clipPathUnits="objectBoundingBox"><circle cx="0.5" cy="0.5" r="0.5"/></clipPath>
                  <g clip-path="url(#c)"><text x="0" y="50" font-size="40" visibility="\(visibility)">Text</text>
                    <rect x="0" y="60" width="10" height="30"/></g>
                </svg>
                """)
            let group = try #require(icon.groups.first)
            #expect(group.pieces.count == (visibility == "hidden" ? 1 : 2))
            let box = try #require(group.mask.map { icon.pieces[$0.lowerBound].path.bounds })
            #expect(abs(box.minX - expected.minX) < 1e-9 && abs(box.maxX - expected.maxX) < 1e-9, "\(box)")
            #expect(abs(box.minY - expected.minY) < 1e-9 && abs(box.maxY - expected.maxY) < 1e-9, "\(box)")
        }
    }
}
