import Foundation
import PNG
import Pipeline
import Player
import Raster
import SceneModel

/// The motion view of a differing scene in a check report: `<report>/<scene>/motion/motion.html`
/// with the actual frames and the stored expected ones beside it (hard links where the file system
/// allows, copies otherwise), so the report folder stays self-contained as a CI artifact.
enum MotionReport {
    /// Scenes longer than this get no motion view (its frames would make the report too heavy);
    /// the still images and the heat strip still show what changed.
    static let maxFrames = 3_600

    /// What one scene's report may take by default, its still images and heat strip included:
    /// differing frames in full, the others as thumbnails that fit (`MotionFramePlan`).
    public static let defaultBudget = 5_000_000

    /// Writes the page and returns its path relative to the report folder, or nil when the scene
    /// is too long for one. `budget`: the bytes the scene's report folder may hold (nil: every
    /// frame in full).
    static func write(
        scene: Scene, goldens: String, renderBase: String, expectedFrameCount: Int, differing: [Int],
        reportDirectory: String, budget: Int?, jobs: Int
    ) throws -> String? {
        let fm = FileManager.default
        let actualNames = try fm.contentsOfDirectory(atPath: renderBase).filter(isFrame).sorted()
        guard actualNames.count <= maxFrames else { return nil }
        let stored = ((try? fm.contentsOfDirectory(atPath: goldens)) ?? []).compactMap(frameIndex).sorted()
        let relative = (scene.name as NSString).appendingPathComponent("motion")
        let folder = (reportDirectory as NSString).appendingPathComponent(relative)
        try? fm.removeItem(atPath: folder)
        let actualFolder = (folder as NSString).appendingPathComponent("actual")
        let expectedFolder = (folder as NSString).appendingPathComponent("expected")
        try fm.createDirectory(atPath: actualFolder, withIntermediateDirectories: true)
        try fm.createDirectory(atPath: expectedFolder, withIntermediateDirectories: true)
        let frames = actualNames.compactMap(frameIndex)
        let (expected, actual) = try traces(
            scene: scene, goldens: goldens, renderBase: renderBase,
            expectedFrameCount: expectedFrameCount, actualFrameCount: frames.count)
        let page = { (plan: MotionFramePlan) in
            try ComparePage.html(
                title: scene.name, expected: expected, actual: actual,
                frames: .init(expected: plan.expected, actual: plan.full, actualThumbnails: plan.thumbnails),
                differing: differing)
        }
        var plan = MotionFramePlan.everyFrame(frames, expected: stored)
        if let budget {
            let sceneFolder = (reportDirectory as NSString).appendingPathComponent(scene.name)
            // What the frames may take: the budget less the still images and the page itself.
            let pageBytes = try page(MotionFramePlan(full: [], thumbnails: [], thumbnailLevel: 0)).utf8.count
            plan = choose(
                frames: frames, differing: differing, stored: stored, goldens: goldens, renderBase: renderBase,
                budget: budget - folderSize(sceneFolder) - pageBytes, jobs: jobs)
            try writeThumbnails(
                plan.thumbnails.map { path(renderBase, $0) }, level: plan.thumbnailLevel, to: actualFolder, jobs: jobs)
        }
        try linkOrCopy(plan.expected.map(frameName), from: goldens, to: expectedFolder)
        try linkOrCopy(plan.full.map(frameName), from: renderBase, to: actualFolder)
        try PNG.writeAtomically(
            Array(try page(plan).utf8), to: (folder as NSString).appendingPathComponent(ComparePage.fileName))
        return (relative as NSString).appendingPathComponent(ComparePage.fileName)
    }

    /// The two sides' trace data for the page.
    static func traces(
        scene: Scene, goldens: String, renderBase: String, expectedFrameCount: Int, actualFrameCount: Int
    ) throws -> (expected: PlayerData, actual: PlayerData) {
        func data(frames: Int) -> PlayerData {
            PlayerData(
                sceneName: scene.name, fps: scene.fps, pixelWidth: scene.canvas.pixelWidth,
                pixelHeight: scene.canvas.pixelHeight, scale: scene.canvas.scale, firstFrame: 0, frameCount: frames)
        }
        var actual = data(frames: actualFrameCount)
        try actual.readTraceCSV(at: renderBase + ".trace.csv")
        try actual.readTraceText(at: renderBase + ".trace.txt")
        let expectedTrace = (goldens as NSString).appendingPathComponent("trace.csv")
        var expected = data(frames: expectedFrameCount)
        if FileManager.default.fileExists(atPath: expectedTrace) { try expected.readTraceCSV(at: expectedTrace) }
        return (expected, actual)
    }

