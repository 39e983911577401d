import Geometry
import Testing
import Timing

@testable import SceneModel
@testable import SceneSyntax

@Suite("Animated transform3D and sublayerTransform in scene files")
struct TransformAnimationDecodingTests {
    private func message(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        sceneError({ try decodeYAML(header + yaml) }, sourceLocation: sourceLocation)?.description ?? "<no SceneError>"
    }

    /// An item `card` on lines 3–6 of the scene.
    static let item = """
        items:
          - id: card
            size: [100, 60]
            center: [160, 100]

        """

    private static func turnY(_ degrees: Double) -> AnimatableValue {
        .transform(.rotation(.degrees(degrees), axis: (0, 1, 0)))
    }

    @Test("transform3D, transform and sublayerTransform take the static keys' operation lists everywhere values go")
    func decodes() throws {
        let scene = try decodeYAML(
            header + Self.item + """
                    animations:
                      - basic: { property: transform3D, from: [{ rotateY: 0 }], to: [{ rotateY: 180 }, { perspective: 500 }], duration: 1 }
                      - keyframe: { property: transform, values: [[], [{ rotateY: 90 }], [{ rotateY: 120 }]], duration: 1 }
                      - spring: { property: sublayerTransform, to: [{ perspective: 400 }] }
                viewAnimations:
                  - { item: card, duration: 1, changes: { transform3D: [{ rotateY: 45 }] } }
                animators:
                  - id: anim
                    duration: 1
                    animations: [{ changes: { card: { sublayerTransform: [{ perspective: 800 }] } } }]
                """)
        let animations = scene.items[0].animations
        #expect(animations.map(\.property) == [.transform3D, .transform3D, .sublayerTransform])
        guard case .basic(let basic) = animations[0].kind, case .keyframe(let keyframe) = animations[1].kind else {
            Issue.record("not basic, keyframe")
            return
        }
        let flip = Transform3D.rotation(.degrees(180), axis: (0, 1, 0)).concatenating(.perspective(distance: 500))
        #expect(basic.toValue == .transform(flip))
        #expect(keyframe.values == [.transform(.identity), Self.turnY(90), Self.turnY(120)])
        #expect(scene.viewAnimations[0].changes == [PropertyChange(property: .transform3D, value: Self.turnY(45))])
        #expect(
            scene.animators[0].animations[0].changes == [
                ItemChange(item: "card", property: .sublayerTransform, value: .transform(.perspective(distance: 800)))
            ])
        #expect(scene.usesDepth)
    }

    @Test("a bad operation in an animation's value is refused at its key path and line")
    func badOperation() {
        let m = message(
            Self.item + """
                    animations:
                      - basic: { property: transform3D, to: [{ rotateY: 90 }, { perspective: -5 }], duration: 1 }
                """)
        #expect(m.hasPrefix("test.yaml:8:78: "), "\(m)")
        #expect(
            m.contains("items[0].animations[0].basic.to[1].perspective: expected a distance from the eye > 0"), "\(m)")
        let change = message(
            Self.item + """
                viewAnimations:
                  - { item: card, duration: 1, changes: { transform3D: [{ spin: 3 }] } }
                """)
        #expect(change.contains("viewAnimations[0].changes.transform3D[0].spin: unknown operation 'spin'"), "\(change)")
    }

    @Test("by, cumulative and paced or cubic keyframes are refused for a transform, at their keys")
    func refusals() {
        let by = message(
            Self.item + """
                    animations:
                      - basic: { property: transform3D, from: [], by: [{ rotateY: 90 }], duration: 1 }
                """)
        #expect(by.contains("items[0].animations[0].basic.by:"), "\(by)")
        #expect(by.contains("expected fromValue and toValue for a transform (for a change relative"), "\(by)")
        let paced = message(
            Self.item + """
                    animations:
                      - keyframe: { property: transform3D, values: [[], [{ rotateY: 90 }]], calculationMode: paced, duration: 1 }
                """)
        #expect(paced.contains("items[0].animations[0].keyframe.calculationMode:"), "\(paced)")
        #expect(paced.contains("linear or discrete for a transform"), "\(paced)")
        let cumulative = message(
            Self.item + """
                    animations:
                      - basic: { property: sublayerTransform, to: [{ rotateY: 90 }], cumulative: true, duration: 1 }
                """)
        #expect(cumulative.contains("items[0].animations[0].basic.cumulative:"), "\(cumulative)")
        let viewKeyframes = message(
            Self.item + """
                viewAnimations:
                  - { item: card, duration: 1, options: [calculationModeCubic], keyframes: [{ start: 0, duration: 1, changes: { transform: [{ rotateX: 60 }] } }] }
                """)
        #expect(
            viewKeyframes.hasSuffix(
                "viewAnimations[0].options: calculationMode cubic cannot animate transform3D, a transform interpolated decomposed; expected calculationModeLinear or calculationModeDiscrete"
            ), "\(viewKeyframes)")
    }
}
