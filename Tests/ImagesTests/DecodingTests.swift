import Foundation
import Images
import PNG
import Testing

@Suite("Image files: every PNG colour type and bit depth, JPEG with EXIF orientation, limits")
struct DecodingTests {
    /// Every PNG fixture with an expected-pixels file beside it.
    static let pngCases: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures)) ?? []
        return names.filter { $0.hasSuffix(".rgba") }.map { String($0.dropLast(5)) }.sorted()
    }()

    @Test(
        "the fixture set covers grey 1-16, grey+alpha, RGB, RGBA, palette 1-8 with and without tRNS, colour keys and Adam7"
    )
    func coverage() {
        #expect(Self.pngCases.count == 42, "\(Self.pngCases)")
        for name in [
            "gray1", "gray2", "gray4", "gray16-adam7", "gray-alpha16", "rgb16-trns", "rgba16-adam7",
            "palette1-trns", "palette4-adam7", "palette8-trns-adam7", "gray8-trns",
        ] {
            #expect(Self.pngCases.contains(name), "\(name)")
        }
    }

    @Test(
        "each PNG decodes to the pixels the PNG specification gives (16-bit rounded to 8, keys to alpha 0)",
        arguments: pngCases)
    func png(_ name: String) throws {
        let image = try ImageFile.load(path: fixture(name + ".png"), name: name + ".png")
        let expected = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture(name + ".rgba"))))
        #expect(image.format == .png && image.width == 13 && image.height == 7)
        #expect(image.rgba == expected)
        #expect(image.hash.count == 16)
    }

    @Test(
        "a JPEG with each EXIF orientation comes out upright, as Pillow's exif_transpose turns it",
        arguments: 1...8)
    func orientation(_ value: Int) throws {
        let image = try ImageFile.load(path: fixture("orientation\(value).jpg"))
        let reference = try PNG.decode(contentsOf: fixture("orientation\(value)-upright.png"))
        #expect(image.format == .jpeg)
        #expect(image.width == reference.width && image.height == reference.height)
        #expect(image.width == (value >= 5 ? 8 : 16))
        // Both decoders are libjpeg-turbo's accurate integer IDCT on 4:4:4 data: identical samples.
        #expect(image.rgba == reference.rgba)
    }

    @Test("a 60-byte PNG claiming 16384×16384 pixels is refused from its header")
    func pngBomb() throws {
        #expect(throws: ImageError.tooLarge(file: "bomb.png", width: 16384, height: 16384)) {
            try ImageFile.load(path: fixture("bomb.png"), name: "bomb.png")
        }
    }

    @Test("a JPEG whose frame header claims 16000×16000 pixels is refused before decoding")
    func jpegBomb() throws {
        #expect(throws: ImageError.tooLarge(file: "bomb.jpg", width: 16000, height: 16000)) {
            try ImageFile.load(path: fixture("bomb.jpg"), name: "bomb.jpg")
        }
    }

    @Test("a PNG whose zTXt chunk declares 2,000,000,000 bytes is refused without allocating them")
    func hugeChunk() throws {
        let before = residentPeak()
        do {
            _ = try ImageFile.load(path: fixture("huge-chunk.png"), name: "huge-chunk.png")
            Issue.record("expected an error")
        } catch {
            guard case .corrupt(let file, let format, let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(file == "huge-chunk.png" && format == "PNG")
            #expect(!message.contains("2000000000 bytes"), "\(message)")
        }
        // Peak resident memory: a reader that allocated and filled the declared length would add 2 GB.
        #expect(residentPeak() - before < 64 << 20)
    }

    @Test("a truncated JPEG, an unknown format and a missing file are errors naming the file")
    func broken() throws {
        #expect(throws: ImageError.self) { try ImageFile.load(path: fixture("truncated.jpg")) }
        do { _ = try ImageFile.load(path: fixture("truncated.jpg"), name: "t.jpg") } catch {
            #expect(error.description.hasPrefix("'t.jpg' is not a readable JPEG: "), "\(error)")
        }
        #expect(throws: ImageError.unknownFormat(file: "x.gif")) {
            try ImageFile.decode(Array("GIF89a...".utf8), name: "x.gif")
        }
        #expect(throws: ImageError.unreadable(file: "nope.png", reason: "no such file")) {
            try ImageFile.load(path: fixture("nope.png"), name: "nope.png")
        }
    }

    /// ru_maxrss in bytes.
    private func residentPeak() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024
    }
}

@Suite("WebP images")
struct WebPDecodingTests {
    @Test("a lossless WebP decodes to exactly its pixels, every alpha kept straight")
    func lossless() throws {
        let image = try ImageFile.load(path: fixture("webp-lossless.webp"))
        let expected = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture("webp-lossless.pixels"))))
        #expect(image.format == .webp && image.width == 13 && image.height == 7)
        #expect(image.rgba == expected)
        #expect(image.hash.count == 16)
    }

    @Test("a lossy WebP decodes to the pixels Pillow's libwebp gives, byte for byte (VP8 decoding is exact)")
    func lossy() throws {
        let image = try ImageFile.load(path: fixture("webp-lossy.webp"))
        let reference = try PNG.decode(contentsOf: fixture("webp-lossy-pillow.png"))
        #expect(image.width == 32 && image.height == 24)
        #expect(image.rgba == reference.rgba)
    }

    @Test("an animated WebP is refused in words, a truncated one named as such")
    func refused() throws {
        do {
            _ = try ImageFile.load(path: fixture("webp-animated.webp"), name: "a.webp")
            Issue.record("accepted an animated WebP")
        } catch {
            #expect(
                error.description
                    == "'a.webp' is not a readable WebP: it is an animated WebP; expected a still image (export one frame as a PNG or a still WebP)"
            )
        }
        #expect(throws: ImageError.truncated(file: "t.webp", format: "WebP")) {
            try ImageFile.load(path: fixture("webp-truncated.webp"), name: "t.webp")
        }
    }
}
