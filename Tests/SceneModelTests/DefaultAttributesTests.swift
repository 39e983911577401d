import Testing

@testable import SceneModel

@Suite("Default attributes")
struct DefaultAttributesTests {
    @Test("an item that sets none of its shared attributes keeps sharing the defaults; one that sets one does not")
    func sharing() throws {
        let scene = try decodeYAML(
            header + """
                items:
                  - { id: plain, size: [10, 10], center: [20, 20], fill: "#3366CC", cornerRadius: 2, opacity: 0.5 }
                  - { id: turned, size: [10, 10], center: [40, 20], rotationX: 30 }
                  - { id: bordered, size: [10, 10], center: [60, 20], border: { width: 1, color: "#000000" } }
                  - id: parent
                    size: [100, 100]
                    center: [160, 200]
                    children: [{ id: child, size: [4, 4], center: [2, 2] }]
                """)
        #expect(scene.items.map(\.hasDefaultAttributes) == [true, false, false, true])
        #expect(scene.items[3].children[0].hasDefaultAttributes)
        var item = scene.items[0]
        item.zPosition = 0
        #expect(!item.hasDefaultAttributes, "written, even back to its default: storage of its own")
    }
}
