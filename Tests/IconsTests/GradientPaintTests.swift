import Foundation
import Geometry
import Raster
import Testing

@testable import Icons

/// `linearGradient` and `radialGradient` as design tools export them: units, transforms, `href`
/// inheritance, stops, fallbacks, and where SVG paints nothing.
@Suite("Gradient paint servers in icons")
struct GradientPaintTests {
    private func gradient(_ icon: Icon, piece: Int = 0, stroke: Bool = false) throws -> IconGradient {
        try #require(stroke ? icon.pieces[piece].strokeGradient : icon.pieces[piece].fillGradient)
    }

    @Test(
        "a bounding-box gradient is laid on the shape's own box (curve extremes, not control points), then the gradientTransform, then the shape's transform"
    )
    func boundingBoxUnits() throws {
        // A circle's box is (10, 20) to (30, 40); the defs come after the use, as Figma writes them.
        let icon = try parse(
            """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
              <circle cx="20" cy="30" r="10" fill="url(#g)" fill-opacity="0.5" transform="translate(5 0)"/>
              <defs>
                <linearGradient id="g" x2="0%" y2="100%" gradientTransform="scale(0.5)" spreadMethod="reflect">
                  <stop offset="0.2" stop-color="#F00"/><stop offset="10%" stop-color="blue" stop-opacity="0.5"/>
                  <stop style="stop-color: rgb(0, 255, 0)" offset="90%"/>
                </linearGradient>
              </defs>
            </svg>
            """)
        let g = try gradient(icon)
        #expect(icon.pieces[0].fill == .clear)
        #expect(g.gradient.kind == .linear && g.gradient.spread == .reflect && g.gradient.interpolation == .straight)
        #expect(g.gradient.startPoint == Point(0, 0) && g.gradient.endPoint == Point(0, 1))
        // Offsets never go back (10 % after 0.2 is 0.2); alphas carry fill-opacity.
        #expect(g.gradient.locations == [0.2, 0.2, 0.9])
        #expect(
            g.gradient.colors == [
                ColorRGBA8(r: 255, g: 0, b: 0, a: 128), ColorRGBA8(r: 0, g: 0, b: 255, a: 64),
                ColorRGBA8(r: 0, g: 255, b: 0, a: 128),
            ])
        #expect(g.toViewBox == AffineTransform(a: 10, b: 0, c: 0, d: 10, tx: 15, ty: 20))
    }

    @Test(
        "a user-space radial gradient takes its geometry from an href of its own kind, its stops from the first that has some, and a focus"
    )
    func userSpaceRadialThroughHref() throws {
        let icon = try parse(
            """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 200 100">
              <linearGradient id="stops" x1="0.3"><stop offset="0" stop-color="white"/><stop offset="1"/></linearGradient>
              <radialGradient id="base" xlink:href="#stops" cx="50%" r="20" gradientUnits="userSpaceOnUse"/>
              <radialGradient id="r" href="#base" fx="90" fr="5"/>
              <rect width="200" height="100" stroke="url('#r')" stroke-width="4" fill="none"/>
            </svg>
            """)
        let g = try gradient(icon, stroke: true)
        #expect(icon.pieces[0].stroke == .clear && icon.pieces[0].strokes)
        // cx 50 % of the viewBox width, cy the default 50 % of its height.
        #expect(g.gradient.kind == .radial)
        #expect(g.gradient.startPoint == Point(100, 50) && g.gradient.endPoint == Point(120, 50))
        #expect(g.gradient.focus == Gradient.Focus(center: Point(90, 50), radius: 5))
        #expect(g.gradient.colors == [.white, .black] && g.gradient.locations == [0, 1])
        #expect(g.toViewBox == .identity)
    }

    @Test("currentColor in a stop is the color where the gradient stands, not where it is used")
    func stopCurrentColor() throws {
        let icon = try parse(
            """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
              <g color="#00FF00"><linearGradient id="g"><stop stop-color="yellow"/><stop offset="1" stop-color="currentColor"/></linearGradient></g>
              <rect width="10" height="10" color="red" fill="url(#g)"/>
            </svg>
            """)
        #expect(
            try gradient(icon).gradient.colors == [ColorRGBA8(r: 255, g: 255, b: 0), ColorRGBA8(r: 0, g: 255, b: 0)])
    }

    @Test(
        "where SVG paints a solid colour or nothing: one stop, a vector of no length, r = 0, no stops (the fallback), a box without area, a missing id",
        arguments: [
            (
                "<linearGradient id=\"g\"><stop stop-color=\"red\"/></linearGradient>", "url(#g)",
                ColorRGBA8(r: 255, g: 0, b: 0)
            ),
            (
                "<linearGradient id=\"g\" x2=\"0\"><stop stop-color=\"red\"/><stop offset=\"1\" stop-color=\"blue\"/></linearGradient>",
                "url(#g)", ColorRGBA8(r: 0, g: 0, b: 255)
            ),
            (
                "<radialGradient id=\"g\" r=\"0\"><stop stop-color=\"red\"/><stop offset=\"1\" stop-color=\"blue\"/></radialGradient>",
                "url(#g)", ColorRGBA8(r: 0, g: 0, b: 255)
            ),
            ("<linearGradient id=\"g\"/>", "url(#g) #0F0", ColorRGBA8(r: 0, g: 255, b: 0)),
            ("<linearGradient id=\"g\"/>", "url(#g)", ColorRGBA8.clear),
            ("", "url(#missing) currentColor", ColorRGBA8.black),
        ])
    func solidCases(definition: String, fill: String, expected: ColorRGBA8) throws {
        let icon = try parse(
            "<svg viewBox=\"0 0 10 10\">\(definition)<rect width=\"4\" height=\"4\" fill=\"\(fill)\"/></svg>")
        #expect(icon.pieces[0].fillGradient == nil)
        #expect(icon.pieces[0].fill == expected)
    }

    @Test("a bounding-box gradient on a horizontal line paints nothing, or the fallback")
    func lineWithoutArea() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 10 10"><linearGradient id="g"><stop/><stop offset="1" stop-color="red"/></linearGradient>
            <line x2="10" stroke="url(#g)"/><line x2="10" stroke="url(#g) blue"/></svg>
            """)
        #expect(icon.pieces.map(\.stroke) == [.clear, ColorRGBA8(r: 0, g: 0, b: 255)])
        #expect(icon.pieces.allSatisfy { $0.strokeGradient == nil })
    }

    @Test(
        "a focal circle equal to the end circle paints the first stop inside it and the last outside, as resvg draws it"
    )
    func focalCircleEqualToEnd() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 10 10"><radialGradient id="g" fr="0.5"><stop/><stop offset="1" stop-color="red"/></radialGradient>
            <rect width="4" height="4" fill="url(#g)"/></svg>
            """)
        let g = try gradient(icon)
        #expect(g.gradient.locations == [0, 1, 1] && g.gradient.focus == nil)
        #expect(g.gradient.colors == [.black, .black, ColorRGBA8(r: 255, g: 0, b: 0)])
        #expect(g.gradient.startPoint == Point(0.5, 0.5) && g.gradient.endPoint == Point(1, 0.5))
    }

    @Test("an href cycle is cut where it closes: the gradient keeps what it has")
    func hrefCycle() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 10 10"><linearGradient id="a" href="#b"><stop/><stop offset="1" stop-color="red"/></linearGradient>
            <linearGradient id="b" href="#a" x2="0.5"/><rect width="4" height="4" fill="url(#b)"/></svg>
            """)
        let g = try gradient(icon)
        #expect(g.gradient.endPoint == Point(0.5, 0) && g.gradient.colors == [.black, ColorRGBA8(r: 255, g: 0, b: 0)])
    }

    @Test(
        "malformed gradient and pattern values count as not written, with a warning naming the definition's line",
        arguments: [
            (
                "<linearGradient id=\"g\" spreadMethod=\"mirror\"><stop/><stop offset=\"1\"/></linearGradient>",
                "test.svg:1: spreadMethod=\"mirror\" on <linearGradient> at line 1: expected pad, reflect or repeat; drawn as if not given (SVG ignores an invalid value)"
            ),
            (
                "<linearGradient id=\"g\" x1=\"left\"><stop/><stop offset=\"1\"/></linearGradient>",
                "test.svg:1: x1=\"left\" on <linearGradient> at line 1: expected a number or a percentage; drawn as if not given (SVG ignores an invalid value)"
            ),
            (
                "<linearGradient id=\"g\"><stop offset=\"5mm\"/></linearGradient>",
                "test.svg:1: offset=\"5mm\" on <stop> at line 1: expected a number or a percentage; drawn as if not given (SVG ignores an invalid value)"
            ),
            (
                "<defs><pattern id=\"g\" patternUnits=\"pixels\"><rect width=\"1\" height=\"1\"/></pattern></defs>",
                "test.svg:1: patternUnits=\"pixels\" on <pattern> at line 1: expected userSpaceOnUse or objectBoundingBox; drawn as if not given (SVG ignores an invalid value)"
            ),
        ])
    func recoveries(definition: String, message: String) throws {
        let (_, warnings) = try parseWarning(
            "<svg viewBox=\"0 0 10 10\">\(definition)<rect width=\"4\" height=\"4\" fill=\"url(#g)\"/></svg>")
        #expect(warnings.map(\.description) == [message])
    }

    @Test("display=\"none\" draws neither the element nor its children; inherit keeps the parent's paint")
    func displayNoneAndInherit() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 10 10"><g display="none"><rect width="4" height="4"/></g>
            <g fill="#0A0A"><rect width="4" height="4" fill="inherit"/></g></svg>
            """)
        #expect(icon.pieces.count == 1)
        #expect(icon.pieces[0].fill == ColorRGBA8(r: 0, g: 170, b: 0, a: 170))
    }

    @Test("a gradient's map to viewBox units places t at each pixel centre of a 1-unit-per-pixel drawing")
    func drawn() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 10 10"><linearGradient id="g"><stop/><stop offset="1" stop-color="white"/></linearGradient>
            <rect width="10" height="10" fill="url(#g)"/></svg>
            """)
        let g = try gradient(icon)
        // 10 px for 10 units: pixel x's centre is at t = (x + 0.5) / 10.
        let paint = GradientPaint(gradient: g.gradient, size: Size(width: 1, height: 1), toPixels: g.toViewBox)
        for x in 0..<10 {
            let level = UInt8((255 * (Double(x) + 0.5) / 10 + 0.5).rounded(.down))
            #expect(
                GradientShader.color(of: paint, x: x, y: 3) == PremultipliedRGBA8(r: level, g: level, b: level, a: 255))
        }
    }
}
