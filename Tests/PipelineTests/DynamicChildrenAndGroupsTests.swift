import Foundation
import Geometry
import SceneLoading
import SceneModel
import TestSupport
import Testing

@testable import Pipeline

/// Children as dynamic items (their centres converted from the parent, as UIKit converts a view's
/// centre from its superview) and `itemGroups:` (UIDynamicItemGroup) in scene files.
@Suite("Dynamic children and item groups")
struct DynamicChildrenAndGroupsTests {
    static func simulation(_ text: String) throws -> SceneSimulation {
        try SceneSimulation(
            scene: SceneLoader.decode(
                "canvas: { size: [320, 480], scale: 2 }\nduration: 2\n" + text, fileName: "test.yaml", format: .yaml))
    }

    static func row(_ id: String, in simulation: SceneSimulation) throws -> TracedLayer {
        try #require(simulation.tracedLayers().first { $0.id == id })
    }

    @Test("a child under gravity falls tick for tick as a top-level item at its canvas point, drawn where it falls")
    func childFallsAsTopLevel() throws {
        // The badge's centre (180, 20) in a 200×100 card centred at (160, 200) is (240, 170) in
        // the canvas: the parent's top-left (60, 150) plus the centre.
        let nested = try Self.simulation(
            """
            items:
              - id: card
                size: [200, 100]
                center: [160, 200]
                children: [{ id: badge, size: [24, 24], center: [180, 20], fill: "#FF3B30" }]
            behaviors:
              - gravity: { items: [badge] }
            """)
        let flat = try Self.simulation(
            """
            items:
              - { id: card, size: [200, 100], center: [160, 200] }
              - { id: badge, size: [24, 24], center: [240, 170], fill: "#FF3B30" }
            behaviors:
              - gravity: { items: [badge] }
            """)
        for _ in 1...30 {
            nested.advance()
            flat.advance()
            let child = try Self.row("badge", in: nested)
            let top = try Self.row("badge", in: flat)
            #expect(child.parent == "card")
            #expect(child.center == top.center && child.velocity == top.velocity)
        }
        #expect(try Self.row("badge", in: nested).center.y > 240, "it fell")
        // The model centre stays in the card's coordinates.
        let model = nested.presentationValue(of: "badge", .center).point
        #expect(model == (try Self.row("badge", in: flat).center) - Point(60, 150))
        // Drawn where it is: the badge's rectangle has the top-level one's place on the canvas.
        let drawn = try #require(nested.labelledDisplayList().list.rects.last).transform
        let expected = try #require(flat.labelledDisplayList().list.rects.last).transform
        #expect(abs(drawn.tx - expected.tx) < 1e-9 && abs(drawn.ty - expected.ty) < 1e-9 && drawn.a == expected.a)
    }

    @Test("an item group moves its items as one body: offsets kept, one angle, the trace's velocities from one body")
    func groupMovesAsOne() throws {
        let simulation = try Self.simulation(
            """
            items:
              - { id: panel, size: [120, 60], center: [160, 100] }
              - { id: handle, size: [20, 20], center: [230, 100] }
            itemGroups:
              - { id: door, items: [panel, handle] }
            behaviors:
              - gravity: { items: [door] }
              - push: { items: [door], mode: instantaneous, direction: [0, 0.4], offset: [60, 0] }
            """)
        for _ in 1...40 { simulation.advance() }
        let panel = try Self.row("panel", in: simulation)
        let handle = try Self.row("handle", in: simulation)
        let angle = panel.transform.rotationAngle.radians
        #expect(angle != 0 && handle.transform.rotationAngle.radians == angle)
        #expect(panel.center.y > 150)
        // 70 pt apart along the door's turned x axis, to the half-point grid.
        let turned = Point(70 * cos(angle), 70 * sin(angle))
        #expect((handle.center - panel.center - turned).length <= 0.75, "\(handle.center) \(panel.center)")
    }

    static let badGroups: [(String, String)] = [
        (
            """
            items: [{ id: a, size: [10, 10], center: [5, 5] }, { id: b, size: [10, 10], center: [25, 5] }]
            itemGroups: [{ id: g, items: [a] }, { id: h, items: [a, b] }]
            """,
            "test.yaml:4:54: itemGroups[1].items[0]: item 'a' is already in group 'g' (itemGroups[0]); an item moves with one group at most (take it out of one of the two groups)"
        ),
        (
            """
            items: [{ id: a, size: [10, 10], center: [5, 5] }]
            itemGroups: [{ id: g, items: [a] }, { id: h, items: [g] }]
            """,
            "test.yaml:4:54: itemGroups[1].items[0]: 'g' is a group; item groups cannot be nested (UIKit raises) (list the items of 'g' here instead)"
        ),
        (
            """
            items: [{ id: a, size: [10, 10], center: [5, 5] }]
            itemGroups: [{ id: g, items: [ab] }]
            """,
            "test.yaml:4:31: itemGroups[0].items[0]: unknown item 'ab'; expected one of: a"
        ),
        (
            """
            items: [{ id: a, size: [10, 10], center: [5, 5] }]
            itemGroups: [{ id: a, items: [a] }]
            """,
            "test.yaml:4:20: itemGroups[0].id: 'a' is already an item's id; expected a group id unique among items and groups (name the group after what it is, such as aGroup)"
        ),
        (
            """
            items: [{ id: a, size: [10, 10], center: [5, 5] }]
            itemGroups: [{ id: g, items: [] }]
            """,
            "test.yaml:4:30: itemGroups[0].items: expected at least one item in the group"
        ),
        (
            """
            items: [{ id: a, size: [10, 10], center: [5, 5] }]
            itemGroups: [{ id: g, items: [a] }]
            behaviors: [{ gravity: { items: [a] } }]
            """,
            "test.yaml:5:34: behaviors[0].gravity.items[0]: item 'a' moves with item group 'g'; behaviors name the group, whose one body moves all its items (name 'g' here)"
        ),
        (
            """
            items: [{ id: a, size: [10, 10], center: [5, 5] }]
            itemGroups: [{ id: g, items: [a] }]
            behaviors: [{ snap: { item: gr, to: [1, 1] } }]
            """,
            "test.yaml:5:29: behaviors[0].snap.item: unknown item 'gr'; expected one of: a, g"
        ),
    ]

    @Test("bad groups are refused at their key, with the group or item named", arguments: badGroups)
    func badGroup(text: String, expected: String) {
        do {
            _ = try Self.simulation(text)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect("\(error)" == expected)
        }
    }
}
