import Foundation
import Geometry
import Images
import Testing

@testable import Icons

/// `<feImage>` (IconBuilder+FilterImage.swift): an embedded picture fitted into its primitive
/// subregion by `preserveAspectRatio`, and the references outside the subset refused at their line.
@Suite("feImage")
struct FeImageTests {
    /// A 2 × 1 PNG: an opaque red texel, then an opaque blue one.
    static let redBlue =
        "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8AAQv8BD/kD/YURmXYAAAAASUVORK5CYII="

    static func primitive(_ feImage: String) throws -> IconFilterPrimitive {
        let icon = try parse(
            """
            <svg viewBox="0 0 200 200"><filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="100" height="80">
            \(feImage)</filter><rect x="20" y="20" width="50" height="50" filter="url(#f)"/></svg>
            """)
        return try #require(icon.groups.first?.filter?.primitives.first)
    }

    @Test("a 2×1 picture is fitted xMidYMid meet into its subregion, decoded texel for texel, nearest under pixelated")
    func fittedIntoSubregion() throws {
        let p = try Self.primitive(
            "<feImage x=\"10\" y=\"20\" width=\"40\" height=\"40\" image-rendering=\"pixelated\" href=\"\(Self.redBlue)\"/>"
        )
        guard case .image(let picture, let place, let pixelated) = p.kind else {
            Issue.record("expected an image primitive, got \(p.kind)")
            return
        }
        #expect(p.subregion == Rect(x: 10, y: 20, width: 40, height: 40))
        // 2 × 1 texels scaled by 20 to 40 × 20, centred down the 40 high subregion.
        #expect(place == AffineTransform(a: 20, b: 0, c: 0, d: 20, tx: 10, ty: 30))
        #expect(pixelated)
        #expect(picture.width == 2 && picture.height == 1)
        #expect(picture.straightRGBA == [255, 0, 0, 255, 0, 0, 255, 255])
    }

    @Test("without a subregion the picture fills the filter region by its preserveAspectRatio, sampled smoothly")
    func defaultsToTheFilterRegion() throws {
        let p = try Self.primitive(
            "<feImage preserveAspectRatio=\"xMinYMax slice\" xlink:href=\"\(Self.redBlue)\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"/>"
        )
        #expect(p.subregion == Rect(x: 0, y: 0, width: 100, height: 80))
        // slice: scaled by 80 (the height), 160 × 80, aligned to the left.
        #expect(
            p.kind
                == .image(
                    try picture(of: p), toUserSpace: AffineTransform(a: 80, b: 0, c: 0, d: 80, tx: 0, ty: 0),
                    pixelated: false))
    }

    @Test("an feImage naming an element or a file is refused at its line")
    func referencesRefused() throws {
        for href in ["#r", "picture.png"] {
            #expect {
                _ = try Self.primitive("<feImage href=\"\(href)\"/>")
            } throws: { error in
                let e = error as? IconError
                return e?.line == 2 && e?.message.contains("<feImage href=\"\(href)\">") == true
            }
        }
    }

    private func picture(of p: IconFilterPrimitive) throws -> Images.SceneImage {
        guard case .image(let picture, _, _) = p.kind else { throw CancellationError() }
        return picture
    }
}
