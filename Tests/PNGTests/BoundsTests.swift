import PNG
import Testing

/// The reader is fed untrusted files (goldens, `flipbook diff` inputs, image contents): a header
/// must never make it allocate more than the documented caps or than the file could hold.
@Suite("Decoding within bounds")
struct BoundsTests {
    /// Signature, an IHDR of `width × height` 8-bit RGBA, then an IDAT whose length field claims
    /// 2³¹ − 1 bytes followed by 16 bytes of it: 57 bytes, a hostile file found by fuzzing.
    static func hugeClaim(width: UInt32, height: UInt32) -> [UInt8] {
        var png = pngSignature
        let header = bigEndianBytes(width) + bigEndianBytes(height) + [8, 6, 0, 0, 0]
        let ihdr = Array("IHDR".utf8) + header
        png += bigEndianBytes(13) + ihdr + bigEndianBytes(crc32(ihdr))
        png += bigEndianBytes(0x7FFF_FFFF) + Array("IDAT".utf8) + [0x78, 0x01] + [UInt8](repeating: 0, count: 14)
        return png
    }

    @Test("a 57-byte PNG claiming 16384×16384 pixels is refused on its header, before the 1 GiB buffer")
    func hugeChunkLength() throws {
        let png = Self.hugeClaim(width: 16_384, height: 16_384)
        #expect(png.count == 57)
        // Before the bound, the shim allocated width × height × 4 = 1 GiB here and only then
        // failed on the missing data ("PNG data ends early").
        #expect(
            throws: PNGError.decodingFailed(
                path: nil, byteCount: 57,
                libpngMessage:
                    "image claims 16384x16384 pixels (1073758208 bytes of rows) but the file is only 57 bytes, "
                    + "less than deflate's 1032:1 limit allows (truncated or hostile file) (after warning: IDAT: chunk data is too large)"
            )
        ) {
            try PNG.decode(png)
        }
    }

    @Test("an image of more pixels than PNG.maxDecodedPixels is refused with the cap named")
    func pixelCap() throws {
        #expect(PNG.maxDecodedPixels == 16_384 * 16_384)
        #expect(
            throws: PNGError.decodingFailed(
                path: nil, byteCount: 57,
                libpngMessage:
                    "image is 32768x16385 = 536903680 pixels; the reader accepts at most 268435456 (PNG.maxDecodedPixels)"
            )
        ) {
            try PNG.decode(Self.hugeClaim(width: 32_768, height: 16_385))
        }
    }

    @Test("a side longer than PNG.maxDecodedSide is refused by libpng's user limit, even when the data is all there")
    func sideCap() throws {
        #expect(PNG.maxDecodedSide == 32_768)
        // 40000 × 1 at 1 bit a pixel: 5000 bytes of samples, all present in a stored block.
        let png = handMadePNG(
            width: 40_000, height: 1, bitDepth: 1, colorType: 0,
            rows: [[UInt8](repeating: 0xAA, count: 5_000)])
        let error = try #require(throws: PNGError.self) { try PNG.decode(png) }
        #expect(error.description.contains("Image width exceeds user limit in IHDR"), "\(error)")
        // At the cap it decodes.
        let edge = handMadePNG(
            width: 32_768, height: 1, bitDepth: 1, colorType: 0,
            rows: [[UInt8](repeating: 0xAA, count: 4_096)])
        #expect(try PNG.decode(edge).width == 32_768)
    }
    @Test("an ancillary chunk declaring 989 MB is skipped in small reads, never allocated whole")
    func hugeAncillaryChunk() throws {
        // Found by the libFuzzer harness: libpng's chunk-size limit is a benign error (a warning
        // on read), after which it allocated the declared length and read the chunk in one piece.
        var png = pngSignature
        let ihdr = Array("IHDR".utf8) + bigEndianBytes(1) + bigEndianBytes(1) + [8, 6, 0, 0, 0]
        png += bigEndianBytes(13) + ihdr + bigEndianBytes(crc32(ihdr))
        png += bigEndianBytes(989_855_759) + Array("zTXt".utf8) + [UInt8](repeating: 0x41, count: 3_000)
        let error = try #require(throws: PNGError.self) { try PNG.decode(png) }
        // Before: "PNG data ends early: needed 989855759 bytes at offset 41 …" (one read into a
        // 989 MB buffer). Now the chunk is skipped piecewise until the data runs out.
        #expect(!error.description.contains("needed 989855759 bytes"), "\(error)")
        #expect(error.description.contains("PNG data ends early"), "\(error)")
    }
}
