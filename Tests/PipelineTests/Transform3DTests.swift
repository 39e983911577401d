import Foundation
import Geometry
import Raster
import SceneLoading
import SceneModel
import SceneSyntax
import TestSupport
import Testing

@testable import Pipeline

/// 3-D transforms (CATransform3D) against Core Animation's documented formulas, written out here
/// (spec compositing.md, "CATransform3D"): row vectors; a turn about y has m11 = cos θ,
/// m13 = −sin θ, m31 = sin θ, m33 = cos θ; about x m22 = cos θ, m23 = sin θ, m32 = −sin θ,
/// m33 = cos θ; the transform applies about the anchor point; `m34 = −1/d` in the parent's
/// `sublayerTransform` divides by w = 1 − z/d about the parent's anchor (the vanishing point).
@Suite("3-D transforms")
struct Transform3DTests {
    /// A 400 × 600 stage (2 px a point) whose children share a vanishing point at its middle, the
    /// eye 500 pt in front; a 160 × 100 card at (cx, cy) with `card`'s extra keys and `fill` (a
    /// YAML value: a quoted colour or a gradient mapping).
    static func stage(_ card: String, at center: Point = Point(230, 280), fill: String = "\"#FFFFFF\"")
        throws -> SceneSimulation
    {
        try SceneSimulation(
            scene: SceneLoader.decode(
                """
                canvas: { size: [400, 600], scale: 2, background: "#000000" }
                duration: 1
                items:
                  - id: stage
                    size: [400, 600]
                    center: [200, 300]
                    fill: "#00000000"
                    sublayerTransform: [{ perspective: 500 }]
                    children:
                      - { id: card, size: [160, 100], center: [\(center.x), \(center.y)], fill: \(fill), \(card) }
                """, fileName: "stage.yaml", format: .yaml))
    }

    /// Where the card's corner at unit position (u, v) lands on the canvas, in points, from the
    /// formulas: turned about x by `x` degrees, then about y by `y` degrees, about the anchor
    /// (ax, ay); placed at the card's position; seen from 500 pt in front of (200, 300).
    static func expectedCorner(
        _ u: Double, _ v: Double, x: Double = 0, y: Double = 0, anchor: Point = Point(0.5, 0.5),
        center: Point = Point(230, 280)
    ) -> Point {
        let (dx, dy) = ((u - anchor.x) * 160, (v - anchor.y) * 100)
        let (cx, sx) = (cos(x * .pi / 180), sin(x * .pi / 180))
        let (cy, sy) = (cos(y * .pi / 180), sin(y * .pi / 180))
        // About x: (dx, dy, 0) → (dx, dy·cos, dy·sin).
        let (x1, y1, z1) = (dx, dy * cx, dy * sx)
        // About y: (x, y, z) → (x·cos + z·sin, y, −x·sin + z·cos).
        let (x2, y2, z2) = (x1 * cy + z1 * sy, y1, -x1 * sy + z1 * cy)
        let w = 1 - z2 / 500
        return Point(200 + (center.x + x2 - 200) / w, 300 + (center.y + y2 - 300) / w)
    }

