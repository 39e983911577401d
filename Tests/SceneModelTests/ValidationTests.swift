import Foundation
import Geometry
import Raster
import Testing

@testable import SceneLoading
@testable import SceneModel
@testable import SceneSyntax

/// Scenes built in Swift meet the same rules, in the same words, as scene files; only the line
/// and column are missing.
@Suite("Validating scenes built in Swift")
struct ValidationTests {
    /// A valid scene: one card snapping, as in scenes/snap.yaml.
    private func snapScene() -> Scene {
        Scene(
            name: "snap", canvas: Canvas(size: Size(320, 568)), length: .untilRest(maxDuration: 5),
            items: [Item(id: "card", size: Size(60, 60), center: Point(160, 252))],
            behaviors: [.snap(SnapSpec(item: "card", snapPoint: Point(80, 252)))])
    }

    private func error(_ scene: Scene, sourceLocation: SourceLocation = #_sourceLocation) -> SceneError? {
        sceneError({ try scene.validate() }, sourceLocation: sourceLocation)
    }

    @Test("a valid scene passes")
    func validScene() throws {
        try snapScene().validate()
        try Fixtures.decode("everything.yaml").validate()
    }

    @Test("an unknown item id gets the file's message, key path and suggestion without a line")
    func unknownItem() throws {
        var scene = snapScene()
        scene.behaviors = [.snap(SnapSpec(item: "crad", snapPoint: Point(80, 252)))]
        let swift = try #require(error(scene))
        #expect(
            swift.description
                == "<swift>: behaviors[0].snap.item: unknown item 'crad'; expected one of: card (did you mean 'card'?)")
        #expect(swift.line == nil && swift.column == nil)
        let file = try #require(sceneError { try Fixtures.decode("unknown_item.yaml") })
        #expect(swift.message == file.message)
        #expect(swift.keyPath == file.keyPath)
        #expect(swift.suggestion == file.suggestion)
    }

    /// Fixtures whose error comes from `Scene.validate`, and the same mistake made in Swift.
    static let sameMistakes: [(fixture: String, mistake: @Sendable (inout Scene) -> Void)] = [
        (
            "duplicate_id.yaml",
            { scene in
                scene.items = [
                    Item(id: "card", size: Size(60, 60), center: Point(100, 100)),
                    Item(id: "other", size: Size(60, 60), center: Point(200, 100)),
                    Item(id: "card", size: Size(40, 40), center: Point(100, 300)),
                ]
                scene.behaviors = []
            }
        ),
        ("negative_size.yaml", { scene in scene.items[0].size = Size(60, -10) }),
        ("zero_size.json", { scene in scene.items[0].size = Size(0, 60) }),
        ("fps_out_of_range.yaml", { scene in scene.fps = 500 }),
    ]

    @Test("each semantic mistake reads the same from Swift as from a file", arguments: 0..<sameMistakes.count)
    func sameWords(index: Int) throws {
        let (fixture, mistake) = Self.sameMistakes[index]
        var scene = snapScene()
        mistake(&scene)
        let swift = try #require(error(scene))
        let file = try #require(sceneError { try Fixtures.decode(fixture) })
        #expect(swift.keyPath == file.keyPath)
        #expect(swift.message == file.message)
        #expect(swift.suggestion == file.suggestion)
        #expect(swift.line == nil && file.line != nil)
    }

    @Test(
        "exact messages for scenes built in Swift",
        arguments: [
            ("nan center", "<swift>: items[0].center[0]: expected a finite number, found nan"),
            ("infinite rotation", "<swift>: items[0].rotation: expected a finite number, found inf"),
            ("zero height", "<swift>: items[0].size[1]: expected a height greater than 0, found 0"),
            ("opacity", "<swift>: items[0].opacity: expected an opacity from 0 to 1, found -0.25"),
            ("nan damping", "<swift>: behaviors[0].snap.damping: expected a finite number, found nan"),
            ("long duration", "<swift>: duration: expected seconds greater than 0 and at most 3600, found 3600.5"),
            ("scale", "<swift>: canvas.scale: expected a scale greater than 0 and at most 8, found 9"),
            (
                "huge canvas",
                "<swift>: canvas.size: 1e+300x10 pt at scale 2 is 2e+300x20 px; expected at most 16384 px per side (lower canvas.scale or the size)"
            ),
            (
                "empty name",
                "<swift>: name: expected a name of letters, digits, '_' or '-' (it names the output folder), found ''"
            ),
            ("gravity direction", "<swift>: behaviors[1].gravity.direction[1]: expected a finite number, found -inf"),
        ])
    func swiftMessages(mistake: String, expected: String) throws {
        var scene = snapScene()
        switch mistake {
        case "nan center": scene.items[0].center = Point(.nan, 0)
        case "infinite rotation": scene.items[0].rotation = .radians(.infinity)
        case "zero height": scene.items[0].size = Size(10, 0)
        case "opacity": scene.items[0].opacity = -0.25
        case "nan damping": scene.behaviors = [.snap(SnapSpec(item: "card", snapPoint: .zero, damping: .nan))]
        case "long duration": scene.length = .duration(3600.5)
        case "scale": scene.canvas.scale = 9
        case "huge canvas": scene.canvas.size = Size(1e300, 10)
        case "empty name": scene.name = ""
        case "gravity direction":
            scene.behaviors.append(.gravity(GravitySpec(items: ["card"], direction: Point(0, -.infinity))))
        default: Issue.record("no such mistake: \(mistake)")
        }
        #expect(error(scene)?.description == expected)
    }

    @Test("the file label defaults to <swift> and can be set")
    func fileLabel() throws {
        var scene = snapScene()
        scene.fps = 0
        let labelled = try #require(sceneError { try scene.validate(file: "Demo.swift") })
        #expect(labelled.description == "Demo.swift: fps: expected an integer from 1 to 240, found 0")
    }

    @Test("the first violation in decoding order wins")
    func firstViolationWins() throws {
        var scene = snapScene()
        scene.fps = 0  // checked before items
        scene.items[0].size = Size(-1, -1)
        scene.behaviors = [.snap(SnapSpec(item: "ghost", snapPoint: .zero))]
        #expect(error(scene)?.keyPath == "fps")
        scene.fps = 60
        #expect(error(scene)?.keyPath == "items[0].size[0]")
    }

    @Test(
        "item ids and names follow their documented patterns",
        arguments: [
            ("card", true), ("_x", true), ("a-b_9", true), ("Card2", true),
            ("r3.avatar", true), ("a.b.c_d", true),
            ("", false), ("9lives", false), ("-a", false), ("a b", false), ("é", false), ("a..b", false), ("a.", false),
            (".a", false), ("a.9", false), ("_", true), ("a.b-9", true), ("a.-b", false), ("a\u{301}", false),
            ("a.b.", false), ("ａ", false),
        ])
    func itemIDs(id: String, valid: Bool) {
        #expect(SceneRules.isValidItemID(id) == valid)
    }

    @Test("scene names may start with a digit or '-' but hold no other characters")
    func sceneNames() {
        #expect(SceneRules.isValidName("2-snap_b"))
        #expect(!SceneRules.isValidName("a/b"))
        #expect(!SceneRules.isValidName(".."))
        #expect(!SceneRules.isValidName(""))
    }
}

