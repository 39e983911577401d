import Export
import Foundation
import Testing
import TestSupport

/// A deterministic test pattern: a gradient with a moving square, so frames differ.
private func pattern(width: Int, height: Int, frame: Int) -> [UInt8] {
    var rgba = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let i = (y * width + x) * 4
            let inSquare = (x - frame * 2) >= 4 && (x - frame * 2) < 20 && y >= 8 && y < 24
            rgba[i] = inSquare ? 255 : UInt8(x * 255 / max(1, width - 1))
            rgba[i + 1] = inSquare ? 149 : UInt8(y * 255 / max(1, height - 1))
            rgba[i + 2] = inSquare ? 0 : 128
        }
    }
    return rgba
}

@Suite("ffmpeg video export")
struct FFmpegVideoWriterTests {
    @Test("an MP4 made from raw frames is H.264 yuv420p BT.709 with every frame and the canvas size")
    func mp4HasFramesSizeAndFormat() throws {
        let dir = try makeTemporaryDirectory()
        let path = dir + "/clip.mp4"
        let writer = try FFmpegVideoWriter(outputPath: path, width: 64, height: 48, fps: 30, paddingColorHex: "F2F2F7")
        for f in 0..<12 { try writer.write(frame: pattern(width: 64, height: 48, frame: f)) }
        try writer.finish()

        let probe = try probeVideo(path)
        #expect(probe.codec == "h264")
        #expect(probe.pixelFormat == "yuv420p")
        #expect(probe.width == 64 && probe.height == 48)
        #expect(probe.frameCount == 12)
        #expect(probe.colorSpace == "bt709")
        #expect(abs(probe.duration - 0.4) < 0.001)
        #expect(listDirectory(dir) == ["clip.mp4"], "no temporary file may remain")
    }

    @Test("decoded MP4 frames stay within 35 dB PSNR of the frames written")
    func mp4DecodesCloseToInput() throws {
        let dir = try makeTemporaryDirectory()
        let path = dir + "/clip.mp4"
        let writer = try FFmpegVideoWriter(outputPath: path, width: 64, height: 48, fps: 30, paddingColorHex: "FFFFFF")
        var expected: [UInt8] = []
        for f in 0..<4 {
            let frame = pattern(width: 64, height: 48, frame: f)
            try writer.write(frame: frame)
            for i in stride(from: 0, to: frame.count, by: 4) { expected += frame[i..<i + 3] }
        }
        try writer.finish()
        let decoded = try decodeVideoRGB(path)
        #expect(decoded.count == expected.count)
        let quality = psnr(decoded, expected)
        #expect(quality >= 35, "PSNR \(quality) dB")
    }

    @Test("odd pixel sizes are padded to the next even size instead of failing")
    func oddSizesArePadded() throws {
        let dir = try makeTemporaryDirectory()
        let path = dir + "/odd.mp4"
        let writer = try FFmpegVideoWriter(outputPath: path, width: 63, height: 47, fps: 60, paddingColorHex: "F2F2F7")
        for f in 0..<3 { try writer.write(frame: pattern(width: 63, height: 47, frame: f)) }
        try writer.finish()
        let probe = try probeVideo(path)
        #expect(probe.width == 64 && probe.height == 48)
        #expect(probe.frameCount == 3)
    }

    @Test("a failing ffmpeg is reported with its own stderr and leaves no file behind")
    func failingFFmpegReportsStderr() throws {
        let dir = try makeTemporaryDirectory()
        let path = dir + "/missing-folder/clip.mp4"
        let writer = try FFmpegVideoWriter(outputPath: path, width: 32, height: 32, fps: 30, paddingColorHex: "FFFFFF")
        var caught: ExportError?
        do {
            for f in 0..<200 { try writer.write(frame: pattern(width: 32, height: 32, frame: f % 5)) }
            try writer.finish()
        } catch let error as ExportError {
            caught = error
        }
        let error = try #require(caught)
        let text = error.description
        #expect(text.contains(path))
        #expect(text.contains("ffmpeg: "), "quotes ffmpeg's own message: \(text)")
        #expect(text.contains("No such file or directory"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(listDirectory(dir) == [])
    }

    @Test("abandoning an export removes the partial video")
    func abandonRemovesPartialFile() throws {
        let dir = try makeTemporaryDirectory()
        let writer = try FFmpegVideoWriter(outputPath: dir + "/clip.mp4", width: 32, height: 32, fps: 30, paddingColorHex: "FFFFFF")
        try writer.write(frame: pattern(width: 32, height: 32, frame: 0))
        writer.abandon()
        #expect(listDirectory(dir) == [])
    }

    @Test("a missing ffmpeg names the folders searched and how to install it")
    func missingFFmpegExplainsTheFix() throws {
        #expect(throws: ExportError.ffmpegNotFound(searched: ["/nonexistent/bin"])) {
            try FFmpegLocator.find("ffmpeg", in: ["/nonexistent/bin"])
        }
        let text = ExportError.ffmpegNotFound(searched: ["/a", "/b"]).description
        #expect(text == "ffmpeg not found on PATH (looked in /a:/b); install it with `apt-get install ffmpeg` (or run `make render`, which installs it), or pass `--video none` to skip the video")
    }

    @Test("the ffmpeg command pads only odd sizes and tags BT.709")
    func argumentsPadOnlyOddSizes() {
        let even = FFmpegVideoWriter.mp4Arguments(width: 640, height: 1136, fps: 60, paddingColorHex: "F2F2F7", output: "o.mp4")
        let odd = FFmpegVideoWriter.mp4Arguments(width: 641, height: 1136, fps: 60, paddingColorHex: "F2F2F7", output: "o.mp4")
        #expect(even[even.firstIndex(of: "-vf")! + 1] == "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p")
        #expect(odd[odd.firstIndex(of: "-vf")! + 1] == "pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0:color=0xF2F2F7,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p")
        #expect(even.contains("+faststart") && even.contains("libx264"))
    }
}
