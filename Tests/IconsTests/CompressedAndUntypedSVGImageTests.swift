import Foundation
import Geometry
import Raster
import Testing

@testable import Icons

/// An SVG `<image>` written as SVGZ (gzip) or as an untyped `data:` URL: inflated within the
/// icon's size limit, and recognised by its content when no type is written, as resvg reads it.
@Suite("Compressed and untyped SVG images")
struct CompressedAndUntypedSVGImageTests {
    /// `<svg viewBox="0 0 10 10"><rect width="10" height="5" fill="#00f"/></svg>`, gzipped.
    static let svgz =
        "H4sIAAAAAAACAxWMwQqDMBAFf2V53t3V0kvJ5tBf0ZgE0lp0cf38KsxpGCbsR6bz0767opj9Xszu3vujX7fMo4jwVYCOmvy9ngohoeEGMWxpMvI6W1FcgkqquZjiCVpqa4pOZAHHcD/iH852/rBrAAAA"
    /// An SVG padded with 300,000 spaces, gzipped into 389 bytes: past the 256 KiB a file may hold.
    static let bomb =
        "H4sIAAAAAAACA+3KwQnCMABA0VVCBmii3qTtwV0kFdSKKUnHV9eQ9/jHP9ZWwv64P+sUl217nVPqvQ/9NKzvko455/Q9Ymi3a7+s+xRzyOHwK84BAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAD+yJhqK/MH5l1hACKUBAA="

    private func icon(href: String) throws -> Icon {
        try parse(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 40 40\"><image width=\"20\" height=\"20\" href=\"\(href)\"/></svg>"
        )
    }

    @Test("SVGZ data typed image/svg+xml is inflated and drawn as the SVG it holds")
    func svgz() throws {
        let drawn = try icon(href: "data:image/svg+xml;base64," + Self.svgz)
        #expect(drawn.pieces.count == 1)
        #expect(drawn.pieces[0].fill == ColorRGBA8(r: 0, g: 0, b: 255))
        #expect(drawn.pieces[0].path.bounds == Rect(x: 0, y: 0, width: 20, height: 10))
    }

    @Test("an untyped data: URL holding SVG markup or SVGZ is read as an SVG, a PNG's bytes still as a PNG")
    func untyped() throws {
        let markup = Data(
            "\u{FEFF}\n <svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><rect width=\"5\" height=\"10\"/></svg>"
                .utf8)
        let text = try icon(href: "data:;base64," + markup.base64EncodedString())
        #expect(text.pieces.count == 1 && text.pieces[0].path.bounds == Rect(x: 0, y: 0, width: 10, height: 20))
        let gzipped = try icon(href: "data:;base64," + Self.svgz)
        #expect(gzipped.pieces[0].path.bounds == Rect(x: 0, y: 0, width: 20, height: 10))
        let png = try icon(href: EmbeddedImageTests.redBlue.replacingOccurrences(of: "image/png", with: ""))
        #expect(png.pieces[0].image?.image.width == 2)
    }

    @Test("SVGZ that inflates past the icon's 256 KiB is refused by its trailer's size, naming the limit and the line")
    func bombRefused() throws {
        let error = try #require(throws: IconError.self) {
            try icon(href: "data:image/svg+xml;base64," + Self.bomb)
        }
        #expect(
            error.message
                == "the SVG <image> at line 1: the gzip data inflates to 300066 bytes; expected at most 262144 (an icon's size limit)",
            "\(error.message)")
    }

    @Test("gzip that is truncated, or whose trailer understates what it inflates to, fails without growing the buffer")
    func corrupt() throws {
        let bytes = [UInt8](try #require(Data(base64Encoded: Self.svgz)))
        #expect(throws: GzipData.Failure.truncated) { try GzipData.inflate(Array(bytes.prefix(10)), limit: 1000) }
        var lying = bytes
        lying[lying.count - 4] = 10
        lying[lying.count - 3] = 0
        #expect(throws: GzipData.Failure.corrupt) { try GzipData.inflate(lying, limit: 1000) }
        #expect(throws: GzipData.Failure.tooLarge(size: 107, limit: 100)) { try GzipData.inflate(bytes, limit: 100) }
        #expect(try GzipData.inflate(bytes, limit: 1000).count == 107)
    }
}
