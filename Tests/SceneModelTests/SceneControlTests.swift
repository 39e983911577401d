import Foundation
import Geometry
import Raster
import Testing

@testable import SceneLoading
@testable import SceneModel
@testable import SceneSyntax

@Suite("Scene controls: named values used in place of literals")
struct SceneControlTests {
    static let scene = """
        name: tuned
        canvas: { size: [320, 568] }
        duration: 1
        controls:
          damping: { value: 0.5, range: [0, 1], step: 0.05 }
          tint: { color: "#FF9500" }
        items:
          - { id: card, size: [60, 60], center: [160, 252], fill: $tint }
        behaviors:
          - snap: { item: card, to: [80, 252], damping: $damping }

        """

    func load(_ text: String = scene, _ overrides: [(name: String, value: String)] = []) throws -> (
        scene: Scene, controls: [SceneControl]
    ) {
        try SceneLoader.decodeWithControls(text, fileName: "tuned.yaml", format: .yaml, overrides: overrides)
    }

    func snapDamping(_ scene: Scene) -> Double? {
        for behavior in scene.behaviors { if case .snap(let snap) = behavior { return snap.damping } }
        return nil
    }

    @Test("references take the declared values, and the controls are listed with their kinds and places")
    func declaredValues() throws {
        let (scene, controls) = try load()
        #expect(snapDamping(scene) == 0.5)
        #expect(scene.items[0].fill == ColorRGBA8(hex: "#FF9500"))
        #expect(
            controls == [
                SceneControl(
                    name: "damping", kind: .number(range: 0...1, step: 0.05), value: "0.5", valueLine: 5,
                    valueColumn: 21),
                SceneControl(name: "tint", kind: .color, value: "#FF9500", valueLine: 6, valueColumn: 18),
            ])
    }

    @Test("--set overrides a value, and is checked against the control's kind and range")
    func overrides() throws {
        let (scene, controls) = try load(Self.scene, [("damping", "0.3"), ("tint", "#34C759")])
        #expect(snapDamping(scene) == 0.3 && scene.items[0].fill == ColorRGBA8(hex: "#34C759"))
        #expect(controls.map(\.value) == ["0.3", "#34C759"])
        #expect(
            throws: SceneError(
                file: "tuned.yaml", keyPath: "controls.damping",
                message: "--set damping=3: expected a value within 0.0...1.0 (the control's range)")
        ) {
            try load(Self.scene, [("damping", "3")])
        }
        #expect(
            throws: SceneError(
                file: "tuned.yaml", keyPath: "controls",
                message: "--set dampin: unknown control; expected one of: damping, tint",
                suggestion: "did you mean 'damping'?")
        ) {
            try load(Self.scene, [("dampin", "0.3")])
        }
        #expect(
            throws: SceneError(
                file: "tuned.yaml", keyPath: "controls.tint",
                message: "--set tint=blue: expected a colour '#RGB', '#RGBA', '#RRGGBB' or '#RRGGBBAA'")
        ) {
            try load(Self.scene, [("tint", "blue")])
        }
    }

    @Test("an unknown reference is an error at its place with the closest control; $$ is a literal $")
    func references() throws {
        let typo = Self.scene.replacingOccurrences(of: "damping: $damping", with: "damping: $dampng")
        do {
            _ = try load(typo)
            Issue.record("expected an error")
        } catch let error as SceneError {
            #expect(
                error.description
                    == "tuned.yaml:10:49: behaviors[0].snap.damping: unknown control '$dampng'; expected one of: $damping, $tint (did you mean '$damping'?)"
            )
        }
        let root = try #require(try SceneLoader.parse("a: $$b\nc: \"$$\"\n", fileName: "t.yaml", format: .yaml))
        let (out, controls) = try ControlResolver.resolve(
            root, overrides: [], decoder: SceneDecoder(file: "t.yaml", format: .yaml))
        guard case .mapping(let entries) = out.value, case .scalar(let b, _) = entries[0].value.value,
            case .scalar(let c, _) = entries[1].value.value
        else {
            Issue.record("not a mapping of scalars")
            return
        }
        #expect(b == "$b" && c == "$" && controls.isEmpty)
    }

    @Test("a reference spelt by an escape, or written only in an imported component, is resolved")
    func referencesWithoutADollarInTheScene() throws {
        // `\u0024` is `$`: the scene's text has no `$` of its own.
        let escaped = Self.scene.replacingOccurrences(of: "fill: $tint", with: "fill: \"\\u0024tint\"")
            .replacingOccurrences(of: "damping: $damping", with: "damping: 0.7")
        #expect(!escaped.contains("$"))
        #expect(try load(escaped).scene.items[0].fill == ColorRGBA8(hex: "#FF9500"))

        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("flipbook-controls-\(getpid())")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
        components:
          tile: { item: { size: [20, 20], fill: $tint } }

        """.write(toFile: folder + "/tiles.yaml", atomically: true, encoding: .utf8)
        let sceneText = """
            canvas: { size: [320, 568] }
            duration: 1
            controls:
              tint: { color: "#34C759" }
            imports: [tiles.yaml]
            items:
              - repeat: { use: tile, id: t, count: 3, center: [40, 40], spacing: [30, 0] }

            """
        #expect(!sceneText.contains("$"))
        try sceneText.write(toFile: folder + "/grid.yaml", atomically: true, encoding: .utf8)
        let scene = try SceneLoader.load(path: folder + "/grid.yaml")
        #expect(scene.items.count == 3 && scene.items.allSatisfy { $0.fill == ColorRGBA8(hex: "#34C759") })

        #expect(ControlResolver.mayMentionControl("fill: $tint") && ControlResolver.mayMentionControl("a: \"\\x24b\""))
        #expect(!ControlResolver.mayMentionControl("fill: \"#FF9500\"\nsize: [10, 10]"))
    }

    @Test("a declared value outside its range, a bad name or a colour control with a range are errors at their place")
    func declarations() throws {
        let cases: [(String, String, String)] = [
            (
                "value: 0.5, range: [0, 1]", "value: 2, range: [0, 1]",
                "tuned.yaml:5:21: controls.damping.value: expected a value within 0.0...1.0 (its range), found 2.0"
            ),
            (
                "value: 0.5, range: [0, 1]", "value: 0.5, range: [1, 0]",
                "tuned.yaml:5:33: controls.damping.range: expected lowest < highest, found [1.0, 0.0]"
            ),
            (
                "tint: { color", "9tint: { color",
                "tuned.yaml:6:3: controls.9tint: control names are letters, digits and _, not starting with a digit; found '9tint'"
            ),
            (
                "{ color: \"#FF9500\" }", "{ color: \"#FF9500\", range: [0, 1] }",
                "tuned.yaml:6:36: controls.tint.range: a colour control has only color; found range"
            ),
        ]
        for (from, to, expected) in cases {
            do {
                _ = try load(Self.scene.replacingOccurrences(of: from, with: to))
                Issue.record("expected: \(expected)")
            } catch let error as SceneError {
                #expect(error.description == expected)
            }
        }
    }
}

@Suite("Writing control values back into a scene file")
struct ControlWriteBackTests {
    @Test("only the declared values change: comments, spacing, quotes and other lines stay as written")
    func rewritesInPlace() throws {
        let text = """
            # tuned by hand
            controls:
              damping: { value: 0.5, range: [0, 1] }   # how bouncy
              tint: { color: '#FF9500' }
              side:
                value: 20 # points
                range: [10, 40]
            items: []
            duration: 1
            canvas: { size: [100, 100] }
            """
        let (_, controls) = try SceneLoader.decodeWithControls(text, fileName: "t.yaml", format: .yaml)
        let out = try ControlWriteBack.rewrite(
            text, controls: controls, values: ["damping": "0.35", "tint": "#34C759", "side": "12.5"])
        #expect(
            out
                == text.replacingOccurrences(of: "value: 0.5,", with: "value: 0.35,")
                .replacingOccurrences(of: "'#FF9500'", with: "'#34C759'").replacingOccurrences(
                    of: "value: 20 #", with: "value: 12.5 #"))
        let (_, reread) = try SceneLoader.decodeWithControls(out, fileName: "t.yaml", format: .yaml)
        #expect(reread.map(\.value) == ["0.35", "#34C759", "12.5"])
    }

    @Test("a value the control cannot take is refused and nothing is rewritten")
    func refusesBadValues() throws {
        let text =
            "controls:\n  damping: { value: 0.5, range: [0, 1] }\nitems: []\nduration: 1\ncanvas: { size: [100, 100] }\n"
        let (_, controls) = try SceneLoader.decodeWithControls(text, fileName: "t.yaml", format: .yaml)
        #expect(throws: ControlWriteBack.Failure.invalid(control: "damping", value: "2")) {
            try ControlWriteBack.rewrite(text, controls: controls, values: ["damping": "2"])
        }
    }
}
