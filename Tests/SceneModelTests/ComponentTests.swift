import Foundation
import Geometry
import Raster
import Testing

@testable import SceneLoading
@testable import SceneModel

/// `components:`, `imports:` and `use:` instances, expanded into plain items at load time.
@Suite("Components")
struct ComponentTests {
    static let rows = """
        components:
          row:
            parameters: { tint: "#FF9500", title: "Inbox", width: 300 }
            item:
              size: ["{width}", 60]
              center: [0, 0]
              fill: "#FFFFFF"
              children:
                - { id: avatar, size: [40, 40], center: [30, 30], fill: "{tint}", cornerRadius: 20 }
                - { id: "label-{title}", size: [200, 20], center: [150, 30] }

        """

    @Test(
        "each instance becomes the component's item with its own id, arguments and overrides; children get the instance id in front"
    )
    func instancesExpand() throws {
        let scene = try decodeYAML(
            header + Self.rows + """
                items:
                  - { id: r1, use: row, center: [160, 40] }
                  - { id: r2, use: row, center: [160, 110], arguments: { tint: "#34C759", title: Mail, width: 280 } }
                behaviors:
                  - snap: { item: r2, to: [100, 100] }
                """)
        #expect(scene.items.map(\.id) == ["r1", "r2"])
        #expect(scene.items.map(\.center) == [Point(160, 40), Point(160, 110)])
        #expect(scene.items.map(\.size) == [Size(300, 60), Size(280, 60)])
        #expect(scene.items[0].children.map(\.id) == ["r1.avatar", "r1.label-Inbox"])
        #expect(scene.items[1].children.map(\.id) == ["r2.avatar", "r2.label-Mail"])
        #expect(scene.items[0].children[0].fill == ColorRGBA8(hex: "#FF9500"))
        #expect(scene.items[1].children[0].fill == ColorRGBA8(hex: "#34C759"))
    }

    @Test("a component inside a component prefixes twice, and the dotted id works in a behavior")
    func nestedInstances() throws {
        let scene = try decodeYAML(
            header + """
                components:
                  dot: { item: { size: [4, 4], center: [2, 2] } }
                  pair:
                    item:
                      size: [20, 10]
                      children: [{ id: left, use: dot }, { id: right, use: dot, center: [18, 2] }]
                items:
                  - { id: p, use: pair, center: [50, 50] }
                behaviors:
                  - gravity: { items: [p] }
                """)
        #expect(scene.items[0].children.map(\.id) == ["p.left", "p.right"])
        #expect(scene.items[0].children[1].center == Point(18, 2))
    }

