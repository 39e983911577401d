import Flipbook
import Foundation
import Testing

/// The example's own golden check: renders `scenes/badge-drop.yaml` with Flipbook and compares
/// every frame and the trace with `goldens/badge-drop/`. To re-record after a meant change:
///
///     FLIPBOOK_RECORD=failed swift test      (recording never passes; run again to check)
@Suite("Badge drop goldens")
struct BadgeDropGoldenTests {
    /// The example package's folder, found from this file (Tests/GoldenCheckTests/…).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test("the badge drop renders exactly its goldens")
    func matchesGoldens() throws {
        let record = ProcessInfo.processInfo.environment["FLIPBOOK_RECORD"].flatMap(RecordMode.init(rawValue:))
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("golden-check-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let report = try GoldenCheck.assertMatches(
            sceneFile: Self.root + "/scenes/badge-drop.yaml",
            goldens: Self.root + "/goldens", record: record,
            options: CheckOptions(goldens: Self.root + "/goldens", outputDirectory: out))
        #expect(report.verdict == .same)
    }
}
