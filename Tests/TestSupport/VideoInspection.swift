import Foundation

/// What ffprobe says about a video's first stream, including the tags the alpha checks need.
public struct VideoStreamFacts: Sendable {
    public var codec: String
    public var pixelFormat: String
    public var width: Int
    public var height: Int
    public var frameCount: Int
    public var duration: Double
    /// `color_space` ("bt709" when tagged), or "unknown".
    public var colorSpace: String
    /// The Matroska `alpha_mode` tag ("1" on a WebM with an alpha plane), or "".
    public var alphaMode: String
}

/// Probes with the real ffprobe, counting frames by decoding.
public func probeStream(_ path: String) throws -> VideoStreamFacts {
    guard let ffprobe = which("ffprobe") else { throw ProbeError("ffprobe not found on PATH") }
    let result = try runProcess(
        ffprobe,
        [
            "-v", "error", "-select_streams", "v:0", "-count_frames",
            "-show_entries",
            "stream=codec_name,pix_fmt,width,height,nb_read_frames,color_space:stream_tags=alpha_mode:format=duration",
            "-of", "default=noprint_wrappers=1", path,
        ])
    guard result.status == 0 else { throw ProbeError("ffprobe failed: \(result.stderr)") }
    // APNG has no container duration; the sum of the frame durations is the playing time.
    let packets = try runProcess(
        ffprobe,
        [
            "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=duration_time", "-of", "csv=p=0", path,
        ])
    let packetDuration = packets.stdout.split(separator: "\n").compactMap { Double($0) }.reduce(0, +)
    var fields: [String: String] = [:]
    for line in result.stdout.split(separator: "\n") {
        let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
        if parts.count == 2 { fields[parts[0].replacingOccurrences(of: "TAG:", with: "")] = parts[1] }
    }
    return VideoStreamFacts(
        codec: fields["codec_name"] ?? "", pixelFormat: fields["pix_fmt"] ?? "",
        width: Int(fields["width"] ?? "") ?? 0, height: Int(fields["height"] ?? "") ?? 0,
        frameCount: Int(fields["nb_read_frames"] ?? "") ?? 0,
        duration: Double(fields["duration"] ?? "") ?? packetDuration,
        colorSpace: fields["color_space"] ?? "unknown",
        alphaMode: fields["alpha_mode"] ?? "")
}

/// Decodes every frame to packed RGBA8 with the real ffmpeg, one output frame per stored frame
/// (`-fps_mode passthrough`: a GIF's uneven 3/3/4-hundredths delays must not duplicate or drop frames). `decoder` is forced before `-i`
/// (WebM alpha needs `libvpx-vp9`: ffmpeg's built-in VP9 decoder ignores the alpha plane).
public func decodeVideoRGBA(_ path: String, decoder: String? = nil) throws -> [UInt8] {
    guard let ffmpeg = which("ffmpeg") else { throw ProbeError("ffmpeg not found on PATH") }
    let raw = (NSTemporaryDirectory() as NSString)
        .appendingPathComponent("decoded-\(getpid())-\(UUID().uuidString.prefix(6)).rgba")
    defer { unlink(raw) }
    let forced = decoder.map { ["-c:v", $0] } ?? []
    let result = try runProcess(
        ffmpeg,
        ["-v", "error", "-y"] + forced + [
            "-i", path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", raw,
        ])
    guard result.status == 0 else { throw ProbeError("ffmpeg decode failed: \(result.stderr)") }
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
}

/// Channel `channel` (0 R, 1 G, 2 B, 3 A) of packed RGBA8 pixels.
public func channel(_ rgba: [UInt8], _ channel: Int) -> [UInt8] {
    stride(from: channel, to: rgba.count, by: 4).map { rgba[$0] }
}

/// The RGB bytes of packed RGBA8 pixels.
public func rgbOnly(_ rgba: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(rgba.count / 4 * 3)
    for i in stride(from: 0, to: rgba.count, by: 4) { out += rgba[i..<i + 3] }
    return out
}
