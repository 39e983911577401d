import PNG
import Testing

@Suite("Encoding")
struct EncodeTests {
    @Test(
        "encode then decode returns the exact pixels, including colour under alpha 0",
        arguments: [(1, 1), (3, 5), (641, 3), (64, 48)])
    func roundTrip(size: (width: Int, height: Int)) throws {
        let rgba = randomImage(width: size.width, height: size.height, seed: UInt64(size.width * 1000 + size.height))
        let png = try PNG.encode(rgba: rgba, width: size.width, height: size.height)
        let decoded = try PNG.decode(png)
        #expect(decoded == DecodedImage(width: size.width, height: size.height, rgba: rgba))
    }

    @Test(
        "every level, strategy and filter round-trips exactly",
        arguments: PNGStrategy.allCases, PNGFilter.allCases)
    func everyOptionRoundTrips(strategy: PNGStrategy, filter: PNGFilter) throws {
        // Noise on the left half, flat colour on the right: exercises both literals and matches.
        var rgba = randomImage(width: 37, height: 23, seed: 7)
        for y in 0..<23 {
            for x in 19..<37 {
                rgba.replaceSubrange(((y * 37 + x) * 4)..<((y * 37 + x) * 4 + 4), with: [0xF2, 0xF2, 0xF7, 0xFF])
            }
        }
        for level in PNGOptions.levels {
            let options = try PNGOptions(level: level, strategy: strategy, filter: filter)
            let decoded = try PNG.decode(PNG.encode(rgba: rgba, width: 37, height: 23, options: options))
            #expect(decoded.rgba == rgba, "\(options)")
        }
    }

    @Test(
        "every libdeflate level and single filter round-trips exactly through libpng's reader",
        arguments: [PNGFilter.none, .sub, .up, .average, .paeth])
    func everyLibdeflateOptionRoundTrips(filter: PNGFilter) throws {
        var rgba = randomImage(width: 37, height: 23, seed: 7)
        for y in 0..<23 {
            for x in 19..<37 {
                rgba.replaceSubrange(((y * 37 + x) * 4)..<((y * 37 + x) * 4 + 4), with: [0xF2, 0xF2, 0xF7, 0xFF])
            }
        }
        for level in PNGOptions.libdeflateLevels {
            let options = try PNGOptions(libdeflateLevel: level, filter: filter)
            let decoded = try PNG.decode(PNG.encode(rgba: rgba, width: 37, height: 23, options: options))
            #expect(decoded.rgba == rgba, "\(options)")
        }
    }

    @Test("a 1920×1080 frame made of flat runs and noise round-trips through the default writer")
    func largeFrameRoundTrips() throws {
        var rgba = [UInt8](repeating: 0xF2, count: 1920 * 1080 * 4)
        let noise = randomImage(width: 300, height: 200, seed: 5)
        for y in 0..<200 {
            rgba.replaceSubrange(
                ((y + 400) * 1920 + 800) * 4..<((y + 400) * 1920 + 1100) * 4,
                with: noise[(y * 300 * 4)..<((y + 1) * 300 * 4)])
        }
        let png = try PNG.encode(rgba: rgba, width: 1920, height: 1080)
        #expect(try PNG.decode(png) == DecodedImage(width: 1920, height: 1080, rgba: rgba))
    }