    /// The frame's display list, the card's rect in it and the projection of the group that
    /// holds it.
    static func projectedCard(_ simulation: SceneSimulation) throws -> (
        list: DisplayList, index: Int, projection: DrawProjection
    ) {
        let (list, labels) = simulation.labelledDisplayList()
        let index = try #require(labels.firstIndex(of: "card"))
        let group = try #require(list.groups.last { $0.rects.contains(index) && $0.projection != nil })
        return (list, index, try #require(group.projection))
    }

    /// The card's four corners as the frame draws them, in canvas points: through its rect's
    /// transform and the projection of the group that holds it.
    static func drawnCorners(_ simulation: SceneSimulation) throws -> [Point] {
        let (list, index, card) = try Self.projectedCard(simulation)
        let projection = card.homography
        return try [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].map { (u, v) in
            let flat = list.rects[index].transform.apply(to: Point((u - 0.5) * 160, (v - 0.5) * 100))
            return try #require(projection.apply(to: flat)) * 0.5
        }
    }

    struct Turn: Sendable, CustomTestStringConvertible {
        var x = 0.0, y = 0.0
        var anchor = Point(0.5, 0.5)
        var keys: String {
            "rotationX: \(x), rotationY: \(y), anchorPoint: [\(anchor.x), \(anchor.y)]"
        }
        var testDescription: String { "x \(x)°, y \(y)°, anchor (\(anchor.x), \(anchor.y))" }
    }

    @Test(
        "projected corners are the matrix product of Apple's formulas to 1e-9 pt, drawn and traced",
        arguments: [
            Turn(y: 30), Turn(y: 60), Turn(y: 89), Turn(x: 45), Turn(y: 30, anchor: Point(0, 0.5)),
            Turn(x: 20, y: -40, anchor: Point(0, 0.5)),
        ])
    func projectedCorners(turn: Turn) throws {
        let center = Point(230, 280)
        let simulation = try Self.stage(turn.keys, at: center)
        let expected = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].map {
            Self.expectedCorner($0.0, $0.1, x: turn.x, y: turn.y, anchor: turn.anchor, center: center)
        }
        for (drawn, corner) in zip(try Self.drawnCorners(simulation), expected) {
            #expect(drawn.distance(to: corner) < 1e-9, "drawn \(drawn) against \(corner)")
        }
        let row = try #require(simulation.tracedLayers().first { $0.id == "card" })
        let (xs, ys) = (expected.map(\.x), expected.map(\.y))
        #expect(abs(row.frame.minX - xs.min()!) < 1e-9 && abs(row.frame.maxX - xs.max()!) < 1e-9)
        #expect(abs(row.frame.minY - ys.min()!) < 1e-9 && abs(row.frame.maxY - ys.max()!) < 1e-9)
    }

