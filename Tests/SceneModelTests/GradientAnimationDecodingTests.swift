import Colors
import Geometry
import Testing
import Timing

@testable import SceneModel
@testable import SceneSyntax

@Suite("Animated gradients in scene files")
struct GradientAnimationDecodingTests {
    private func message(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        sceneError({ try decodeYAML(header + yaml) }, sourceLocation: sourceLocation)?.description ?? "<no SceneError>"
    }

    /// An item `g` with a two-stop linear gradient, on lines 4–7 of the scene.
    static let item = """
        items:
          - id: g
            size: [100, 40]
            center: [160, 100]
            fill: { linear: { colors: ["#FF0000", "#0000FF"], startPoint: [0, 0.5], endPoint: [1, 0.5] } }

        """

    @Test("colors, locations, startPoint and endPoint decode as CAGradientLayer's key paths")
    func decodes() throws {
        let scene = try decodeYAML(
            header + Self.item + """
                    animations:
                      - basic: { property: colors, to: ["#00FF00", "#FFFFFF00"], duration: 1 }
                      - keyframe: { property: locations, values: [[0, 1], [0.5, 0.5], [0, 1]], duration: 1 }
                      - spring: { property: startPoint, from: [0, 0], to: [0.5, 0.5] }
                viewAnimations:
                  - { item: g, duration: 1, changes: { endPoint: [1, 1], locations: [-1, 2] } }
                """)
        let animations = scene.items[0].animations
        #expect(animations.map(\.property) == [.gradientColors, .gradientLocations, .gradientStartPoint])
        guard case .basic(let basic) = animations[0].kind else {
            Issue.record("not basic")
            return
        }
        #expect(
            basic.toValue
                == .colorList(
                    ListValue([PremultipliedColor(r: 0, g: 1, b: 0, a: 1), PremultipliedColor(r: 0, g: 0, b: 0, a: 0)]))
        )
        guard case .keyframe(let keyframe) = animations[1].kind else {
            Issue.record("not keyframe")
            return
        }
        #expect(keyframe.values[1] == .numberList(ListValue([0.5, 0.5])))
        #expect(
            scene.viewAnimations[0].changes == [
                PropertyChange(property: .gradientEndPoint, value: .point(Point(1, 1))),
                PropertyChange(property: .gradientLocations, value: .numberList(ListValue([-1, 2]))),
            ])
    }

    @Test("a colors value with another count than the gradient's is refused at its line, naming both counts")
    func colorCountMismatch() {
        let m = message(
            Self.item + """
                    animations:
                      - basic: { property: colors, from: ["#000000", "#FFFFFF"], to: ["#000000", "#808080", "#FFFFFF"], duration: 1 }
                """)
        #expect(
            m
                == "test.yaml:9:70: items[0].animations[0].basic.to: expected 2 colours, one per colour of 'g's gradient (Core Animation interpolates lists of the same count only), found 3 (give 2 colours; to add or remove a stop, repeat a colour at the same location)",
            "\(m)")
    }

    @Test("locations of another count are refused in keyframes, view animations and animator blocks alike")
    func locationCountMismatch() {
        let keyframe = message(
            Self.item + """
                    animations:
                      - keyframe: { property: locations, values: [[0, 1], [0, 0.5, 1]], duration: 1 }
                """)
        #expect(keyframe.hasPrefix("test.yaml:9:"), "\(keyframe)")
        #expect(
            keyframe.contains(
                "items[0].animations[0].keyframe.values[1]: expected 2 locations, one per colour of 'g's gradient"),
            "\(keyframe)")
        let view = message(
            Self.item + """
                viewAnimations:
                  - { item: g, duration: 1, changes: { locations: [0.5] } }
                """)
        #expect(view.contains("viewAnimations[0].changes.locations: expected 2 locations"), "\(view)")
        let animator = message(
            Self.item + """
                animators:
                  - { id: an, duration: 1, animations: [{ changes: { g: { colors: ["#000000"] } } }] }
                """)
        #expect(animator.contains("animators[0].animations[0].changes.g.colors: expected 2 colours"), "\(animator)")
    }

    @Test("gradient keys animate only on an item whose fill is a gradient")
    func needsGradientFill() {
        let m = message(
            """
            items:
              - id: plain
                size: [100, 40]
                center: [160, 100]
                fill: "#FF0000"
                animations:
                  - basic: { property: startPoint, to: [1, 1], duration: 1 }
            """)
        #expect(
            m
                == "test.yaml:9:44: items[0].animations[0].basic.to: 'plain' has no gradient fill; expected startPoint only on an item whose fill is a gradient (give 'plain' fill: { linear: { colors: [\"#000000\", \"#FFFFFF\"] } })",
            "\(m)")
    }

    @Test("list values are lists of 1 to 32 elements of the right type")
    func listShape() {
        let count = message(
            Self.item + """
                    animations:
                      - basic: { property: locations, to: [], duration: 1 }
                """)
        #expect(count.contains("items[0].animations[0].basic.to: expected 1 to 32 elements, found 0"), "\(count)")
        let colour = message(
            Self.item + """
                    animations:
                      - basic: { property: colors, to: ["#000000", 5], duration: 1 }
                """)
        #expect(colour.contains("items[0].animations[0].basic.to[1]:"), "\(colour)")
    }
}
