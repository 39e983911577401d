import Export
import Foundation
import TestSupport
import Testing

/// A GIF has 256 colours; a smooth picture has thousands. How each dither mode spends them,
/// measured through the real ffmpeg on a 192 × 96 two-axis gradient (18,432 colours, three
/// frames of the same picture): `none` maps each pixel to its nearest palette colour, so an 8 × 8 patch
/// keeps the rounding of all its pixels (bands); Bayer and error diffusion spread it, so a patch's
/// mean stays near the picture's.
@Suite("GIF dithering")
struct GIFDitherTests {
    static let width = 192
    static let height = 96

    /// Red along x, green along y, blue against both: no two pixels alike.
    static let picture: [UInt8] = {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [
                    UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)),
                    UInt8(255 - (x + y) * 255 / (width + height - 2)), 255,
                ]
            }
        }
        return pixels
    }()

    /// The first frame of the GIF written with `dither`, decoded by ffmpeg, as RGBA.
    static func encoded(_ dither: VideoEncodingOptions.GIFDither) throws -> [UInt8] {
        let directory = try makeTemporaryDirectory()
        let writer = try VideoWriter(
            directory: directory, baseName: "g", formats: [.gif], width: width, height: height, fps: 30,
            options: try VideoEncodingOptions(gifDither: dither), backgroundHex: "FFFFFF")
        for _ in 0..<3 { try writer.write(frame: picture) }
        try writer.finish()
        return Array(try decodeVideoRGBA(directory + "/g.gif").prefix(width * height * 4))
    }

    /// The mean over 8 × 8 patches and channels of |patch mean decoded − patch mean written|, in
    /// levels: what the eye sees at a distance, where a band is an error and a dither pattern is not.
    static func patchError(_ decoded: [UInt8]) -> Double {
        var total = 0.0
        var count = 0
        for py in stride(from: 0, to: height, by: 8) {
            for px in stride(from: 0, to: width, by: 8) {
                for channel in 0..<3 {
                    var difference = 0
                    for y in py..<py + 8 {
                        for x in px..<px + 8 {
                            let i = (y * width + x) * 4 + channel
                            difference += Int(decoded[i]) - Int(picture[i])
                        }
                    }
                    total += abs(Double(difference) / 64)
                    count += 1
                }
            }
        }
        return total / Double(count)
    }

    /// Measured with ffmpeg 5.1 (Debian 12): none 1.27 levels, error diffusion 0.58. (Bayer,
    /// 1.14, is hardly closer on this measure: its fixed pattern trades bands for a grid, not error.)
    @Test(
        "error diffusion keeps 8 × 8 patches within 0.7 levels of the picture, under half of the undithered bands' error"
    )
    func diffusionRemovesBands() throws {
        let plain = Self.patchError(try Self.encoded(.none))
        let diffusion = Self.patchError(try Self.encoded(.errorDiffusion))
        #expect(plain > 1.1, "none \(plain)")
        #expect(diffusion < 0.7, "diffusion \(diffusion), none \(plain)")
        #expect(diffusion < plain / 2, "diffusion \(diffusion), none \(plain)")
    }

    @Test("the diffusion mode is ffmpeg's sierra2_4a in the palette filter")
    func diffusionCommandLine() throws {
        let directory = try makeTemporaryDirectory()
        let writer = try VideoWriter(
            directory: directory, baseName: "clip", formats: [.gif], width: 32, height: 32, fps: 30,
            options: try VideoEncodingOptions(gifDither: .errorDiffusion), backgroundHex: "FFFFFF")
        writer.abandon()
        #expect(writer.commandLines[0].contains("[b][p]paletteuse=dither=sierra2_4a:diff_mode=rectangle'"))
    }
}
