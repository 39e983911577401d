import Foundation
import Geometry
import Testing

@testable import SceneModel

/// `center: { of: item, offset: [dx, dy] }` and the same spelling for behaviour points.
@Suite("Positions relative to another item")
struct RelativePositionTests {
    @Test(
        "an item placed relative to another gets that item's centre plus the offset; a child's is converted into its parent's bounds"
    )
    func items() throws {
        let scene = try decodeYAML(
            header + """
                items:
                  - { id: card, size: [100, 50], center: [200, 200], rotation: 90, children: [{ id: heart, size: [10, 10], center: [100, 25] }] }
                  - { id: label, size: [40, 10], center: { of: card, offset: [0, 40] } }
                  - { id: dot, size: [4, 4], center: { of: heart } }
                  - id: frame
                    size: [60, 60]
                    center: [100, 100]
                    children: [{ id: pin, size: [2, 2], center: { of: card, offset: [-100, -100] } }]
                behaviors:
                  - snap: { item: label, to: { of: heart, offset: [10, 0] } }
                """)
        #expect(scene.items[1].center == Point(200, 240))
        // heart sits at the parent's right edge, (50, 0) from its centre, turned 90° clockwise: (0, 50).
        let dot = scene.items[2].center
        #expect(abs(dot.x - 200) < 1e-12 && abs(dot.y - 250) < 1e-12)
        // (100, 100) on the canvas is frame's centre, i.e. (30, 30) in its bounds.
        #expect(scene.items[3].children[0].center == Point(30, 30))
        guard case .snap(let snap) = scene.behaviors[0] else {
            Issue.record("expected a snap")
            return
        }
        #expect(abs(snap.snapPoint.x - 210) < 1e-12 && abs(snap.snapPoint.y - 250) < 1e-12)
    }

    @Test("a reference to an item written later, to itself, or to no item is a precise error")
    func errors() throws {
        let later = try #require(
            sceneError {
                try decodeYAML(
                    header + """
                        items:
                          - { id: label, size: [40, 10], center: { of: card } }
                          - { id: card, size: [100, 50], center: [200, 200] }
                        """)
            })
        #expect(
            later.description
                == "test.yaml:4:48: items[0].center.of: item 'card' is written later in the file; expected an item written above this one (positions are resolved in file order) (move 'card' above, or place it relative to this item instead)"
        )
        let itself = try #require(
            sceneError { try decodeYAML(header + "items:\n  - { id: a, size: [1, 1], center: { of: a } }\n") })
        #expect(
            itself.description
                == "test.yaml:4:42: items[0].center.of: item 'a' cannot be placed relative to itself; expected another item's id"
        )
        let unknown = try #require(
            sceneError {
                try decodeYAML(
                    header + """
                        items:
                          - { id: card, size: [100, 50], center: [200, 200] }
                          - { id: label, size: [40, 10], center: { of: crad, offset: [0, 1] } }
                        """)
            })
        #expect(
            unknown.description
                == "test.yaml:5:48: items[1].center.of: unknown item 'crad'; expected one of: card (did you mean 'card'?)"
        )
        let badKey = try #require(
            sceneError {
                try decodeYAML(
                    header
                        + "items:\n  - { id: a, size: [1, 1], center: [0, 0] }\nbehaviors:\n  - snap: { item: a, to: { of: a, ofset: [1, 1] } }\n"
                )
            })
        #expect(
            badKey.description
                == "test.yaml:6:35: behaviors[0].snap.to.ofset: unknown key 'ofset'; expected one of: of, offset (did you mean 'offset'?)"
        )
        let badOffset = try #require(
            sceneError {
                try decodeYAML(
                    header
                        + "items:\n  - { id: a, size: [1, 1], center: [0, 0] }\n  - { id: b, size: [1, 1], center: { of: a, offset: [1] } }\n"
                )
            })
        #expect(
            badOffset.description
                == "test.yaml:5:53: items[1].center.offset: expected [dx, dy], found a list of 1 value")
    }

    @Test("maskedCorners takes each corner once by its plain name, and suggests the plain name for Core Animation's")
    func maskedCorners() throws {
        let scene = try decodeYAML(
            header
                + "items:\n  - { id: s, size: [10, 10], center: [5, 5], maskedCorners: [bottomLeft, topLeft], isHidden: true }\n"
        )
        #expect(scene.items[0].maskedCorners == [.topLeft, .bottomLeft] && scene.items[0].isHidden)
        let ca = try #require(sceneError { try Fixtures.decode("masked_corners_bad.yaml") })
        #expect(
            ca.description
                == "masked_corners_bad.yaml:4:90: items[0].maskedCorners[0]: expected a corner, one of: topLeft, topRight, bottomLeft, bottomRight; found string 'layerMinXMinYCorner' (Core Animation's layerMinXMinYCorner is 'topLeft' here)"
        )
        let twice = try #require(
            sceneError {
                try decodeYAML(
                    header
                        + "items:\n  - { id: s, size: [10, 10], center: [5, 5], maskedCorners: [topLeft, topLeft] }\n")
            })
        #expect(
            twice.description
                == "test.yaml:4:71: items[0].maskedCorners[1]: corner 'topLeft' is listed twice; expected each corner once"
        )
    }
}
