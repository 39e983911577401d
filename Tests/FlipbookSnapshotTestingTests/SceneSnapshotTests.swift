import Foundation
import ImageDiff
import PNG
import SceneLoading
import SceneModel
import SnapshotTesting
import Testing

@testable import FlipbookSnapshotTesting

/// The strategies `assertSnapshot(of: scene, as: …)` uses, on a small snap scene: what they store,
/// that a stored snapshot passes, and what a changed scene's failure says.
@Suite("Scene snapshot strategies")
struct SceneSnapshotTests {
    static func scene(snapX: Double = 90) throws -> Scene {
        try SceneLoader.decode(
            """
            name: tiny-snap
            canvas: { size: [120, 80], scale: 1, background: "#F2F2F7" }
            until: rest
            maxDuration: 2
            items:
              - { id: card, size: [24, 24], center: [30, 40], fill: "#FF9500", cornerRadius: 4 }
            behaviors:
              - snap: { item: card, to: [\(snapX), 40], damping: 0.5 }
            """, fileName: "tiny-snap.yaml", format: .yaml)
    }

    /// The strategy's output, as `assertSnapshot` would store it.
    static func snapshot<Format>(_ strategy: Snapshotting<Scene, Format>, of scene: Scene) -> Format {
        var result: Format?
        strategy.snapshot(scene).run { result = $0 }
        return result!
    }

    @Test("frames(at:) stores one PNG of the chosen ticks in a row, with their pixels pinned")
    func framesStrategyPixels() throws {
        let data = Self.snapshot(.frames(at: [0, 10, 20]), of: try Self.scene())
        let image = try PNG.decode([UInt8](data))
        #expect(image.width > 3 * 120 && image.height > 80)
        #expect(String(format: "%016llx", FrameRecord.hash(image)) == "aceb0d0114b7c0a6")
    }

    @Test("a stored snapshot of the same scene passes; swift-snapshot-testing reads it from __Snapshots__")
    func storedSnapshotPasses() throws {
        let scene = try Self.scene()
        // A missing snapshot is recorded and fails, as swift-snapshot-testing always does.
        assertSnapshot(of: scene, as: .frames(at: [0, 10, 20]), named: "tiny-snap")
        assertSnapshot(
            of: scene, as: .trace(items: ["card"], every: 10, columns: ["center_x", "center_y"]), named: "tiny-snap")
    }

    @Test("a changed scene fails with the pixel count, the changed box and expected | difference | actual on disk")
    func changedFramesExplainThemselves() throws {
        let strategy = Snapshotting<Scene, Data>.frames(at: [0, 10, 20])
        let stored = Self.snapshot(strategy, of: try Self.scene())
        let changed = Self.snapshot(strategy, of: try Self.scene(snapX: 60))
        let (message, _) = try #require(strategy.diffing.diffV2(stored, changed))
        #expect(
            message.split(separator: "\n").first
                == "2406 of 54080 pixels differ (4.45 %, compared exact (any changed byte counts)); largest channel change 247 of 255, inside x 199…381, y 40…69"
        )
        let path = try #require(message.split(separator: "\n").last?.split(separator: ": ").last.map(String.init))
        let triptych = try PNG.decode(contentsOf: path)
        let frame = try PNG.decode([UInt8](stored))
        #expect(triptych.width == 3 * frame.width + 2 * 8 && triptych.height == frame.height)
        #expect(strategy.diffing.diffV2(stored, stored) == nil)
    }

    @Test("a changed trace names the item and property that diverge and the first differing line")
    func changedTraceExplainsItself() throws {
        let strategy = Snapshotting<Scene, String>.trace(items: ["card"], columns: ["center_x"])
        let stored = Self.snapshot(strategy, of: try Self.scene())
        let changed = Self.snapshot(strategy, of: try Self.scene(snapX: 60))
        let (message, _) = try #require(strategy.diffing.diffV2(stored, changed))
        #expect(
            message == """
                card: first divergent tick 2 (position)
                card: position first differs at tick 2: expected 36, actual 35; largest difference 31 pt at tick 9
                card: traced until tick 66, expected until tick 69
                first differing line, 4:
                − 2,card,36.000000
                + 2,card,35.000000
                """)
    }

    @Test("a trace excerpt keeps tick and item, the chosen columns, items and every n-th tick")
    func traceExcerpt() {
        let csv = "tick,time,item,x,y\n0,0,a,1,2\n0,0,b,3,4\n1,0.1,a,5,6\n2,0.2,a,7,8\n"
        #expect(
            TraceExcerpt(items: ["a"], every: 2, columns: ["y"]).apply(to: csv) == "tick,item,y\n0,a,2\n2,a,8\n")
        #expect(TraceExcerpt(items: nil, every: 1, columns: nil).apply(to: csv) == csv)
    }
}
