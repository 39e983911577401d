import Geometry
import SceneLoading
import Testing

@testable import SceneModel

@Suite("Declared keys")
struct DeclaredKeysTests {
    @Test("kept keys are looked up once for whether a mapping may have them and where they are declared")
    func lookUpKept() throws {
        let item = DeclaredKeys(ItemKeys.spec, kept: true)
        let fill = try #require(ItemKeys.spec.keys.firstIndex { $0.doc.name == "fill" })
        #expect(item.lookUp("fill") == (true, fill))
        #expect(item.lookUp("fil") == (false, -1))
        // A key read before decoding is declared but not allowed in the mapping.
        let root = DeclaredKeys(RootKeys.spec, kept: true)
        let components = try #require(RootKeys.spec.keys.firstIndex { $0.doc.name == "components" })
        #expect(RootKeys.spec.keys[components].doc.consumedBeforeDecoding)
        #expect(root.lookUp("components") == (false, components))
        #expect(DeclaredKeys(RootKeys.spec, withConsumed: true).lookUp("components") == (true, -1))
    }

    @Test("keys not kept are searched by name, with no position")
    func lookUpNotKept() {
        let item = DeclaredKeys(ItemKeys.spec)
        #expect(item.lookUp("fill") == (true, -1) && item.lookUp("fil") == (false, -1))
    }

    @Test("an item's keys are read in declared order whatever the file's: children after the parent's centre")
    func declaredOrder() throws {
        let scene = try SceneLoader.decode(
            """
            canvas: { size: [320, 568] }
            duration: 1
            items:
              - children: [{ center: { of: p, offset: [5, 0] }, size: [10, 10], id: c }]
                center: [160, 200]
                size: [100, 100]
                id: p
            """, fileName: "order.yaml", format: .yaml)
        #expect(scene.items[0].children[0].center == Point(55, 50))
    }
}
