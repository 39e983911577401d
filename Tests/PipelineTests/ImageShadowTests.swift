import Foundation
import PNG
import Raster
import SceneLoading
import SceneModel
import TestSupport
import Testing

@testable import Pipeline

/// An image item's shadow follows the image's alpha (as Core Animation derives a shadow without a
/// shadowPath), placed by contentMode and clipped by the corner radius with masksToBounds.
@Suite("Shadows of image items")
struct ImageShadowTests {
    static let white = ColorRGBA8(r: 255, g: 255, b: 255).premultiplied
    static let black = ColorRGBA8(r: 0, g: 0, b: 0).premultiplied

    /// Renders the first frame of `items` on a white 100 × 60 canvas, in a folder holding
    /// icon.png: a 20 × 20 icon whose left half is opaque black and right half transparent.
    static func render(_ items: String) throws -> Pixmap {
        let folder = try makeTemporaryDirectory()
        var rgba: [UInt8] = []
        for _ in 0..<20 {
            for x in 0..<20 { rgba += x < 10 ? [0, 0, 0, 255] : [0, 0, 0, 0] }
        }
        try Data(try PNG.encode(rgba: rgba, width: 20, height: 20)).write(
            to: URL(fileURLWithPath: folder + "/icon.png"))
        let yaml = """
            canvas: { size: [100, 60], scale: 1, background: "#FFFFFF" }
            fps: 10
            duration: 0.1
            items:
            \(items)
            """
        let scene = try SceneLoader.decode(yaml, fileName: folder + "/shadow.yaml", format: .yaml)
        return Rasterizer.render(try SceneSimulation(scene: scene).displayList())
    }

    @Test(
        "a transparent icon casts the shadow of its opaque half only: dark under the opaque part's offset, none under the transparent part's"
    )
    func transparentIcon() throws {
        // The icon covers x 20 ..< 40, y 20 ..< 40; the shadow is 40 px to the right (x 60 ..< 80),
        // σ = 1 px (radius 2), so it reaches 3 px beyond the opaque half's edge at x 70.
        let pixmap = try Self.render(
            """
              - id: icon
                size: [20, 20]
                center: [30, 30]
                fill: "#00000000"
                image: { file: icon.png }
                shadow: { color: "#000000", opacity: 1, offset: [40, 0], radius: 2 }
            """)
        // The icon itself: its opaque half black, its transparent half shows the white canvas.
        #expect(pixmap[x: 25, y: 30] == Self.black)
        #expect(pixmap[x: 35, y: 30] == Self.white)
        // Under the opaque half's offset (more than 3 px inside it): the full shadow.
        for x in 63..<67 {
            for y in 23..<37 { #expect(pixmap[x: x, y: y] == Self.black, "(\(x), \(y))") }
        }
        // Under the transparent half's offset (more than 3 px from the opaque edge): no shadow at all.
        for x in 73..<80 {
            for y in 20..<40 { #expect(pixmap[x: x, y: y] == Self.white, "(\(x), \(y))") }
        }
        // Across the edge the blur falls off: half the Gaussian's mass at the edge pixel's centre line.
        let edge = pixmap[x: 70, y: 30]
        #expect(edge.a == 255 && edge.r > 40 && edge.r < 215, "\(edge)")
    }

    @Test("the shadow of an opaque image with masksToBounds is its rounded bounds: no shadow beyond the corner radius")
    func clippedByCornerRadius() throws {
        // The icon's opaque left half (contentsRect) stretched over the whole item: an opaque
        // image, rounded by the corner radius.
        let pixmap = try Self.render(
            """
              - id: icon
                size: [20, 20]
                center: [30, 30]
                fill: "#00000000"
                cornerRadius: 10
                masksToBounds: true
                image: { file: icon.png, contentMode: scaleToFill, contentsRect: [0, 0, 0.5, 1] }
                shadow: { color: "#000000", opacity: 1, offset: [40, 0], radius: 0 }
            """)
        // Unblurred (radius 0): the shadow is the circle of radius 10 about (70, 30).
        #expect(pixmap[x: 70, y: 30] == Self.black)
        #expect(pixmap[x: 60, y: 20] == Self.white, "the corner outside the circle casts nothing")
        #expect(pixmap[x: 79, y: 39] == Self.white)
        #expect(pixmap[x: 61, y: 30] == Self.black, "inside the circle at its left edge")
    }

    @Test("a layer's fill still casts its shadow under a transparent image: the shadow is the union of both")
    func fillUnderImage() throws {
        let pixmap = try Self.render(
            """
              - id: icon
                size: [20, 20]
                center: [30, 30]
                fill: "#FF0000"
                image: { file: icon.png }
                shadow: { color: "#000000", opacity: 1, offset: [40, 0], radius: 0 }
            """)
        #expect(pixmap[x: 65, y: 30] == Self.black)
        #expect(pixmap[x: 75, y: 30] == Self.black, "the opaque fill under the transparent half casts too")
        #expect(pixmap[x: 35, y: 30] == ColorRGBA8(r: 255, g: 0, b: 0).premultiplied)
    }
}
