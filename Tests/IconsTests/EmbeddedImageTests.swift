import Foundation
import Geometry
import Raster
import Testing

@testable import Icons

/// `<image>` with an embedded picture: decoded, placed in its viewport, and refused in words when
/// it names a file, another type or more pixels than an icon may hold.
@Suite("Embedded images in icons")
struct EmbeddedImageTests {
    /// A 2 × 1 PNG: red, then blue.
    static let redBlue =
        "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8AAQv8BD/kD/YURmXYAAAAASUVORK5CYII="

    @Test("a PNG fills its viewport's rectangle at its aspect ratio: meet centres it, slice crops it to the viewport")
    func placement() throws {
        let meet = try parse(
            "<svg viewBox=\"0 0 100 100\"><image x=\"10\" y=\"20\" width=\"40\" height=\"40\" href=\"\(Self.redBlue)\"/></svg>"
        )
        let image = try #require(meet.pieces[0].image)
        #expect(
            image.image.width == 2 && image.image.height == 1 && image.image.straightRGBA[4..<8] == [0, 0, 255, 255])
        // 2 × 1 texels into 40 × 40: ×20, centred down by 10.
        #expect(image.toViewBox == Geometry.AffineTransform(a: 20, b: 0, c: 0, d: 20, tx: 10, ty: 30))
        #expect(meet.pieces[0].path.bounds == Rect(x: 10, y: 30, width: 40, height: 20))
        let slice = try parse(
            "<svg xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 100 100\"><image width=\"40\" height=\"40\" preserveAspectRatio=\"xMinYMin slice\" xlink:href=\"\(Self.redBlue)\"/></svg>"
        )
        #expect(slice.pieces[0].image?.toViewBox == Geometry.AffineTransform(a: 40, b: 0, c: 0, d: 40, tx: 0, ty: 0))
        #expect(slice.pieces[0].path.bounds == Rect(x: 0, y: 0, width: 40, height: 40))
    }

    @Test(
        "a picture in a luminance mask becomes black at its alpha times its luminance (red 0.2125, blue 0.0721), identified apart from the picture"
    )
    func pictureInLuminanceMask() throws {
        let icon = try parse(
            "<svg viewBox=\"0 0 2 1\"><mask id=\"m\"><image width=\"2\" height=\"1\" href=\"\(Self.redBlue)\"/></mask><rect width=\"2\" height=\"1\" mask=\"url(#m)\"/></svg>"
        )
        let mask = try #require(icon.pieces.compactMap(\.image).first)
        #expect(mask.image.straightRGBA == [0, 0, 0, 54, 0, 0, 0, 18])
        #expect(mask.image.identity.hasSuffix("-luminance"))
        let alphaMask = try parse(
            "<svg viewBox=\"0 0 2 1\"><mask id=\"m\" mask-type=\"alpha\"><image width=\"2\" height=\"1\" href=\"\(Self.redBlue)\"/></mask><rect width=\"2\" height=\"1\" mask=\"url(#m)\"/></svg>"
        )
        #expect(alphaMask.pieces.compactMap(\.image).first?.image.straightRGBA == [255, 0, 0, 255, 0, 0, 255, 255])
    }

    @Test("without width and height the picture takes its own size; with one, the other follows its aspect ratio")
    func naturalSize() throws {
        let own = try parse("<svg viewBox=\"0 0 10 10\"><image href=\"\(Self.redBlue)\"/></svg>")
        #expect(own.pieces[0].path.bounds == Rect(x: 0, y: 0, width: 2, height: 1))
        let wide = try parse("<svg viewBox=\"0 0 10 10\"><image width=\"8\" href=\"\(Self.redBlue)\"/></svg>")
        #expect(wide.pieces[0].path.bounds == Rect(x: 0, y: 0, width: 8, height: 4))
    }

    @Test(
        "a file path, another type and a picture past the icon's pixel budget are refused in words",
        arguments: [
            (
                "<image href=\"photo.png\"/>",
                "<image href=\"photo.png\">: expected the picture embedded as a data: URL (data:image/png;base64,…); files are not read from an icon"
            ),
            (
                "<image href=\"data:image/gif;base64,R0lGODlhAQABAAAAACw=\"/>",
                "<image> data: URL of type 'image/gif': expected a base64 PNG, JPEG or WebP"
            ),
            (
                "<image href=\"data:image/png,raw\"/>",
                "<image> data: URL of type 'image/png' without base64: expected a base64 PNG, JPEG or WebP"
            ),
        ])
    func refusals(body: String, message: String) throws {
        let error = try refusal(of: body)
        #expect(error.message == message, "\(error.message)")
    }

    @Test("pictures past 2048² pixels in one icon are refused before their pixels are allocated")
    func budget() throws {
        // A PNG header claiming 4096 × 4096 (its pixel data would never be read).
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        header += [0, 0, 0x10, 0, 0, 0, 0x10, 0, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        let url = "data:image/png;base64," + Data(header).base64EncodedString()
        let error = try refusal(of: "<image href=\"\(url)\"/>")
        #expect(error.message.contains("4194304 pixels in all"), "\(error.message)")
    }
}

