import Geometry
import Testing

@testable import SceneModel

/// An item keeps the properties most layers leave at their defaults behind one shared reference.
@Suite("Item storage")
struct ItemStorageTests {
    @Test("an item is small to copy: its rarely set properties are one reference")
    func smallToCopy() {
        #expect(MemoryLayout<Item>.size <= 192, "\(MemoryLayout<Item>.size) bytes")
    }

    @Test("items share their default attributes until one sets a property, which is then its own")
    func copyOnWrite() {
        var a = Item(id: "a", size: Size(10, 10), center: Point(5, 5))
        let b = Item(id: "b", size: Size(10, 10), center: Point(5, 5))
        var c = a
        c.text = TextSpec(string: "hi")
        a.zPosition = 3
        #expect(a.zPosition == 3 && b.zPosition == 0 && c.zPosition == 0)
        #expect(a.text == nil && c.text?.string == "hi")
        a.zPosition = 0
        #expect(a == Item(id: "a", size: Size(10, 10), center: Point(5, 5)))
        #expect(a != c)
    }
}
