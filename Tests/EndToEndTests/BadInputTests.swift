import Foundation
import TestSupport
import Testing

/// A user's mistakes, through the real CLI: one `error:` line naming the file (and line:column
/// and key path where known), exit status 1, and nothing written.
@Suite("flipbook with bad input", .serialized)
struct BadInputTests {
    static let fixtures = "Tests/SceneModelTests/Fixtures/"

    /// fixture → the start of the expected error line after "error: <path>".
    static let cases: [(String, String)] = [
        ("syntax_error.yaml", ":4:8: invalid YAML: "),
        ("wrong_type.yaml", ":5:12: items[0].size[0]: expected a number, found string 'abc'"),
        ("unknown_key.yaml", ":7:5: items[0].cornerRadus: unknown key 'cornerRadus'"),
        ("unknown_behavior.yaml", ":6:5: behaviors[0]: unknown behavior 'snapp'"),
        (
            "unknown_item.yaml",
            ":9:13: behaviors[0].snap.item: unknown item 'crad'; expected one of: card (did you mean 'card'?)"
        ),
        ("negative_size.yaml", ":"),
        ("zero_size.json", ":"),
        ("nan.yaml", ":"),
        ("infinity.json", ":"),
        ("empty.yaml", ": file is empty"),
    ]

    @Test(
        "each bad scene file gets a one-line error with its place, exit status 1, and no output",
        arguments: cases)
    func badSceneFile(fixture: String, expected: String) throws {
        let out = try makeTemporaryDirectory() + "/out"
        let path = Self.fixtures + fixture
        for command in [["render", path, "--out", out], ["validate", path]] {
            let result = try CLI.run(command)
            #expect(result.status == 1, "\(command): exit \(result.status)")
            #expect(result.stderr.hasPrefix("error: " + path + expected), "\(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out), "nothing may be written")
    }

    @Test("non-finite and non-positive numbers are named as such")
    func numbersAreExplained() throws {
        for (fixture, words) in [
            ("nan.yaml", "finite"), ("infinity.json", "finite"),
            ("negative_size.yaml", "greater than 0"), ("zero_size.json", "greater than 0"),
        ] {
            let result = try CLI.run(["validate", Self.fixtures + fixture])
            #expect(result.stderr.contains(words), "\(fixture): \(result.stderr)")
        }
    }

    @Test("a missing scene file is an error that suggests the similarly named file")
    func missingFile() throws {
        let out = try makeTemporaryDirectory() + "/out"
        let result = try CLI.run(["render", "scenes/snp.yaml", "--out", out])
        #expect(result.status == 1)
        #expect(result.stderr == "error: scenes/snp.yaml: no such file (did you mean 'scenes/snap.yaml'?)\n")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("one bad scene among good ones stops the render before any scene is written")
    func validatesAllBeforeWriting() throws {
        let out = try makeTemporaryDirectory() + "/out"
        let result = try CLI.run(["render", "scenes/snap.yaml", Self.fixtures + "unknown_item.yaml", "--out", out])
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    static let bundledScenesOK = """
        scenes/attachments.yaml: ok (14 items (9 top-level), 6 behaviors)
        scenes/card-flip.yaml: ok (21 items (3 top-level), 0 behaviors)
        scenes/carousel.yaml: ok (28 items (4 top-level), 0 behaviors)
        scenes/collisions.yaml: ok (19 items (7 top-level), 4 behaviors)
        scenes/cover-flow.yaml: ok (17 items (5 top-level), 0 behaviors)
        scenes/damped-resize.yaml: ok (4 items (3 top-level), 1 behavior)
        scenes/design-screen.yaml: ok (16 items (1 top-level), 0 behaviors)
        scenes/display.yaml: ok (90 items (9 top-level), 0 behaviors)
        scenes/doors.yaml: ok (18 items (3 top-level), 0 behaviors)
        scenes/feed.yaml: ok (39 items (3 top-level), 0 behaviors)
        scenes/fields.yaml: ok (35 items (25 top-level), 14 behaviors)
        scenes/gradients.yaml: ok (18 items (8 top-level), 0 behaviors)
        scenes/gravity.json: ok (9 items (5 top-level), 1 behavior)
        scenes/hinged-sign.yaml: ok (13 items (7 top-level), 3 behaviors)
        scenes/images.yaml: ok (6 items, 0 behaviors)
        scenes/interactive-cancel-displaylink.yaml: ok (21 items (11 top-level), 0 behaviors)
        scenes/interactive-cancel.yaml: ok (21 items (11 top-level), 0 behaviors)
        scenes/interactive-complete.yaml: ok (21 items (11 top-level), 0 behaviors)
        scenes/keyframes.yaml: ok (22 items (11 top-level), 0 behaviors)
        scenes/materials.yaml: ok (15 items (6 top-level), 0 behaviors)
        scenes/new-event.yaml: ok (138 items (10 top-level), 0 behaviors)
        scenes/payment-sent.yaml: ok (13 items (4 top-level), 0 behaviors)
        scenes/post.yaml: ok (25 items (6 top-level), 1 behavior)
        scenes/property-animator-scrub.yaml: ok (5 items (2 top-level), 0 behaviors)
        scenes/pull-down.yaml: ok (36 items (7 top-level), 0 behaviors)
        scenes/push.yaml: ok (28 items (9 top-level), 1 behavior)
        scenes/refresh.yaml: ok (86 items (3 top-level), 0 behaviors)
        scenes/send.yaml: ok (17 items (6 top-level), 0 behaviors)
        scenes/settings.yaml: ok (147 items (10 top-level), 0 behaviors)
        scenes/shapes.yaml: ok (9 items, 0 behaviors)
        scenes/sheet.yaml: ok (24 items (2 top-level), 0 behaviors)
        scenes/snap-zones.yaml: ok (36 items (8 top-level), 1 behavior)
        scenes/snap.yaml: ok (23 items (13 top-level), 1 behavior)
        scenes/spring-gallery.yaml: ok (22 items, 0 behaviors)
        scenes/stack.yaml: ok (18 items (9 top-level), 3 behaviors)
        scenes/tap-resnap.yaml: ok (13 items (4 top-level), 1 behavior)
        scenes/throw-sheet.yaml: ok (37 items (9 top-level), 0 behaviors)
        scenes/transform-nest.yaml: ok (19 items (8 top-level), 1 behavior)
        scenes/transitions.yaml: ok (20 items (5 top-level), 0 behaviors)
        scenes/watcher.yaml: ok (19 items (8 top-level), 1 behavior)
        scenes/widgets.yaml: ok (42 items (7 top-level), 0 behaviors)

        """

    @Test("validate accepts the bundled scenes, without warnings")
    func validateBundledScenes() throws {
        let result = try CLI.run(["validate"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.bundledScenesOK)
        #expect(result.stderr.isEmpty)
    }

    @Test("a folder stands for its scene files: validate scenes/ says what validate of every bundled scene says")
    func validateFolder() throws {
        let result = try CLI.run(["validate", "scenes"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.bundledScenesOK)
        let empty = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let none = try CLI.run(["validate", empty])
        #expect(none.status == 1 && none.stderr == "error: \(empty) holds no .yaml, .yml or .json scene files\n")
    }

    @Test(
        "validate counts every layer, and warns of an item off the canvas for the whole scene and of a child outside its parent"
    )
    func validateWarnings() throws {
        let folder = try makeTemporaryDirectory()
        let file = folder + "/lost.yaml"
        try """
        canvas: { size: [320, 240] }
        duration: 0.5
        items:
          - { id: card, size: [100, 60], center: [160, 120], masksToBounds: true, children: [{ id: badge, size: [20, 20], center: [130, 30] }, { id: dot, size: [4, 4], center: [50, 30] }] }
          - { id: ghost, size: [40, 40], center: [500, 120] }
          - { id: faller, size: [40, 40], center: [160, -100] }
        behaviors:
          - gravity: { items: [faller] }
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try CLI.run(["validate", file])
        #expect(result.status == 0)
        #expect(result.stdout == "\(file): ok (5 items (3 top-level), 1 behavior)\n")
        #expect(
            result.stderr == """
                warning: \(file): items[1]: 'ghost' is outside the 320×240 canvas on every frame of the scene (it starts at center (500, 120))
                warning: \(file): items[0].children[0]: 'badge' lies wholly outside its parent 'card': it spans x 120…140, y 20…40 in the parent's 100×60 bounds (a child's center is in its parent's bounds, origin top-left); the parent's masksToBounds hides it entirely

                """)
    }
}
