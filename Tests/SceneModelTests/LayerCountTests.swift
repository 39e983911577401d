import Testing

@testable import SceneModel

@Suite("Layer count")
struct LayerCountTests {
    @Test("every item, child and mask is a layer, at any depth")
    func count() throws {
        let scene = try decodeYAML(
            header + """
                items:
                  - { id: a, size: [10, 10], center: [20, 20] }
                  - id: b
                    size: [100, 100]
                    center: [160, 200]
                    children:
                      - id: c
                        size: [40, 40]
                        center: [20, 20]
                        children: [{ id: d, size: [4, 4], center: [2, 2] }, { id: e, size: [4, 4], center: [6, 2] }]
                    mask: { id: m, size: [100, 100], center: [50, 50], fill: "#000000" }
                """)
        #expect(scene.layerCount == 6)
        var walked = 0
        scene.forEachItemWithoutPath { _ in walked += 1 }
        #expect(walked == scene.layerCount)
    }
}

@Suite("Walks over items with attributes")
struct ItemsWithAttributesTests {
    @Test("only items that set a boxed attribute are handed out, children of plain parents included, in tree order")
    func attributesWalk() throws {
        let scene = try decodeYAML(
            header + """
                items:
                  - { id: a, size: [10, 10], center: [20, 20] }
                  - id: b
                    size: [100, 100]
                    center: [160, 200]
                    children:
                      - { id: c, size: [40, 40], center: [20, 20], text: { string: "Hi" } }
                      - id: d
                        size: [40, 40]
                        center: [60, 60]
                        children: [{ id: e, size: [4, 4], center: [2, 2], rotationY: 30 }]
                  - { id: f, size: [10, 10], center: [40, 40], shadow: { radius: 2 } }
                """)
        var handed: [String] = []
        scene.forEachItemWithAttributes { handed.append($0.id) }
        #expect(handed == ["c", "e", "f"])
        var withAttributes: [String] = []
        scene.forEachItemWithoutPath { if !$0.hasDefaultAttributes { withAttributes.append($0.id) } }
        #expect(handed == withAttributes)
        #expect(scene.containsItemWithAttributes { $0.rotationY != .zero })
        #expect(!scene.containsItemWithAttributes { $0.id == "a" || $0.id == "b" })
    }
}
