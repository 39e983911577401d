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

    @Test("a computed property is read through the getter its key gives, and a stored one in place even so")
    func getterForComputedProperties() {
        var item = Item(id: "card", size: Size(40, 30), center: .zero)
        item.zPosition = 3
        // A getter that answers otherwise shows which way the read went.
        let zPosition = KeyField(\Item.zPosition, getter: { $0.zPosition + 100 })
        let radius = KeyField(\Item.cornerRadius, getter: { _ in 100 })
        #expect(!zPosition.isInPlace && zPosition.read(item) == 103)
        #expect(radius.isInPlace && radius.read(item) == 0)
        // Writes go through the key path.
        zPosition.write(5, into: &item)
        #expect(item.zPosition == 5)
    }

    @Test("the item keys on its shared attributes each read their own property")
    func itemKeysReadTheirAttributes() throws {
        let names = ["rotationX", "rotationY", "zPosition", "anchorPointZ"]
        let setters: [(inout Item) -> Void] = [
            { $0.rotationX = .degrees(.infinity) }, { $0.rotationY = .degrees(.infinity) },
            { $0.zPosition = .infinity }, { $0.anchorPointZ = .infinity },
        ]
        let keys = try names.map { name in try #require(ItemKeys.spec.keys.first { $0.doc.name == name }) }
        for (name, set) in zip(names, setters) {
            var item = Item(id: "card", size: Size(40, 30), center: .zero)
            set(&item)
            let scene = Scene(name: "s", canvas: Canvas(size: Size(100, 100)), length: .duration(1), items: [item])
            // Only the key on the property made infinite fails: each check read its own.
            var failing: [String] = []
            for (keyName, key) in zip(names, keys) {
                do { try key.check?(scene, item, keyName) } catch is Violation { failing.append(keyName) }
            }
            #expect(failing == [name])
        }
    }
}
