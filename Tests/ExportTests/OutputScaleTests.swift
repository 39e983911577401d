import Export
import Foundation
import TestSupport
import Testing

/// `--output-scale` / `output.scale`: videos resampled by ffmpeg to a fraction of the frames' size.
@Suite("video output scale")
struct OutputScaleTests {
    @Test("a scale rounds each side to a whole pixel, at least one; 1 keeps the size")
    func scaledSizes() throws {
        #expect(try VideoEncodingOptions(scale: 0.375).scaledSize(width: 640, height: 1136) == (240, 426))
        #expect(try VideoEncodingOptions(scale: 0.5).scaledSize(width: 65, height: 47) == (33, 24))
        // 0.64 and 0.48 round to 1 and 0; no side is ever 0.
        #expect(try VideoEncodingOptions(scale: 0.01).scaledSize(width: 64, height: 48) == (1, 1))
        #expect(VideoEncodingOptions.standard.scaledSize(width: 64, height: 48) == (64, 48))
        #expect(throws: VideoOptionError.scaleOutOfRange(1.5)) { try VideoEncodingOptions(scale: 1.5) }
        #expect(throws: VideoOptionError.scaleOutOfRange(0)) { try VideoEncodingOptions(scale: 0) }
    }

    @Test("a scaled video is resampled from RGBA first in every format's filters; MP4 then pads an odd size")
    func commandLines() throws {
        let half = try VideoEncodingOptions(scale: 0.5)
        func filters(_ format: VideoFormat, width: Int = 64, height: Int = 48) -> String? {
            let arguments = FFmpegCommand.arguments(
                format: format, width: width, height: height, fps: 30, options: half, backgroundHex: "FFFFFF",
                output: "out")
            guard let flag = arguments.firstIndex(where: { $0 == "-vf" || $0 == "-filter_complex" }) else { return nil }
            return arguments[flag + 1]
        }
        #expect(FFmpegCommand.input(format: .mp4, width: 64, height: 48, scale: 0.5) == .rgba)
        #expect(filters(.mp4) == "scale=32:24:flags=lanczos,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p")
        #expect(
            filters(.mp4, width: 66, height: 50)
                == "scale=33:25:flags=lanczos,pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0:color=0xFFFFFF,"
                + "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p")
        #expect(filters(.gif)?.hasPrefix("[0:v]scale=32:24:flags=lanczos,split[a][b];") == true)
        #expect(filters(.apng) == "scale=32:24:flags=lanczos,format=rgb24")
        #expect(filters(.webm)?.hasPrefix("scale=32:24:flags=lanczos,scale=out_color_matrix=bt709") == true)
        #expect(filters(.mov)?.hasPrefix("scale=32:24:flags=lanczos,scale=out_color_matrix=bt709") == true)
    }

    @Test("the real ffmpeg writes every format at half size, with every frame")
    func probedSizes() throws {
        let directory = try makeTemporaryDirectory("flipbook-scaled")
        let writer = try VideoWriter(
            directory: directory, baseName: "clip", formats: VideoFormat.allCases, width: 64, height: 48, fps: 30,
            options: try VideoEncodingOptions(scale: 0.5), backgroundHex: "F2F2F7")
        for frame in 0..<6 { try writer.write(frame: movingSquare(width: 64, height: 48, frame: frame)) }
        try writer.finish()
        for format in VideoFormat.allCases {
            let facts = try probeStream(directory + "/clip." + format.fileExtension)
            #expect((facts.width, facts.height, facts.frameCount) == (32, 24, 6), "\(format)")
        }
    }
}
