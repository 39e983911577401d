import Foundation
import Geometry
import Goldens
import ImageDiff
import Raster
import SceneModel
import TestSupport
import Testing

@Suite("Golden checks from Swift tests", .serialized)
struct GoldenCheckTests {
    /// A small snap scene built in code (80×60 px, 30 frames) so the suite stays fast.
    static func scene(damping: Double = 0.5) -> Scene {
        Scene(
            name: "tiny-snap",
            canvas: Canvas(size: Size(80, 60), scale: 1, background: ColorRGBA8(hex: "#F2F2F7")!),
            length: .duration(0.5),
            items: [
                Item(
                    id: "card", size: Size(16, 16), center: Point(40, 30), fill: ColorRGBA8(hex: "#FF9500")!,
                    cornerRadius: 3)
            ],
            behaviors: [.snap(SnapSpec(item: "card", snapPoint: Point(20, 30), damping: damping))])
    }

    static func options(_ goldens: String, onCI: Bool = false) throws -> CheckOptions {
        CheckOptions(goldens: goldens, outputDirectory: try makeTemporaryDirectory("goldens-out"), jobs: 2, onCI: onCI)
    }

    @Test("recording never passes; the next run matches; a changed damping names the item and its first divergent tick")
    func recordMatchChange() throws {
        let goldens = try makeTemporaryDirectory("goldens")
        let recording = #expect(throws: GoldenMismatch.self) {
            try GoldenCheck.assertMatches(
                scene: Self.scene(), goldens: goldens, record: .missing, options: Self.options(goldens))
        }
        #expect(recording?.report.verdict == .recorded)
        #expect(
            listDirectory(goldens + "/tiny-snap") == [
                "events.txt", "frame_00000.png", "frame_00004.png", "frame_00008.png",
                "frame_00012.png", "frame_00017.png", "frame_00021.png",
                "frame_00025.png", "frame_00029.png", "frames.txt", "scene.txt", "trace.csv",
            ])
        let manifest = try String(contentsOfFile: goldens + "/tiny-snap/frames.txt", encoding: .utf8).split(
            separator: "\n")
        #expect(manifest.prefix(3) == ["flipbook-goldens 1", "scene tiny-snap", "size 80 60"])
        #expect(manifest.count == 3 + 30)

        let same = try GoldenCheck.assertMatches(scene: Self.scene(), goldens: goldens, options: Self.options(goldens))
        #expect(same.verdict == .same)

        let changed = #expect(throws: GoldenMismatch.self) {
            try GoldenCheck.assertMatches(
                scene: Self.scene(damping: 0.45), goldens: goldens, options: Self.options(goldens))
        }
        let report = try #require(changed?.report)
        #expect(report.verdict == .different)
        let card = try #require(report.trace?.items.first { $0.item == "card" })
        #expect(card.firstDivergentTick == 1)
        #expect(card.properties.first?.property == "position")
        // What changed in the scene, from the resolved scene the goldens keep, before the motion.
        #expect(report.sceneChanges == ["behaviors[0].snap.damping: 0.5 → 0.45"])
        #expect(report.sentences.first == "scene: behaviors[0].snap.damping: 0.5 → 0.45")
        #expect(report.frames?.firstDifferentFrame == 1)
        #expect(changed?.description.contains("card: first divergent tick 1") == true)
        #expect(changed?.description.contains("record: .failed") == true)
        let reportPath = try #require(changed?.reportPath)
        #expect(FileManager.default.fileExists(atPath: reportPath))
        let folder = (reportPath as NSString).deletingLastPathComponent
        #expect(FileManager.default.fileExists(atPath: folder + "/tiny-snap/heat-strip.png"))
        #expect(FileManager.default.fileExists(atPath: folder + "/junit.xml"))
    }

    @Test("on CI a record request is refused before rendering, and missing goldens fail")
    func continuousIntegration() throws {
        let goldens = try makeTemporaryDirectory("goldens")
        #expect(throws: GoldensError.self) {
            try GoldenCheck.assertMatches(
                scene: Self.scene(), goldens: goldens, record: .all, options: Self.options(goldens, onCI: true))
        }
        #expect(listDirectory(goldens).isEmpty)
        let missing = #expect(throws: GoldenMismatch.self) {
            try GoldenCheck.assertMatches(
                scene: Self.scene(), goldens: goldens, options: Self.options(goldens, onCI: true))
        }
        #expect(missing?.report.verdict == .missingGolden)
    }

    @Test("CI is active when the variable is set to anything but empty or false")
    func ciVariable() {
        #expect(!ContinuousIntegration.isActive([:]))
        #expect(!ContinuousIntegration.isActive(["CI": ""]))
        #expect(!ContinuousIntegration.isActive(["CI": "false"]))
        #expect(!ContinuousIntegration.isActive(["CI": "FALSE"]))
        #expect(ContinuousIntegration.isActive(["CI": "true"]))
        #expect(ContinuousIntegration.isActive(["CI": "1"]))
    }

    @Test("stored frames are evenly spaced from the first to the last")
    func storedFrames() {
        #expect(StoredFrames.evenlySpaced(8).indices(frameCount: 69) == [0, 10, 19, 29, 39, 49, 58, 68])
        #expect(StoredFrames.evenlySpaced(8).indices(frameCount: 5) == [0, 1, 2, 3, 4])
        #expect(StoredFrames.evenlySpaced(1).indices(frameCount: 69) == [0])
        #expect(StoredFrames.evenlySpaced(0).indices(frameCount: 69) == [])
        #expect(StoredFrames.all.indices(frameCount: 3) == [0, 1, 2])
    }
}
