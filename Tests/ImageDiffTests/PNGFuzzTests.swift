import Determinism
import Foundation
import ImageDiff
import PNG
import TestSupport
import Testing

/// Byte-mutated PNGs through the reader and through `flipbook diff`'s comparison: every input
/// either decodes to exactly width × height × 4 bytes within the documented caps, or is refused
/// with a `PNGError` (an `ImageDiffError` through the comparison). Half of the mutants get their
/// chunk CRCs recomputed, so they reach libpng's parsing and inflating, not only its CRC check.
///
/// 600 cases in the normal run (under a second); more with
/// `FLIPBOOK_FUZZ_PNG_CASES=100000 swift test --filter PNGFuzzTests`. Fixed seed (SplitMix64).
@Suite("PNG fuzzing: mutated files through the reader and diff")
struct PNGFuzzTests {
    /// Seeds: encoder output of three synthetic images, and the rasterizer's golden PNGs.
    static func seeds() throws -> [[UInt8]] {
        var random = SplitMix64(seed: 7)
        var seeds: [[UInt8]] = []
        for (w, h) in [(8, 8), (33, 17), (3, 64)] {
            let rgba = random.bytes(w * h * 4)
            seeds.append(try PNG.encode(rgba: rgba, width: w, height: h))
        }
        let goldens = repositoryRoot + "/Tests/RasterTests/Goldens"
        for name in listDirectory(goldens).filter({ $0.hasSuffix(".png") }).prefix(4) {
            seeds.append([UInt8](try Data(contentsOf: URL(fileURLWithPath: goldens + "/" + name))))
        }
        return seeds
    }

    /// (offset, length) of each chunk after the signature, as far as the framing holds.
    static func chunks(_ bytes: [UInt8]) -> [(offset: Int, length: Int)] {
        var result: [(Int, Int)] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset..<(offset + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            guard offset + 12 + length <= bytes.count else { break }
            result.append((offset, length))
            offset += 12 + length
        }
        return result
    }

    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func put32(_ value: UInt32, _ bytes: inout [UInt8], at offset: Int) {
        for i in 0..<4 where offset + i < bytes.count {
            let shift = UInt32(24 - 8 * i)
            bytes[offset + i] = UInt8((value >> shift) & 0xFF)
        }
    }

    /// One mutation, chosen and placed by `rng`.
    static func mutate(_ png: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var bytes = png
        func pick(_ n: Int) -> Int { n <= 0 ? 0 : Int(rng.next() % UInt64(n)) }
        let parts = chunks(bytes)
        func anyPart() -> (offset: Int, length: Int)? { parts.isEmpty ? nil : parts[pick(parts.count)] }
        switch pick(7) {
        case 0:  // flip bits anywhere
            for _ in 0..<(1 + pick(6)) where !bytes.isEmpty { bytes[pick(bytes.count)] ^= UInt8(1 << pick(8)) }
        case 1:  // truncate
            bytes = Array(bytes.prefix(pick(bytes.count)))
        case 2:  // a chunk's length field: huge, zero or off by a little
            if let c = anyPart() {
                let values: [UInt32] = [
                    0x7FFF_FFFF, 0xFFFF_FFFF, 0, UInt32(c.length + 1), UInt32(max(0, c.length - 1)), 989_855_759,
                ]
                put32(values[pick(values.count)], &bytes, at: c.offset)
            }
        case 3:  // IHDR fields: width, height, bit depth, colour type, interlace
            let field = [(16, 4), (20, 4), (24, 1), (25, 1), (28, 1)][pick(5)]
            if field.1 == 4 {
                let values: [UInt32] = [0, 1, 32_768, 32_769, 16_384, 1_000_000, 0x7FFF_FFFF, UInt32(pick(100_000))]
                put32(values[pick(values.count)], &bytes, at: field.0)
            } else if field.0 < bytes.count {
                bytes[field.0] = UInt8(pick(20))
            }
        case 4:  // an ancillary chunk inserted before IDAT, declaring more than it holds or not
            let types = ["zTXt", "iCCP", "tEXt", "iTXt", "sPLT", "eXIf", "flIp", "tRNS", "PLTE"]
            let data = rng.bytes(pick(64))
            var chunk: [UInt8] = []
            let declared = pick(3) == 0 ? UInt32(0x3B00_0000) : UInt32(data.count)
            chunk += [
                UInt8(declared >> 24), UInt8((declared >> 16) & 0xFF), UInt8((declared >> 8) & 0xFF),
                UInt8(declared & 0xFF),
            ]
            chunk += Array(types[pick(types.count)].utf8) + data + [0, 0, 0, 0]
            bytes.insert(contentsOf: chunk, at: min(33, bytes.count))
        case 5:  // duplicate a chunk (two IHDRs, two IENDs, IDAT after IEND)
            if let c = anyPart() {
                let chunk = Array(bytes[c.offset..<(c.offset + 12 + c.length)])
                let at = anyPart()?.offset ?? bytes.count
                bytes.insert(contentsOf: chunk, at: at)
            }
        default:  // random bytes inside the compressed data
            if let idat = parts.first(where: { Array(bytes[($0.offset + 4)..<($0.offset + 8)]) == Array("IDAT".utf8) }),
                idat.length > 0
            {
                for _ in 0..<(1 + pick(4)) { bytes[idat.offset + 8 + pick(idat.length)] = UInt8(pick(256)) }
            }
        }
        if pick(2) == 0 {
            for c in chunks(bytes) {
                put32(crc32(bytes[(c.offset + 4)..<(c.offset + 8 + c.length)]), &bytes, at: c.offset + 8 + c.length)
            }
        }
        return bytes
    }

    @Test("mutated PNGs decode within the caps or throw PNGError; through diff they compare or throw ImageDiffError")
    func fuzz() throws {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["FLIPBOOK_FUZZ_PNG_CASES"].flatMap(Int.init) ?? 600
        var rng = SplitMix64(seed: environment["FLIPBOOK_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x0089_504E_47)
        let seeds = try Self.seeds()
        let folder = try makeTemporaryDirectory("png-fuzz")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var decoded = 0
        var refused = 0
        var compared = 0
        for n in 0..<cases {
            let index = Int(rng.next() % UInt64(seeds.count))
            var bytes = seeds[index]
            for _ in 0..<(1 + rng.next() % 3) { bytes = Self.mutate(bytes, &rng) }
            do {
                let image = try PNG.decode(bytes)
                #expect(image.rgba.count == image.width * image.height * 4, "case \(n)")
                #expect(
                    image.width <= PNG.maxDecodedSide && image.height <= PNG.maxDecodedSide
                        && image.width * image.height <= PNG.maxDecodedPixels, "case \(n)")
                decoded += 1
            } catch {
                refused += 1
            }
            // One case in ten also goes through the comparison `flipbook diff` runs.
            if n % 10 == 0 {
                let expected = folder + "/expected-\(index).png"
                let actual = folder + "/actual.png"
                if !FileManager.default.fileExists(atPath: expected) {
                    try Data(seeds[index]).write(to: URL(fileURLWithPath: expected))
                }
                try Data(bytes).write(to: URL(fileURLWithPath: actual))
                do {
                    let bundle = try PathComparison.compare(expected: expected, actual: actual, comparator: .perceptual)
                    #expect(bundle.reports.count == 1, "case \(n)")
                } catch {
                    #expect(error.description.contains("actual.png"), "case \(n): the error names the file: \(error)")
                }
                compared += 1
            }
        }
        print("PNG fuzz: \(cases) cases: \(decoded) decoded, \(refused) refused, \(compared) through diff")
        #expect(decoded > 0 && refused > 0)
    }
}
