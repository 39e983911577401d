import Foundation
import Geometry
import Raster
import SceneLoading
import SceneModel
import SceneSyntax
import TestSupport
import Testing

@testable import Pipeline

/// `anchorPoint` (CALayer): the point of the bounds that `center` places and that rotation and
/// scale turn about, against the geometry written out here.
@Suite("Anchor points")
struct AnchorPointTests {
    /// A 100 × 200 door hinged on its left edge at (50, 300), turned by `rotation` degrees.
    static func door(rotation: Double, extra: String = "") throws -> SceneSimulation {
        try SceneSimulation(
            scene: SceneLoader.decode(
                """
                canvas: { size: [300, 600], scale: 2 }
                duration: 1
                items:
                  - { id: door, size: [100, 200], center: [50, 300], anchorPoint: [0, 0.5], rotation: \(rotation)\(extra) }
                """, fileName: "door.yaml", format: .yaml))
    }

    /// Where the bounds' corner at unit position (u, v) lands: the anchor at the position, the
    /// rest turned about it (clockwise on screen, y down).
    static func corner(_ u: Double, _ v: Double, degrees: Double) -> Point {
        let (dx, dy) = ((u - 0) * 100, (v - 0.5) * 200)
        let a = degrees * Double.pi / 180
        return Point(50 + dx * cos(a) - dy * sin(a), 300 + dx * sin(a) + dy * cos(a))
    }

    @Test(
        "the anchor sits at center and the door turns about its hinge: its corners where the rotation about the anchor puts them",
        arguments: [0.0, 30.0, 90.0, -60.0])
    func doorTurnsOnItsHinge(degrees: Double) throws {
        let simulation = try Self.door(rotation: degrees)
        let (list, labels) = simulation.labelledDisplayList()
        let rect = list.rects[try #require(labels.firstIndex(of: "door"))]
        // The rect's local box is centred; its transform maps it to pixels (scale 2).
        for (u, v) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
            let pixel = rect.transform.apply(to: Point((u - 0.5) * 100, (v - 0.5) * 200))
            let expected = Self.corner(u, v, degrees: degrees) * 2
            #expect(
                pixel.distance(to: expected) < 1e-9, "corner (\(u), \(v)) at \(degrees)°: \(pixel) against \(expected)")
        }
        // The trace's frame is the box around those corners.
        let frame = try #require(simulation.tracedLayers().first).frame
        let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].map { Self.corner($0.0, $0.1, degrees: degrees) }
        #expect(abs(frame.minX - corners.map(\.x).min()!) < 1e-9 && abs(frame.maxY - corners.map(\.y).max()!) < 1e-9)
    }

    @Test("a child of an anchored layer moves with the layer's bounds")
    func childrenFollowTheBounds() throws {
        let simulation = try Self.door(
            rotation: 90, extra: ", children: [{ id: knob, size: [10, 10], center: [90, 100] }]")
        let knob = try #require(simulation.tracedLayers().first { $0.id == "knob" }).center
        // The knob at (90, 100) in the door's bounds: 90 pt from the hinge along the door.
        #expect(knob.distance(to: Self.corner(0.9, 0.5, degrees: 90)) < 1e-9, "\(knob)")
    }

    @Test("an anchor point on an item a behaviour moves is refused")
    func notOnDynamicItems() throws {
        do {
            _ = try SceneLoader.decode(
                """
                canvas: { size: [300, 600] }
                duration: 1
                items: [{ id: door, size: [100, 200], center: [50, 300], anchorPoint: [0, 0.5] }]
                behaviors: [{ gravity: { items: [door] } }]
                """, fileName: "door.yaml", format: .yaml)
            Issue.record("accepted")
        } catch {
            #expect(
                "\(error)".contains(
                    "items[0].anchorPoint: 'door' has an anchor point away from its middle and a behaviour moves it"),
                "\(error)")
        }
    }

    @Test(
        "an animated anchorPoint moves the bounds about the fixed centre: the frame's origin is centre − anchor × size")
    func animatedAnchorPoint() throws {
        let simulation = try SceneSimulation(
            scene: SceneLoader.decode(
                """
                canvas: { size: [300, 600], scale: 1 }
                fps: 60
                duration: 1.5
                items:
                  - id: card
                    size: [100, 60]
                    center: [160, 240]
                    animations:
                      - basic: { property: anchorPoint, to: [0, 0], duration: 1, fillMode: forwards, removedOnCompletion: false }
                """, fileName: "anchor.yaml", format: .yaml))
        func frame() -> Rect { simulation.tracedLayers()[0].frame }
        #expect(frame().origin == Point(110, 210))
        while simulation.tick < 30 { simulation.advance() }
        // Halfway (linear): anchor (0.25, 0.25).
        #expect(frame().origin == Point(135, 225))
        while simulation.tick < 80 { simulation.advance() }
        #expect(frame().origin == Point(160, 240) && simulation.tracedLayers()[0].center == Point(160, 240))
    }

    @Test("a view animation of anchorPoint on an item a behaviour moves is refused at the change")
    func anchorChangeOnDynamicItemRefused() throws {
        #expect(throws: SceneError.self) {
            try SceneLoader.decode(
                """
                canvas: { size: [300, 600] }
                duration: 1
                items: [{ id: card, size: [100, 60], center: [160, 240] }]
                behaviors: [{ gravity: { items: [card] } }]
                viewAnimations: [{ at: 0.5, item: card, duration: 0.3, changes: { anchorPoint: [0, 0] } }]
                """, fileName: "anchor.yaml", format: .yaml)
        }
    }
}
