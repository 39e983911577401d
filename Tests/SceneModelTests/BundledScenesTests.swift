import Foundation
import Geometry
import Raster
import Testing

@testable import SceneLoading
@testable import SceneModel
@testable import SceneSyntax

@Suite("Bundled scenes and equivalent spellings")
struct BundledScenesTests {
    @Test("scenes/snap.yaml decodes to the snap scene of the source text, drawn in an album that no behaviour touches")
    func snapScene() throws {
        let scene = try SceneLoader.load(path: repositoryRoot.appendingPathComponent("scenes/snap.yaml").path)
        // The card: the source text's 60×60 view at (160, 252), drawn as a photo (a sun and a hill
        // as sublayers, clipped by its rounded corners, a white print border, above the album).
        var card = Item(
            id: "card", size: Size(60, 60), center: Point(160, 252),
            fill: ColorRGBA8(r: 0xFF, g: 0x95, b: 0x00), cornerRadius: 8,
            border: Border(width: 2, color: .white), zIndex: 10)
        card.masksToBounds = true
        card.children = scene.items.first?.children ?? []
        #expect(card.children.map(\.id) == ["sun", "hill"])
        let album = Array(scene.items.dropFirst())
        #expect(
            album.map(\.id) == [
                "time", "battery", "heading", "count", "p1", "p2", "p3", "slot", "p4", "p5", "p6", "p7",
            ])
        #expect(album.allSatisfy { $0.animations.isEmpty && $0.zIndex < card.zIndex })
        let expected = Scene(
            name: "snap",
            canvas: Canvas(size: Size(320, 568), scale: 2, background: ColorRGBA8(r: 0xF2, g: 0xF2, b: 0xF7)),
            fps: 60,
            length: .untilRest(maxDuration: 5),
            items: [card] + album,
            behaviors: [.snap(SnapSpec(item: "card", snapPoint: Point(80, 252), damping: 0.5))],
            output: OutputSettings(frames: true, video: [.mp4]))
        #expect(scene == expected)
    }

    @Test("scenes/gravity.json decodes to four labelled cards under one gravity for 1.5 s, over a still wallpaper")
    func gravityScene() throws {
        let scene = try SceneLoader.load(path: repositoryRoot.appendingPathComponent("scenes/gravity.json").path)
        var cards = [
            Item(
                id: "red", size: Size(80, 50), center: Point(70, 120), rotation: .degrees(-12),
                fill: ColorRGBA8(r: 0xFF, g: 0x3B, b: 0x30), cornerRadius: 10,
                border: Border(width: 2, color: ColorRGBA8(r: 0x8E, g: 0x1B, b: 0x16)), zIndex: 0),
            Item(
                id: "blue", size: Size(56, 56), center: Point(165, 80), rotation: .degrees(30),
                fill: ColorRGBA8(r: 0x00, g: 0x7A, b: 0xFF), cornerRadius: 28, opacity: 0.85, zIndex: 2),
            Item(
                id: "green", size: Size(100, 36), center: Point(250, 170), rotation: .degrees(5),
                fill: ColorRGBA8(r: 0x34, g: 0xC7, b: 0x59, a: 0xCC), cornerRadius: 6,
                border: Border(width: 1.5, color: ColorRGBA8(r: 0x1C, g: 0x6B, b: 0x30)), zIndex: 1),
            Item(
                id: "yellow", size: Size(44, 70), center: Point(120, 230),
                fill: ColorRGBA8(r: 0xFF, g: 0xCC, b: 0x00),
                border: Border(width: 3, color: .black), opacity: 0.6),
        ]
        // Each card carries a label (a sale badge, initials, a count, a battery level).
        let decoded = Array(scene.items.prefix(4))
        #expect(decoded.map { $0.text?.string } == ["Sale", "ML", "3 new", "62%"])
        for index in cards.indices { cards[index].text = decoded[index].text }
        // The wallpaper behind them (status time, caption, dock) is one still item in no behaviour.
        let wallpaper = try #require(scene.items.last)
        #expect(scene.items.count == 5 && wallpaper.id == "wallpaper" && wallpaper.zIndex == -10)
        #expect(wallpaper.children.map(\.id) == ["time", "title", "caption", "dock"])
        let expected = Scene(
            name: "gravity",
            canvas: Canvas(size: Size(320, 568), scale: 2, background: .white),
            fps: 60,
            length: .duration(1.5),
            items: cards + [wallpaper],
            behaviors: [.gravity(GravitySpec(items: ["red", "blue", "green", "yellow"], direction: Point(0, 1)))],
            output: OutputSettings(frames: true, video: [.mp4]))
        #expect(scene == expected)
    }

    @Test("a YAML scene and the same scene in JSON decode to equal values")
    func yamlAndJSONAgree() throws {
        let yaml = try Fixtures.decode("everything.yaml")
        let json = try Fixtures.decode("everything.json")
        #expect(yaml == json)
        // And the values are the ones written, not merely equal to each other.
        #expect(
            yaml.canvas == Canvas(size: Size(375, 667), scale: 3, background: ColorRGBA8(r: 0x1C, g: 0x1C, b: 0x1E)))
        #expect(yaml.fps == 120)
        #expect(yaml.length == .untilRest(maxDuration: 4.5))
        #expect(
            yaml.items[0]
                == Item(
                    id: "card", size: Size(120, 80.5), center: Point(187.5, 200),
                    rotation: .degrees(-15), fill: ColorRGBA8(r: 0xFF, g: 0x95, b: 0x00, a: 0xCC),
                    cornerRadius: 12, border: Border(width: 2, color: .white),
                    opacity: 0.75, zIndex: 3))
        #expect(yaml.items[1].border == Border(width: 0.5, color: .black))
        #expect(
            yaml.behaviors == [
                .snap(SnapSpec(item: "card", snapPoint: Point(187.5, 500), damping: 0.2)),
                .gravity(GravitySpec(items: ["chip_2", "card"], direction: Point(0.5, -1))),
            ])
        #expect(yaml.output == OutputSettings(frames: false, video: []))
    }

    @Test("omitted keys take their documented defaults, and the name comes from the file name")
    func defaultsFilled() throws {
        let scene = try Fixtures.decode("minimal.yaml")
        #expect(
            scene
                == Scene(
                    name: "minimal",
                    canvas: Canvas(size: Size(200, 100), scale: 2, background: .white),
                    fps: 60,
                    length: .duration(2),
                    items: [
                        Item(
                            id: "box", size: Size(10, 20), center: Point(50, 50), rotation: .zero, fill: .white,
                            cornerRadius: 0, border: nil, opacity: 1, zIndex: 0)
                    ],
                    behaviors: [],
                    output: OutputSettings(frames: true, video: [.mp4])))
    }

    @Test("until: rest without maxDuration runs at most 10 s; gravity without direction pulls down")
    func lengthAndDirectionDefaults() throws {
        let scene = try decodeYAML(
            """
            canvas: { size: [100, 100] }
            until: rest
            items: [{ id: a, size: [1, 1], center: [0, 0] }]
            behaviors: [{ gravity: { items: [a] } }, { snap: { item: a, to: [5, 5] } }]
            """)
        #expect(scene.length == .untilRest(maxDuration: 10))
        #expect(
            scene.behaviors == [
                .gravity(GravitySpec(items: ["a"], direction: Point(0, 1))),
                .snap(SnapSpec(item: "a", snapPoint: Point(5, 5), damping: 0.5)),
            ])
    }

    @Test("a snap on an item that is also under gravity is valid")
    func snapAndGravityOnOneItem() throws {
        let scene = try decodeYAML(
            header + """
                items: [{ id: a, size: [1, 1], center: [0, 0] }]
                behaviors: [{ snap: { item: a, to: [1, 1] } }, { gravity: { items: [a] } }]
                """)
        #expect(scene.behaviors.count == 2)
    }

    @Test("colours take every hex spelling; integers may carry a zero fraction; .yml is YAML")
    func spellings() throws {
        let scene = try decodeYAML(
            """
            canvas: { size: [10, 10], background: "#abc" }
            duration: 1
            fps: 30.0
            items:
              - { id: a, size: [1, 1], center: [0, 0], fill: "#1234", z: -2 }
              - { id: b, size: [1e1, .5], center: [+1, -1.5E+1], fill: "#11223344" }
            """)
        #expect(scene.canvas.background == ColorRGBA8(r: 0xAA, g: 0xBB, b: 0xCC))
        #expect(scene.fps == 30)
        #expect(scene.items[0].fill == ColorRGBA8(r: 0x11, g: 0x22, b: 0x33, a: 0x44))
        #expect(scene.items[0].zIndex == -2)
        #expect(scene.items[1].size == Size(10, 0.5))
        #expect(scene.items[1].center == Point(1, -15))
        #expect(SceneFileFormat(pathExtension: "YML") == .yaml)
        #expect(SceneFileFormat(pathExtension: "txt") == nil)
    }

    @Test("load(path:) reads the format from the extension and names errors by the path as given")
    func loadByPath() throws {
        let path = try Fixtures.path("wrong_type.yaml")
        let error = try #require(sceneError { try SceneLoader.load(path: path) })
        #expect(error.file == path)
        #expect(error.description == path + ":5:12: items[0].size[0]: expected a number, found string 'abc'")
        #expect(try SceneLoader.load(path: Fixtures.path("everything.json")) == Fixtures.decode("everything.yaml"))
    }
}
