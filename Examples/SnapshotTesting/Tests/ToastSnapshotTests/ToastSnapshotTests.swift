import Flipbook
import FlipbookSnapshotTesting
import Foundation
import Testing

/// The toast's motion, pinned with swift-snapshot-testing: a contact sheet of every 6th tick and
/// the toast's trace. A change in the motion fails with what changed; the image failure names a
/// PNG of expected | difference | actual. Record anew after a meant change with
/// `SNAPSHOT_TESTING_RECORD=failed swift test` (a recording run fails once, by design).
@Suite("Toast snapshots")
struct ToastSnapshotTests {
    static let scene: Scene = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try! SceneLoader.load(path: root.appendingPathComponent("scenes/toast.yaml").path)
    }()

    @Test("the toast springs up and fades, as its contact sheet shows")
    func motion() {
        assertSnapshot(of: Self.scene, as: .motion)
    }

    @Test("the toast's centre and opacity, every 6th tick")
    func trace() {
        assertSnapshot(of: Self.scene, as: .trace(items: ["toast"], every: 6, columns: ["center_y", "opacity"]))
    }
}