@Suite("Scene warnings")
struct SceneWarningTests {
    @Test(
        "a velocity field faster than 20 m/s loads with a located warning that suggests m/s; a plausible one gives none"
    )
    func implausibleFieldSpeed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-warn-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func write(_ direction: String) throws -> String {
            let path = folder + "/f.yaml"
            try """
            canvas: { size: [100, 100] }
            duration: 1
            items: [{ id: a, size: [10, 10], center: [50, 50] }]
            behaviors:
              - field: { kind: velocity, items: [a], direction: \(direction) }
            """.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        // The bundled fields scene's old value: written as pt/s, read by UIKit as 63 m/s.
        let bad = try write("[60, -20]")
        let (_, warnings) = try SceneLoader.loadWithWarnings(path: bad)
        #expect(
            warnings.map(\.description) == [
                "\(bad):5:53: behaviors[0].field.direction: velocity field speed 63.2456 m/s (6324.56 pt/s) is implausible; direction is in m/s as UIKit reads it (1 m/s = 100 pt/s) (divide by 100 if you meant pt/s: [0.6, -0.2])"
            ])
        #expect(
            try SceneLoader.loadWithWarnings(path: write("[12, 16]")).1.isEmpty,
            "exactly 20 m/s is at the bound, not above")
        let good = try write("[0.6, -0.2]")
        #expect(try SceneLoader.loadWithWarnings(path: good).1.isEmpty)
    }

    @Test(
        "an animation that outlasts its group loads with a warning that says where it is cut; one that fits gives none")
    func groupMemberOutlastsGroup() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-group-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func write(_ duration: String) throws -> String {
            let path = folder + "/g.yaml"
            try """
            canvas: { size: [100, 100] }
            duration: 1
            items:
              - id: a
                size: [10, 10]
                center: [50, 50]
                animations:
                  - group:
                      duration: 0.6
                      animations:
                        - basic: { property: opacity, to: 0, beginTime: 0.2, duration: \(duration) }
            """.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let long = try write("0.5")
        #expect(
            try SceneLoader.loadWithWarnings(path: long).1.map(\.description) == [
                "\(long):11:15: items[0].animations[0].group.animations[0]: this animation runs until 0.7 s of its group, which ends at 0.6 s; Core Animation cuts it there (give the group duration: 0.7 to let it finish)"
            ])
        #expect(try SceneLoader.loadWithWarnings(path: write("0.4")).1.isEmpty)
    }
}
