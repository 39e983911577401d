import Determinism
import Export
import Foundation

extension RenderManifest.VideoInfo {
    /// The record of one finished video holding video frames `videoFrames` of the full video
    /// (`VideoSink.manifestEntries` computes them).
    static func finished(
        _ output: VideoWriter.Output, ffmpegVersion: String, videoFrames: Range<Int>,
        motionBlur: Int, holdSeconds: Double
    ) -> Self {
        let bytes = FileManager.default.contents(atPath: output.path) ?? Data()
        return .init(
            format: output.format.rawValue, file: (output.path as NSString).lastPathComponent,
            hash: FNV1a64.hexHash(bytes),
            firstVideoFrame: videoFrames.lowerBound, endVideoFrame: videoFrames.upperBound,
            fps: output.frameRate, command: FFmpegCommand.shellQuoted(output.arguments),
            settings: settings(
                arguments: output.arguments, ffmpegVersion: ffmpegVersion,
                motionBlur: motionBlur, holdSeconds: holdSeconds))
    }

    /// `ffmpeg <version> | <arguments without the executable and the output> | motionBlur=N hold=S`.
    static func settings(arguments: [String], ffmpegVersion: String, motionBlur: Int, holdSeconds: Double) -> String {
        "ffmpeg \(ffmpegVersion) | " + FFmpegCommand.shellQuoted(Array(arguments.dropFirst().dropLast()))
            + " | motionBlur=\(motionBlur) hold=\(holdSeconds)"
    }
}
