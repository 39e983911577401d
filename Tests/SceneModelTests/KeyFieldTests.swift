import Colors
import Geometry
import Testing

@testable import SceneModel

/// `KeyField` reads and writes a key's property in place when it is plain data stored inline,
/// and through the key path otherwise; either way with the key path's meaning.
@Suite("Key fields")
struct KeyFieldTests {
    @Test("a stored property of plain data is read and written in place, as its key path would")
    func storedPlainData() {
        var item = Item(id: "card", size: Size(40, 30), center: Point(10, 20))
        item.cornerRadius = 7.5
        item.fill = ColorRGBA8(r: 1, g: 2, b: 3, a: 4)
        let radius = KeyField(\Item.cornerRadius)
        let size = KeyField(\Item.size)
        let fill = KeyField(\Item.fill)
        #expect(radius.isInPlace && size.isInPlace && fill.isInPlace)
        #expect(radius.read(item) == 7.5)
        #expect(size.read(item) == Size(40, 30))
        #expect(fill.read(item) == ColorRGBA8(r: 1, g: 2, b: 3, a: 4))
        radius.write(-0.0, into: &item)
        size.write(Size(1, 2), into: &item)
        #expect(item.cornerRadius.bitPattern == (-0.0).bitPattern)
        #expect(item.size == Size(1, 2))
        // The fields beside them are untouched.
        #expect(item.id == "card" && item.center == Point(10, 20) && item.fill == ColorRGBA8(r: 1, g: 2, b: 3, a: 4))
    }

    @Test("a string, or a property behind the item's shared attributes, goes through the key path")
    func otherPropertiesThroughTheKeyPath() {
        var item = Item(id: "card", size: Size(40, 30), center: .zero)
        let id = KeyField(\Item.id)
        let zPosition = KeyField(\Item.zPosition)
        #expect(!id.isInPlace && !zPosition.isInPlace)
        id.write("other", into: &item)
        zPosition.write(3, into: &item)
        #expect(id.read(item) == "other" && item.id == "other")
        #expect(zPosition.read(item) == 3 && item.zPosition == 3)
        // Writing an attribute copied the shared defaults for this item alone.
        #expect(Item(id: "fresh", size: Size(1, 1), center: .zero).zPosition == 0)
    }
}