    /// The frames kept within `budget` bytes (`MotionFramePlan`), thumbnails measured by encoding them.
    static func choose(
        frames: [Int], differing: [Int], stored: [Int], goldens: String, renderBase: String, budget: Int, jobs: Int
    ) -> MotionFramePlan {
        // Every frame's thumbnails are measured up front, on `jobs` threads, though the plan asks
        // only of the frames it does not keep in full: which those are depends on the budget.
        let measured = ThumbnailSizes(paths: frames.map { path(renderBase, $0) }, jobs: jobs)
        let sizeOf = Dictionary(uniqueKeysWithValues: zip(frames, measured.sizes))
        return MotionFramePlan.choose(
            frames: frames, differing: Set(differing), storedExpected: stored,
            expectedSize: { fileSize(path(goldens, $0)) }, fullSize: { fileSize(path(renderBase, $0)) },
            thumbnailSizes: { sizeOf[$0]! }, budget: budget)
    }

    static func path(_ folder: String, _ frame: Int) -> String {
        (folder as NSString).appendingPathComponent(frameName(frame))
    }

    static func frameName(_ k: Int) -> String { "frame_" + String(format: "%05d", k) + ".png" }

    /// Hard links where the file system allows, copies otherwise.
    static func linkOrCopy(_ names: [String], from source: String, to target: String) throws {
        for name in names {
            let from = (source as NSString).appendingPathComponent(name)
            let to = (target as NSString).appendingPathComponent(name)
            if link(from, to) != 0 { try FileManager.default.copyItem(atPath: from, toPath: to) }
        }
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// The bytes of the files in a folder and its subfolders (0 when it does not exist).
    static func folderSize(_ path: String) -> Int {
        let files = FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []
        return files.reduce(0) { $0 + fileSize((path as NSString).appendingPathComponent($1)) }
    }

    /// A frame's thumbnail: the PNG of its mip level `level`, whose name says so
    /// (`thumb_00012.png` for frame 12).
    static func thumbnail(of path: String, level: Int) throws -> [UInt8] {
        try thumbnails(of: path, levels: [level])[0]
    }

    /// A frame's thumbnails at each of `levels`, from one decode of the frame and one mip chain.
    static func thumbnails(of path: String, levels: [Int]) throws -> [[UInt8]] {
        let image = try PNG.decode(contentsOf: path)
        let pixels = RasterImage(width: image.width, height: image.height, straightRGBA: image.rgba, identity: path)
        return try levels.map { level in
            let shrunk = pixels.straightRGBA(level: min(level, pixels.levelCount - 1))
            return try PNG.encode(rgba: shrunk.bytes, width: shrunk.width, height: shrunk.height)
        }
    }

    static func writeThumbnails(_ paths: [String], level: Int, to folder: String, jobs: Int) throws {
        let failures = ParallelMap.run(paths.count, jobs: jobs) { i -> String? in
            do {
                let name = "thumb_" + (paths[i] as NSString).lastPathComponent.dropFirst("frame_".count)
                try PNG.writeAtomically(
                    try thumbnail(of: paths[i], level: level), to: (folder as NSString).appendingPathComponent(name),
                    syncFolder: false)
                return nil
            } catch { return "\(paths[i]): \(error)" }
        }
        if let failure = failures.compactMap({ $0 }).first { throw MotionReportError.thumbnail(failure) }
    }

    /// Each frame's thumbnail size at every level of `MotionFramePlan.thumbnailLevels`, measured by
    /// encoding them, the frame decoded once for all levels (a frame that cannot be read counts
    /// as too big for any budget).
    struct ThumbnailSizes {
        let sizes: [[Int]]
        init(paths: [String], jobs: Int) {
            let levels = MotionFramePlan.thumbnailLevels
            sizes = ParallelMap.run(paths.count, jobs: jobs) { i in
                (try? MotionReport.thumbnails(of: paths[i], levels: levels).map(\.count))
                    ?? levels.map { _ in Int.max / 4 }
            }
        }
    }

    static func isFrame(_ name: String) -> Bool { frameIndex(name) != nil }

    static func frameIndex(_ name: String) -> Int? {
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return nil }
        return Int(name.dropFirst("frame_".count).dropLast(".png".count))
    }
}

/// A motion view that could not be written.
enum MotionReportError: Error, CustomStringConvertible {
    /// A frame's thumbnail could not be made: the frame and why.
    case thumbnail(String)

    var description: String {
        switch self {
        case .thumbnail(let why): "the motion view's thumbnail of \(why)"
        }
    }
}
