import Foundation
import ImageDiff
import Testing

/// A child that only rides with its changed parent is said once, on the parent; one that changed
/// on its own keeps its findings.
@Suite("Children's findings")
struct ChildFindingsTests {
    static let header =
        "tick,time,item,center_x,center_y,frame_x,frame_y,frame_width,frame_height,angle_rad,scale_x,scale_y"

    /// A 100 pt card at (cx, 200) turned by `angle` and scaled by `scale`, with its 20 pt badge
    /// 30 pt right of its centre in its own frame (plus `badgeNudge` pt), and the badge's glint
    /// 5 pt above the badge's centre; three ticks, the parent moving 10 pt a tick.
    static func trace(cx: Double, angle: Double = 0, scale: Double = 1, badgeNudge: Double = 0) throws -> TraceTable {
        var lines = [header]
        for tick in 0..<3 {
            let x = cx + 10 * Double(tick)
            let (c, s) = (cos(angle), sin(angle))
            let bx = x + (30 + badgeNudge) * scale * c
            let by = 200 + (30 + badgeNudge) * scale * s
            let gx = bx + 5 * scale * s
            let gy = by - 5 * scale * c
            for (item, px, py, side) in [("card", x, 200.0, 100.0), ("badge", bx, by, 20.0), ("glint", gx, gy, 4.0)] {
                let frame = side * scale * (abs(c) + abs(s))
                lines.append(
                    String(
                        format: "%d,%.6f,%@,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.9f,%.6f,%.6f", tick, Double(tick) / 60,
                        item, px, py, px - frame / 2, py - frame / 2, frame, frame, angle, scale, scale))
            }
        }
        var table = try TraceTable.parseCSV(lines.joined(separator: "\n") + "\n", path: "test.csv")
        table.parents = ["badge": "card", "glint": "badge"]
        return table
    }

    @Test("a card moved, turned and scaled carries its badge and the badge's glint: one finding, on the card")
    func ridingChildrenFold() throws {
        let diff = TraceDiff.compare(
            expected: try Self.trace(cx: 100), actual: try Self.trace(cx: 120, angle: 0.3, scale: 1.5))
        #expect(diff.items.map(\.movesWith) == [nil, "card", "badge"])
        #expect(diff.children(movingWith: "card") == ["badge", "glint"])
        #expect(diff.children(movingWith: "badge") == [])
        #expect(
            diff.sentences.filter { $0.hasPrefix("badge") || $0.hasPrefix("glint") || $0.contains("moved with it") }
                == ["card: its children badge, glint moved with it, with no change of their own"])
        #expect(diff.sentences.contains { $0.hasPrefix("card: position first differs at tick 0") })
    }

    @Test("a badge that also moved in its card is reported, and its glint rides with it")
    func ownChangeIsReported() throws {
        let diff = TraceDiff.compare(expected: try Self.trace(cx: 100), actual: try Self.trace(cx: 120, badgeNudge: 2))
        #expect(diff.items.map(\.movesWith) == [nil, nil, "badge"])
        #expect(
            diff.sentences.contains(
                "badge: position first differs at tick 0: expected (130, 200), actual (152, 200); largest difference 22 pt at tick 0"
            ))
        #expect(diff.sentences.contains("badge: its child glint moved with it, with no change of its own"))
    }

    @Test("without the text trace's parents nothing folds: every child keeps its findings")
    func noParentsNoFolding() throws {
        var expected = try Self.trace(cx: 100)
        var actual = try Self.trace(cx: 120)
        (expected.parents, actual.parents) = ([:], [:])
        let diff = TraceDiff.compare(expected: expected, actual: actual)
        #expect(diff.items.map(\.movesWith) == [nil, nil, nil])
        #expect(diff.sentences.filter { $0.contains("first differs") }.count == 3)
    }

    @Test("the text trace gives each child layer's parent, from its first line")
    func parentsFromText() {
        let text = """
            # flipbook trace of t
            [0.000] card NSRect: {{50, 150}, {100, 100}} center (100, 200) angle 0.000000
            [0.000] badge NSRect: {{120, 190}, {20, 20}} center (130, 200) angle 0.000000 in card localTime 0.000000
            [0.000] animator paused (tick 0)
            [0.017] badge NSRect: {{120, 190}, {20, 20}} center (130, 200) angle 0.000000 in other localTime 0.016667
            """
        #expect(TraceTable.parents(traceText: text) == ["badge": "card"])
    }
}
