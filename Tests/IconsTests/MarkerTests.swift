import Colors
import Foundation
import Geometry
import Testing

@testable import Icons

/// `<marker>` and `paint-order`: markers copied at a shape's vertices, faced as SVG's path
/// directionality says, scaled by the stroke width and cut to their viewport; fill, stroke and
/// markers drawn in the order `paint-order` gives.
@Suite("Markers and paint-order")
struct MarkerTests {
    private func icon(_ body: String, warnings: inout [IconWarning]) throws -> Icon {
        try IconLoader.parse(
            Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\">\(body)</svg>".utf8),
            name: "markers.svg", warnings: &warnings)
    }

    private func icon(_ body: String) throws -> Icon {
        var warnings: [IconWarning] = []
        return try icon(body, warnings: &warnings)
    }

    private func degrees(_ vertices: [SVGMarkerVertices.Vertex]) -> [Double] {
        vertices.map { ($0.angle.degrees * 1e6).rounded() / 1e6 }
    }

    @Test("an open path's ends face along their segment and a corner faces the bisector")
    func openPathDirections() {
        let vertices = SVGMarkerVertices.vertices(
            of: Path([.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10))]))
        #expect(vertices.map(\.point) == [Point(0, 0), Point(10, 0), Point(10, 10)])
        #expect(vertices.map(\.kind) == [.start, .mid, .end])
        #expect(degrees(vertices) == [0, 45, 90])
    }

    @Test("a closed subpath's start and end are one point facing the closing and first segments' bisector")
    func closedPathDirections() {
        let vertices = SVGMarkerVertices.vertices(
            of: Path([.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10)), .close]))
        #expect(vertices.map(\.point) == [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 0)])
        // The closing segment heads 225° (up and left), the first 0°: halfway is 292.5°.
        #expect(degrees(vertices) == [292.5, 45, 157.5, 292.5])
    }

    @Test("a curve's ends face along its tangents, from the control points")
    func curveDirections() {
        let vertices = SVGMarkerVertices.vertices(
            of: Path([.move(Point(0, 0)), .cubic(Point(0, 10), Point(10, 10), Point(10, 0))]))
        #expect(degrees(vertices) == [90, 270])
    }

    @Test("a marker is scaled by the stroke width and its reference point put on the vertex")
    func placement() throws {
        let drawn = try icon(
            """
            <marker id="m" markerWidth="4" markerHeight="4" refX="2" refY="2"><rect width="4" height="4" fill="red"/></marker>
            <path d="M 10 10 L 50 10" stroke="black" stroke-width="2" marker-end="url(#m)"/>
            """)
        #expect(drawn.pieces.count == 2)
        #expect(drawn.pieces[1].path.bounds == Rect(x: 46, y: 6, width: 8, height: 8))
        #expect(drawn.pieces[1].fill == ColorRGBA8(r: 255, g: 0, b: 0, a: 255))
        // The content stays inside its viewport: nothing to cut.
        #expect(drawn.groups.isEmpty)
    }

    @Test("orient auto turns the marker along the path; userSpaceOnUse leaves it unscaled")
    func orientation() throws {
        let drawn = try icon(
            """
            <marker id="m" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" refY="1" orient="auto" overflow="visible">
              <rect width="4" height="2"/>
            </marker>
            <line x1="10" y1="10" x2="10" y2="50" stroke="black" stroke-width="3" marker-end="url(#m)"/>
            """)
        let box = try #require(drawn.pieces.last?.path.bounds)
        #expect(abs(box.minX - 9) < 1e-9 && abs(box.minY - 50) < 1e-9)
        #expect(abs(box.width - 2) < 1e-9 && abs(box.height - 4) < 1e-9)
    }

    @Test("start, mid and end markers stand at the first, inner and last vertices, all three from CSS's marker")
    func shorthand() throws {
        let drawn = try icon(
            """
            <style>polyline { marker: url(#m) }</style>
            <marker id="m" markerUnits="userSpaceOnUse" refX="1" refY="1"><rect width="2" height="2"/></marker>
            <polyline points="10 10 20 10 30 10" fill="none" stroke="black"/>
            """)
        #expect(drawn.pieces.dropFirst().map { $0.path.bounds.midX } == [10, 20, 30])
    }

    @Test("content past the marker's viewport is cut unless overflow is visible")
    func overflow() throws {
        let marker =
            "markerUnits=\"userSpaceOnUse\"><circle r=\"12\"/></marker><path d=\"M 50 50 L 60 60\" marker-start=\"url(#m)\"/>"
        let cut = try icon("<marker id=\"m\" " + marker)
        #expect(cut.groups.count == 1)
        let mask = try #require(cut.groups.first?.mask)
        #expect(cut.pieces[mask.lowerBound].path.bounds == Rect(x: 50, y: 50, width: 3, height: 3))
        #expect(try icon("<marker id=\"m\" overflow=\"visible\" " + marker).groups.isEmpty)
    }

    @Test("paint-order draws the stroke, fill and markers in the order written, the rest after")
    func paintOrder() throws {
        let drawn = try icon(
            """
            <marker id="m" markerUnits="userSpaceOnUse" overflow="visible"><rect width="2" height="2"/></marker>
            <path d="M 10 10 H 50" fill="green" stroke="blue" marker-start="url(#m)" paint-order="markers stroke"/>
            """)
        #expect(drawn.pieces.map(\.fills) == [true, false, true])
        #expect(drawn.pieces.map(\.strokes) == [false, true, false])
        #expect(drawn.pieces[0].path.bounds == Rect(x: 10, y: 10, width: 2, height: 2))
    }

    @Test("a paint-order CSS cannot read is ignored with a warning, and the normal order stays")
    func invalidPaintOrder() throws {
        var warnings: [IconWarning] = []
        let drawn = try icon(
            "<rect width=\"10\" height=\"10\" fill=\"green\" stroke=\"blue\" paint-order=\"stroke stroke\"/>",
            warnings: &warnings)
        #expect(drawn.pieces.count == 1 && drawn.pieces[0].fills && drawn.pieces[0].strokes)
        #expect(
            warnings.map(\.message) == [
                "paint-order=\"stroke stroke\": expected normal or fill, stroke and markers each at most once; ignored"
            ])
        #expect(IconBuilder.paintOrder("stroke") == [.stroke, .fill, .markers])
        #expect(IconBuilder.paintOrder("markers fill qwe") == nil)
    }

    @Test("markers are not drawn in a clip path, nor from what is not a marker, nor inside themselves")
    func notDrawn() throws {
        let clipped = try icon(
            """
            <marker id="m"><rect width="2" height="2"/></marker>
            <clipPath id="c"><path d="M 0 0 H 50 V 50 Z" marker-start="url(#m)"/></clipPath>
            <rect width="100" height="100" clip-path="url(#c)"/>
            """)
        #expect(clipped.pieces.count == 2)
        var warnings: [IconWarning] = []
        let recursive = try icon(
            """
            <marker id="m" overflow="visible"><path d="M 0 0 H 1" stroke="black" marker-start="url(#m)"/></marker>
            <path d="M 10 10 H 50" marker-start="url(#m)" marker-end="url(#nothing)"/>
            """, warnings: &warnings)
        #expect(recursive.pieces.count == 2)
        #expect(
            warnings.map(\.message) == [
                "the <marker> #m at line 1 is drawn inside itself: left out there (drawn there as a marker of the shape at line 2)",
                "url(#nothing) names no <marker>: the shape is drawn without that marker",
            ])
    }

    @Test("a shape that would copy more markers than the file may hold is refused before they are drawn")
    func markerLimit() throws {
        let points = (0..<5_000).map { "\($0 % 100) \($0 / 100)" }.joined(separator: " ")
        let message: String
        do {
            _ = try icon(
                "<marker id=\"m\"><rect width=\"1\" height=\"1\"/></marker><polyline points=\"\(points)\" marker-mid=\"url(#m)\"/>"
            )
            message = "loaded"
        } catch {
            message = "\(error)"
        }
        #expect(
            message
                == "markers.svg:1: the markers of this <polyline> would make 4998 marker copies in the file; expected at most 4096"
        )
    }

    @Test("a marked shape's opacity fades its paint and its markers as one group; opacity on a marker is refused")
    func opacity() throws {
        let drawn = try icon(
            """
            <marker id="m" overflow="visible"><rect width="2" height="2"/></marker>
            <path d="M 10 10 H 50" stroke="blue" opacity="0.5" marker-end="url(#m)"/>
            """)
        #expect(drawn.groups == [IconGroup(pieces: 0..<2, opacity: 0.5)])
        #expect(drawn.pieces[0].stroke.a == 255)
        #expect(throws: IconError.self) {
            try icon("<marker id=\"m\" opacity=\"0.5\"/><path d=\"M 0 0 H 5\" marker-end=\"url(#m)\"/>")
        }
    }

    @Test("a rect is marked at its corners, from the top-left; percentages measure the viewport's width or height")
    func rectAndPercentages() throws {
        var warnings: [IconWarning] = []
        let drawn = try icon(
            """
            <marker id="m" markerUnits="userSpaceOnUse" markerWidth="4%" markerHeight="2%" refX="2%" refY="1%">
              <rect width="4" height="2"/>
            </marker>
            <rect x="10" y="10" width="50" height="50" fill="none" stroke="black" marker="url(#m)" marker-start="url(#m)" marker-end="url(#m)"/>
            """, warnings: &warnings)
        #expect(
            drawn.pieces.dropFirst().map(\.path.bounds) == [
                Rect(x: 8, y: 9, width: 4, height: 2), Rect(x: 8, y: 9, width: 4, height: 2),
            ])
        #expect(
            warnings.map(\.message) == [
                "the attribute marker=\"…\" is CSS's shorthand only, which SVG ignores as an attribute; expected marker-start, marker-mid and marker-end"
            ])
    }

    @Test("markers nested in markers multiply, and the file's copies stay within the limit")
    func nestedFanOut() throws {
        let path = "M 0 0 " + (1...49).map { "L \($0) 0" }.joined(separator: " ")
        let message: String
        do {
            _ = try icon(
                """
                <marker id="a" overflow="visible"><path d="\(path)" marker-mid="url(#b)"/></marker>
                <marker id="b" overflow="visible"><path d="\(path)" marker-mid="url(#c)"/></marker>
                <marker id="c"><rect width="1" height="1"/></marker>
                <path d="\(path)" marker-mid="url(#a)"/>
                """)
            message = "loaded"
        } catch {
            message = "\(error)"
        }
        #expect(
            message
                == "markers.svg:2: the markers of this <path> would make 4128 marker copies in the file; expected at most 4096 (drawn there as a marker of the shape at line 4)"
        )
    }

    @Test("orient angles take deg, grad, rad and turn")
    func angles() {
        #expect(SVGValue.angle("90")?.degrees == 90)
        #expect(SVGValue.angle("0.25turn")?.degrees == 90)
        #expect(SVGValue.angle("100grad")?.degrees == 90)
        #expect(abs((SVGValue.angle("3.14159265358979rad")?.degrees ?? 0) - 180) < 1e-9)
        #expect(SVGValue.angle("auto") == nil)
    }
}