    @Test("a turn without perspective foreshortens in the plane: drawn straight, no offscreen")
    func orthographicTurnIsAffine() throws {
        let simulation = try SceneSimulation(
            scene: SceneLoader.decode(
                """
                canvas: { size: [200, 200], scale: 1 }
                duration: 1
                items: [{ id: card, size: [100, 60], center: [100, 100], rotationY: 60 }]
                """, fileName: "flat.yaml", format: .yaml))
        let (list, labels) = simulation.labelledDisplayList()
        let rect = list.rects[try #require(labels.firstIndex(of: "card"))]
        #expect(list.groups.isEmpty)
        // cos 60° = 0.5: the width halves about the centre, the height stays.
        #expect(abs(rect.transform.a - 0.5) < 1e-15 && rect.transform.d == 1 && rect.transform.b == 0)
    }

    @Test(
        "a back-facing layer with isDoubleSided false draws nothing; its front, or a double-sided back, is drawn",
        arguments: [(30.0, false, true), (150.0, false, false), (150.0, true, true), (-120.0, false, false)])
    func backFaces(degrees: Double, doubleSided: Bool, drawn: Bool) throws {
        let simulation = try Self.stage("rotationY: \(degrees), isDoubleSided: \(doubleSided)")
        #expect(simulation.labelledDisplayList().items.contains("card") == drawn)
    }

    /// Coverage of pixel (x, y) by the convex quad `corners` (in pixels, in drawing order around
    /// it), from 16 × 16 sample points: the reference a projected rectangle's edges are held to.
    static func supersampled(_ corners: [Point], x: Int, y: Int) -> Double {
        // Whole pixels first: all four pixel corners inside, or all beyond one side, decide it.
        let pixel = [(0, 0), (1, 0), (0, 1), (1, 1)].map { Point(Double(x + $0.0), Double(y + $0.1)) }
        let sides = corners.indices.map { k in
            pixel.map { p -> Double in
                let (a, b) = (corners[k], corners[(k + 1) % corners.count])
                return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            }
        }
        if sides.allSatisfy({ $0.allSatisfy { $0 > 0 } }) || sides.allSatisfy({ $0.allSatisfy { $0 < 0 } }) { return 1 }
        let orientation = sides.flatMap { $0 }.reduce(0, +) > 0 ? 1.0 : -1.0
        if sides.contains(where: { $0.allSatisfy { $0 * orientation < 0 } }) { return 0 }
        var inside = 0
        for j in 0..<16 {
            for i in 0..<16 {
                let p = Point(Double(x) + (Double(i) + 0.5) / 16, Double(y) + (Double(j) + 0.5) / 16)
                let sides = corners.indices.map { k -> Double in
                    let (a, b) = (corners[k], corners[(k + 1) % corners.count])
                    return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
                }
                if sides.allSatisfy({ $0 >= 0 }) || sides.allSatisfy({ $0 <= 0 }) { inside += 1 }
            }
        }
        return Double(inside) / 256
    }

    @Test(
        "a projected white rectangle's pixels are its 16×16 supersampled coverage: within 3 levels, 0.6 on average at the edges"
    )
    func edgesMatchSupersampling() throws {
        let simulation = try Self.stage("rotationY: 50, rotationX: -15")
        let pixmap = Rasterizer.render(simulation.displayList())
        let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].map {
            Self.expectedCorner($0.0, $0.1, x: -15, y: 50) * 2
        }
        let (minX, maxX) = (Int(corners.map(\.x).min()!) - 2, Int(corners.map(\.x).max()!) + 2)
        let (minY, maxY) = (Int(corners.map(\.y).min()!) - 2, Int(corners.map(\.y).max()!) + 2)
        var coverage: [[Double]] = []
        for y in minY - 1...maxY + 1 {
            coverage.append((minX - 1...maxX + 1).map { Self.supersampled(corners, x: $0, y: y) })
        }
        func reference(_ x: Int, _ y: Int) -> Double { coverage[y - minY + 1][x - minX + 1] }
        var (worst, edgeSum, edgePixels, interior) = (0.0, 0.0, 0, 0)
        for y in minY...maxY {
            for x in minX...maxX {
                let expected = 255 * reference(x, y)
                let drawn = Double(pixmap.data[4 * (y * pixmap.width + x)])
                let error = abs(drawn - expected)
                worst = max(worst, error)
                if expected > 0 && expected < 255 {
                    edgeSum += error
                    edgePixels += 1
                } else if [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)].allSatisfy({ reference(x + $0.0, y + $0.1) == 1 })
                {
                    // A pixel a whole pixel inside the edges is the fill itself.
                    interior += 1
                    #expect(drawn == 255, "interior pixel (\(x), \(y)) is \(drawn)")
                }
            }
        }
        #expect(edgePixels > 500 && interior > 10_000)
        print("projected edges: worst \(worst), mean \(edgeSum / Double(edgePixels)) over \(edgePixels) edge pixels")
        // Most of what is left is the 16 × 16 reference's own sampling error: against exact
        // areas the drawing is within a level (ProjectedDrawingTests).
        #expect(worst <= 3, "worst pixel \(worst) levels off")
        #expect(edgeSum / Double(edgePixels) <= 0.6, "mean edge error \(edgeSum / Double(edgePixels))")
    }

    @Test("a layer seen edge-on, or partly or wholly behind the eye, renders finite pixels without NaN or a trap")
    func edgeOnAndBehindTheEye() throws {
        for keys in [
            "rotationY: 90", "zPosition: 600", "zPosition: 499.9999",
            "rotationY: 80, anchorPoint: [0, 0.5], border: { width: 1 }",
            "transform3D: [{ rotateX: 89.9 }, { translate: [0, 0, 450] }]",
        ] {
            let simulation = try Self.stage(keys)
            let pixmap = Rasterizer.render(simulation.displayList())
            #expect(pixmap.width == 800, "\(keys)")
            let row = try #require(simulation.tracedLayers().first { $0.id == "card" })
            #expect(row.frame.minX.isFinite && row.frame.width.isFinite && row.center.x.isFinite, "\(keys)")
        }
        // Wholly behind the eye: nothing of the card reaches the canvas.
        let behind = Rasterizer.render(try Self.stage("zPosition: 600").displayList())
        #expect(behind.data.enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element == 0 })
    }

    @Test(
        "a layer close to the eye gets an offscreen of at most 16 times the canvas's pixels (4 × 4 oversampling), never the 16 M-pixel ceiling for a small canvas"
    )
    func projectedPlaneWithinTheCanvasBudget() throws {
        // 490 pt in front of the 500 pt eye: the stage's 800 × 1200 px canvas sees the card
        // magnified 50 times; at 4× that per axis its plane would be 32,000 × 20,000 px.
        let projection = try Self.projectedCard(try Self.stage("zPosition: 490, rotationY: 10")).projection
        let budget = 16 * 800 * 1200
        #expect(projection.width * projection.height <= budget, "\(projection.width) × \(projection.height)")
        #expect(projection.width * projection.height > budget * 9 / 10, "the budget is used, not wasted")
        #expect(budget < DrawProjection.maximumPixels)
    }

    @Test(
        "without perspective (SVG frames, onion skins) a projected layer is placed by the projection's affine part: equal at the offscreen's middle, with its derivative"
    )
    func affinePlacementTouchesTheProjection() throws {
        let (list, index, projection) = try Self.projectedCard(try Self.stage("rotationY: 40"))
        let affine = projection.affineApproximation
        #expect(list.projectedPlacements[index] == affine && list.projectedPlacements[0] == nil)
        let middle = Point(Double(projection.width) / 2, Double(projection.height) / 2)
        for step in [Point(0, 0), Point(1e-4, 0), Point(0, 1e-4)] {
            let exact = try #require(projection.homography.apply(to: middle + step))
            // First order: the error is of the step's square.
            #expect(exact.distance(to: affine.apply(to: middle + step)) < 1e-7, "step \(step)")
        }
    }

    @Test(
        "a scene with depth traces each layer's rotation_x, rotation_y and z_position; a flat scene has no such columns"
    )
    func traceColumns() throws {
        let simulation = try Self.stage(
            "zPosition: -20, animations: [{ basic: { property: rotationY, from: 0, to: 60, duration: 1, timingFunction: linear } }]"
        )
        var trace = Trace(sceneName: "stage", fps: 60)
        trace.record(simulation)
        for _ in 0..<30 {
            simulation.advance()
            trace.record(simulation)
        }
        #expect(trace.csv[0] == Trace.csvHeader + ",rotation_x,rotation_y,z_position")
        let card = try #require(trace.csv.first { $0.hasPrefix("30,") && $0.contains(",card,") })
        // 30° is 0.523599 rad; the stage, flat, traces zeros.
        #expect(card.hasSuffix(",0.000000,0.523599,-20.000000"), "\(card)")
        #expect(
            try #require(trace.csv.first { $0.hasPrefix("30,") && $0.contains(",stage,") }).hasSuffix(
                ",0.000000,0.000000,0.000000"))
        let flat = try SceneSimulation(
            scene: SceneLoader.decode(
                "canvas: { size: [100, 100] }\nduration: 1\nitems: [{ id: a, size: [10, 10], center: [50, 50], rotation: 30 }]",
                fileName: "flat.yaml", format: .yaml))
        var flatTrace = Trace(sceneName: "flat", fps: 60)
        flatTrace.record(flat)
        #expect(flatTrace.csv[0] == Trace.csvHeader)
    }

    @Test("a layer in perspective is cut by its ancestors' masksToBounds: nothing of it beyond the clipping parent")
    func ancestorsClipProjectedLayers() throws {
        let simulation = try SceneSimulation(
            scene: SceneLoader.decode(
                """
                canvas: { size: [200, 200], scale: 1, background: "#000000" }
                duration: 1
                items:
                  - id: window
                    size: [100, 100]
                    center: [100, 100]
                    fill: "#00000000"
                    masksToBounds: true
                    children:
                      - id: stage
                        size: [100, 100]
                        center: [50, 50]
                        fill: "#00000000"
                        sublayerTransform: [{ perspective: 300 }]
                        children: [{ id: card, size: [160, 60], center: [50, 50], fill: "#FFFFFF", rotationY: -40 }]
                """, fileName: "clip.yaml", format: .yaml))
        let pixmap = Rasterizer.render(simulation.displayList())
        func red(_ x: Int, _ y: Int) -> UInt8 { pixmap.data[4 * (y * pixmap.width + x)] }
        // The card, turned with its right edge toward the viewer, reaches past the window on both
        // sides; the window's bounds are x 50 … 150.
        #expect(red(60, 100) == 255 && red(140, 100) == 255)
        #expect(red(45, 100) == 0 && red(155, 100) == 0 && red(20, 100) == 0 && red(185, 100) == 0)
        // The clip's own edge at x = 50 and 150 falls between pixels: the pixels either side are whole.
        #expect(red(49, 100) == 0 && red(50, 100) == 255 && red(149, 100) == 255 && red(150, 100) == 0)
    }

    @Test("zPosition orders siblings before their list order, as Core Animation sorts sublayers")
    func zPositionOrdersSiblings() throws {
        let simulation = try SceneSimulation(
            scene: SceneLoader.decode(
                """
                canvas: { size: [100, 100], scale: 1 }
                duration: 1
                items:
                  - { id: front, size: [50, 50], center: [50, 50], zPosition: 1 }
                  - { id: back, size: [50, 50], center: [50, 50] }
                  - { id: middle, size: [50, 50], center: [50, 50], zPosition: 0.5, z: -3 }
                """, fileName: "z.yaml", format: .yaml))
        #expect(simulation.labelledDisplayList().items.compactMap { $0 } == ["back", "middle", "front"])
    }

    @Test("transform.rotation.y animates rotationY: a basic animation's value halfway, and the trace's transform3D")
    func rotationKeyPathAnimates() throws {
        let simulation = try Self.stage(
            "animations: [{ basic: { property: transform.rotation.y, from: 0, to: 60, duration: 1, timingFunction: linear } }]"
        )
        for _ in 0..<30 { simulation.advance() }
        let row = try #require(simulation.tracedLayers().first { $0.id == "card" })
        let m = try #require(row.transform3D)
        // 30 ticks of 60 at 1 s: 30° about y.
        #expect(abs(m[1, 1] - cos(Double.pi / 6)) < 1e-12 && abs(m[1, 3] + sin(Double.pi / 6)) < 1e-12)
    }

    @Test(
        "bad transforms are errors at their key",
        arguments: [
            (
                "transform3D: [{ perspective: 0 }]",
                "items[0].transform3D[0].perspective: expected a distance from the eye > 0 points, found number 0"
            ),
            ("transform3D: [{ scale: [1, 0, 1] }]", "items[0].transform3D: the transform is singular"),
            (
                "transform3D: [{ matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0] }]",
                "items[0].transform3D[0].matrix: expected [m11, m12, …, m44] (16 numbers)"
            ),
            (
                "transform3D: [{ rotateY: 30, rotateX: 10 }]",
                "items[0].transform3D[0]: expected one operation as a mapping with one key"
            ),
            ("sublayerTransform: [{ perspectiv: 500 }]", "unknown operation 'perspectiv'"),
            (
                "transform3D: [{ rotate: { angle: 30, axis: [0, 0, 0] } }]",
                "items[0].transform3D[0].rotate.axis: expected an axis with a non-zero component"
            ),
            (
                "transform3D: [{ translate: [0, 0, 1e9] }]",
                "items[0].transform3D[0].translate[2]: expected a number within ±10⁶"
            ),
        ])
    func badTransforms(keys: String, message: String) throws {
        let text = """
            canvas: { size: [100, 100] }
            duration: 1
            items: [{ id: a, size: [10, 10], center: [50, 50], \(keys) }]
            """
        let error = try #require(throws: SceneError.self) {
            try SceneLoader.decode(text, fileName: "t.yaml", format: .yaml)
        }
        #expect(error.description.contains(message), "\(error.description)")
    }
}
