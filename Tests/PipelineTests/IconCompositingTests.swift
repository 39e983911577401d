import Colors
import Foundation
import Pipeline
import Raster
import SceneLoading
import SceneModel
import TestSupport
import Testing

/// An icon's own groups in a frame: its group opacity composited once, its clip path and mask
/// multiplying its content, and the item's text still over the icon.
@Suite("Icon compositing in frames")
struct IconCompositingTests {
    private static let icons = [
        // Red, then blue over its right half, faded together.
        "faded.svg":
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 20 20\"><g opacity=\"0.5\"><rect width=\"20\" height=\"20\" fill=\"#FF0000\"/><rect x=\"10\" width=\"10\" height=\"20\" fill=\"#0000FF\"/></g></svg>",
        // Green, clipped to its left half.
        "clipped.svg":
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 20 20\"><clipPath id=\"c\"><rect width=\"10\" height=\"20\"/></clipPath><rect width=\"20\" height=\"20\" fill=\"#00FF00\" clip-path=\"url(#c)\"/></svg>",
        // Black through a mask white on top, #808080 below.
        "masked.svg":
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 20 20\"><mask id=\"m\"><rect width=\"20\" height=\"10\" fill=\"white\"/><rect y=\"10\" width=\"20\" height=\"10\" fill=\"#808080\"/></mask><rect width=\"20\" height=\"20\" mask=\"url(#m)\"/></svg>",
        // A 2 × 1 PNG, red then blue, stretched over the viewBox.
        "photo.svg":
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 20 20\"><image width=\"20\" height=\"20\" preserveAspectRatio=\"none\" href=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8AAQv8BD/kD/YURmXYAAAAASUVORK5CYII=\"/></svg>",
    ]

    private func frame() throws -> Pixmap {
        let folder = try makeTemporaryDirectory()
        for (name, svg) in Self.icons { try Data(svg.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let scene = try SceneLoader.decode(
            """
            canvas: { size: [80, 20], scale: 1, background: "#FFFFFF" }
            duration: 0.1
            items:
              - { id: faded, size: [20, 20], center: [10, 10], icon: faded.svg }
              - { id: clipped, size: [20, 20], center: [30, 10], icon: clipped.svg }
              - { id: masked, size: [20, 20], center: [50, 10], icon: masked.svg }
              - { id: photo, size: [20, 20], center: [70, 10], icon: photo.svg }
            output: { video: [] }
            """,
            fileName: folder + "/icons.yaml", format: .yaml)
        return Rasterizer.render(try SceneSimulation(scene: scene).displayList())
    }

    private func rgb(_ p: PremultipliedRGBA8) -> [UInt8] { [p.r, p.g, p.b] }

    @Test("a faded group shows only its top shape where two overlap, faded once over the background")
    func groupOpacity() throws {
        let pixmap = try frame()
        // Opacity byte 128: red (128, 0, 0, 128) + white·127 → (255, 127, 127); blue likewise.
        #expect(rgb(pixmap[x: 4, y: 10]) == [255, 127, 127])
        #expect(rgb(pixmap[x: 15, y: 10]) == [127, 127, 255])
    }

    @Test("a clip path keeps the content inside it and removes the rest")
    func clip() throws {
        let pixmap = try frame()
        #expect(rgb(pixmap[x: 24, y: 10]) == [0, 255, 0])
        #expect(rgb(pixmap[x: 35, y: 10]) == [255, 255, 255])
    }

    @Test("a luminance mask passes its white fully and its mid grey at half")
    func mask() throws {
        let pixmap = try frame()
        #expect(rgb(pixmap[x: 50, y: 4]) == [0, 0, 0])
        // Alpha 128 of black over white: 255 − round(255·128/255) = 127.
        #expect(rgb(pixmap[x: 50, y: 15]) == [127, 127, 127])
    }

    @Test("an embedded PNG is drawn over its rectangle: its left texel's colour on the left, its right's on the right")
    func image() throws {
        let pixmap = try frame()
        #expect(rgb(pixmap[x: 62, y: 10]) == [255, 0, 0])
        #expect(rgb(pixmap[x: 77, y: 10]) == [0, 0, 255])
    }
}