    @Test("libdeflate options refuse levels outside 0...12 and libpng's adaptive filter, saying why")
    func invalidLibdeflateOptions() throws {
        #expect(throws: PNGError.invalidLibdeflateOptions(level: 13, filter: .none)) {
            try PNGOptions(libdeflateLevel: 13, filter: .none)
        }
        #expect(throws: PNGError.invalidLibdeflateOptions(level: 4, filter: .all)) {
            try PNGOptions(libdeflateLevel: 4, filter: .all)
        }
        #expect(
            PNGError.invalidLibdeflateOptions(level: 4, filter: .all).description
                == "PNG filter 'all' (libpng's adaptive choice per row) needs the zlib compressor; with libdeflate pick one filter: none, sub, up, average or paeth"
        )
        #expect(try PNGOptions.default.with(level: 9) == PNGOptions(libdeflateLevel: 9, filter: .none))
        #expect(try PNGOptions.libpngDefault.with(level: 1) == PNGOptions(level: 1, strategy: .default, filter: .all))
        #expect(PNGOptions.default.description == "libdeflate 1, none")
    }

    @Test("the buffer-pointer overload gives the same bytes as the array one")
    func bufferPointerOverload() throws {
        let rgba = randomImage(width: 9, height: 4, seed: 3)
        let viaArray = try PNG.encode(rgba: rgba, width: 9, height: 4)
        let viaPointer = try rgba.withUnsafeBufferPointer { try PNG.encode(rgba: $0, width: 9, height: 4) }
        #expect(viaPointer == viaArray)
    }

    @Test("encoding the same pixels twice gives byte-identical files")
    func reproducible() throws {
        let rgba = randomImage(width: 50, height: 30, seed: 11)
        for options in [PNGOptions.default, .zlibDefault, .libpngDefault] {
            let first = try PNG.encode(rgba: rgba, width: 50, height: 30, options: options)
            let second = try PNG.encode(rgba: rgba, width: 50, height: 30, options: options)
            #expect(first == second, "\(options)")
        }
    }

    @Test("encoding on several threads at once gives the same bytes as one at a time")
    func concurrentEncodes() async throws {
        let images = (0..<8).map { randomImage(width: 64, height: 64, seed: UInt64(100 + $0)) }
        let serial = try images.map { try PNG.encode(rgba: $0, width: 64, height: 64) }
        let parallel = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for (index, rgba) in images.enumerated() {
                group.addTask { (index, try PNG.encode(rgba: rgba, width: 64, height: 64)) }
            }
            var results = [[UInt8]](repeating: [], count: images.count)
            for try await (index, bytes) in group { results[index] = bytes }
            return results
        }
        #expect(parallel == serial)
    }

    @Test(
        "output is signature, IHDR for 8-bit RGBA, IDAT, IEND and nothing else, from both writers",
        arguments: [PNGOptions.default, .zlibDefault])
    func chunkLayout(options: PNGOptions) throws {
        let png = try PNG.encode(rgba: randomImage(width: 5, height: 2, seed: 1), width: 5, height: 2, options: options)
        #expect(Array(png.prefix(8)) == pngSignature)
        let parsed = try #require(chunks(of: png))
        // 4 + 4 bytes of size, then bit depth 8, colour type 6 (RGBA), deflate, adaptive
        // filtering method 0, no interlace.
        #expect(parsed.first == Chunk(type: "IHDR", data: [0, 0, 0, 5, 0, 0, 0, 2, 8, 6, 0, 0, 0]))
        let types = parsed.map(\.type)
        #expect(Set(types) == ["IHDR", "IDAT", "IEND"])
        #expect(types.last == "IEND")
        for forbidden in ["tIME", "tEXt", "zTXt", "iTXt", "gAMA", "sRGB", "pHYs"] {
            #expect(!types.contains(forbidden))
        }
    }

    @Test("the default options' bytes for a fixed image match the pinned hash (libdeflate 1.14)")
    func pinnedHash() throws {
        // Changes when PNGOptions.default, the writer (CPNGDeflate) or libdeflate's version
        // change. If the change is intended, replace the constant with the value printed below.
        let png = try PNG.encode(rgba: pinnedImage(), width: 16, height: 16)
        let hash = fnv1a64(png)
        #expect(
            hash == 0xD3E2_CB31_8A70_F558,
            "encoded \(png.count) bytes, FNV-1a 0x\(String(hash, radix: 16, uppercase: true)) with \(PNG.libraryVersions)"
        )
    }

    @Test(
        "an opaque image is written as 8-bit RGB (colour type 2) and decodes to its pixels, with every filter",
        arguments: [PNGFilter.none, .sub, .up, .average, .paeth])
    func opaqueImagesAreRGB(filter: PNGFilter) throws {
        // Widths around the 16-pixel step of the SIMD copy that drops alpha, and one frame-sized row.
        for width in [1, 15, 16, 17, 33, 641] {
            let rgba = opaqueImage(width: width, height: 5, seed: UInt64(width))
            let png = try PNG.encode(
                rgba: rgba, width: width, height: 5, options: PNGOptions(libdeflateLevel: 1, filter: filter))
            let header = try #require(chunks(of: png)?.first)
            #expect(header.data[8...9] == [8, 2], "width \(width): bit depth 8, colour type 2")
            #expect(try PNG.decode(png) == DecodedImage(width: width, height: 5, rgba: rgba), "width \(width)")
        }
    }

    @Test("one translucent pixel in the last row keeps the whole image RGBA (colour type 6), exactly")
    func oneTranslucentPixelKeepsRGBA() throws {
        var rgba = opaqueImage(width: 40, height: 9, seed: 9)
        rgba[rgba.count - 1] = 254
        let png = try PNG.encode(rgba: rgba, width: 40, height: 9)
        #expect(try #require(chunks(of: png)?.first).data[8...9] == [8, 6])
        #expect(try PNG.decode(png) == DecodedImage(width: 40, height: 9, rgba: rgba))
    }

    @Test("the default options' bytes for a fixed opaque image match the pinned hash (libdeflate 1.14)")
    func pinnedOpaqueHash() throws {
        // The RGB path's pin, beside `pinnedHash` (RGBA). Replace with the printed value only
        // when a change of the writer or of libdeflate is intended.
        let png = try PNG.encode(rgba: opaqueImage(width: 16, height: 16, seed: 16), width: 16, height: 16)
        let hash = fnv1a64(png)
        #expect(
            hash == 0x24F7_7920_4664_05BE,
            "encoded \(png.count) bytes, FNV-1a 0x\(String(hash, radix: 16, uppercase: true)) with \(PNG.libraryVersions)"
        )
    }

    @Test("levels outside 0...9 are rejected when options are built")
    func invalidLevel() {
        #expect(throws: PNGError.invalidCompressionLevel(10)) {
            try PNGOptions(level: 10, strategy: .default, filter: .none)
        }
        #expect(throws: PNGError.invalidCompressionLevel(-1)) {
            try PNGOptions(level: -1, strategy: .rle, filter: .sub)
        }
        #expect(
            PNGError.invalidCompressionLevel(10).description
                == "PNG compression level 10 is outside 0...9 (0 stores uncompressed, 1 is fastest, 9 is smallest)")
    }

    @Test("empty sizes and wrongly sized buffers are rejected with the numbers involved")
    func invalidInput() {
        #expect(throws: PNGError.invalidDimensions(width: 0, height: 5)) {
            try PNG.encode(rgba: [], width: 0, height: 5)
        }
        #expect(throws: PNGError.invalidDimensions(width: 3, height: Int(Int32.max) + 1)) {
            try PNG.encode(rgba: [], width: 3, height: Int(Int32.max) + 1)
        }
        let mismatch = PNGError.pixelBufferSizeMismatch(width: 3, height: 5, expectedBytes: 60, actualBytes: 59)
        #expect(throws: mismatch) {
            try PNG.encode(rgba: [UInt8](repeating: 0, count: 59), width: 3, height: 5)
        }
        #expect(
            mismatch.description
                == "cannot encode a 3×5 image as PNG: expected 60 bytes of RGBA (width × height × 4), got 59")
    }

    @Test("the zlib writer's bytes for the fixed image still match their pin (libpng 1.6.39, zlib 1.2.13)")
    func pinnedZlibHash() throws {
        let png = try PNG.encode(rgba: pinnedImage(), width: 16, height: 16, options: .zlibDefault)
        #expect(fnv1a64(png) == 0x35F5_F29B_870A_2CA4, "with \(PNG.libraryVersions)")
    }

    @Test("sizes beyond libpng's limit fail with libpng's message and the warning that explains it")
    func libpngLimit() throws {
        // libpng 1.6 rejects widths above 1,000,000 (PNG_USER_WIDTH_MAX) before touching pixels.
        let rgba = [UInt8](repeating: 0, count: 1_000_001 * 4)
        let error = #expect(throws: PNGError.self) {
            try PNG.encode(rgba: rgba, width: 1_000_001, height: 1, options: .zlibDefault)
        }
        #expect(
            error
                == .encodingFailed(
                    width: 1_000_001, height: 1,
                    libpngMessage: "Invalid IHDR data (after warning: Image width exceeds user limit in IHDR)"))
    }
}
