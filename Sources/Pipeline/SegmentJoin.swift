import Determinism
import Export
import Foundation

/// `flipbook concat`: joins the segment videos of one scene's shards into one video, only when
/// they are exactly the complete set of one scene's segments, encoded alike, and writes a
/// manifest for the result that `flipbook verify` checks.
///
/// Each segment is read with the manifest its render wrote beside it (`<stem>.manifest.json` for
/// `<stem>.mp4`): the segment's bytes must still hash to it, every segment must be of the same
/// scene (name and hash), size, rate and encoding (`VideoInfo.settings`: ffmpeg version, codec,
/// `-qp`, `-preset`, GOP, motion blur, hold), and together they must cover the scene's frames
/// `0 ..< sceneFrameCount` without a gap or overlap. Anything else is refused, naming the
/// segment and what is missing or different, before ffmpeg runs; the order given does not matter.
///
/// The joined video's manifest, `<output>.manifest.json`, lists no frames (the segments'
/// manifests do) and records every segment with its hash (`joinedFrom`). The joined video decodes
/// to exactly the frames of a single render; its bytes differ from a single render's video (each
/// segment carries its own encoder headers), which is why it gets its own receipt.
public enum SegmentJoin {
    public struct Result: Sendable {
        public var output: String
        public var manifestPath: String
        /// The ffmpeg command line run (executable first), for `--verbose`.
        public var command: [String]
        public var segmentCount: Int
    }

    /// `stallSeconds` (> 0): how long an ffmpeg may make no progress before it is ended
    /// (`--ffmpeg-timeout`).
    public static func join(
        segments: [String], output: String, flipbookVersion: String,
        stallSeconds: Double = VideoWriter.defaultStallSeconds
    ) throws -> Result {
        guard !segments.isEmpty else { throw SegmentJoinError("name at least one segment video") }
        var parts: [(path: String, manifestPath: String, manifest: RenderManifest, video: RenderManifest.VideoInfo)] =
            []
        for segment in segments {
            let file = (segment as NSString).lastPathComponent
            let manifestPath = ((segment as NSString).deletingPathExtension) + ".manifest.json"
            guard FileManager.default.fileExists(atPath: manifestPath) else {
                throw SegmentJoinError(
                    "\(segment): no manifest beside it (\(manifestPath)); concat joins only segments rendered with --shard or --frames, each with the manifest its render wrote (gather it along with the video)"
                )
            }
            let manifest = try RenderManifest.read(manifestPath)
            guard manifest.joinedFrom == nil, let video = manifest.videos.first(where: { $0.file == file }) else {
                throw SegmentJoinError("\(segment): \(manifestPath) lists no segment video \(file)")
            }
            guard let bytes = FileManager.default.contents(atPath: segment) else {
                throw SegmentJoinError("\(segment): cannot read the segment video")
            }
            let hash = FNV1a64.hexHash(bytes)
            guard hash == video.hash else {
                throw SegmentJoinError(
                    "\(segment): its bytes (hash \(hash)) are not the video its manifest recorded (hash \(video.hash)): changed or truncated since it was rendered; render that shard again"
                )
            }
            parts.append((segment, manifestPath, manifest, video))
        }
        parts.sort {
            ($0.manifest.frames.start, $0.manifest.frames.end) < ($1.manifest.frames.start, $1.manifest.frames.end)
        }
        let reference = parts[0]
        for part in parts.dropFirst() {
            try checkAlike(
                part.path, part.manifest, part.video, as: reference.path, reference.manifest, reference.video)
        }
        try checkCoverage(
            parts.map { ($0.path, $0.manifest.frames.start, $0.manifest.frames.end) },
            total: reference.manifest.frames.sceneFrameCount, scene: reference.manifest.scene.name)

        let command = try VideoConcatenation.concatenate(
            segments: parts.map(\.path), output: output, stallSeconds: stallSeconds)
        let bytes = FileManager.default.contents(atPath: output) ?? Data()
        let last = parts[parts.count - 1]
        var joinedVideo = reference.video
        joinedVideo.file = (output as NSString).lastPathComponent
        joinedVideo.hash = FNV1a64.hexHash(bytes)
        joinedVideo.firstVideoFrame = 0
        joinedVideo.endVideoFrame = last.video.endVideoFrame
        joinedVideo.command = recordedCommand(command: command, output: output)
        let manifest = RenderManifest(
            flipbookVersion: flipbookVersion, scene: reference.manifest.scene,
            frames: .init(
                sceneFrameCount: reference.manifest.frames.sceneFrameCount, start: 0,
                end: reference.manifest.frames.sceneFrameCount, directory: nil,
                hashOf: "none (a joined video: its segments' manifests list the frames)",
                pngSettings: reference.manifest.frames.pngSettings, hashes: []),
            videos: [joinedVideo], ffmpeg: reference.manifest.ffmpeg, timings: .init(),
            droppedNonFinite: parts.flatMap(\.manifest.droppedNonFinite),
            joinedFrom: parts.map { part in
                .init(
                    file: (part.path as NSString).lastPathComponent,
                    manifest: (part.manifestPath as NSString).lastPathComponent, hash: part.video.hash,
                    start: part.manifest.frames.start, end: part.manifest.frames.end)
            })
        let manifestPath = output + ".manifest.json"
        try AtomicFile.write(try manifest.encoded(), to: manifestPath)
        return Result(output: output, manifestPath: manifestPath, command: command, segmentCount: parts.count)
    }