@Suite("SVG files embedded as images")
struct EmbeddedSVGImageTests {
    private func icon(_ inner: String, image: String) throws -> Icon {
        let data = Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">\(inner)</svg>".utf8)
        let href = "data:image/svg+xml;base64," + data.base64EncodedString()
        return try IconLoader.parse(
            Data(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 40 40\"><image href=\"\(href)\" \(image)/></svg>"
                    .utf8),
            name: "outer.svg")
    }

    @Test("an SVG image's shapes are placed in the image's viewport, their strokes scaled with them")
    func placed() throws {
        let drawn = try icon(
            "<rect width=\"10\" height=\"10\" fill=\"red\" stroke=\"blue\"/>",
            image: "x=\"5\" y=\"5\" width=\"20\" height=\"20\"")
        // The stroke reaches a unit past the viewport: the image is cut to it (a second piece).
        #expect(drawn.pieces.count == 2 && drawn.groups.count == 1)
        #expect(drawn.pieces[0].path.bounds == Rect(x: 5, y: 5, width: 20, height: 20))
        #expect(drawn.pieces[1].path.bounds == Rect(x: 5, y: 5, width: 20, height: 20))
        #expect(drawn.pieces[0].strokeStyle.lineWidth == 2)
        #expect(drawn.pieces[0].strokeSpace == nil)
    }

    @Test("preserveAspectRatio none stretches the SVG, its stroke drawn in its own space and then stretched")
    func stretched() throws {
        let drawn = try icon(
            "<rect width=\"10\" height=\"10\" stroke=\"blue\"/>",
            image: "width=\"40\" height=\"10\" preserveAspectRatio=\"none\"")
        #expect(drawn.pieces[0].path.bounds == Rect(x: 0, y: 0, width: 40, height: 10))
        let space = try #require(drawn.pieces[0].strokeSpace)
        #expect(space.path.bounds == Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(space.transform == AffineTransform(a: 4, b: 0, c: 0, d: 1, tx: 0, ty: 0))
    }

    @Test("meet leaves room, and what reaches outside the viewport is cut to it")
    func meetAndClip() throws {
        // A 10 × 10 viewBox in a 40 × 20 viewport: scale 2, centred 10 units in.
        let meet = try icon("<rect width=\"10\" height=\"10\"/>", image: "width=\"40\" height=\"20\"")
        #expect(meet.pieces[0].path.bounds == Rect(x: 10, y: 0, width: 20, height: 20))
        #expect(meet.groups.isEmpty)
        let overflowing = try icon("<circle cx=\"10\" cy=\"10\" r=\"8\"/>", image: "width=\"10\" height=\"10\"")
        #expect(overflowing.groups.count == 1)
    }

    @Test("an SVG image inside an SVG image is refused, naming the line")
    func oneLevel() throws {
        let deepest = Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"/>".utf8).base64EncodedString()
        let message: String
        do {
            _ = try icon("<image href=\"data:image/svg+xml;base64,\(deepest)\" width=\"1\" height=\"1\"/>", image: "")
            message = "loaded"
        } catch {
            message = "\(error)"
        }
        #expect(message.contains("an SVG <image> inside an SVG <image>: expected at most one level of embedding"))
        #expect(message.hasPrefix("outer.svg:1: the SVG <image> at line 1"))
    }
}
