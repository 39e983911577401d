import Foundation
import Geometry
import SceneSyntax
import Testing

@testable import SceneLoading
@testable import SceneModel

/// `repeat:`: one entry of an item list standing for many instances of a component, so a 50-row
/// list is a few lines and every row stays addressable.
@Suite("Repeat")
struct RepeatTests {
    static let row = """
        components:
          row:
            parameters: { title: Row }
            item:
              size: [300, 50]
              fill: "#FFFFFF"
              children:
                - { id: title, size: [200, 20], center: [110, 25], text: { string: "{title}" } }

        """

    static func scene(_ items: String, limits: SceneLimits = .default) throws -> Scene {
        try SceneLoader.decode(
            "canvas: { size: [320, 568] }\nduration: 1\n" + Self.row + "items:\n" + items, fileName: "list.yaml",
            format: .yaml, limits: limits)
    }

    @Test("a repeat of 50 rows is 50 instances row-0 … row-49, spaced from the first centre, each with its arguments")
    func rowsExpand() throws {
        let scene = try Self.scene(
            """
              - { id: header, size: [320, 44], center: [160, 22] }
              - repeat: { use: row, id: row, count: 50, center: [160, 80], spacing: [0, 56], arguments: [{ title: Inbox }, { title: Sent }] }
              - { id: footer, size: [320, 44], center: [160, 600] }
            """)
        #expect(scene.items.count == 52)
        #expect(scene.items.map(\.id).prefix(4) == ["header", "row-0", "row-1", "row-2"])
        #expect(scene.items.last?.id == "footer")
        #expect(scene.items[50].id == "row-49")
        #expect(scene.items[50].center == Point(160, 80 + 49 * 56))
        #expect(scene.items[1].children.map(\.id) == ["row-0.title"])
        #expect(scene.items[1].children[0].text?.string == "Inbox")
        #expect(scene.items[2].children[0].text?.string == "Sent")
        #expect(scene.items[3].children[0].text?.string == "Row", "rows past the arguments keep the defaults")
    }

    @Test("the count may come from the arguments; rows are addressable in behaviours and animations")
    func countFromArguments() throws {
        let scene = try Self.scene(
            """
              - repeat: { use: row, id: r, center: [160, 80], spacing: [0, 60], arguments: [{ title: A }, { title: B }, { title: C }] }
            behaviors:
              - snap: { item: r-2, to: [160, 400] }
            """)
        #expect(scene.items.map(\.id) == ["r-0", "r-1", "r-2"])
        #expect(scene.items.map(\.center) == [Point(160, 80), Point(160, 140), Point(160, 200)])
    }

    @Test("a repeat past the item limit is refused before any row is made, naming the count")
    func limitBeforeExpansion() throws {
        var limits = SceneLimits.default
        limits.maxItems = 100
        #expect(throws: SceneError.self) {
            try Self.scene("  - repeat: { use: row, id: r, count: 60, center: [0, 0] }\n", limits: limits)
        }
        do {
            _ = try Self.scene("  - repeat: { use: row, id: r, count: 1000000000, center: [0, 0] }\n", limits: limits)
        } catch {
            #expect(
                "\(error)".contains(
                    "items[0].repeat.count: a repeat of 1000000000 rows would take the scene past its 100 items"),
                "\(error)")
        }
    }

    @Test(
        "bad repeats are refused at their key",
        arguments: [
            ("  - repeat: { use: row, id: r, center: [0, 0] }", "missing key 'count'"),
            ("  - repeat: { use: row, id: r, count: 0, center: [0, 0] }", "items[0].repeat.count"),
            ("  - repeat: { use: rwo, id: r, count: 2, center: [0, 0] }", "did you mean 'row'?"),
            ("  - repeat: { use: row, id: 9r, count: 2, center: [0, 0] }", "items[0].repeat.id"),
            (
                "  - repeat: { use: row, id: r, count: 1, center: [0, 0], arguments: [{}, {}] }",
                "2 rows of arguments for a count of 1"
            ),
            ("  - { repeat: { use: row, id: r, count: 1, center: [0, 0] }, z: 2 }", "unknown key 'z' beside repeat"),
            (
                "  - repeat: { use: row, id: r, count: 1, center: [0, 0], arguments: [{ titel: A }] }",
                "did you mean 'title'?"
            ),
        ])
    func badRepeats(items: String, expected: String) throws {
        do {
            _ = try Self.scene(items + "\n")
            Issue.record("accepted: \(items)")
        } catch {
            #expect("\(error)".contains(expected), "\(error)")
        }
    }
}
