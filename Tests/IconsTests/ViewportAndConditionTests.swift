import Foundation
import Geometry
import Raster
import Testing

@testable import Icons

/// Nested `<svg>` viewports and `preserveAspectRatio`, `<switch>` and conditional attributes,
/// `transform-origin`, `font-size` for em: where each puts a shape.
@Suite("Viewports, conditions and origins")
struct ViewportAndConditionTests {
    @Test(
        "preserveAspectRatio places a 2:1 viewBox in a square at min, mid or max, meets, slices or stretches",
        arguments: [
            ("xMinYMin meet", Geometry.AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0, ty: 0)),
            ("xMidYMid", Geometry.AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0, ty: 25)),
            ("xMaxYMax meet", Geometry.AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0, ty: 50)),
            ("xMinYMin slice", Geometry.AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)),
            ("xMaxYMid slice", Geometry.AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -100, ty: 0)),
            ("none", Geometry.AffineTransform(a: 0.5, b: 0, c: 0, d: 1, tx: 0, ty: 0)),
        ])
    func aspectRatio(text: String, expected: Geometry.AffineTransform) throws {
        let aspect = try #require(SVGAspectRatio.parse(text))
        #expect(aspect.fit(Rect(x: 0, y: 0, width: 200, height: 100), into: Size(width: 100, height: 100)) == expected)
    }

    @Test("a nested svg moves its content into its viewport, fits its viewBox there, and clips what reaches outside")
    func nestedSVG() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 200 200">
              <svg x="20" y="40" width="100" height="50" viewBox="0 0 10 10" preserveAspectRatio="xMinYMid meet">
                <rect width="10" height="10"/><circle cx="10" cy="5" r="5"/>
              </svg>
            </svg>
            """)
        // ×5 (50 / 10), at x 20, y 40: the rect covers (20, 40)–(70, 90).
        #expect(icon.pieces[0].path.bounds == Rect(x: 20, y: 40, width: 50, height: 50))
        // The circle reaches x 95 < 120: inside the viewport, so no clip.
        #expect(icon.groups.isEmpty)
        let clipped = try parse(
            "<svg viewBox=\"0 0 200 200\"><svg width=\"50%\" height=\"50%\"><circle cx=\"100\" cy=\"50\" r=\"20\"/></svg></svg>"
        )
        #expect(clipped.groups == [IconGroup(pieces: 0..<1, opacity: 1, mask: 1..<2)])
        #expect(clipped.pieces[1].path.bounds == Rect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test("percentages inside a nested svg measure its viewport, not the icon's")
    func nestedPercentages() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 200 200"><svg x="50" y="50" width="100" height="40" overflow="visible">
              <rect width="50%" height="50%"/></svg></svg>
            """)
        #expect(icon.pieces[0].path.bounds == Rect(x: 50, y: 50, width: 50, height: 20))
    }

    @Test("a switch draws its first child whose conditions hold; conditions hide elements anywhere")
    func switchAndConditions() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 10 10">
              <switch>
                <rect width="1" height="1" requiredExtensions="http://example.org/bogus"/>
                <rect width="2" height="2" systemLanguage="ru, en-GB"/>
                <rect width="3" height="3"/>
              </switch>
              <rect width="4" height="4" systemLanguage="fr"/>
              <rect width="5" height="5" requiredFeatures="http://www.w3.org/TR/SVG11/feature#Shape"/>
            </svg>
            """)
        #expect(icon.pieces.map { $0.path.bounds.width } == [2, 5])
    }

    @Test("transform-origin moves a transform's fixed point: keywords and percentages of the viewport, lengths")
    func transformOrigin() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 100 100">
              <rect x="40" y="40" width="20" height="20" transform="scale(2)" transform-origin="center"/>
              <rect width="10" height="10" transform="scale(2)" transform-origin="right bottom"/>
              <rect width="10" height="10" transform="rotate(90)" transform-origin="10px 0"/>
            </svg>
            """)
        #expect(icon.pieces[0].path.bounds == Rect(x: 30, y: 30, width: 40, height: 40))
        #expect(icon.pieces[1].path.bounds == Rect(x: -100, y: -100, width: 20, height: 20))
        let turned = icon.pieces[2].path.bounds
        #expect(abs(turned.minX - 0) < 1e-12 && abs(turned.minY + 10) < 1e-12 && abs(turned.maxX - 10) < 1e-12)
    }

    @Test("em and ex measure the inherited font-size, keywords and percentages included")
    func fontSize() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 100 100" font-family="Inter"><g font-size="20"><rect width="2em" height="1ex"/>
            <rect width="1em" height="1em" font-size="50%"/><rect width="1em" height="1em" font-size="large"/></g></svg>
            """)
        #expect(
            icon.pieces.map(\.path.bounds.size) == [
                Size(width: 40, height: 10), Size(width: 10, height: 10), Size(width: 18, height: 18),
            ])
    }

    @Test("the root's preserveAspectRatio fits the icon into its item; slice is refused, as items do not clip")
    func rootAspectRatio() throws {
        let icon = try parse(
            "<svg viewBox=\"0 0 20 10\" preserveAspectRatio=\"xMinYMax\"><rect width=\"1\" height=\"1\"/></svg>")
        #expect(
            icon.fitting(Size(width: 40, height: 40)) == Geometry.AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 20)
        )
    }
}
