import ArgumentParser
import Export
import Foundation
import Pipeline

struct Concat: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join segment videos (from render --shard/--frames) into one video by stream copy.",
        discussion: """
            Each segment is read with the manifest its render wrote beside it (<stem>.manifest.json): \
            the segments must be exactly the complete set of one scene's segments (frames 0 to the end, \
            no gap, no overlap), of the same scene (name and hash) and encoded with the same settings \
            (ffmpeg version, codec, --qp, --preset, --motion-blur, --hold); anything else is refused, \
            naming what is missing or different. They are joined in frame order without re-encoding: \
            the result decodes to the same frames as a single-process render (its bytes differ: each \
            segment keeps its own encoder headers). Writes <out>.manifest.json, which `flipbook verify` \
            checks. Only .mp4 and .mov segments join this way.
            """)

    @Argument(help: "Segment videos, in any order (a shell glob such as out/snap.frames-*.mp4).")
    var segments: [String]

    @Option(name: .long, help: "The joined video (.mp4 or .mov).")
    var out: String

    @Flag(name: .long, help: "Print the exact ffmpeg command.")
    var verbose = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "End an ffmpeg that makes no progress (uses no CPU, writes nothing) for this many seconds; default 300.",
            valueName: "seconds"))
    var ffmpegTimeout: Double = VideoWriter.defaultStallSeconds

    func validate() throws {
        guard !segments.isEmpty else { throw ValidationError("name at least one segment video") }
        guard ffmpegTimeout.isFinite, ffmpegTimeout > 0 else {
            throw ValidationError("--ffmpeg-timeout must be a positive number of seconds, got \(ffmpegTimeout)")
        }
    }

    func run() throws {
        // Ctrl-C or SIGTERM (a CI job cancelled) removes the hidden list and partial video too.
        TemporaryFiles.shared.removeOnInterrupt()
        let result = try SegmentJoin.join(
            segments: segments, output: out, flipbookVersion: Flipbook.version, stallSeconds: ffmpegTimeout)
        if verbose { FileHandle.standardError.write(Data((FFmpegCommand.shellQuoted(result.command) + "\n").utf8)) }
        print("\(out): joined \(counted(result.segmentCount, "segment")); manifest \(result.manifestPath)")
    }
}
