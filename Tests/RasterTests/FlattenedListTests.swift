import Geometry
import Raster
import Testing

/// A display list's rects as drawn without groups: what onion skins and exporters read.
@Suite("Flattened display lists")
struct FlattenedListTests {
    /// A card and its child in a group at half opacity, masked by a third rect.
    static let list: DisplayList = {
        let rect = { (fill: ColorRGBA8) in
            DrawRect(size: Size(10, 10), transform: .identity, fill: fill, opacity: 0.8)
        }
        var list = DisplayList(
            width: 20, height: 20, background: .white, rects: [rect(.black), rect(.white), rect(.black)])
        list.groups = [DrawGroup(rects: 0..<2, opacity: 0.5, mask: 2..<3)]
        return list
    }()

    @Test("flattened, a group's rects are faded by its opacity and its mask's rects hidden")
    func fadesAndHides() {
        let rects = Self.list.flattened(keepingProjected: false)
        #expect(rects.map(\.opacity) == [0.4, 0.4, 0])
    }

    @Test("a group the caller composites itself keeps its rects unfaded and its mask's rects shown")
    func keptGroupsStayWhole() {
        let rects = Self.list.flattened(keepingProjected: false, keepingGroups: { _ in true })
        #expect(rects.map(\.opacity) == [0.8, 0.8, 0.8])
    }
}
