import Determinism
import Foundation

/// FNV-1a 64 of the encoded bytes (see `Determinism.FNV1a64`).
func fnv1a64(_ bytes: [UInt8]) -> UInt64 { FNV1a64.hash(bytes) }

/// Random RGBA where every 5th pixel is fully transparent but keeps a non-zero colour (straight
/// alpha must store it), and every 7th is opaque.
func randomImage(width: Int, height: Int, seed: UInt64) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    var rgba = random.bytes(width * height * 4)
    for pixel in 0..<(width * height) {
        if pixel % 5 == 0 {
            rgba[pixel * 4] |= 1
            rgba[pixel * 4 + 3] = 0
        } else if pixel % 7 == 0 {
            rgba[pixel * 4 + 3] = 255
        }
    }
    return rgba
}

/// Random opaque RGBA (every alpha 255) with a flat run in each row, so both literals and matches occur.
func opaqueImage(width: Int, height: Int, seed: UInt64) -> [UInt8] {
    var rgba = randomImage(width: width, height: height, seed: seed)
    for pixel in 0..<(width * height) {
        if pixel % width >= width / 2 { rgba.replaceSubrange(pixel * 4..<pixel * 4 + 3, with: [0xF2, 0xF2, 0xF7]) }
        rgba[pixel * 4 + 3] = 255
    }
    return rgba
}

/// A small image with flat areas, a gradient and varying alpha: what the hash pin encodes.
func pinnedImage() -> [UInt8] {
    var rgba: [UInt8] = []
    for y in 0..<16 {
        for x in 0..<16 {
            let inSquare = (4..<12).contains(x) && (4..<12).contains(y)
            rgba +=
                inSquare
                ? [0x00, 0x7A, 0xFF, 0xFF]
                : [UInt8(x * 16), UInt8(y * 16), 0xF7, UInt8(255 - (x + y) * 4)]
        }
    }
    return rgba
}

/// One PNG chunk as stored: 4-character type and data (length and CRC stripped).
struct Chunk: Equatable {
    var type: String
    var data: [UInt8]
}

let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

/// Splits a PNG after its signature into chunks. Returns nil if the framing is broken.
func chunks(of png: [UInt8]) -> [Chunk]? {
    guard png.starts(with: pngSignature) else { return nil }
    var result: [Chunk] = []
    var offset = 8
    while offset + 12 <= png.count {
        let length = Int(bigEndian32(png, offset))
        let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
        guard offset + 12 + length <= png.count else { return nil }
        result.append(Chunk(type: type, data: Array(png[(offset + 8)..<(offset + 8 + length)])))
        offset += 12 + length
    }
    return offset == png.count ? result : nil
}

func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
}

// MARK: - Hand-built PNGs

/// Builds a PNG byte by byte (IDAT as one stored deflate block) so decoding can be tested on
/// colour types and bit depths that `PNG.encode` never writes. `rows` are raw scanlines without
/// the filter byte; filter type 0 is prepended here unless `interlacedData` is given, which is
/// the complete filtered Adam7 stream.
func handMadePNG(
    width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, interlaced: Bool = false,
    rows: [[UInt8]] = [], interlacedData: [UInt8]? = nil, extraChunks: [Chunk] = []
) -> [UInt8] {
    let raw = interlacedData ?? rows.flatMap { [0] + $0 }
    precondition(raw.count <= 65535, "one stored block holds at most 65535 bytes")
    // zlib header 0x78 0x01 (32K window, no preset dictionary; 0x7801 is a multiple of 31),
    // then one final stored block: BFINAL=1, BTYPE=00, LEN, NLEN, data, then Adler-32.
    let length = UInt16(raw.count)
    var zlib: [UInt8] = [
        0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8),
        UInt8(~length & 0xFF), UInt8(~length >> 8),
    ]
    zlib += raw
    zlib += bigEndianBytes(adler32(raw))

    let header =
        bigEndianBytes(UInt32(width)) + bigEndianBytes(UInt32(height))
        + [bitDepth, colorType, 0, 0, interlaced ? 1 : 0]
    var png = pngSignature
    for chunk in [Chunk(type: "IHDR", data: header)] + extraChunks
        + [Chunk(type: "IDAT", data: zlib), Chunk(type: "IEND", data: [])]
    {
        let typeBytes = Array(chunk.type.utf8)
        png += bigEndianBytes(UInt32(chunk.data.count)) + typeBytes + chunk.data
        png += bigEndianBytes(crc32(typeBytes + chunk.data))
    }
    return png
}

func bigEndianBytes(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
}

/// CRC-32 as PNG defines it (ISO 3309, reflected polynomial 0xEDB88320), bit by bit.
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 {
            crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
        }
    }
    return ~crc
}

/// Adler-32 (RFC 1950 §8.2).
func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
        a = (a + UInt32(byte)) % 65521
        b = (b + a) % 65521
    }
    return b << 16 | a
}

// MARK: - Files

/// A fresh empty directory under the system temporary directory, removed by `remove()`.
struct ScratchDirectory {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = "\(base)/PNGTests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
