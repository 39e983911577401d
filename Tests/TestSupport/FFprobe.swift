import Foundation

/// The facts ffprobe reports about a video's first stream.
public struct VideoProbe: Sendable {
    public var codec: String
    public var pixelFormat: String
    public var width: Int
    public var height: Int
    public var frameCount: Int
    public var colorSpace: String
    public var duration: Double
}

/// Runs the real ffprobe (counting frames by decoding) and parses its key=value output.
public func probeVideo(_ path: String) throws -> VideoProbe {
    guard let ffprobe = which("ffprobe") else { throw ProbeError("ffprobe not found on PATH") }
    let result = try runProcess(ffprobe, [
        "-v", "error", "-select_streams", "v:0", "-count_frames",
        "-show_entries", "stream=codec_name,pix_fmt,width,height,nb_read_frames,color_space:format=duration",
        "-of", "default=noprint_wrappers=1", path,
    ])
    guard result.status == 0 else { throw ProbeError("ffprobe failed: \(result.stderr)") }
    var fields: [String: String] = [:]
    for line in result.stdout.split(separator: "\n") {
        let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
        if parts.count == 2 { fields[parts[0]] = parts[1] }
    }
    return VideoProbe(codec: fields["codec_name"] ?? "", pixelFormat: fields["pix_fmt"] ?? "",
                      width: Int(fields["width"] ?? "") ?? 0, height: Int(fields["height"] ?? "") ?? 0,
                      frameCount: Int(fields["nb_read_frames"] ?? "") ?? 0,
                      colorSpace: fields["color_space"] ?? "",
                      duration: Double(fields["duration"] ?? "") ?? 0)
}

/// Decodes every frame of a video back to packed RGB24 with the real ffmpeg.
public func decodeVideoRGB(_ path: String) throws -> [UInt8] {
    guard let ffmpeg = which("ffmpeg") else { throw ProbeError("ffmpeg not found on PATH") }
    let raw = (NSTemporaryDirectory() as NSString).appendingPathComponent("decoded-\(getpid())-\(UUID().uuidString.prefix(6)).rgb")
    defer { unlink(raw) }
    let result = try runProcess(ffmpeg, ["-v", "error", "-y", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", raw])
    guard result.status == 0 else { throw ProbeError("ffmpeg decode failed: \(result.stderr)") }
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
}

/// Peak signal-to-noise ratio in dB between two equal-length 8-bit buffers (∞ when equal).
public func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
    precondition(a.count == b.count && !a.isEmpty)
    var sum = 0.0
    for i in a.indices {
        let d = Double(a[i]) - Double(b[i])
        sum += d * d
    }
    let mse = sum / Double(a.count)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}

public struct ProbeError: Error, CustomStringConvertible {
    public var description: String
    public init(_ d: String) { description = d }
}
