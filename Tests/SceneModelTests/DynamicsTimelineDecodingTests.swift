import Foundation
import Geometry
import Testing

@testable import SceneModel
@testable import SceneSyntax

/// `dynamicsTimeline:` and behaviour ids in scene files: what they decode to, and one precise
/// error (line, key path, expectation, suggestion) for each kind of mistake.
@Suite("Dynamics timeline in scene files")
struct DynamicsTimelineDecodingTests {
    static let head = """
        canvas: { size: [320, 568] }
        duration: 3
        items: [{ id: card, size: [60, 60], center: [160, 252] }]
        behaviors:
          - { id: cardSnap, snap: { item: card, to: [80, 252] } }
          - { id: fall, gravity: { items: [card] } }

        """

    private func message(_ timeline: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        sceneError({ try decodeYAML(Self.head + timeline) }, sourceLocation: sourceLocation)?.description
            ?? "<no SceneError>"
    }

    @Test("a tap on a child item says taps take top-level items and names its parent, not 'unknown item'")
    func tapOnChild() {
        let scene = Self.head.replacingOccurrences(
            of: "center: [160, 252] }]",
            with: "center: [160, 252], children: [{ id: badge, size: [10, 10], center: [5, 5] }] }]")
        let error = sceneError { try decodeYAML(scene + "dynamicsTimeline: [{ at: 1, tap: badge, remove: fall }]") }
        #expect(
            error?.description
                == "test.yaml:7:34: dynamicsTimeline[0].tap: item 'badge' is a child of 'card'; taps and drags take top-level items only (tap or drag 'card', the top-level item that holds it)"
        )
    }

    @Test("the issue's example decodes to a set, a remove and an add, with the behaviour ids")
    func decodesExample() throws {
        let scene = try decodeYAML(
            Self.head + """
                dynamicsTimeline: [{ at: 0.8, set: { behavior: cardSnap, snapPoint: [240, 300] } }, { at: 1.2, remove: fall },
                  { at: 1.5, tap: card, add: { id: kick, push: { items: [card], angle: 90, magnitude: 1 } } }]
                """)
        #expect(scene.behaviorIDs == ["cardSnap", "fall"])
        #expect(scene.dynamicsTimeline.count == 3)
        #expect(
            scene.dynamicsTimeline[0]
                == DynamicsTimelineEntry(
                    at: 0.8,
                    action: .set(
                        behavior: "cardSnap", settings: [BehaviorSetting("snapPoint", .point(Point(240, 300)))])))
        #expect(scene.dynamicsTimeline[1] == DynamicsTimelineEntry(at: 1.2, action: .remove("fall")))
        #expect(scene.dynamicsTimeline[2].tap == "card")
        guard case .add(.push(let push), let id) = scene.dynamicsTimeline[2].action else {
            Issue.record("not an add of a push")
            return
        }
        #expect(id == "kick" && push.items == ["card"])
    }

    @Test("an unknown behaviour id names the known ones and suggests the closest")
    func unknownBehavior() {
        #expect(
            message("dynamicsTimeline: [{ at: 0.8, set: { behavior: cardSanp, snapPoint: [240, 300] } }]")
                == "test.yaml:7:48: dynamicsTimeline[0].set.behavior: unknown behavior 'cardSanp'; expected one of: cardSnap, fall (did you mean 'cardSnap'?)"
        )
    }

    @Test("a key the behaviour's class does not have lists the class's settable keys")
    func wrongKeyForKind() {
        #expect(
            message("dynamicsTimeline: [{ at: 0.8, set: { behavior: fall, snapPoint: [240, 300] } }]")
                == "test.yaml:7:65: dynamicsTimeline[0].set.snapPoint: a gravity has no settable 'snapPoint'; expected one of: direction, angle, magnitude"
        )
    }

    @Test("an unknown set key suggests the closest settable key")
    func unknownKey() {
        #expect(
            message("dynamicsTimeline: [{ at: 0.8, set: { behavior: cardSnap, snapPont: [240, 300] } }]").hasPrefix(
                "test.yaml:7:58: dynamicsTimeline[0].set.snapPont: unknown key 'snapPont'; expected one of: behavior, snapPoint,"
            ))
        #expect(
            message("dynamicsTimeline: [{ at: 0.8, set: { behavior: cardSnap, snapPont: [240, 300] } }]").hasSuffix(
                "(did you mean 'snapPoint'?)"))
    }

    @Test(
        "an entry with two actions, none, a wrong value type, an out-of-range value or out of time order is one precise error"
    )
    func otherMistakes() {
        #expect(
            message("dynamicsTimeline: [{ at: 1, remove: fall, add: { gravity: { items: [card] } } }]")
                == "test.yaml:7:43: dynamicsTimeline[0]: expected exactly one of set, remove or add, found 'remove' and 'add' (give each change its own entry)"
        )
        #expect(
            message("dynamicsTimeline: [{ at: 1 }]")
                == "test.yaml:7:20: dynamicsTimeline[0]: expected exactly one of set, remove or add, found none (for example remove: fall)"
        )
        #expect(
            message("dynamicsTimeline: [{ at: 1, set: { behavior: cardSnap, damping: yes } }]")
                == "test.yaml:7:65: dynamicsTimeline[0].set.damping: expected a number, found string 'yes'")
        #expect(
            message("dynamicsTimeline: [{ at: 1, set: { behavior: cardSnap, damping: 2 } }]")
                == "test.yaml:7:65: dynamicsTimeline[0].set.damping: expected a damping ratio from 0 to 1, found 2")
        #expect(
            message("dynamicsTimeline: [{ at: 2, remove: fall }, { at: 1, remove: cardSnap }]")
                == "test.yaml:7:51: dynamicsTimeline[1].at: entries must be in time order; 1 s comes after 2 s (move this entry before the one at 2 s)"
        )
        #expect(
            message("dynamicsTimeline: [{ at: 1, tap: crad, remove: fall }]")
                == "test.yaml:7:34: dynamicsTimeline[0].tap: unknown item 'crad'; expected one of: card (did you mean 'card'?)"
        )
        #expect(
            message("dynamicsTimeline: [{ at: 1, add: { id: fall, gravity: { items: [card] } } }]")
                == "test.yaml:7:40: dynamicsTimeline[0].add.id: duplicate behavior id 'fall'; expected each id once")
    }

    @Test("a behaviour added by the timeline can be changed and removed by later entries, not earlier ones")
    func addedIDsInOrder() throws {
        _ = try decodeYAML(
            Self.head + """
                dynamicsTimeline: [{ at: 1, add: { id: kick, push: { items: [card] } } }, { at: 2, set: { behavior: kick, magnitude: 2 } }]
                """)
        #expect(
            message(
                "dynamicsTimeline: [{ at: 1, set: { behavior: kick, magnitude: 2 } }, { at: 2, add: { id: kick, push: { items: [card] } } }]"
            )
                == "test.yaml:7:46: dynamicsTimeline[0].set.behavior: unknown behavior 'kick'; expected one of: cardSnap, fall"
        )
    }

    @Test(
        "a drag trigger: decoded with times after at; tap and drag together, decreasing times or an unknown item are located errors"
    )
    func dragTrigger() throws {
        let scene = try decodeYAML(
            Self.head
                + "dynamicsTimeline: [{ at: 1, drag: { item: card, path: [[0, 10, 10], [0.5, 60, 10]] }, remove: fall }]"
        )
        let drag = try #require(scene.dynamicsTimeline[0].drag)
        #expect(drag.finger(at: 0.25) == Point(35, 10) && scene.dynamicsTimeline[0].actionTime == 1.5)
        #expect(
            message("dynamicsTimeline: [{ at: 1, tap: card, drag: { item: card, path: [[0, 1, 1]] }, remove: fall }]")
                == "test.yaml:7:40: dynamicsTimeline[0].drag: 'tap' and 'drag' are both given; expected one gesture per entry"
        )
        #expect(
            message(
                "dynamicsTimeline: [{ at: 1, drag: { item: card, path: [[0.5, 1, 1], [0.5, 2, 2]] }, remove: fall }]")
                == "test.yaml:7:69: dynamicsTimeline[0].drag.path[1][0]: expected times ≥ 0 that increase, found 0.5 after 0.5"
        )
        #expect(
            message("dynamicsTimeline: [{ at: 1, drag: { item: crad, path: [[0, 1, 1]] }, remove: fall }]")
                == "test.yaml:7:43: dynamicsTimeline[0].drag.item: unknown item 'crad'; expected one of: card (did you mean 'card'?)"
        )
    }
}
