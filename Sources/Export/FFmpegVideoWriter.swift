import Foundation

/// Streams raw RGBA8 frames into one `ffmpeg` process and produces an H.264 MP4.
///
/// The single-format writer the pipeline has used since the first release; `VideoWriter` writes
/// several formats (with a preflight of the encoders) and is the one to use for new code. Both run
/// the same `FFmpegProcess` (temporary name then rename, stderr tail in errors) and the same
/// `FFmpegCommand` arguments, so an MP4 is byte-identical from either.
public final class FFmpegVideoWriter {
    public let outputPath: String
    public let width: Int
    public let height: Int
    /// The exact command line, for `--verbose` and error reports.
    public var arguments: [String] { encoder.arguments }

    private let encoder: FFmpegProcess
    private var finished = false

    /// Starts ffmpeg. `paddingColorHex` (RGB hex like "F2F2F7") colours the padding of odd sizes.
    public init(outputPath: String, width: Int, height: Int, fps: Int,
                paddingColorHex: String, executable: String? = nil) throws {
        precondition(width > 0 && height > 0 && fps > 0)
        self.outputPath = outputPath
        self.width = width
        self.height = height
        let ffmpeg = try executable ?? FFmpegLocator.ffmpeg()
        encoder = try FFmpegProcess(executable: ffmpeg, outputPath: outputPath) { temporary in
            FFmpegVideoWriter.mp4Arguments(width: width, height: height, fps: fps,
                                           paddingColorHex: paddingColorHex, output: temporary)
        }
    }

    /// The ffmpeg arguments (after the executable) for an H.264 yuv420p MP4 tagged BT.709, with
    /// the default quality (`VideoEncodingOptions.standard`).
    public static func mp4Arguments(width: Int, height: Int, fps: Int, paddingColorHex: String,
                                    output: String) -> [String] {
        FFmpegCommand.arguments(format: .mp4, width: width, height: height, fps: fps,
                                options: .standard, backgroundHex: paddingColorHex, output: output)
    }

    /// Writes one frame: `width·height·4` bytes of straight RGBA8, row-major.
    public func write(frame rgba: UnsafeRawBufferPointer) throws {
        precondition(rgba.count == width * height * 4, "frame has the wrong byte count")
        try encoder.write(rgba)
    }

    public func write(frame rgba: [UInt8]) throws {
        try rgba.withUnsafeBytes { try write(frame: $0) }
    }

    /// Closes the stream, waits for ffmpeg, and moves the finished video to `outputPath`.
    public func finish() throws {
        guard !finished else { return }
        finished = true
        if let error = encoder.waitForExit() { throw error }
        try encoder.commit()
    }

    /// Stops ffmpeg and removes its partial output (used when a render fails part-way).
    public func abandon() {
        finished = true
        encoder.abandon()
    }
}
