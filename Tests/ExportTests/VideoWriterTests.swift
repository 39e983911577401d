import Export
import Foundation
import TestSupport
import Testing

/// What each format must look like after a round trip through the real ffmpeg/ffprobe.
/// `minimumPSNR`: dB over RGB of every frame, `.infinity` for exact. Reasons for each tolerance:
/// H.264 and VP9 are lossy and 4:2:0: chroma at half resolution blurs the square's 1-px orange
/// edge into the grey, and the RGB → yuv420p → RGB conversion alone, with no codec, gives
/// 35.6 dB on these frames (measured with ffmpeg's scale filter); H.264 CRF 18 measures 34.4 dB,
/// VP9 CRF 30 34.7 dB. ProRes 4444 is lossy but 4:4:4 at 10 bits: 70.0 dB. The GIF clip has fewer
/// than 256 colours and is written without dithering, so it is exact; APNG is lossless.
private struct Expectation: Sendable, CustomStringConvertible {
    var format: VideoFormat
    var codec: String
    var pixelFormat: String
    var alphaPixelFormat: String
    var minimumPSNR: Double
    var description: String { format.rawValue }
}

private let expectations: [Expectation] = [
    .init(format: .mp4, codec: "h264", pixelFormat: "yuv420p", alphaPixelFormat: "yuv420p", minimumPSNR: 34),
    .init(format: .webm, codec: "vp9", pixelFormat: "yuv420p", alphaPixelFormat: "yuv420p", minimumPSNR: 34),
    .init(format: .mov, codec: "prores", pixelFormat: "yuv444p12le", alphaPixelFormat: "yuva444p12le", minimumPSNR: 60),
    .init(format: .gif, codec: "gif", pixelFormat: "bgra", alphaPixelFormat: "bgra", minimumPSNR: .infinity),
    .init(format: .apng, codec: "apng", pixelFormat: "rgb24", alphaPixelFormat: "rgba", minimumPSNR: .infinity),
]

private let width = 64
private let height = 48
private let frameCount = 6
private let fps = 30

@Suite("video export in every format")
struct VideoWriterTests {
    /// One writer, every format at once, opaque; the files are shared by the per-format checks.
    static let opaque: (directory: String, frames: [[UInt8]]) = {
        let frames = (0..<frameCount).map { movingSquare(width: width, height: height, frame: $0) }
        let directory = (try? makeTemporaryDirectory("flipbook-video")) ?? NSTemporaryDirectory()
        do {
            let writer = try VideoWriter(
                directory: directory, baseName: "clip", formats: VideoFormat.allCases,
                width: width, height: height, fps: fps, backgroundHex: "F2F2F7")
            for frame in frames { try writer.write(frame: frame) }
            try writer.finish()
        } catch {
            Issue.record("writing the shared clips failed: \(error)")
        }
        return (directory, frames)
    }()

    @Test(
        "one writer makes every format with the codec, pixel format, size, frame count and duration expected",
        arguments: expectations)
    fileprivate func probedFacts(_ expected: Expectation) throws {
        let path = Self.opaque.directory + "/clip." + expected.format.fileExtension
        let facts = try probeStream(path)
        #expect(facts.codec == expected.codec)
        #expect(facts.pixelFormat == expected.pixelFormat)
        #expect(facts.width == width && facts.height == height)
        #expect(facts.frameCount == frameCount)
        #expect(abs(facts.duration - 0.2) < 0.011, "duration \(facts.duration) s")
        #expect(facts.alphaMode == "")
        if [.mp4, .webm, .mov].contains(expected.format) {
            #expect(facts.colorSpace == "bt709", "YUV formats are tagged with the matrix they were converted with")
        }
    }

    @Test(
        "decoded frames match the frames written: exactly for lossless formats, to a stated PSNR for lossy ones",
        arguments: expectations)
    fileprivate func decodedQuality(_ expected: Expectation) throws {
        let path = Self.opaque.directory + "/clip." + expected.format.fileExtension
        let decoded = try decodeVideoRGBA(path)
        let written = Self.opaque.frames.flatMap { $0 }
        try #require(decoded.count == written.count)
        let quality = psnr(rgbOnly(decoded), rgbOnly(written))
        #expect(quality >= expected.minimumPSNR, "\(expected.format): PSNR \(quality) dB")
        if expected.minimumPSNR == .infinity { #expect(decoded == written) }
    }

    @Test("the output folder holds only the finished files, no temporary file")
    func noTemporaryFiles() {
        #expect(
            listDirectory(Self.opaque.directory) == VideoFormat.allCases.map { "clip." + $0.fileExtension }.sorted())
    }

