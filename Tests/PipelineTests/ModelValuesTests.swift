import Geometry
import SceneModel
import Testing
import Timing

@testable import Pipeline

/// A layer's model values: an item that sets none of its boxed attributes takes the values worked
/// out once for such items (`SceneTiming.modelValues`), which must be what reading them gives.
@Suite("Layer model values")
struct ModelValuesTests {
    static func items() -> [Item] {
        var turned = Item(id: "a", size: Size(30, 20), center: Point(10, 12), rotation: .degrees(15))
        turned.anchorPoint = Point(0, 1)
        turned.scale = Point(2, -1)
        var faded = Item(id: "b", size: Size(4, 4), center: .zero, fill: .black, cornerRadius: 2, opacity: 0.25)
        faded.anchorPoint = Point(0.5, 0.5)
        return [turned, faded, Item(id: "c", size: Size(1, 1), center: Point(3, 4))]
    }

    @Test("an item at its default attributes has the model values of one that wrote them back to their defaults")
    func defaultAttributesShortcut() {
        for item in Self.items() {
            #expect(item.hasDefaultAttributes)
            var written = item
            written.zPosition = 0
            #expect(!written.hasDefaultAttributes)
            let shortcut = SceneTiming.modelValues(of: item)
            let read = SceneTiming.modelValues(of: written)
            #expect(shortcut.map(\.0) == read.map(\.0))
            #expect(shortcut.map(\.1) == read.map(\.1))
        }
    }

    @Test("the shortcut keeps the layer's order and leaves defaults out, but a borderless item's clear border colour")
    func shortcutValues() throws {
        let values = SceneTiming.modelValues(of: Self.items()[0])
        #expect(
            values.map(\.0) == [.center, .size, .rotation, .fillColor, .borderColor, .anchorPoint, .scale])
        #expect(values.last?.1 == .point(Point(2, -1)))
    }
}
