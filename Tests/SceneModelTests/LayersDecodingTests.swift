import Foundation
import Geometry
import Testing

@testable import SceneLoading
@testable import SceneModel

@Suite("Design screens as layers in scene files")
struct LayersDecodingTests {
    private let screen = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50">
          <rect width="100" height="50" fill="#eee"/>
          <g id="card" transform="translate(10 10) rotate(90 10 5)" opacity="0.5">
            <rect width="20" height="10" fill="blue"/>
            <circle id="Dot 1" cx="5" cy="5" r="2"/>
          </g>
        </svg>
        """

    private func withScreen(_ yaml: String, _ body: (String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-layers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("screens"), withIntermediateDirectories: true)
        try screen.write(to: dir.appendingPathComponent("screens/a.svg"), atomically: true, encoding: .utf8)
        let scene = dir.appendingPathComponent("scene.yaml")
        try (header + yaml).write(to: scene, atomically: true, encoding: .utf8)
        try body(scene.path)
    }

    @Test("each layer is a clear child item named <item>.<id>, placed, turned and faded as the file has it")
    func layerItems() throws {
        try withScreen(
            "items:\n  - { id: home, size: [200, 100], center: [100, 50], layers: { svg: screens/a.svg } }\n"
        ) { path in
            let home = try SceneLoader.load(path: path).items[0]
            // The background rect is the item's own icon, fitted as `icon:` fits the file.
            #expect(home.icon?.file == "screens/a.svg" && home.icon?.icon.pieces.count == 1)
            let card = try #require(home.children.first)
            #expect(card.id == "home.card")
            #expect(card.fill == .clear && card.opacity == 0.5)
            #expect(card.size == Size(20, 10))
            // Turned 90° about (10, 5), then moved by (10, 10), then doubled by the fit.
            #expect(card.center == Point(40, 30))
            #expect(abs(card.rotation.radians - Double.pi / 2) < 1e-12)
            #expect(card.scale == Point(2, 2))
            // A space becomes `_`; the dot's centre is in the card's bounds.
            #expect(card.children.map(\.id) == ["home.card.Dot_1"])
            #expect(card.children[0].center == Point(5, 5))
        }
    }

    @Test("the file's children come after the layers, over the design")
    func ownChildrenOnTop() throws {
        try withScreen(
            """
            items:
              - id: home
                size: [200, 100]
                center: [100, 50]
                layers: { svg: screens/a.svg }
                children: [{ id: caption, size: [10, 10], center: [5, 5] }]

            """
        ) { path in
            let children = try SceneLoader.load(path: path).items[0].children
            #expect(children.map(\.id) == ["home.card", "caption"])
        }
    }

    @Test("an item takes icon: or layers:, not both")
    func notWithIcon() throws {
        try withScreen(
            "items:\n  - { id: home, size: [200, 100], center: [100, 50], icon: screens/a.svg, layers: { svg: screens/a.svg } }\n"
        ) { path in
            let error = try #require(sceneError { try SceneLoader.load(path: path) })
            #expect(error.keyPath == "items[0].layers")
            #expect(error.message.hasPrefix("an item with `icon:` cannot take `layers:` too"))
        }
    }

    @Test("a layered file outside the scene's folder, or refused by the loader, is an error at its key")
    func badFiles() throws {
        try withScreen(
            "items:\n  - { id: home, size: [200, 100], center: [100, 50], layers: { svg: ../a.svg } }\n"
        ) { path in
            let error = try #require(sceneError { try SceneLoader.load(path: path) })
            #expect(error.keyPath == "items[0].layers.svg")
            #expect(error.message.contains("lies outside the scene's folder"))
        }
        try withScreen(
            "items:\n  - { id: home, size: [200, 100], center: [100, 50], layers: { svg: screens/none.svg } }\n"
        ) { path in
            let error = try #require(sceneError { try SceneLoader.load(path: path) })
            #expect(error.message == "layered SVG screens/none.svg: no such file")
        }
    }

    @Test("scale: takes one factor or two, non-zero, and animations of scale start from it")
    func scaleKey() throws {
        let two = try decodeYAML(header + "items:\n  - { id: a, size: [10, 10], center: [5, 5], scale: [2, -1] }\n")
        #expect(two.items[0].scale == Point(2, -1))
        let one = try decodeYAML(header + "items:\n  - { id: a, size: [10, 10], center: [5, 5], scale: 3 }\n")
        #expect(one.items[0].scale == Point(3, 3))
        let error = try #require(
            sceneError {
                try decodeYAML(header + "items:\n  - { id: a, size: [10, 10], center: [5, 5], scale: [1, 0] }\n")
            })
        #expect(error.keyPath == "items[0].scale[1]")
        #expect(error.message == "expected a non-zero scale factor of at most 1000 in size, found 0.0")
    }
}
