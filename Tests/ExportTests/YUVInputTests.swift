import CVideoPixels
import Export
import TestSupport
import Testing

/// MP4 frames reach ffmpeg as yuv420p converted by Flipbook (`CVideoPixels` through `YUVFrame`).
@Suite("yuv420p input")
struct YUVInputTests {
    /// One 2×2 frame of a single colour: Y of its four pixels, then Cb and Cr.
    func converted(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> [UInt8] {
        let rgba = [UInt8]((0..<4).flatMap { _ in [r, g, b, 255] })
        var frame = YUVFrame(width: 2, height: 2)
        rgba.withUnsafeBytes { frame.convert($0) }
        return frame.bytes
    }

    @Test("white, black, grey and the primaries get BT.709 limited-range values exactly")
    func matrixValues() {
        #expect(converted(255, 255, 255) == [235, 235, 235, 235, 128, 128])
        #expect(converted(0, 0, 0) == [16, 16, 16, 16, 128, 128])
        #expect(converted(128, 128, 128) == [126, 126, 126, 126, 128, 128])
        #expect(converted(255, 0, 0) == [63, 63, 63, 63, 102, 240])
        #expect(converted(0, 255, 0) == [173, 173, 173, 173, 42, 26])
        #expect(converted(0, 0, 255) == [32, 32, 32, 32, 240, 118])
        // The bench background #F2F2F7.
        #expect(converted(0xF2, 0xF2, 0xF7) == [224, 224, 224, 224, 130, 128])
    }

    @Test("chroma is the rounded mean of each 2×2 block, luma per pixel, alpha ignored")
    func blockMean() {
        // Two white and two black pixels (one of them transparent): the block's mean is mid grey.
        let rgba: [UInt8] = [255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255]
        var frame = YUVFrame(width: 2, height: 2)
        rgba.withUnsafeBytes { frame.convert($0) }
        #expect(frame.bytes == [235, 16, 16, 235, 128, 128])
    }

    @Test("a frame's yuv420p bytes are pinned (the SIMD path and its scalar tail give one result)")
    func pinnedFrame() {
        // 66 wide: two 32-pixel AVX2 steps (four 16-pixel SSE2 steps without AVX2) and a 2-pixel
        // scalar tail per row.
        let rgba = movingSquare(width: 66, height: 48, frame: 7)
        var frame = YUVFrame(width: 66, height: 48)
        rgba.withUnsafeBytes { frame.convert($0) }
        #expect(frame.bytes.count == 66 * 48 + 2 * 33 * 24)
        let hash = fnv1a64(frame.bytes)
        #expect(hash == 0x3C20_AD2B_F8AA_FA19, "FNV-1a 0x\(String(hash, radix: 16, uppercase: true))")
    }

    @Test("the scalar, SSE2 and AVX2 paths give the same bytes on every even width 2…130 and on a 1080p row pair")
    func pathsAgree() {
        var state: UInt64 = 0x5EED_0420
        func byte() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        func converted(_ rgba: [UInt8], _ width: Int, _ height: Int, level: Int32) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: Int(cvp_yuv420p_size(UInt32(width), UInt32(height))))
            let status = out.withUnsafeMutableBufferPointer { out in
                cvp_rgba_to_yuv420p_bt709_at(rgba, UInt32(width), UInt32(height), out.baseAddress, level)
            }
            #expect(status == 0)
            return out
        }
        let sizes = stride(from: 2, through: 130, by: 2).map { ($0, 6) } + [(1920, 2)]
        for (width, height) in sizes {
            // Random bytes, then runs of extremes: sums near the packs' saturation.
            var rgba = (0..<(4 * width * height)).map { _ in byte() }
            for i in stride(from: 0, to: rgba.count, by: 7) { rgba[i] = i % 3 == 0 ? 255 : 0 }
            let scalar = converted(rgba, width, height, level: CVP_LEVEL_SCALAR)
            #expect(converted(rgba, width, height, level: CVP_LEVEL_SSE2) == scalar, "SSE2, width \(width)")
            #expect(converted(rgba, width, height, level: CVP_LEVEL_AVX2) == scalar, "AVX2, width \(width)")
        }
    }

    @Test("MP4 of even size reads yuv420p with no filter; odd MP4 and the other formats read RGBA")
    func inputPerFormat() {
        func arguments(_ format: VideoFormat, _ width: Int, _ height: Int) -> [String] {
            FFmpegCommand.arguments(
                format: format, width: width, height: height, fps: 30, options: .standard,
                backgroundHex: "F2F2F7", output: "/tmp/x")
        }
        let even = arguments(.mp4, 64, 48)
        #expect(FFmpegCommand.input(format: .mp4, width: 64, height: 48) == .yuv420p)
        #expect(Array(even[4..<8]) == ["-f", "rawvideo", "-pix_fmt", "yuv420p"])
        #expect(!even.contains("-vf"), "\(even)")
        let odd = arguments(.mp4, 65, 48)
        #expect(FFmpegCommand.input(format: .mp4, width: 65, height: 48) == .rgba)
        #expect(Array(odd[4..<8]) == ["-f", "rawvideo", "-pix_fmt", "rgba"])
        let filters = odd[odd.firstIndex(of: "-vf")! + 1]
        #expect(
            filters
                == "pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0:color=0xF2F2F7,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"
        )
        for format in [VideoFormat.webm, .mov, .gif, .apng] {
            #expect(FFmpegCommand.input(format: format, width: 64, height: 48) == .rgba)
            #expect(Array(arguments(format, 64, 48)[4..<8]) == ["-f", "rawvideo", "-pix_fmt", "rgba"])
        }
    }
}