    @Test(
        "a child of an instance is addressed by its dotted id in view animations and the layer timeline, and a misspelt one gets a suggestion"
    )
    func dottedIDsEverywhere() throws {
        let scene = try decodeYAML(
            header + Self.rows + """
                items:
                  - { id: r1, use: row, center: [160, 40] }
                viewAnimations:
                  - { at: 0.1, item: r1.avatar, duration: 0.3, changes: { center: [30, 50] } }
                layerTimeline:
                  - { at: 0.2, item: r1.avatar, call: pause }
                """)
        #expect(scene.viewAnimations.map(\.item) == ["r1.avatar"])
        #expect(scene.layerTimeline.map(\.item) == ["r1.avatar"])
        let error = try #require(
            sceneError {
                try decodeYAML(
                    header + Self.rows + """
                        items:
                          - { id: r1, use: row, center: [160, 40] }
                        viewAnimations:
                          - { at: 0.1, item: r1.avtar, duration: 0.3, changes: { center: [30, 50] } }
                        """)
            })
        #expect(
            error.description.contains("unknown item 'r1.avtar'")
                && error.description.contains("did you mean 'r1.avatar'?"))
    }

    @Test("an error inside an instance points at the component's line and names the instance")
    func errorInsideInstance() throws {
        let error = try #require(
            sceneError {
                try decodeYAML(
                    header + Self.rows + """
                        items:
                          - { id: r1, use: row, center: [160, 40] }
                          - { id: r3, use: row, center: [160, 110], arguments: { tint: "#GGG" } }
                        """)
            })
        #expect(
            error.description
                == "test.yaml:15:64: items[1].children[0].fill: expected a colour '#RGB', '#RGBA', '#RRGGBB', '#RRGGBBAA' or a system colour such as systemBlue, found string '#GGG'; for parameter 'tint' of component 'row' (used at test.yaml:11) in instance 'r3'"
        )
    }

    @Test(
        "a bad key in a component's own text is reported at the component's line, naming the instance and where it is used"
    )
    func errorInComponentText() throws {
        let error = try #require(
            sceneError {
                try decodeYAML(
                    header + """
                        components:
                          card:
                            item: { size: [10, 10], center: [5, 5], cornerRadus: 4 }
                        items:
                          - { id: c1, use: card }
                        """)
            })
        #expect(
            error.description
                == "test.yaml:5:45: items[0].cornerRadus: unknown key 'cornerRadus'; expected one of: id, size, center, rotation, scale, fill, cornerRadius, cornerCurve, maskedCorners, border, opacity, isHidden, z, kind, collisionBounds, masksToBounds, allowsGroupOpacity, shadow, filters, backgroundEffect, shape, icon, tintColor, image and 17 more; in instance 'c1' (test.yaml:7) of component 'card' (did you mean 'cornerRadius'?)"
        )
    }

    @Test("an unknown component, an unknown argument and a cycle are clear errors with suggestions")
    func badUses() throws {
        let unknown = try #require(
            sceneError { try decodeYAML(header + Self.rows + "items:\n  - { id: r1, use: rows }\n") })
        #expect(
            unknown.description
                == "test.yaml:14:20: items[0].use: unknown component 'rows'; expected one of: row (did you mean 'row'?)"
        )
        let argument = try #require(
            sceneError {
                try decodeYAML(header + Self.rows + "items:\n  - { id: r1, use: row, arguments: { tnt: \"#000\" } }\n")
            })
        #expect(
            argument.description
                == "test.yaml:14:38: items[0].arguments.tnt: unknown parameter 'tnt' of component 'row'; expected one of: tint, title, width (did you mean 'tint'?)"
        )
        let cycle = try #require(
            sceneError {
                try decodeYAML(
                    header + """
                        components:
                          a: { item: { size: [1, 1], children: [{ id: x, use: b }] } }
                          b: { item: { size: [1, 1], children: [{ id: y, use: a }] } }
                        items:
                          - { id: top, use: a, center: [1, 1] }
                        """)
            })
        #expect(cycle.description.contains("component 'a' uses itself (a → b → a); expected no cycle"))
        let none = try #require(sceneError { try decodeYAML(header + "items:\n  - { id: r1, use: row }\n") })
        #expect(
            none.description
                == "test.yaml:4:20: items[0].use: unknown component 'row'; the scene defines no components (define it under components: at the top level, or list its file under imports:)"
        )
    }

    @Test("a placeholder that names no parameter is an error at its line")
    func unknownPlaceholder() throws {
        let error = try #require(
            sceneError {
                try decodeYAML(
                    header + """
                        components:
                          card: { parameters: { tint: "#000" }, item: { size: [10, 10], fill: "{tnit}" } }
                        items:
                          - { id: c1, use: card, center: [5, 5] }
                        """)
            })
        #expect(
            error.description
                == "test.yaml:4:71: components.card.item.fill: unknown parameter '{tnit}' in component 'card'; expected one of: tint; in instance 'c1' (test.yaml:6) of component 'card' (did you mean 'tint'?)"
        )
    }

    @Test("components import from a file inside the scene's folder, and an import that leaves it is refused")
    func imports() throws {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("flipbook-components-\(getpid())")
        try FileManager.default.createDirectory(atPath: folder + "/components", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.rows.write(toFile: folder + "/components/rows.yaml", atomically: true, encoding: .utf8)
        let sceneFile = folder + "/list.yaml"
        try (header + "imports: [components/rows.yaml]\nitems:\n  - { id: r1, use: row, center: [160, 40] }\n")
            .write(toFile: sceneFile, atomically: true, encoding: .utf8)
        let scene = try SceneLoader.load(path: sceneFile)
        #expect(scene.items[0].children.map(\.id) == ["r1.avatar", "r1.label-Inbox"])

        try
            (header
            + "imports: [components/rows.yaml]\nitems:\n  - { id: r1, use: row, center: [160, 40], arguments: { tint: red } }\n")
            .write(toFile: sceneFile, atomically: true, encoding: .utf8)
        let bad = try #require(sceneError { try SceneLoader.load(path: sceneFile) })
        #expect(bad.file == sceneFile && bad.line == 5)
        #expect(
            bad.description.hasSuffix(
                "found string 'red'; for parameter 'tint' of component 'row' (used at \(folder)/components/rows.yaml:9) in instance 'r1'"
            ))
        try
            (header
            + "imports: [components/rows.yaml]\nitems:\n  - { id: r1, use: row, center: [160, 40], arguments: { width: -1 } }\n")
            .write(toFile: sceneFile, atomically: true, encoding: .utf8)
        let negative = try #require(sceneError { try SceneLoader.load(path: sceneFile) })
        #expect(negative.description.hasPrefix("\(sceneFile):5:"))
        #expect(negative.description.contains("items[0].size[0]: expected a width greater than 0, found -1"))

        try (header + "imports: [../rows.yaml]\nitems: []\n").write(
            toFile: sceneFile, atomically: true, encoding: .utf8)
        let outside = try #require(sceneError { try SceneLoader.load(path: sceneFile) })
        #expect(
            outside.description
                == "\(sceneFile):3:11: imports[0]: expected a path inside the scene's folder, such as components/rows.yaml, found '../rows.yaml'"
        )
    }

    @Test("a scalar is looked at for placeholders only when it has a brace, short or long")
    func braces() {
        let cases: [(String, Bool)] = [
            ("", false), ("20", false), ("{n}", true), ("Row {n}", true),
            ("a label long enough to be stored on the heap", false),
            ("a label long enough to be stored on the heap, {n}", true),
        ]
        for (text, expected) in cases { #expect(ComponentExpander.hasBrace(text) == expected, "\(text)") }
    }
}
