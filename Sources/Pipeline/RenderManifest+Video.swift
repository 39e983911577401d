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
        let file = (output.path as NSString).lastPathComponent
        return .init(
            format: output.format.rawValue, file: file, hash: FNV1a64.hexHash(bytes),
            firstVideoFrame: videoFrames.lowerBound, endVideoFrame: videoFrames.upperBound,
            fps: output.frameRate, command: recordedCommand(output.arguments, file: file),
            settings: settings(
                arguments: output.arguments, ffmpegVersion: ffmpegVersion,
                motionBlur: motionBlur, holdSeconds: holdSeconds))
    }

    /// The command as the manifest shows it: `arguments` (executable first, output last) with the
    /// executable as `ffmpeg` and the output as `file`, so neither the folder ffmpeg was found in,
    /// nor the output folder, nor the process id in the temporary name reaches the receipt.
    static func recordedCommand(_ arguments: [String], file: String) -> String {
        FFmpegCommand.shellQuoted(["ffmpeg"] + arguments.dropFirst().dropLast() + [file])
    }

    /// `ffmpeg <version> | <arguments without the executable and the output> | motionBlur=N hold=S`.
    static func settings(arguments: [String], ffmpegVersion: String, motionBlur: Int, holdSeconds: Double) -> String {
        "ffmpeg \(ffmpegVersion) | " + FFmpegCommand.shellQuoted(Array(arguments.dropFirst().dropLast()))
            + " | motionBlur=\(motionBlur) hold=\(holdSeconds)"
    }
}
