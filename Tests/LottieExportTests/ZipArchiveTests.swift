import Testing

@testable import LottieExport

/// The dotLottie container's ZIP: headers at the offsets APPNOTE gives them, deflate only where it
/// makes a file smaller. (Python's zipfile reads whole archives in the end-to-end tests.)
@Suite("ZIP archive")
struct ZipArchiveTests {
    static func u16(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 }
    static func u32(_ b: [UInt8], _ at: Int) -> Int { u16(b, at) | u16(b, at + 2) << 16 }

    @Test("incompressible bytes are stored as they are, text is deflated, and the end record counts both")
    func storesWhatDeflateCannotShrink() throws {
        // 256 bytes of a 32-bit LCG's high bytes: nothing for deflate to find.
        var state: UInt32 = 1
        let noise = (0..<256).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
        let text = Array(String(repeating: "{\"ty\":\"sh\"},", count: 100).utf8)
        var zip = ZipArchive()
        try zip.add("noise.bin", noise)
        try zip.add("a/text.json", text)
        let bytes = zip.bytes

        #expect(Self.u32(bytes, 0) == 0x0403_4B50)
        #expect(Self.u16(bytes, 8) == 0, "stored")
        #expect(Self.u32(bytes, 18) == 256 && Self.u32(bytes, 22) == 256)
        #expect(Array(bytes[30..<39]) == Array("noise.bin".utf8))
        #expect(Array(bytes[39..<295]) == noise)
        let second = 295
        #expect(Self.u32(bytes, second) == 0x0403_4B50)
        #expect(Self.u16(bytes, second + 8) == 8, "deflated")
        #expect(Self.u32(bytes, second + 18) < text.count / 10)
        #expect(Self.u32(bytes, second + 22) == text.count)
        // The end record: two entries, the directory right after the files.
        let end = bytes.count - 22
        #expect(Self.u32(bytes, end) == 0x0605_4B50)
        #expect(Self.u16(bytes, end + 10) == 2)
        let directoryStart = Self.u32(bytes, end + 16)
        #expect(directoryStart + Self.u32(bytes, end + 12) == end)
        #expect(Self.u32(bytes, directoryStart) == 0x0201_4B50)
        #expect(Self.u32(bytes, directoryStart + 42) == 0, "the first file's local header offset")
    }

    @Test("the same files give the same bytes: fixed time stamps, no extra fields")
    func deterministic() throws {
        func archive() throws -> [UInt8] {
            var zip = ZipArchive()
            try zip.add("manifest.json", Array("{}".utf8))
            return zip.bytes
        }
        #expect(try archive() == archive())
        let bytes = try archive()
        #expect(Self.u16(bytes, 10) == 0 && Self.u16(bytes, 12) == 33, "00:00, 1980-01-01")
    }
}
