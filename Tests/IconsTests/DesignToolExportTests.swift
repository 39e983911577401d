import Foundation
import Geometry
import Raster
import Testing

@testable import Icons

/// What design tools and icon sets write around the drawing: names, titles, editor metadata,
/// named and functional colours, and the opacity properties.
@Suite("Design-tool exports")
struct DesignToolExportTests {
    static let bare = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
          <g fill="#008000"><rect x="2" y="2" width="20" height="20" rx="4"/></g>
          <path d="M6 12 L10 16 L18 8" fill="none" stroke="#FFFFFF" stroke-width="2"/>
        </svg>
        """

    @Test(
        "accessibility attributes (aria-*, role, focusable) and clip-rule outside a clip path draw nothing, as Heroicons writes them"
    )
    func accessibilityAttributesAreIgnored() throws {
        let exported = try parse(
            """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" aria-hidden="true" role="img" focusable="false"
                 aria-label="Done">
              <g fill="green"><rect x="2" y="2" width="20" height="20" rx="4" clip-rule="evenodd"/></g>
              <path d="M6 12 L10 16 L18 8" fill="none" stroke="white" stroke-width="2" aria-describedby="tick"/>
            </svg>
            """)
        #expect(exported.pieces == (try parse(Self.bare)).pieces)
    }

    @Test(
        "ids, classes, titles, descriptions, metadata and an editor's namespaced elements and attributes draw nothing")
    func annotationsAreIgnored() throws {
        let exported = try parse(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
                 xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" id="svg1" version="1.1"
                 x="0px" y="0px" viewBox="0 0 24 24" xml:space="preserve" enable-background="new 0 0 24 24"
                 preserveAspectRatio="xMidYMid meet" data-name="Layer 1">
              <title>Check, done</title>
              <desc>A tick in a rounded square.</desc>
              <metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>
              <sodipodi:namedview id="base" pagecolor="#ffffff"><sodipodi:guide position="0,0"/></sodipodi:namedview>
              <g id="layer1" class="frame" fill="green"><rect id="r1" x="2" y="2" width="20" height="20" rx="4"/></g>
              <path class="tick" d="M6 12 L10 16 L18 8" fill="none" stroke="white" stroke-width="2" data-index="2"/>
            </svg>
            """)
        let bare = try parse(Self.bare)
        #expect(exported.viewBox == bare.viewBox)
        #expect(exported.pieces.count == bare.pieces.count)
        for (a, b) in zip(exported.pieces, bare.pieces) { #expect(a == b, "\(a) vs \(b)") }
    }

    @Test("an element whose xmlns names another namespace draws nothing, nor does what it holds; SVG's own xmlns draws")
    func otherNamespaceIsIgnored() throws {
        let mixed = try parse(
            """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <g fill="#008000"><rect x="2" y="2" width="20" height="20" rx="4"/></g>
              <g xmlns="http://example.org/notsvg"><rect width="24" height="24" fill="red"/></g>
              <g xmlns="http://www.w3.org/2000/svg">
                <path d="M6 12 L10 16 L18 8" fill="none" stroke="#FFFFFF" stroke-width="2"/>
              </g>
            </svg>
            """)
        #expect(mixed.pieces == (try parse(Self.bare)).pieces)
    }

    @Test("named colours, rgb() and rgba() give their bytes; fill-opacity and stroke-opacity scale each paint's alpha")
    func coloursAndOpacity() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 10 10" fill-opacity="0.5">
              <rect width="4" height="4" fill="RebeccaPurple"/>
              <rect width="4" height="4" fill="rgb(255, 128, 0)" stroke="rgba(0, 0, 255, 0.25)" stroke-opacity="50%"/>
              <rect width="4" height="4" fill="rgb(100%, 50%, 0%)" fill-opacity="1" opacity="0.2"/>
              <rect width="4" height="4" fill="none" stroke="DarkSlateGrey" opacity="0.6"/>
            </svg>
            """)
        #expect(icon.pieces[0].fill == ColorRGBA8(r: 0x66, g: 0x33, b: 0x99, a: 128))
        #expect(icon.pieces[1].fill == ColorRGBA8(r: 255, g: 128, b: 0, a: 128))
        // rgba's 0.25 is 64/255; then stroke-opacity 50 % halves it: 32.
        #expect(icon.pieces[1].stroke == ColorRGBA8(r: 0, g: 0, b: 255, a: 32))
        #expect(icon.pieces[2].fill == ColorRGBA8(r: 255, g: 128, b: 0, a: 51))
        #expect(icon.pieces[3].stroke == ColorRGBA8(r: 0x2F, g: 0x4F, b: 0x4F, a: 153))
    }

    @Test("hsl() and hsla() give CSS Color 4's bytes: the six primaries and secondaries, a grey and a translucent one")
    func hslColours() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 10 10">
              <rect width="4" height="4" fill="hsl(0, 100%, 50%)"/>
              <rect width="4" height="4" fill="hsl(120deg 100% 50%)"/>
              <rect width="4" height="4" fill="hsl(240, 100%, 50%)"/>
              <rect width="4" height="4" fill="hsl(60, 100%, 50%)"/>
              <rect width="4" height="4" fill="hsl(-60, 100%, 25%)"/>
              <rect width="4" height="4" fill="hsl(200, 0%, 40%)"/>
              <rect width="4" height="4" fill="hsla(30, 100%, 50%, 0.5)"/>
            </svg>
            """)
        let expected: [ColorRGBA8] = [
            ColorRGBA8(r: 255, g: 0, b: 0), ColorRGBA8(r: 0, g: 255, b: 0), ColorRGBA8(r: 0, g: 0, b: 255),
            ColorRGBA8(r: 255, g: 255, b: 0),
            // Magenta at 25 % lightness: 0.5 of 255 is 127.5, rounded half away to 128.
            ColorRGBA8(r: 128, g: 0, b: 128),
            ColorRGBA8(r: 102, g: 102, b: 102),
            // Orange: g = 0.5 − 0.5·max(−1, min(k − 3, 9 − k, 1)) with k = 8 + 1 = 9 → 0.5; 128 a half alpha.
            ColorRGBA8(r: 255, g: 128, b: 0, a: 128),
        ]
        #expect(icon.pieces.map(\.fill) == expected)
    }

    @Test(
        "lengths take CSS's units at 96 px an inch, and percentages and viewport units of the viewBox, x across, y down, r along the normalized diagonal"
    )
    func lengthUnits() throws {
        let icon = try parse(
            """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">
              <rect x="10%" y="10%" width="1in" height="2.54cm"/>
              <rect x="25.4mm" y="101.6Q" width="72pt" height="6pc"/>
              <rect x="1em" y="2ex" width="5vw" height="5vmax"/>
              <circle cx="50%" cy="50%" r="10%" stroke="black" stroke-width="1%"/>
            </svg>
            """)
        let boxes = icon.pieces.map(\.path.controlPointBounds)
        let near = { (a: Rect, b: Rect) in
            abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.maxX - b.maxX) < 1e-9
                && abs(a.maxY - b.maxY) < 1e-9
        }
        #expect(near(boxes[0], Rect(x: 20, y: 10, width: 96, height: 96)), "\(boxes[0])")
        #expect(near(boxes[1], Rect(x: 96, y: 96, width: 96, height: 96)), "\(boxes[1])")
        #expect(near(boxes[2], Rect(x: 16, y: 16, width: 10, height: 10)), "\(boxes[2])")
        // √((200² + 100²)/2) = 158.11…: r = 15.81…, the stroke 1.58… wide.
        let diagonal = ((200.0 * 200 + 100 * 100) / 2).squareRoot()
        #expect(abs(boxes[3].minX - (100 - diagonal / 10)) < 1e-9 && abs(boxes[3].midY - 50) < 1e-9)
        #expect(abs(icon.pieces[3].strokeStyle.lineWidth - diagonal / 100) < 1e-12)
        // A length that does not parse counts as not written: a rect without a width is not drawn.
        let (invalid, warnings) = try parseWarning(
            "<svg viewBox=\"0 0 10 10\"><rect width=\"44mmx\" height=\"1\"/></svg>")
        #expect(invalid.pieces.isEmpty)
        #expect(
            warnings.map(\.description) == [
                "test.svg:1: width=\"44mmx\" on <rect>: expected a length (a number, with px, in, cm, mm, Q, pt, pc, em, ex, %, vw, vh, vmin or vmax); drawn as if not given (SVG ignores an invalid value)"
            ])
    }

    @Test("!important outranks specificity, order and style=\"\" unless that is !important too, as CSS cascades")
    func importantDeclarations() throws {
        let icon = try parse(
            """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <style>#a { fill: green !important; } #a { fill: red; } rect.b { fill: red; } rect { fill: blue !important; }</style>
              <rect id="a" width="4" height="4" style="fill: red"/>
              <rect class="b" width="4" height="4"/>
              <rect width="4" height="4" style="fill: yellow !important"/>
            </svg>
            """)
        #expect(
            icon.pieces.map(\.fill) == [
                ColorRGBA8(r: 0, g: 128, b: 0), ColorRGBA8(r: 0, g: 0, b: 255), ColorRGBA8(r: 255, g: 255, b: 0),
            ])
    }

    @Test(
        "currentColor is inherited as the keyword: a color set below the element that wrote it still binds (CSS Color 4)"
    )
    func currentColorBindsWhereItPaints() throws {
        let icon = try parse(
            """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <g fill="currentColor"><g color="green"><rect width="10" height="10"/></g><rect width="4" height="4"/></g>
            </svg>
            """)
        #expect(icon.pieces[0].fill == ColorRGBA8(r: 0, g: 128, b: 0) && !icon.pieces[0].fillFollowsTint)
        #expect(icon.pieces[1].fill == .black && icon.pieces[1].fillFollowsTint)
    }

    @Test("currentColor takes the color attribute where one is set, and otherwise follows the item's tint")
    func currentColor() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 10 10" fill="none">
              <path d="M1 1H9" stroke="currentColor"/>
              <g color="#FF3B30"><circle cx="5" cy="5" r="2" fill="currentColor"/></g>
              <rect width="2" height="2" fill="#34C759"/>
            </svg>
            """)
        #expect(icon.usesCurrentColor)
        #expect(icon.pieces[0].strokeFollowsTint && icon.pieces[0].stroke == .black)
        #expect(!icon.pieces[1].fillFollowsTint && icon.pieces[1].fill == ColorRGBA8(r: 0xFF, g: 0x3B, b: 0x30))
        #expect(!icon.pieces[2].fillFollowsTint && icon.pieces[2].fill == ColorRGBA8(r: 0x34, g: 0xC7, b: 0x59))
    }

    @Test(
        "an Illustrator-style export: a <style> sheet in <defs>, CDATA-wrapped, classes on the shapes, draws as the bare file"
    )
    func styleSheetExport() throws {
        let exported = try parse(
            """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <defs><style><![CDATA[ /* Generator: a design tool */
                .cls-1 { fill: #008000; }
                .cls-2 { fill: none; stroke: #ffffff; stroke-width: 2px; }
              ]]></style></defs>
              <rect class="cls-1" x="2" y="2" width="20" height="20" rx="4"/>
              <path class="cls-2" d="M6 12 L10 16 L18 8"/>
            </svg>
            """)
        let bare = try parse(Self.bare)
        #expect(exported.pieces == bare.pieces)
    }

    @Test(
        "the cascade: an id beats classes beats the type, a later rule beats an earlier one, style=\"\" beats them all, and all beat attributes"
    )
    func cascade() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 10 10">
              <style>
                rect { fill: #FF0000 } .a { fill: #00FF00 } #b { fill: #0000FF } .c, .a { fill: #00FFFF }
                rect.a.c { stroke: #000000 }
              </style>
              <rect width="4" height="4" fill="#123456"/>
              <rect class="a" width="4" height="4"/>
              <rect id="b" class="a" width="4" height="4"/>
              <rect class="a c" width="4" height="4" style="fill: hsl(60, 100%, 50%)"/>
            </svg>
            """)
        #expect(
            icon.pieces.map(\.fill) == [
                ColorRGBA8(r: 255, g: 0, b: 0), ColorRGBA8(r: 0, g: 255, b: 255), ColorRGBA8(r: 0, g: 0, b: 255),
                ColorRGBA8(r: 255, g: 255, b: 0),
            ])
        #expect(icon.pieces.map(\.stroke) == [.clear, .clear, .clear, .black])
    }

    @Test(
        "CSS the subset cannot honour is refused in words: pseudo-classes it cannot tell, at-rules, presentation properties it lacks",
        arguments: [
            (
                "<style>rect:nth-child(2) { fill: red }</style><rect class=\"a\" width=\"1\" height=\"1\"/>",
                "the selector 'rect:nth-child(2)' in <style> is not supported: the pseudo-class"
            ),
            (
                "<style>@media print { rect { fill: red } }</style>",
                "the at-rule '@media print' in <style> is not supported"
            ),
            (
                "<rect width=\"1\" height=\"1\" style=\"lighting-color: red\"/>",
                "the CSS property 'lighting-color' on <rect> is not in the supported SVG subset"
            ),
            (
                "<defs><foreignObject id=\"g\"/></defs><use href=\"#g\"/>",
                "element <foreignObject> is not in the supported SVG subset"
            ),
        ])
    func refusedCSS(body: String, message: String) throws {
        let error = try refusal(of: body)
        #expect(error.description.contains(message), "\(error.description)")
    }

    @Test("an unknown colour or fit is drawn as if not given, with a warning")
    func refusals() throws {
        let (icon, warnings) = try parseWarning(
            "<svg viewBox=\"0 0 10 10\"><rect width=\"4\" height=\"4\" fill=\"greenish\"/></svg>")
        #expect(icon.pieces.map(\.fill) == [.black])
        #expect(
            warnings.map(\.message) == [
                "fill=\"greenish\" on <rect>: expected a colour (#RGB, #RRGGBB, a CSS name, rgb(…), hsl(…)), none, currentColor, context-fill, context-stroke or url(#gradient); drawn as if not given (SVG ignores an invalid value)"
            ])
        let (fit, fitWarnings) = try parseWarning(
            "<svg viewBox=\"0 0 10 10\" preserveAspectRatio=\"sideways\"><rect width=\"4\" height=\"4\"/></svg>")
        #expect(fit.aspectRatio == .default)
        #expect(
            fitWarnings.map(\.message) == [
                "preserveAspectRatio=\"sideways\" on <svg>: expected none or xMinYMin … xMaxYMax, then meet or slice; drawn as if not given (SVG ignores an invalid value)"
            ])
    }

    @Test("slice on the root cuts the viewBox to what its width × height shows, fitted whole into the item")
    func rootSlice() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 10 10" width="20" height="10" preserveAspectRatio="xMaxYMid slice">
            <rect width="10" height="10"/></svg>
            """)
        #expect(icon.viewBox == Rect(x: 0, y: 2.5, width: 10, height: 5))
        #expect(icon.aspectRatio == SVGAspectRatio(align: (.max, .mid), slice: false))
        // The content is cut to that part: a group clipped to it.
        #expect(icon.groups.count == 1 && icon.groups[0].pieces == 0..<1)
        // Without a width and height the item is the viewport: the icon slices into it, cut to
        // the item where it is drawn; a layer tree, which is not cut, may not slice.
        let sliced =
            "<svg viewBox=\"0 0 10 10\" preserveAspectRatio=\"xMidYMid slice\"><rect width=\"4\" height=\"4\"/></svg>"
        let whole = try parse(sliced)
        #expect(whole.viewBox == Rect(x: 0, y: 0, width: 10, height: 10) && whole.aspectRatio.slice)
        let slice = try #require(throws: IconError.self) {
            try IconLoader.parseLayers(Data(sliced.utf8), name: "test.svg", itemSize: Size(width: 10, height: 20))
        }
        #expect(
            slice.message.hasPrefix(
                "attribute preserveAspectRatio=\"xMidYMid slice\" on the root <svg> of a file read as layers: slice would draw outside"
            ))
    }

    @Test(
        "a miter join is cut off past 4 stroke widths, SVG's initial stroke-miterlimit, unless the file says otherwise")
    func svgMiterLimit() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 20 10" fill="none" stroke="#000">
              <path d="M0 0 L20 2 L0 4"/>
              <path d="M0 6 L20 8 L0 10" stroke-miterlimit="10"/>
            </svg>
            """)
        #expect(icon.pieces[0].strokeStyle.miterLimit == 4 && icon.pieces[1].strokeStyle.miterLimit == 10)
    }
}
