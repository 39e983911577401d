import Foundation
import Geometry
import Raster
import TestSupport
import Testing

@testable import Pipeline

/// A layer in perspective drawn outline by outline: its projected outlines' pixels against the
/// exact area of the projected polygon in each pixel, computed here from Apple's formulas
/// (Transform3DTests.expectedCorner), and its gradient read perspective-correct.
@Suite("Perspective drawn exactly")
struct ProjectedDrawingTests {
    /// The area of the convex polygon `corners` (canvas pixels) inside pixel (x, y): the polygon
    /// cut by the pixel's four sides (Sutherland–Hodgman), then the shoelace formula.
    static func exactCoverage(_ corners: [Point], x: Int, y: Int) -> Double {
        var polygon = corners
        let (x0, y0, x1, y1) = (Double(x), Double(y), Double(x + 1), Double(y + 1))
        let sides: [(Point) -> Double] = [{ $0.x - x0 }, { x1 - $0.x }, { $0.y - y0 }, { y1 - $0.y }]
        for inside in sides {
            var cut: [Point] = []
            for k in polygon.indices {
                let (p, q) = (polygon[k], polygon[(k + 1) % polygon.count])
                let (dp, dq) = (inside(p), inside(q))
                if dp >= 0 { cut.append(p) }
                if (dp >= 0) != (dq >= 0) { cut.append(p + (q - p) * (dp / (dp - dq))) }
            }
            polygon = cut
            if polygon.count < 3 { return 0 }
        }
        var twice = 0.0
        for k in polygon.indices {
            let (p, q) = (polygon[k], polygon[(k + 1) % polygon.count])
            twice += p.x * q.y - q.x * p.y
        }
        return abs(twice) / 2
    }

    /// The worst and mean error, in levels, of the red channel of `pixmap` against 255 × the
    /// exact coverage of `corners` (a white polygon on black), over its pixel box and a margin.
    static func errors(_ pixmap: Pixmap, against corners: [Point]) -> (worst: Double, mean: Double, edges: Int) {
        let (minX, maxX) = (
            max(Int(corners.map(\.x).min()!) - 2, 0), min(Int(corners.map(\.x).max()!) + 2, pixmap.width - 1)
        )
        let (minY, maxY) = (
            max(Int(corners.map(\.y).min()!) - 2, 0), min(Int(corners.map(\.y).max()!) + 2, pixmap.height - 1)
        )
        var (worst, sum, edges) = (0.0, 0.0, 0)
        for y in minY...maxY {
            for x in minX...maxX {
                let expected = 255 * exactCoverage(corners, x: x, y: y)
                let error = abs(Double(pixmap.data[4 * (y * pixmap.width + x)]) - expected)
                worst = max(worst, error)
                if expected > 0 && expected < 255 {
                    sum += error
                    edges += 1
                }
            }
        }
        return (worst, sum / Double(max(edges, 1)), edges)
    }

