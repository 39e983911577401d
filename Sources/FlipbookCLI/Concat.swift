import ArgumentParser
import Export
import Foundation

struct Concat: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join segment videos (from render --shard/--frames) into one video by stream copy.",
        discussion: """
            Segments are joined in the order given, without re-encoding: the result decodes to the same \
            frames as a single-process render. Segment names such as snap.frames-000000-000120.mp4 are \
            checked to be contiguous. Only .mp4 and .mov segments join this way.
            """)

    @Argument(help: "Segment videos, in frame order.")
    var segments: [String]

    @Option(name: .long, help: "The joined video (.mp4 or .mov).")
    var out: String

    @Flag(name: .long, help: "Print the exact ffmpeg command.")
    var verbose = false

    func validate() throws {
        guard !segments.isEmpty else { throw ValidationError("name at least one segment video") }
    }

    func run() throws {
        try Self.checkContiguous(segments)
        let command = try VideoConcatenation.concatenate(segments: segments, output: out)
        if verbose { FileHandle.standardError.write(Data((command + "\n").utf8)) }
        print("\(out): joined \(counted(segments.count, "segment"))")
    }

    /// Segments named `<scene>.frames-AAAAAA-BBBBBB.<ext>` must follow each other without gaps.
    static func checkContiguous(_ segments: [String]) throws {
        var previous: (file: String, end: Int)?
        for segment in segments {
            let parts = (segment as NSString).lastPathComponent.components(separatedBy: ".frames-")
            guard parts.count == 2 else { continue }
            let bounds = parts[1].split(separator: ".")[0].split(separator: "-").compactMap { Int($0) }
            guard bounds.count == 2 else { continue }
            if let previous, previous.end != bounds[0] {
                throw CLIError("\(segment) starts at frame \(bounds[0]) but \(previous.file) ends at frame \(previous.end); pass the segments in frame order, none missing")
            }
            previous = (segment, bounds[1])
        }
    }
}
