import Colors
import Foundation
import Pipeline
import Raster
import SceneLoading
import SceneModel
import TestSupport
import Testing

/// `tintColor` as UIView has it: icons drawn as template images in the nearest tint up the tree.
@Suite("Tint colour")
struct TintColorTests {
    /// scenes/icons/heart.svg: a #FF2D55 heart, then a white stroke (its highlight).
    static let heartColours = [ColorRGBA8(hex: "#FF2D55")!, ColorRGBA8(hex: "#FFFFFF")!]

    private func iconPaints(_ items: String) throws -> [[ColorRGBA8]] {
        let scene = try SceneLoader.decode(
            "canvas: { size: [200, 100], scale: 1 }\nduration: 0.1\nitems:\n" + items,
            fileName: repositoryRoot + "/scenes/tint-test.yaml", format: .yaml)
        return try SceneSimulation(scene: scene).displayList().rects.map { rect in
            rect.content.map { path in
                guard case .solid(let colour) = path.paint else { return ColorRGBA8.clear }
                return colour
            }
        }
    }

    @Test(
        "an icon takes the nearest tintColor up the tree, keeping each piece's alpha; without one it keeps its colours"
    )
    func tintIsInherited() throws {
        let paints = try iconPaints(
            """
              - id: toolbar
                size: [200, 50]
                center: [100, 25]
                fill: "#00000000"
                tintColor: "#007AFF"
                children:
                  - { id: inherits, size: [24, 24], center: [20, 25], icon: icons/heart.svg, fill: "#00000000" }
                  - { id: own, size: [24, 24], center: [60, 25], icon: icons/heart.svg, fill: "#00000000", tintColor: "#34C759" }
              - { id: untinted, size: [24, 24], center: [100, 75], icon: icons/heart.svg, fill: "#00000000" }
              - { id: halfTint, size: [24, 24], center: [140, 75], icon: icons/heart.svg, fill: "#00000000", tintColor: "#FF000080" }
            """)
        let blue = ColorRGBA8(hex: "#007AFF")!
        let green = ColorRGBA8(hex: "#34C759")!
        #expect(paints.count == 5)
        #expect(paints[0] == [], "the toolbar has no icon of its own")
        #expect(paints[1] == [blue, blue])
        #expect(paints[2] == [green, green])
        #expect(paints[3] == Self.heartColours)
        // Alpha 0x80 of an opaque piece: (255 · 128 + 127) / 255 = 128.
        #expect(paints[4] == [ColorRGBA8(r: 255, g: 0, b: 0, a: 128), ColorRGBA8(r: 255, g: 0, b: 0, a: 128)])
    }

    @Test("an icon that paints in currentColor takes the tint for those paints only, keeping its other colours")
    func tintIsCurrentColor() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tint-current-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
          <rect width="10" height="10" fill="currentColor"/>
          <rect x="2" y="2" width="6" height="6" fill="#FFFFFF"/>
        </svg>
        """.write(to: folder.appendingPathComponent("badge.svg"), atomically: true, encoding: .utf8)
        let scene = try SceneLoader.decode(
            """
            canvas: { size: [100, 50], scale: 1 }
            duration: 0.1
            items:
              - { id: tinted, size: [20, 20], center: [25, 25], icon: badge.svg, fill: "#00000000", tintColor: "#007AFF" }
              - { id: plain, size: [20, 20], center: [75, 25], icon: badge.svg, fill: "#00000000" }
            """, fileName: folder.appendingPathComponent("scene.yaml").path, format: .yaml)
        let paints = try SceneSimulation(scene: scene).displayList().rects.map { rect in
            rect.content.map { path -> ColorRGBA8 in
                guard case .solid(let colour) = path.paint else { return .clear }
                return colour
            }
        }
        #expect(paints == [[ColorRGBA8(hex: "#007AFF")!, .white], [.black, .white]])
    }

    @Test("a tinted icon's pixels are the tint where the icon covers them fully")
    func tintedPixels() throws {
        let scene = try SceneLoader.decode(
            """
            canvas: { size: [48, 48], scale: 1, background: "#FFFFFF" }
            duration: 0.1
            items:
              - { id: heart, size: [48, 48], center: [24, 24], icon: icons/heart.svg, fill: "#00000000", tintColor: "#5856D6" }
            """, fileName: repositoryRoot + "/scenes/tint-test.yaml", format: .yaml)
        let pixels = Rasterizer.render(try SceneSimulation(scene: scene).displayList())
        // (24, 30) lies inside the heart, away from its edge and its highlight stroke.
        #expect(pixels[x: 24, y: 30] == PremultipliedRGBA8(r: 0x58, g: 0x56, b: 0xD6, a: 255))
        #expect(pixels[x: 1, y: 1] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
    }
}