    @Test(
        "a projected white rectangle's pixels are the exact area of its projected quad in each pixel, within 1 level",
        arguments: [(50.0, -15.0), (30.0, 0.0), (89.0, 0.0), (-70.0, 40.0)])
    func rectangleEdgesAreExactAreas(y: Double, x: Double) throws {
        let simulation = try Transform3DTests.stage("rotationY: \(y), rotationX: \(x)")
        let pixmap = Rasterizer.render(simulation.displayList())
        let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].map {
            Transform3DTests.expectedCorner($0.0, $0.1, x: x, y: y) * 2
        }
        let (worst, mean, edges) = Self.errors(pixmap, against: corners)
        print("projected rectangle y \(y)° x \(x)°: worst \(worst), mean \(mean) over \(edges) edge pixels")
        #expect(edges > 100)
        #expect(worst <= 1, "worst pixel \(worst) levels off")
        #expect(mean <= 0.5, "mean edge error \(mean)")
    }

    @Test("a path in a projected layer is drawn as its projected outline: a triangle within 1 level of its exact areas")
    func pathEdgesAreExactAreas() throws {
        let simulation = try Transform3DTests.stage(
            "rotationY: 55, rotationX: 20, shape: { path: \"M 0 0 L 160 0 L 80 100 Z\", fillColor: \"#FFFFFF\" }",
            fill: "\"#00000000\"")
        let pixmap = Rasterizer.render(simulation.displayList())
        let corners = [(0.0, 0.0), (1.0, 0.0), (0.5, 1.0)].map {
            Transform3DTests.expectedCorner($0.0, $0.1, x: 20, y: 55) * 2
        }
        let (worst, mean, edges) = Self.errors(pixmap, against: corners)
        print("projected triangle: worst \(worst), mean \(mean) over \(edges) edge pixels")
        #expect(edges > 100)
        #expect(worst <= 1, "worst pixel \(worst) levels off")
    }

    @Test(
        "a gradient in perspective is read perspective-correct: each pixel is the gradient at the point of the layer it shows, within 2 levels"
    )
    func gradientIsPerspectiveCorrect() throws {
        // Black to white across the card; turned 50° about y, its right half recedes.
        let simulation = try Transform3DTests.stage(
            "rotationY: 50",
            fill: "{ linear: { colors: [\"#000000\", \"#FFFFFF\"], startPoint: [0, 0.5], endPoint: [1, 0.5] } }")
        let pixmap = Rasterizer.render(simulation.displayList())
        let (c, s) = (cos(50 * Double.pi / 180), sin(50 * Double.pi / 180))
        var (worst, affineWorst) = (0.0, 0.0)
        let corners = [(0.0, 0.5), (1.0, 0.5)].map { Transform3DTests.expectedCorner($0.0, $0.1, y: 50) }
        for px in Int(corners[0].x * 2) + 3..<Int(corners[1].x * 2) - 3 {
            // The card's own x of the canvas point, from X = 200 + (230 + dx·cos − 200) / (1 + dx·sin/500).
            let x = (Double(px) + 0.5) / 2
            let dx = ((x - 200) - 30) / (c - (x - 200) * s / 500)
            let expected = 255 * (dx / 160 + 0.5)
            // What an affine read (the canvas position's fraction of the card's width) would give.
            let affine = 255 * (x - corners[0].x) / (corners[1].x - corners[0].x)
            let drawn = Double(pixmap.data[4 * (280 * 2 * pixmap.width + px)])
            worst = max(worst, abs(drawn - expected))
            affineWorst = max(affineWorst, abs(affine - expected))
        }
        print("projected gradient: worst \(worst) levels; an affine read would be \(affineWorst) off")
        #expect(worst <= 2, "worst pixel \(worst) levels off")
        #expect(affineWorst > 10, "the turn foreshortens enough to tell the two apart")
    }

    @Test(
        "a gradient or picture in perspective keeps the outline's exact edges: a white-to-white gradient card within 1 level of its exact areas"
    )
    func shadedEdgesAreExactAreas() throws {
        let simulation = try Transform3DTests.stage(
            "rotationY: 50, rotationX: -15", fill: "{ linear: { colors: [\"#FFFFFF\", \"#FFFFFF\"] } }")
        let pixmap = Rasterizer.render(simulation.displayList())
        let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].map {
            Transform3DTests.expectedCorner($0.0, $0.1, x: -15, y: 50) * 2
        }
        let (worst, mean, edges) = Self.errors(pixmap, against: corners)
        print("projected gradient's edges: worst \(worst), mean \(mean) over \(edges) edge pixels")
        #expect(worst <= 1, "worst pixel \(worst) levels off")
    }

    /// The pixel at canvas point (x, y) of the stage scene with `card`'s keys and `children`.
    static func pixel(_ card: String, children: String, at point: Point) throws -> [UInt8] {
        let simulation = try Transform3DTests.stage("\(card), children: [\(children)]")
        let pixmap = Rasterizer.render(simulation.displayList())
        let index = 4 * (Int(point.y * 2) * pixmap.width + Int(point.x * 2))
        return Array(pixmap.data[index..<index + 4])
    }

    @Test(
        "a layer in perspective faded as a group shows its children through it once: 50 % of red over black, not red over white"
    )
    func groupOpacityFadesOnce() throws {
        // The card's middle, turned 30°: the red child covers it.
        let middle = Transform3DTests.expectedCorner(0.5, 0.5, y: 30)
        let red = "{ id: dot, size: [40, 40], center: [80, 50], fill: \"#FF0000\" }"
        #expect(try Self.pixel("rotationY: 30, opacity: 0.5", children: red, at: middle) == [128, 0, 0, 255])
        #expect(try Self.pixel("rotationY: 30", children: red, at: middle) == [255, 0, 0, 255])
    }

    @Test(
        "a child with a shadow inside a layer in perspective is warped in its place: its shadow darkens the card, the child draws over it"
    )
    func shadowedChildIsWarpedInPlace() throws {
        let knob =
            "{ id: knob, size: [40, 40], center: [80, 40], fill: \"#FF0000\", shadow: { opacity: 1, radius: 2, offset: [0, 8] } }"
        // Under the knob's bottom edge (y 60 of the card's 100), in its shadow; the knob's middle.
        let shadowed = try Self.pixel(
            "rotationY: 20", children: knob, at: Transform3DTests.expectedCorner(0.5, 0.65, y: 20))
        let knobMiddle = try Self.pixel(
            "rotationY: 20", children: knob, at: Transform3DTests.expectedCorner(0.5, 0.4, y: 20))
        let plain = try Self.pixel(
            "rotationY: 20", children: "", at: Transform3DTests.expectedCorner(0.5, 0.65, y: 20))
        #expect(plain == [255, 255, 255, 255])
        #expect(shadowed[0] < 128 && shadowed[0] == shadowed[1], "\(shadowed)")
        #expect(knobMiddle == [255, 0, 0, 255])
    }
}
