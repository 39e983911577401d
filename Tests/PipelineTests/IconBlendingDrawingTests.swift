import Foundation
import Geometry
import Icons
import Raster
import Testing

@testable import Pipeline

/// An icon's blend groups on the canvas (`DisplayListBuilder.iconLayers`): the mode reaches the
/// display list, and the icon is isolated from the scene behind its item.
@Suite("Icon blending on the canvas")
struct IconBlendingDrawingTests {
    /// A 10 × 10 canvas: a red item (the scene behind), then an icon of a white square on its left
    /// half and a blue square over its bottom half that multiplies.
    static func drawn(_ icon: Icon) -> (list: DisplayList, pixmap: Pixmap) {
        let size = Size(width: 10, height: 10)
        let layers = DisplayListBuilder.iconLayers(
            icon, size: size, transform: AffineTransform(translationX: 5, y: 5), opacity: 1, clips: [])
        var list = DisplayList(width: 10, height: 10, background: .clear)
        list.rects = [
            DrawRect(
                size: size, transform: AffineTransform(translationX: 5, y: 5), fill: ColorRGBA8(r: 255, g: 0, b: 0))
        ]
        list.rects += layers.rects
        list.groups = layers.groups.map { $0.shifted(by: 1) }
        return (list, Rasterizer.render(list))
    }

    static let icon = """
        <svg viewBox="0 0 10 10"><rect width="5" height="10" fill="white"/>
        <rect y="5" width="10" height="5" fill="blue" style="mix-blend-mode: multiply"/></svg>
        """

    @Test("an icon that blends is wrapped in an isolating group: its blends never reach the scene behind its item")
    func iconIsIsolated() throws {
        let icon = try IconLoader.parse(Data(Self.icon.utf8), name: "test.svg")
        let (list, pixmap) = Self.drawn(icon)
        #expect(list.groups.count == 2)
        #expect(list.groups[0].isolates && list.groups[0].rects == 1..<3 && list.groups[0].blendMode == .normal)
        #expect(list.groups[1].blendMode == .multiply && list.groups[1].rects == 2..<3)
        let blue = PremultipliedRGBA8(ColorRGBA8(r: 0, g: 0, b: 255))
        // Over the icon's white: white × blue. Over the item's red, outside the icon's drawing:
        // blue over nothing (resvg's transparent canvas), then over the red: blue, not black.
        #expect(pixmap[x: 2, y: 8] == blue)
        #expect(pixmap[x: 8, y: 8] == blue)
        #expect(pixmap[x: 8, y: 2] == PremultipliedRGBA8(ColorRGBA8(r: 255, g: 0, b: 0)))
    }

    @Test("an icon without blends keeps its groups as they were: no isolating group is added")
    func noBlendNoWrapper() throws {
        let icon = try IconLoader.parse(
            Data("<svg viewBox=\"0 0 10 10\"><g opacity=\"0.5\"><rect width=\"5\" height=\"5\"/></g></svg>".utf8),
            name: "test.svg")
        let layers = DisplayListBuilder.iconLayers(
            icon, size: Size(width: 10, height: 10), transform: .identity, opacity: 1, clips: [])
        #expect(layers.groups.count == 1 && !layers.groups[0].isolates)
    }
}
