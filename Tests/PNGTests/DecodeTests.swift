import Determinism
import PNG
import Testing

@Suite("Decoding")
struct DecodeTests {
    @Test("8-bit grey expands to opaque RGBA")
    func grey8() throws {
        let png = handMadePNG(width: 3, height: 1, bitDepth: 8, colorType: 0, rows: [[0, 128, 255]])
        #expect(
            try PNG.decode(png)
                == DecodedImage(
                    width: 3, height: 1,
                    rgba: [
                        0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255,
                    ]))
    }

    @Test("1-bit grey expands 0 and 1 to 0 and 255")
    func grey1() throws {
        let png = handMadePNG(width: 4, height: 1, bitDepth: 1, colorType: 0, rows: [[0b1010_0000]])
        #expect(
            try PNG.decode(png).rgba == [
                255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 255,
            ])
    }

    @Test("grey with alpha keeps its alpha")
    func greyAlpha() throws {
        let png = handMadePNG(width: 2, height: 1, bitDepth: 8, colorType: 4, rows: [[10, 20, 200, 0]])
        #expect(try PNG.decode(png).rgba == [10, 10, 10, 20, 200, 200, 200, 0])
    }

    @Test("a 4-bit palette with tRNS becomes RGBA with the palette's alpha")
    func paletteWithTransparency() throws {
        let palette = Chunk(type: "PLTE", data: [255, 0, 0, 0, 0, 255])
        let transparency = Chunk(type: "tRNS", data: [0])
        // Indices 1, 0, 1: two pixels of the second (opaque blue) entry around a transparent red.
        let png = handMadePNG(
            width: 3, height: 1, bitDepth: 4, colorType: 3,
            rows: [[0x10, 0x10]], extraChunks: [palette, transparency])
        #expect(try PNG.decode(png).rgba == [0, 0, 255, 255, 255, 0, 0, 0, 0, 0, 255, 255])
    }

    @Test("RGB with a tRNS key colour makes exactly that colour transparent")
    func rgbColourKey() throws {
        let key = Chunk(type: "tRNS", data: [0, 1, 0, 2, 0, 3])
        let png = handMadePNG(
            width: 2, height: 1, bitDepth: 8, colorType: 2,
            rows: [[1, 2, 3, 1, 2, 4]], extraChunks: [key])
        #expect(try PNG.decode(png).rgba == [1, 2, 3, 0, 1, 2, 4, 255])
    }

    @Test("16-bit samples are scaled to 8 bits with rounding")
    func sixteenBit() throws {
        // 0x8080 = 32896 = 128.0 × 257 and 0x807F rounds down to 128 as well; 0x00FF rounds to 1.
        let png = handMadePNG(
            width: 1, height: 1, bitDepth: 16, colorType: 6,
            rows: [[0x80, 0x80, 0x80, 0x7F, 0x00, 0xFF, 0xFF, 0xFF]])
        #expect(try PNG.decode(png).rgba == [128, 128, 1, 255])
    }

    @Test("an Adam7-interlaced image is de-interlaced")
    func interlaced() throws {
        // 2×2 RGBA: pass 1 holds (0,0), pass 6 holds (1,0), pass 7 holds row 1; passes 2-5 are
        // empty for an image this small. Each pass row starts with filter byte 0.
        let a: [UInt8] = [1, 2, 3, 4]
        let b: [UInt8] = [5, 6, 7, 8]
        let c: [UInt8] = [9, 10, 11, 12]
        let d: [UInt8] = [13, 14, 15, 16]
        let data = [0] + a + [0] + b + [0] + c + d
        let png = handMadePNG(width: 2, height: 2, bitDepth: 8, colorType: 6, interlaced: true, interlacedData: data)
        #expect(try PNG.decode(png) == DecodedImage(width: 2, height: 2, rgba: a + b + c + d))
    }

    @Test("garbage throws libpng's 'Not a PNG file'")
    func garbage() {
        var random = SplitMix64(seed: 99)
        let bytes = random.bytes(64)
        #expect(throws: PNGError.decodingFailed(path: nil, byteCount: 64, libpngMessage: "Not a PNG file")) {
            try PNG.decode(bytes)
        }
    }

    @Test("empty input throws a truncation message naming the sizes")
    func empty() {
        #expect(
            throws: PNGError.decodingFailed(
                path: nil, byteCount: 0,
                libpngMessage:
                    "PNG data ends early: needed 8 bytes at offset 0 but the data is 0 bytes long (truncated file?)")
        ) {
            try PNG.decode([])
        }
    }

    @Test("every truncation of a valid PNG throws instead of crashing or returning pixels")
    func truncated() throws {
        let png = try PNG.encode(rgba: randomImage(width: 20, height: 20, seed: 5), width: 20, height: 20)
        for length in stride(from: 0, to: png.count, by: 7) {
            let error = #expect(throws: PNGError.self) { try PNG.decode(Array(png.prefix(length))) }
            guard case .decodingFailed(nil, length, let message)? = error else {
                Issue.record("cut at \(length): unexpected \(String(describing: error))")
                continue
            }
            #expect(!message.isEmpty)
        }
        // Cut inside IEND: everything but the last byte of its CRC.
        let nearlyComplete = Array(png.dropLast())
        #expect(
            throws: PNGError.decodingFailed(
                path: nil, byteCount: png.count - 1,
                libpngMessage:
                    "PNG data ends early: needed 4 bytes at offset \(png.count - 4) but the data is \(png.count - 1) bytes long (truncated file?)"
            )
        ) {
            try PNG.decode(nearlyComplete)
        }
    }

    @Test("a damaged zlib stream or chunk CRC in IDAT throws libpng's message")
    func corruptedData() throws {
        let png = try PNG.encode(rgba: randomImage(width: 8, height: 8, seed: 2), width: 8, height: 8)
        // Signature (8) + IHDR chunk (25) + IDAT length and type (8) = first IDAT data byte,
        // which is the zlib header.
        var badStream = png
        badStream[41] ^= 0x01
        #expect(
            throws: PNGError.decodingFailed(
                path: nil, byteCount: png.count, libpngMessage: "IDAT: incorrect header check")
        ) {
            try PNG.decode(badStream)
        }
        // The IDAT CRC is the last 4 bytes before IEND (12 bytes).
        var badCRC = png
        badCRC[png.count - 13] ^= 0x01
        #expect(throws: PNGError.decodingFailed(path: nil, byteCount: png.count, libpngMessage: "IDAT: CRC error")) {
            try PNG.decode(badCRC)
        }
    }

    @Test("decode errors say what went wrong and where")
    func messages() {
        #expect(
            PNGError.decodingFailed(path: "out/0001.png", byteCount: 12, libpngMessage: "Not a PNG file").description
                == "cannot decode PNG file 'out/0001.png' (12 bytes): Not a PNG file")
        #expect(
            PNGError.decodingFailed(path: nil, byteCount: 12, libpngMessage: "Not a PNG file").description
                == "cannot decode PNG data (12 bytes): Not a PNG file")
    }
}
