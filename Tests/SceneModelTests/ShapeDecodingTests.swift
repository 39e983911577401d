import Geometry
import Testing
import Timing

@testable import SceneModel
@testable import SceneSyntax

@Suite("Shapes in scene files")
struct ShapeDecodingTests {
    private func message(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        sceneError({ try decodeYAML(header + yaml) }, sourceLocation: sourceLocation)?.description ?? "<no SceneError>"
    }

    @Test("a shape's keys decode with Core Animation's defaults for the rest")
    func decodesShape() throws {
        let scene = try decodeYAML(
            header + """
                items:
                  - id: s
                    size: [40, 40]
                    center: [50, 50]
                    shape: { path: "M0 0 L40 0 L40 40 Z", strokeColor: "#FF0000", lineWidth: 3, lineCap: round, lineDashPattern: [4, 2], strokeEnd: 0.5, fillColor: none, fillRule: evenOdd }
                """)
        let shape = try #require(scene.items[0].shape)
        #expect(shape.geometry == .path(Path([.move(Point(0, 0)), .line(Point(40, 0)), .line(Point(40, 40)), .close])))
        #expect(shape.fillColor == .clear && shape.fillRule == .evenOdd)
        #expect(shape.strokeColor.r == 255 && shape.strokeColor.g == 0 && shape.strokeColor.a == 255)
        #expect(shape.stroke.lineWidth == 3 && shape.stroke.lineCap == .round && shape.stroke.lineJoin == .miter)
        #expect(
            shape.stroke.lineDashPattern == [4, 2] && shape.stroke.strokeEnd == 0.5 && shape.stroke.miterLimit == 10)
        let defaults = try #require(
            try decodeYAML(
                header + """
                    items:
                      - { id: e, size: [10, 10], center: [5, 5], shape: { ellipse: true } }
                    """
            ).items[0].shape)
        #expect(defaults.fillColor == .black && defaults.strokeColor == .clear && defaults.stroke.lineWidth == 1)
    }

    @Test("malformed path data is an error at the scene line naming the character offset in the string")
    func malformedPath() {
        let m = message(
            """
            items:
              - id: s
                size: [40, 40]
                center: [50, 50]
                shape: { path: "M0 0 L40 0 X 5" }
            """)
        #expect(
            m.hasPrefix("test.yaml:7:20: items[0].shape.path: malformed path data at character 11 of the string"),
            "\(m)")
        #expect(m.contains("unknown path command 'X'"))
    }

    @Test("an arc radius too small or a number too large for the arc conversion is a load error naming the key")
    func extremePathNumbers() {
        let radius = message(
            """
            items:
              - id: s
                size: [40, 40]
                center: [50, 50]
                shape: { path: "M0 0 A1e-200 1e-200 0 0 1 10 10" }
            """)
        #expect(
            radius
                == "test.yaml:7:20: items[0].shape.path: malformed path data at character 6 of the string (…M0 0 A1e-200 1e-20…): arc radius 1e-200 is too small: expected 0 (a straight line) or at least 0.000001 (path data is SVG's d attribute: M x y, L x y, H x, V y, C, S, Q, T, A, Z (lower case: relative))"
        )
        let far = message(
            """
            items:
              - id: s
                size: [40, 40]
                center: [50, 50]
                shape: { path: "M0 0 A 5 5 0 0 1 1e155 0" }
            """)
        #expect(far.contains("items[0].shape.path: malformed path data at character 17 of the string"), "\(far)")
        #expect(
            far.contains("): number '1e155' is out of range: expected a magnitude of at most 1e9 (path data"), "\(far)")
    }

    @Test("a path animation to a path of another structure is refused at load")
    func pathStructure() {
        let m = message(
            """
            items:
              - id: s
                size: [40, 40]
                center: [50, 50]
                shape: { path: "M0 0 L40 0 L40 40 Z" }
                animations:
                  - basic: { property: path, to: "M0 0 L40 0 Q 40 20 40 40 Z", duration: 1 }
            """)
        #expect(
            m.contains(
                "items[0].animations[0]: path animation values must have the same structure as the shape's path (M L L Z); found M L Q Z"
            ), "\(m)")
    }

    @Test("shape properties animate only on items with a shape, and ranges are checked")
    func rules() {
        #expect(
            message(
                """
                items:
                  - id: s
                    size: [40, 40]
                    center: [50, 50]
                    animations:
                      - basic: { property: strokeEnd, to: 1, duration: 1 }
                """
            ).contains("'s' has no shape; expected strokeEnd only on an item with shape:"))
        #expect(
            message(
                """
                items:
                  - { id: s, size: [40, 40], center: [50, 50], shape: { ellipse: true, strokeEnd: 1.5 } }
                """
            ).contains("items[0].shape.strokeEnd: expected strokeEnd from 0 to 1, found 1.5"))
        #expect(
            message(
                """
                items:
                  - { id: s, size: [40, 40], center: [50, 50], shape: { ellipse: true, path: "M0 0" } }
                """
            ).contains("expected exactly one outline"))
        #expect(
            message(
                """
                items:
                  - { id: s, size: [40, 40], center: [50, 50], shape: { ellipse: true, lineDashPattern: [0, 0] } }
                """
            ).contains("expected some length above 0 in the dash pattern"))
        #expect(
            message(
                """
                items:
                  - { id: s, size: [40, 40], center: [50, 50], shape: { star: { points: 2 } } }
                """
            ).contains("items[0].shape.star.points: expected 3 to 1000 points, found 2"))
    }

    @Test("strokeEnd, path and the colours decode as animatable values")
    func animatable() throws {
        let scene = try decodeYAML(
            header + """
                items:
                  - id: s
                    size: [40, 40]
                    center: [50, 50]
                    shape: { path: "M0 0 L40 0", strokeColor: "#000" }
                    animations:
                      - basic: { property: strokeEnd, from: 0, to: 1, duration: 1 }
                      - basic: { property: path, to: "M0 10 L40 10", duration: 1 }
                      - basic: { property: strokeColor, to: "#FF0000", duration: 1 }
                """)
        #expect(scene.items[0].animations.map(\.property) == [.strokeEnd, .path, .strokeColor])
    }
}