    @Test(
        "a transparent canvas gives a transparent video in every format that has alpha",
        arguments: expectations.filter { $0.format.supportsAlpha })
    fileprivate func alphaSurvives(_ expected: Expectation) throws {
        let directory = try makeTemporaryDirectory()
        let frames = (0..<frameCount).map { movingSquare(width: width, height: height, frame: $0, transparent: true) }
        let options = try VideoEncodingOptions(alpha: true)
        let writer = try VideoWriter(
            directory: directory, baseName: "alpha", formats: [expected.format],
            width: width, height: height, fps: fps, options: options, backgroundHex: "FFFFFF")
        for frame in frames { try writer.write(frame: frame) }
        try writer.finish()
        let path = writer.outputs[0].path

        let facts = try probeStream(path)
        #expect(facts.pixelFormat == expected.alphaPixelFormat)
        #expect(facts.frameCount == frameCount)
        if expected.format == .webm {
            #expect(facts.alphaMode == "1", "the WebM track carries alpha_mode=1")
        } else {
            #expect(facts.pixelFormat.contains("a"), "pixel format \(facts.pixelFormat) has an alpha plane")
        }
        // ffmpeg's native VP9 decoder drops the alpha plane; libvpx-vp9 reads it.
        let decoded = try decodeVideoRGBA(path, decoder: expected.format == .webm ? "libvpx-vp9" : nil)
        let written = frames.flatMap { $0 }
        try #require(decoded.count == written.count)
        let alphaWritten = channel(written, 3)
        let alphaDecoded = channel(decoded, 3)
        #expect(alphaDecoded[0] == 0, "the background is transparent")
        #expect(alphaDecoded[(12 * width + 10)] == 255, "the square is opaque")
        switch expected.format {
        case .apng:
            #expect(decoded == written, "APNG keeps every RGBA byte")
        case .gif:
            // One bit of alpha: 128 is at the threshold and becomes opaque.
            #expect(alphaDecoded == alphaWritten.map { $0 >= 128 ? 255 : 0 })
        default:
            let quality = psnr(alphaDecoded, alphaWritten)
            #expect(quality >= 35, "\(expected.format) alpha PSNR \(quality) dB")
        }
    }

    @Test(
        "the same frames give byte-identical files, so renders can be compared by hash",
        arguments: [VideoFormat.mp4, .gif, .apng, .mov])
    func reproducible(_ format: VideoFormat) throws {
        var hashes: [UInt64] = []
        for _ in 0..<2 {
            let directory = try makeTemporaryDirectory()
            let writer = try VideoWriter(
                directory: directory, baseName: "r", formats: [format],
                width: width, height: height, fps: fps, backgroundHex: "FFFFFF")
            for f in 0..<3 { try writer.write(frame: movingSquare(width: width, height: height, frame: f)) }
            try writer.finish()
            hashes.append(fnv1a64(try Data(contentsOf: URL(fileURLWithPath: writer.outputs[0].path))))
        }
        #expect(hashes[0] == hashes[1])
    }

    @Test("a 60 fps GIF keeps every other frame and plays at 30 fps, because browsers slow down shorter GIF delays")
    func gifFrameRateIsCapped() throws {
        let directory = try makeTemporaryDirectory()
        let writer = try VideoWriter(
            directory: directory, baseName: "g", formats: [.gif, .apng],
            width: width, height: height, fps: 60, backgroundHex: "FFFFFF")
        #expect(writer.outputs.map(\.frameStep) == [2, 1])
        #expect(writer.outputs.map(\.frameRate) == [30, 60])
        for f in 0..<12 { try writer.write(frame: movingSquare(width: width, height: height, frame: f)) }
        try writer.finish()
        let gif = try probeStream(directory + "/g.gif")
        let apng = try probeStream(directory + "/g.apng")
        #expect(gif.frameCount == 6 && apng.frameCount == 12)
        #expect(abs(gif.duration - 0.2) < 0.011, "GIF duration \(gif.duration)")
        #expect(abs(apng.duration - 0.2) < 0.011, "APNG duration \(apng.duration)")
    }

    @Test("odd sizes: MP4 is padded to even, every other format keeps the exact size")
    func oddSizes() throws {
        let directory = try makeTemporaryDirectory()
        let writer = try VideoWriter(
            directory: directory, baseName: "odd", formats: VideoFormat.allCases,
            width: 63, height: 47, fps: fps, backgroundHex: "F2F2F7")
        for f in 0..<3 { try writer.write(frame: movingSquare(width: 63, height: 47, frame: f)) }
        try writer.finish()
        for output in writer.outputs {
            let facts = try probeStream(output.path)
            let expected = output.format == .mp4 ? (64, 48) : (63, 47)
            #expect(
                facts.width == expected.0 && facts.height == expected.1,
                "\(output.format): \(facts.width)×\(facts.height)")
            #expect(facts.frameCount == 3)
        }
    }

    @Test("a GIF wider than 65535 pixels is refused before ffmpeg starts, naming the limit")
    func gifSizeLimit() throws {
        let directory = try makeTemporaryDirectory()
        #expect(throws: ExportError.unsupportedSize(format: "gif", width: 70_000, height: 2, maximum: 65_535)) {
            _ = try VideoWriter(
                directory: directory, baseName: "wide", formats: [.mp4, .gif],
                width: 70_000, height: 2, fps: fps, backgroundHex: "FFFFFF")
        }
        #expect(listDirectory(directory) == [])
        let text = ExportError.unsupportedSize(format: "gif", width: 70_000, height: 2, maximum: 65_535).description
        #expect(
            text
                == "gif cannot store 70000×2 frames (at most 65535 pixels a side); lower the canvas size or scale, or choose another format"
        )
    }
}