    /// The join's command as its manifest shows it: the executable as `ffmpeg`, the output by its
    /// file name, and the list file (a hidden temporary beside the output, holding the segments'
    /// paths) as `SEGMENTS.txt`, so no path or process id of the joining machine is recorded.
    static func recordedCommand(command: [String], output: String) -> String {
        var arguments = ["ffmpeg"] + command.dropFirst().dropLast() + [(output as NSString).lastPathComponent]
        if let i = arguments.firstIndex(of: "-i"), i + 1 < arguments.count { arguments[i + 1] = "SEGMENTS.txt" }
        return FFmpegCommand.shellQuoted(arguments)
    }

    /// Same scene, size, rate, format and encoding as the reference segment.
    static func checkAlike(
        _ path: String, _ m: RenderManifest, _ v: RenderManifest.VideoInfo,
        as refPath: String, _ r: RenderManifest, _ rv: RenderManifest.VideoInfo
    ) throws {
        func refuse(_ what: String) -> SegmentJoinError {
            SegmentJoinError(
                "\(path) and \(refPath) are not segments of one render: \(what); render every shard with the same scene file and flags"
            )
        }
        if m.scene.name != r.scene.name { throw refuse("scene '\(m.scene.name)' against '\(r.scene.name)'") }
        if m.scene.hash != r.scene.hash {
            throw refuse(
                "scene '\(m.scene.name)' was changed between them (scene hash \(m.scene.hash) against \(r.scene.hash))")
        }
        if (m.scene.width, m.scene.height, m.scene.fps) != (r.scene.width, r.scene.height, r.scene.fps) {
            throw refuse(
                "\(m.scene.width)×\(m.scene.height) at \(m.scene.fps) fps against \(r.scene.width)×\(r.scene.height) at \(r.scene.fps) fps"
            )
        }
        if m.frames.sceneFrameCount != r.frames.sceneFrameCount {
            throw refuse(
                "the scene has \(m.frames.sceneFrameCount) frames in one and \(r.frames.sceneFrameCount) in the other")
        }
        if v.format != rv.format || v.fps != rv.fps {
            throw refuse("\(v.format) at \(v.fps) fps against \(rv.format) at \(rv.fps) fps")
        }
        guard let settings = v.settings, let reference = rv.settings else {
            throw refuse("a manifest without encoder settings (written by an older flipbook)")
        }
        if settings != reference { throw refuse("encoded differently: " + difference(settings, reference)) }
    }

    /// "'-qp 20' against '-qp 18'": the first differing words of two settings, with the word before.
    static func difference(_ a: String, _ b: String) -> String {
        let x = a.split(separator: " ")
        let y = b.split(separator: " ")
        var i = 0
        while i < min(x.count, y.count), x[i] == y[i] { i += 1 }
        let from = max(0, i - 1)
        func words(_ w: [Substring]) -> String { w[from..<min(w.count, i + 1)].joined(separator: " ") }
        return "'\(words(x))' against '\(words(y))'"
    }

    /// The windows, sorted by start, must tile `0 ..< total`.
    static func checkCoverage(_ windows: [(path: String, start: Int, end: Int)], total: Int, scene: String) throws {
        var next = 0
        var previous: String?
        for w in windows {
            if w.start > next {
                let place =
                    previous.map { "between \($0) and \(w.path)" }
                    ?? "before \(w.path): the scene's first segment is missing"
                throw SegmentJoinError(
                    "\(scene): frames \(next)..<\(w.start) are in no segment given, \(place); render that shard and pass every segment of the scene"
                )
            }
            if w.start < next {
                throw SegmentJoinError(
                    "\(scene): \(w.path) overlaps \(previous ?? "another segment") at frames \(w.start)..<\(min(next, w.end)); pass each shard's segment once, all from one shard count"
                )
            }
            next = w.end
            previous = w.path
        }
        if next < total {
            throw SegmentJoinError(
                "\(scene): frames \(next)..<\(total) are in no segment given, after \(previous ?? "the last segment"): the scene's last segment is missing (the scene has \(total) frames); render that shard and pass every segment of the scene"
            )
        }
    }
}

/// Segments that do not make one complete video, with what is missing or different.
public struct SegmentJoinError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
