import Colors
import Foundation
import Geometry
import Shapes
import Testing

@testable import Icons

/// Values SVG draws around (IconBuilder+Recovery.swift): each is drawn as SVG and resvg draw it,
/// with a warning naming the attribute, the value, what was expected and what was drawn instead.
@Suite("Invalid values drawn as SVG says, with warnings")
struct IconRecoveryTests {
    static let ignored = "drawn as if not given (SVG ignores an invalid value)"

    /// The icon of `body` in a 10 × 10 viewBox, and its warnings' messages.
    func drawn(_ body: String) throws -> (Icon, [String]) {
        let (icon, warnings) = try parseWarning("<svg viewBox=\"0 0 10 10\">\(body)</svg>")
        return (icon, warnings.map(\.message))
    }

    @Test("an invalid fill is as if not written (the inherited black), and the element's other values still apply")
    func invalidFill() throws {
        let (icon, warnings) = try drawn(
            "<g fill=\"blue\"><rect width=\"4\" height=\"4\" fill=\"#qqq\" stroke=\"red\" opacity=\"0.1mm\"/></g>")
        #expect(icon.pieces.map(\.fill) == [ColorRGBA8(r: 0, g: 0, b: 255)])
        #expect(icon.pieces.map(\.stroke) == [ColorRGBA8(r: 255, g: 0, b: 0)])
        #expect(
            warnings == [
                "fill=\"#qqq\" on <rect>: expected a colour (#RGB, #RRGGBB, a CSS name, rgb(…), hsl(…)), none, currentColor, context-fill, context-stroke or url(#gradient); \(Self.ignored)",
                "opacity=\"0.1mm\" on <rect>: expected a number from 0 to 1, or a percentage; \(Self.ignored)",
            ])
    }

    @Test("a colour followed by icc-color(…) is not a CSS colour: the whole value is set aside, as resvg draws it")
    func iccColour() throws {
        let (icon, warnings) = try drawn("<rect width=\"4\" height=\"4\" fill=\"red icc-color(acme, 0.1)\"/>")
        #expect(icon.pieces.map(\.fill) == [.black])
        #expect(warnings.count == 1 && warnings[0].hasPrefix("fill=\"red icc-color(acme, 0.1)\" on <rect>"))
    }

    @Test(
        "rgb() with commas takes three numbers or three percentages, not a mix (CSS Color 4); with spaces a mix is valid"
    )
    func legacyRGBMix() throws {
        let (icon, warnings) = try drawn(
            "<rect width=\"4\" height=\"4\" fill=\"rgba(0, 50%, 0, 0.5)\"/><rect width=\"4\" height=\"4\" fill=\"rgb(0 50% 0)\"/>"
        )
        #expect(icon.pieces.map(\.fill) == [.black, ColorRGBA8(r: 0, g: 128, b: 0)])
        #expect(
            warnings.count == 1 && warnings[0].hasPrefix("fill=\"rgba(0, 50%, 0, 0.5)\" on <rect>: expected a colour"))
    }

    @Test(
        "stroke values: a negative dash draws solid, a negative width no stroke, arcs joins as miters, others the defaults"
    )
    func strokeValues() throws {
        let (icon, warnings) = try drawn(
            """
            <path d="M0 0 L5 5" stroke="red" stroke-dasharray="2 -1" stroke-linejoin="arcs" stroke-linecap="miter" stroke-miterlimit="5mm"/>
            <path d="M0 0 L5 5" stroke="red" stroke-width="-2"/>
            """)
        let style = icon.pieces[0].strokeStyle
        #expect(style.lineDashPattern.isEmpty && style.lineJoin == .miter && style.lineCap == .butt)
        #expect(style.miterLimit == 4)
        #expect(icon.pieces.count == 2 && icon.pieces[1].strokeStyle.lineWidth == 0)
        #expect(
            warnings == [
                "stroke-linecap=\"miter\" on <path>: expected butt, round or square; \(Self.ignored)",
                "stroke-linejoin=\"arcs\" on <path>: expected miter, round or bevel; drawn with miter joins (SVG 2's fallback)",
                "stroke-miterlimit=\"5mm\" on <path>: expected a number ≥ 1; \(Self.ignored)",
                "stroke-dasharray=\"2 -1\" on <path>: expected none or up to 64 lengths ≥ 0; drawn without dashes (SVG 2 strokes a negative dash as none)",
                "stroke-width=\"-2\" on <path>: expected a length ≥ 0; drawn without a stroke",
            ])
    }

    @Test("an invalid transform counts as not written")
    func invalidTransform() throws {
        let (icon, warnings) = try drawn("<rect width=\"4\" height=\"4\" transform=\"qwe\"/>")
        #expect(icon.pieces[0].path.controlPointBounds == Rect(x: 0, y: 0, width: 4, height: 4))
        #expect(
            warnings == [
                "transform=\"qwe\" on <rect>: expected matrix, translate, scale, rotate, skewX or skewY; \(Self.ignored)"
            ])
    }

    @Test("shapes without a size are not drawn; an ellipse's missing radius takes the other (SVG 2's auto)")
    func shapeSizes() throws {
        let (icon, warnings) = try drawn(
            """
            <rect height="4"/><rect width="-1" height="4"/><circle r="-2"/><ellipse rx="-1" ry="-1"/>
            <ellipse cx="5" cy="5" ry="2"/><rect x="2cap" width="1" height="1"/>
            """)
        #expect(icon.pieces.count == 2)
        #expect(icon.pieces[0].path.controlPointBounds == Rect(x: 3, y: 3, width: 4, height: 4))
        #expect(icon.pieces[1].path.controlPointBounds == Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(
            warnings == [
                "<rect> without width: not drawn (SVG draws no shape of no size)",
                "width=\"-1\" on <rect>: expected a length ≥ 0; drawn as nothing (no size)",
                "r=\"-2\" on <circle>: expected a length ≥ 0; drawn as nothing (no size)",
                "rx=\"-1\" on <ellipse>: expected a length ≥ 0 or auto; drawn as auto",
                "ry=\"-1\" on <ellipse>: expected a length ≥ 0 or auto; drawn as auto",
                "<ellipse> without a valid rx or ry: not drawn (SVG draws no shape of no size)",
                "x=\"2cap\" on <rect>: expected \(IconBuilder.lengthExpected); \(Self.ignored)",
            ])
    }

    @Test("path data is drawn up to the segment before its first error; points up to the first bad number")
    func pathAndPoints() throws {
        let (icon, warnings) = try drawn(
            "<path d=\"M0 0 L5 5 L6#6\"/><polyline points=\"0 0 1 1 2\"/><polygon points=\"0 0 1 1 2 x 3 3\"/>")
        #expect(icon.pieces[0].path.elements == [.move(Point(0, 0)), .line(Point(5, 5))])
        #expect(icon.pieces[1].path.elements == [.move(Point(0, 0)), .line(Point(1, 1))])
        #expect(icon.pieces[2].path.elements == [.move(Point(0, 0)), .line(Point(1, 1)), .close])
        #expect(
            warnings == [
                "d on <path>: path data, character 12: expected a number, found '#'; drawn up to the segment before it (SVG's rule for path data in error)",
                "points=\"0 0 1 1 2\" on <polyline>: expected pairs of numbers; drawn with the pairs before the error (SVG's rule)",
                "points=\"0 0 1 1 2 x 3 3\" on <polygon>: expected pairs of numbers; drawn with the pairs before the error (SVG's rule)",
            ])
        // Flipbook's own bounds are not SVG's grammar: still refused.
        #expect(throws: IconError.self) { try parse("<svg viewBox=\"0 0 1 1\"><path d=\"M0 0 L1e10 0\"/></svg>") }
    }

    @Test("stop-color=\"inherit\" takes the gradient's own stop-color, or black; opacity on a stop changes nothing")
    func stopInherit() throws {
        let (icon, warnings) = try drawn(
            """
            <g stop-color="blue"><linearGradient id="g" stop-color="lime"><stop stop-color="inherit" opacity="0.5"/>
            <stop offset="1" stop-color="inherit"/></linearGradient>
            <linearGradient id="h"><stop stop-color="inherit"/><stop offset="1" stop-color="red"/></linearGradient></g>
            <rect width="4" height="4" fill="url(#g)"/><rect width="4" height="4" fill="url(#h)"/>
            """)
        #expect(
            icon.pieces[0].fillGradient?.gradient.colors == [
                ColorRGBA8(r: 0, g: 255, b: 0), ColorRGBA8(r: 0, g: 255, b: 0),
            ])
        #expect(icon.pieces[1].fillGradient?.gradient.colors == [.black, ColorRGBA8(r: 255, g: 0, b: 0)])
        #expect(warnings == ["opacity on <stop> at line 1: SVG applies it to shapes and groups only; drawn without it"])
    }

    @Test("a root of no size draws nothing; one without any size takes its content's extent from the origin")
    func rootSize() throws {
        var warnings: [IconWarning] = []
        let empty = try IconLoader.parse(
            Data("<svg width=\"0\" height=\"10\"><rect width=\"4\" height=\"4\"/></svg>".utf8), name: "z.svg",
            warnings: &warnings)
        #expect(empty.pieces.isEmpty && empty.viewBox == Rect(x: 0, y: 0, width: 100, height: 10))
        let unsized = try IconLoader.parse(
            Data("<svg><rect x=\"2\" width=\"4\" height=\"3\" stroke=\"red\" stroke-width=\"2\"/></svg>".utf8),
            name: "n.svg", warnings: &warnings)
        #expect(unsized.pieces.count == 1 && unsized.viewBox == Rect(x: 0, y: 0, width: 7, height: 4))
        #expect(
            warnings.map(\.description) == [
                "z.svg:1: width=\"0\" on the root <svg>: a viewport of no size; drawn as nothing",
                "n.svg:1: the root <svg> has neither a viewBox nor a width and height: drawn in the extent of its content from the origin (resvg's size for it)",
            ])
    }

    @Test("a sheet that is not CSS and attributes SVG gives other elements are set aside")
    func setAside() throws {
        let (icon, warnings) = try drawn(
            "<style type=\"text/sass\">rect { fill: red; }</style><g x=\"5\"><rect width=\"4\" height=\"4\" spreadMethod=\"pad\"/></g>"
        )
        #expect(icon.pieces.map(\.fill) == [.black])
        #expect(icon.pieces[0].path.controlPointBounds == Rect(x: 0, y: 0, width: 4, height: 4))
        #expect(
            warnings == [
                "the <style type=\"text/sass\"> is not CSS; its rules are ignored",
                "x=\"5\" on <g>: SVG defines it for other elements; drawn without it",
                "spreadMethod=\"pad\" on <rect>: SVG defines it for other elements; drawn without it",
            ])
        let (unclipped, clipWarnings) = try drawn("<rect width=\"4\" height=\"4\" clip-path=\"qwe\"/>")
        #expect(unclipped.pieces.count == 1 && unclipped.groups.isEmpty)
        #expect(clipWarnings == ["clip-path=\"qwe\" on <rect>: expected none or url(#id); \(Self.ignored)"])
        #expect(throws: IconError.self) { try parse("<svg viewBox=\"0 0 1 1\"><rect clip-path=\"circle()\"/></svg>") }
        // A viewBox that does not parse counts as not written: the nested viewport's own size.
        let (nested, viewBoxWarnings) = try drawn(
            "<svg width=\"5\" height=\"5\" viewBox=\"0 0 1\"><rect width=\"50%\" height=\"1\"/></svg>")
        #expect(nested.pieces.first?.path.controlPointBounds == Rect(x: 0, y: 0, width: 2.5, height: 1))
        #expect(
            viewBoxWarnings == [
                "viewBox=\"0 0 1\" on <svg>: expected four numbers, min-x min-y width height, with width and height > 0; \(Self.ignored)"
            ])
    }

    @Test("definitions' invalid values count as not written: units, regions, flood colours, clip rules")
    func definitions() throws {
        let (icon, warnings) = try drawn(
            """
            <filter id="f" filterUnits="px" x="a"><feFlood flood-color="#zz" flood-opacity="x" width="q"/></filter>
            <mask id="m" maskUnits="px" x="a"><rect width="10" height="10" fill="white"/></mask>
            <clipPath id="c" clipPathUnits="px"><rect width="5" height="5" clip-rule="odd"/></clipPath>
            <rect width="4" height="4" filter="url(#f)"/>
            <rect width="4" height="4" mask="url(#m)"/><rect width="4" height="4" clip-path="url(#c)"/>
            """)
        let flood = try #require(icon.groups.compactMap(\.filter).first)
        #expect(flood.primitives.map(\.kind) == [.flood(.black)])
        // The default region, −10 %/120 % of the 4 × 4 box.
        #expect(flood.region == Rect(x: -0.4, y: -0.4, width: 4.8, height: 4.8))
        #expect(
            warnings == [
                "filterUnits=\"px\" on <filter> at line 1: expected userSpaceOnUse or objectBoundingBox; \(Self.ignored)",
                "x=\"a\" on <filter> at line 1: expected a length; \(Self.ignored)",
                "flood-color=\"#zz\" on <feFlood> at line 1: expected a colour; \(Self.ignored)",
                "flood-opacity=\"x\" on <feFlood> at line 1: expected a number from 0 to 1; \(Self.ignored)",
                "width=\"q\" on <feFlood> at line 1: expected a length; \(Self.ignored)",
                "maskUnits=\"px\" on <mask> at line 2: expected userSpaceOnUse or objectBoundingBox; \(Self.ignored)",
                "x=\"a\" on <mask> at line 2: expected a length; \(Self.ignored)",
                "clipPathUnits=\"px\" on <clipPath> at line 3: expected userSpaceOnUse or objectBoundingBox; \(Self.ignored)",
                "clip-rule=\"odd\" on <rect>: expected nonzero or evenodd; \(Self.ignored) (copied there by the <use> at line 5)",
            ])
    }
}
