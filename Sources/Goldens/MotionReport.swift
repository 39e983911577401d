import Foundation
import PNG
import Player
import SceneModel

/// The motion view of a differing scene in a check report: `<report>/<scene>/motion/motion.html`
/// with the actual frames and the stored expected ones beside it (hard links where the file system
/// allows, copies otherwise), so the report folder stays self-contained as a CI artifact.
enum MotionReport {
    /// Scenes longer than this get no motion view (its frames would make the report too heavy);
    /// the still images and the heat strip still show what changed.
    static let maxFrames = 3_600

    /// Writes the page and returns its path relative to the report folder, or nil when the scene
    /// is too long for one.
    static func write(
        scene: Scene, goldens: String, renderBase: String, expectedFrameCount: Int, differing: [Int],
        reportDirectory: String
    ) throws -> String? {
        let fm = FileManager.default
        let actualNames = try fm.contentsOfDirectory(atPath: renderBase).filter(isFrame).sorted()
        guard actualNames.count <= maxFrames else { return nil }
        let expectedNames = ((try? fm.contentsOfDirectory(atPath: goldens)) ?? []).filter(isFrame).sorted()
        let relative = (scene.name as NSString).appendingPathComponent("motion")
        let folder = (reportDirectory as NSString).appendingPathComponent(relative)
        try? fm.removeItem(atPath: folder)
        for (side, source, names) in [("actual", renderBase, actualNames), ("expected", goldens, expectedNames)] {
            let target = (folder as NSString).appendingPathComponent(side)
            try fm.createDirectory(atPath: target, withIntermediateDirectories: true)
            for name in names {
                let from = (source as NSString).appendingPathComponent(name)
                let to = (target as NSString).appendingPathComponent(name)
                if link(from, to) != 0 { try fm.copyItem(atPath: from, toPath: to) }
            }
        }
        func data(frames: Int) -> PlayerData {
            PlayerData(
                sceneName: scene.name, fps: scene.fps, pixelWidth: scene.canvas.pixelWidth,
                pixelHeight: scene.canvas.pixelHeight, scale: scene.canvas.scale, firstFrame: 0, frameCount: frames)
        }
        var actual = data(frames: actualNames.count)
        try actual.readTraceCSV(at: renderBase + ".trace.csv")
        try actual.readTraceText(at: renderBase + ".trace.txt")
        let expectedTrace = (goldens as NSString).appendingPathComponent("trace.csv")
        var expected = data(frames: expectedFrameCount)
        if fm.fileExists(atPath: expectedTrace) { try expected.readTraceCSV(at: expectedTrace) }
        let page = try ComparePage.html(
            title: scene.name, expected: expected, actual: actual,
            expectedFrames: expectedNames.compactMap(frameIndex), differing: differing)
        try PNG.writeAtomically(Array(page.utf8), to: (folder as NSString).appendingPathComponent(ComparePage.fileName))
        return (relative as NSString).appendingPathComponent(ComparePage.fileName)
    }

    static func isFrame(_ name: String) -> Bool { frameIndex(name) != nil }

    static func frameIndex(_ name: String) -> Int? {
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return nil }
        return Int(name.dropFirst("frame_".count).dropLast(".png".count))
    }
}
