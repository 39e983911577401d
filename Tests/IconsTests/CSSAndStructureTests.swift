import Colors
import Foundation
import Geometry
import Testing

@testable import Icons

/// CSS selectors and the sheet's reach over the document, and the structure SVG renderers draw
/// around rather than refuse: cycles of references, elements SVG does not define, namespaces.
@Suite("CSS selectors and document structure")
struct CSSAndStructureTests {
    func parseWarned(_ svg: String) throws -> (icon: Icon, warnings: [IconWarning]) {
        var warnings: [IconWarning] = []
        let icon = try IconLoader.parse(Data(svg.utf8), name: "test.svg", warnings: &warnings)
        return (icon, warnings)
    }

    static func grey(_ v: UInt8) -> ColorRGBA8 { ColorRGBA8(r: v, g: v, b: v) }

    @Test(
        "selectors match as CSS says: *, the four combinators, descendant chains through *, attribute tests, :first-child; :hover never"
    )
    func selectors() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 10 10">
              <style>
                * { fill: #010101 }
                g > rect { fill: #020202 }
                rect + circle { fill: #030303 }
                rect ~ ellipse { fill: #040404 }
                g#a * * path { fill: #050505 }
                [data-k] { fill: #060606 }
                [data-k="v"] { fill: #070707 }
                [data-w~="two"] { fill: #080808 }
                [data-p^=ab][data-p$='yz'] { fill: #090909 }
                line:first-child { stroke: #0A0A0A }
                path:hover { fill: #FF0000 }
              </style>
              <g><rect width="1" height="1"/></g>
              <rect width="1" height="1"/>
              <circle r="1"/>
              <ellipse rx="1" ry="1"/>
              <g id="a"><g><g><path d="M0 0H1V1Z"/></g></g></g>
              <rect width="1" height="1" data-k="x"/>
              <rect width="1" height="1" data-k="v"/>
              <rect width="1" height="1" data-w="one two"/>
              <rect width="1" height="1" data-p="abcxyz"/>
              <g><line x2="1"/></g>
            </svg>
            """)
        #expect(icon.pieces.prefix(9).map(\.fill) == [2, 1, 3, 4, 5, 6, 7, 8, 9].map { Self.grey($0) })
        #expect(icon.pieces.last?.stroke == Self.grey(10))
    }

    @Test(
        "a sheet styles the whole document, after the shapes too; @import and a sheet of another type are ignored with warnings"
    )
    func sheetReach() throws {
        let (icon, warnings) = try parseWarned(
            """
            <svg viewBox="0 0 10 10">
            <rect class="a" width="1" height="1"/>
            <style>@import "other.css"; .a { fill: #00FF00 }</style>
            <style type="text/less">.a { fill: #FF0000 }</style>
            </svg>
            """)
        #expect(icon.pieces.map(\.fill) == [ColorRGBA8(r: 0, g: 255, b: 0)])
        #expect(
            warnings.map(\.description) == [
                "test.svg:3: the <style> sheet's '@import \"other.css\";' (another file's rules) is ignored",
                "test.svg:4: the <style type=\"text/less\"> is not CSS; its rules are ignored",
            ])
    }

    @Test(
        "CSS transform takes units and wins over the attribute; comments in style=\"\"; a property SVG does not present is ignored with a warning"
    )
    func cssTransformAndProperties() throws {
        let (icon, warnings) = try parseWarned(
            """
            <svg viewBox="0 0 100 100">
            <rect width="10" height="10" transform="translate(50 0)" style="/* moved */ transform: translate(10px, 20px) rotate(0.25turn) /* end */"/>
            <rect width="10" height="10" style="height: 50px; fill: #0000FF"/>
            </svg>
            """)
        let written = try parse(
            "<svg viewBox=\"0 0 100 100\"><rect width=\"10\" height=\"10\" transform=\"translate(10 20) rotate(90)\"/></svg>"
        )
        #expect(icon.pieces[0].path == written.pieces[0].path)
        #expect(icon.pieces[1].path.bounds == Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(icon.pieces[1].fill == ColorRGBA8(r: 0, g: 0, b: 255))
        #expect(
            warnings.map(\.description) == [
                "test.svg:3: the CSS property 'height' on <rect> is not a presentation attribute; ignored"
            ])
        #expect(
            IconBuilder.svgTransform(fromCSS: "skew(0deg, 45deg) scaleY(2)")
                == "matrix(1 0.9999999999999999 0.0 1 0 0) scale(1 2.0)")
        #expect(IconBuilder.svgTransform(fromCSS: "translate(1em)") == nil)
    }

    @Test(
        "elements SVG does not define, and what they hold, and a stray <stop> are passed over with warnings; a use still copies from inside them"
    )
    func unknownElements() throws {
        let (icon, warnings) = try parseWarned(
            """
            <svg viewBox="0 0 10 10">
            <random><rect id="r" width="1" height="1"/></random>
            <use href="#r" x="2"/>
            <stop offset="0"/>
            </svg>
            """)
        #expect(icon.pieces.map(\.path.bounds) == [Rect(x: 2, y: 0, width: 1, height: 1)])
        #expect(
            warnings.map(\.description) == [
                "test.svg:2: <random> is not drawn (SVG defines no such element); nor is anything inside it",
                "test.svg:4: <stop> is not drawn (a stop outside a gradient); nor is anything inside it",
            ])
        let script = try refusal(of: "<script>1</script>")
        #expect(script.message.hasPrefix("element <script> is not in the supported SVG subset"))
    }

    @Test("an svg: prefix is SVG's; an element in another namespace is not drawn, nor anything in it")
    func namespaces() throws {
        let icon = try parse(
            """
            <svg:svg xmlns:svg="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
              <svg:rect width="1" height="1"/>
              <g xmlns="http://example.org/other"><rect width="5" height="5"/></g>
              <svg:g xmlns="http://example.org/other"><svg:rect width="2" height="2"/></svg:g>
            </svg:svg>
            """)
        #expect(
            icon.pieces.map(\.path.bounds) == [
                Rect(x: 0, y: 0, width: 1, height: 1), Rect(x: 0, y: 0, width: 2, height: 2),
            ])
    }

    @Test("a use that copies itself, directly or through other uses, is not drawn, with a warning; the rest is")
    func useCycles() throws {
        let (icon, warnings) = try parseWarned(
            """
            <svg viewBox="0 0 10 10">
            <g id="g1"><use href="#g1" x="2"/><rect width="1" height="1"/></g>
            <use id="u1" href="#u2"/><use id="u2" href="#u1"/>
            <use href="#g1" x="5"/>
            </svg>
            """)
        #expect(
            icon.pieces.map(\.path.bounds) == [
                Rect(x: 0, y: 0, width: 1, height: 1), Rect(x: 5, y: 0, width: 1, height: 1),
            ])
        #expect(
            warnings.map(\.description) == [
                "test.svg:2: <use> of #g1 copies itself, through what it copies: not drawn",
                "test.svg:3: <use> of #u2 copies itself, through what it copies: not drawn",
                "test.svg:3: <use> of #u1 copies itself, through what it copies: not drawn",
                "test.svg:2: <use> of #g1 copies itself, through what it copies: not drawn (copied there by the <use> at line 4)",
            ])
    }

    @Test(
        "clip paths that clip each other: the reference resvg cuts (the later one's, named back) is dropped for the whole file, with a warning"
    )
    func clipCycles() throws {
        let (icon, warnings) = try parseWarned(
            """
            <svg viewBox="0 0 10 10">
            <clipPath id="c1"><rect width="4" height="4" clip-path="url(#c2)"/></clipPath>
            <clipPath id="c2"><rect x="2" width="4" height="4" clip-path="url(#c1)"/></clipPath>
            <rect width="10" height="10" clip-path="url(#c1)"/>
            <rect width="10" height="10" clip-path="url(#c2)"/>
            </svg>
            """)
        // c1's rectangle cut by c2's, then c2's alone.
        #expect(icon.pieces.count == 5)
        #expect(icon.pieces[4].path.bounds == Rect(x: 2, y: 0, width: 4, height: 4))
        #expect(
            warnings.map(\.description) == [
                "test.svg:3: clip-path=\"url(#c1)\" on <rect> closes a cycle of references: drawn without it"
            ])
        let (masked, maskWarnings) = try parseWarned(
            "<svg viewBox=\"0 0 10 10\">\n<mask id=\"m\" mask=\"url(#m)\"><rect width=\"4\" height=\"4\" fill=\"white\"/></mask>\n<rect width=\"10\" height=\"10\" mask=\"url(#m)\"/></svg>"
        )
        #expect(masked.pieces.count == 2)
        #expect(maskWarnings.map(\.line) == [2])
    }

    @Test("transform on a <symbol> is ignored with a warning, as SVG 1.1 renderers and resvg do")
    func symbolTransform() throws {
        let (icon, warnings) = try parseWarned(
            "<svg viewBox=\"0 0 10 10\"><symbol id=\"s\" transform=\"skewX(30)\"><rect width=\"4\" height=\"4\"/></symbol><use href=\"#s\"/></svg>"
        )
        #expect(icon.pieces.map(\.path.bounds) == [Rect(x: 0, y: 0, width: 4, height: 4)])
        #expect(warnings.map(\.message).first?.hasPrefix("attribute 'transform' on <symbol> is ignored") == true)
    }

    @Test("a selector whose matching would visit more than the budget over a deep tree is refused at the sheet's line")
    func matchingBudget() throws {
        let nested =
            String(repeating: "<g>", count: 200) + "<rect width=\"1\" height=\"1\"/>"
            + String(repeating: "</g>", count: 200)
        let error = try #require(
            iconError(
                "<svg viewBox=\"0 0 10 10\">\n<style>rect g g g g g g g g g g g { fill: red }</style>\(nested)</svg>"))
        #expect(error.line == 2)
        #expect(error.message.hasPrefix("matching the <style> sheet's selectors visits more than 5000000 elements"))
    }

    @Test(
        "transform-origin on a gradient is in its units (the unit box for objectBoundingBox), on a pattern in user space"
    )
    func originOnPaintServers() throws {
        func icon(_ gradient: String, _ pattern: String) throws -> Icon {
            try parse(
                """
                <svg viewBox="0 0 10 10">
                  <linearGradient id="g" \(gradient)><stop offset="0"/><stop offset="1" stop-color="#fff"/></linearGradient>
                  <pattern id="p" patternUnits="userSpaceOnUse" width="2" height="2" \(pattern)><rect width="1" height="2"/></pattern>
                  <rect x="2" y="2" width="4" height="4" fill="url(#g)"/>
                  <rect width="10" height="10" fill="url(#p)"/>
                </svg>
                """)
        }
        let origins = try icon(
            "gradientTransform=\"scale(2)\" transform-origin=\"0.5 0.5\"",
            "patternTransform=\"rotate(90)\" transform-origin=\"center\"")
        let written = try icon(
            "gradientTransform=\"translate(0.5 0.5) scale(2) translate(-0.5 -0.5)\"",
            "patternTransform=\"rotate(90 5 5)\"")
        #expect(origins.pieces == written.pieces)
    }

    @Test("whitespace a character reference writes (carriage return, tab) separates a transform's parts")
    func transformWhitespace() throws {
        let icon = try parse(
            "<svg viewBox=\"0 0 10 10\"><rect width=\"1\" height=\"1\" transform=\"&#x0D;matrix&#x20;(&#x09;2&#x0D;0&#x0A;0 2 0 0)&#x0D;\"/></svg>"
        )
        #expect(icon.pieces[0].path.bounds == Rect(x: 0, y: 0, width: 2, height: 2))
    }

    @Test("the root's CSS background-color is drawn under everything, over the viewBox")
    func rootBackground() throws {
        let icon = try parse(
            "<svg viewBox=\"-5 0 10 10\" style=\"background-color: #0000FF80\"><rect width=\"1\" height=\"1\"/></svg>")
        #expect(icon.pieces.map(\.fill) == [ColorRGBA8(r: 0, g: 0, b: 255, a: 128), .black])
        #expect(icon.pieces[0].path.bounds == Rect(x: -5, y: 0, width: 10, height: 10))
    }

    @Test("percentages inside a used <symbol> measure its viewport, as inside a nested <svg>")
    func symbolPercentages() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 200 200">
              <symbol id="s"><rect width="50%" height="100%"/></symbol>
              <symbol id="v" viewBox="0 0 10 10"><rect width="50%" height="50%"/></symbol>
              <use href="#s" width="150" height="100"/>
              <use href="#v" width="100" height="100"/>
            </svg>
            """)
        #expect(icon.pieces[0].path.bounds == Rect(x: 0, y: 0, width: 75, height: 100))
        #expect(icon.pieces[1].path.bounds == Rect(x: 0, y: 0, width: 50, height: 50))
    }

    @Test("color-interpolation=linearRGB on a mask is drawn as sRGB, as resvg and browsers draw it, with a warning")
    func maskColorInterpolation() throws {
        let (linear, warnings) = try parseWarned(
            "<svg viewBox=\"0 0 10 10\"><mask id=\"m\" color-interpolation=\"linearRGB\"><rect width=\"5\" height=\"5\" fill=\"#808080\"/></mask><rect width=\"10\" height=\"10\" mask=\"url(#m)\"/></svg>"
        )
        let plain = try parse(
            "<svg viewBox=\"0 0 10 10\"><mask id=\"m\"><rect width=\"5\" height=\"5\" fill=\"#808080\"/></mask><rect width=\"10\" height=\"10\" mask=\"url(#m)\"/></svg>"
        )
        #expect(linear.pieces == plain.pieces)
        #expect(
            warnings.map(\.message) == [
                "color-interpolation=\"linearRGB\" on the <mask> #m at line 1 is not applied; its luminance is sRGB's"
            ])
    }

    @Test(
        "elements that win the same declarations share one entry: a value is stored once however many elements it styles"
    )
    func sharedCascades() throws {
        let rects = String(repeating: "<rect width=\"1\" height=\"1\"/>", count: 500)
        let svg =
            "<svg viewBox=\"0 0 10 10\"><style>* { fill: #00FF00 } #one { stroke: red }</style><g id=\"one\"/>\(rects)</svg>"
        let references = SVGReferences.collect(Data(svg.utf8))
        #expect(references.sheetDeclarations.count == 2)
        #expect(references.cascades == [[0], [0, 1]])
        #expect(try parse(svg).pieces.allSatisfy { $0.fill == ColorRGBA8(r: 0, g: 255, b: 0) })
    }

    @Test("a longer cycle of clip paths is cut where it closes while drawing, and stays cut for the rest of the file")
    func longerClipCycle() throws {
        let (icon, warnings) = try parseWarned(
            """
            <svg viewBox="0 0 10 10">
            <clipPath id="c1"><rect width="8" height="8" clip-path="url(#c2)"/></clipPath>
            <clipPath id="c2"><rect width="6" height="6" clip-path="url(#c3)"/></clipPath>
            <clipPath id="c3"><rect width="4" height="4" clip-path="url(#c1)"/></clipPath>
            <rect width="10" height="10" clip-path="url(#c1)"/>
            <rect width="10" height="10" clip-path="url(#c3)"/>
            </svg>
            """)
        // c1: 8 cut by c2 (6 cut by c3: 4, whose reference back to c1 closes the cycle); then c3 alone.
        #expect(icon.pieces.count == 6)
        #expect(icon.pieces[5].path.bounds == Rect(x: 0, y: 0, width: 4, height: 4))
        #expect(
            warnings.map(\.description) == [
                "test.svg:4: clip-path=\"url(#c1)\" is used inside #c1 itself, a cycle: drawn without it (copied there by the <use> at line 5)"
            ])
    }
}
