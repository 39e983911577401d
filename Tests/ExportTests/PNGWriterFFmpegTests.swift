import Export
import Foundation
import PNG
import TestSupport
import Testing

/// The PNG writer's files read by a decoder that is not ours: ffmpeg's own PNG decoder (the
/// writer is libdeflate with our own chunk framing; libpng's reading is tested in
/// PNGTests).
@Suite("PNG files read by ffmpeg")
struct PNGWriterFFmpegTests {
    @Test(
        "ffmpeg decodes the default writer's PNG to exactly the pixels encoded, for every single filter",
        arguments: [PNGFilter.none, .sub, .up, .average, .paeth])
    func ffmpegReadsTheWriter(filter: PNGFilter) throws {
        let width = 67
        let height = 41
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        var state: UInt32 = 12_345
        for y in 0..<height {
            for x in 0..<width {
                let k = (y * width + x) * 4
                state = state &* 1_103_515_245 &+ 12_345
                // Flat background, a gradient band and a noisy square with varying alpha.
                let noisy = (20..<45).contains(x) && (10..<30).contains(y)
                rgba[k] = noisy ? UInt8(truncatingIfNeeded: state >> 16) : UInt8(x * 3)
                rgba[k + 1] = noisy ? UInt8(truncatingIfNeeded: state >> 8) : 0xF2
                rgba[k + 2] = UInt8(y * 6)
                rgba[k + 3] = noisy ? UInt8(truncatingIfNeeded: state >> 24) | 1 : 255
            }
        }
        let dir = try makeTemporaryDirectory()
        let options = try PNGOptions(libdeflateLevel: PNGOptions.default.level, filter: filter)
        try PNG.writeAtomically(
            PNG.encode(rgba: rgba, width: width, height: height, options: options), to: dir + "/frame.png")
        let ffmpeg = try FFmpegLocator.ffmpeg()
        let result = try runProcess(
            ffmpeg,
            [
                "-hide_banner", "-loglevel", "error", "-i", dir + "/frame.png",
                "-f", "rawvideo", "-pix_fmt", "rgba", dir + "/frame.rgba",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let decoded = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/frame.rgba")))
        #expect(decoded == rgba)
    }
}
