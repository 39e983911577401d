import Foundation
import Testing

@testable import SceneLoading
@testable import SceneModel
@testable import SceneSyntax

/// Every id inside a component instance goes by the instance's id and a dot: the expander adds the
/// prefix to text an instance has a copy of, the decoder to the component's own text, which the
/// instances share as written.
@Suite("Ids inside component instances")
struct InstanceIDTests {
    static let card = """
        components:
          card:
            item:
              size: [100, 40]
              mask: { id: m, size: [50, 20], center: [50, 20], children: [{ id: mc, size: [5, 5], center: [1, 1] }] }
              children:
                - { id: a, size: [20, 10], center: [20, 20] }
          sized:
            parameters: { width: 100 }
            item:
              size: ["{width}", 40]
              mask: { id: m, size: [50, 20], center: [50, 20] }
              children:
                - { id: a, size: [20, 10], center: [20, 20] }

        """

    /// An item's id and its descendants' (children, then the mask, which is kept last), in order.
    static func ids(_ item: Item) -> [String] { [item.id] + item.children.flatMap(ids) }

    @Test("a component's mask and the mask's children take each instance's id, so it can be used more than once")
    func maskIDsTakeTheInstancePrefix() throws {
        let scene = try decodeYAML(
            header + Self.card + """
                items:
                  - { id: c1, use: card, center: [100, 100] }
                  - { id: c2, use: card, center: [100, 200] }
                """)
        #expect(scene.items.flatMap(Self.ids) == ["c1", "c1.a", "c1.m", "c1.mc", "c2", "c2.a", "c2.m", "c2.mc"])
    }

    @Test("text an instance has a copy of (placeholders, its own mask, added children) takes its id too")
    func copiedTextTakesTheInstancePrefix() throws {
        let scene = try decodeYAML(
            header + Self.card + """
                items:
                  - { id: s1, use: sized, center: [100, 100], arguments: { width: 80 } }
                  - { id: s2, use: sized, center: [100, 200] }
                  - id: c3
                    use: card
                    center: [100, 300]
                    mask: { id: own, size: [4, 4], center: [2, 2] }
                    children: [{ id: extra, size: [2, 2], center: [1, 1] }]
                """)
        #expect(
            scene.items.flatMap(Self.ids) == [
                "s1", "s1.a", "s1.m", "s2", "s2.a", "s2.m", "c3", "c3.a", "c3.extra", "c3.own",
            ])
        #expect(scene.items.map(\.size.width) == [80, 100, 100])
    }

    @Test("instances share their component's children as written: one list for all, ids without the prefix")
    func instancesShareTheChildrenList() throws {
        let text =
            header + Self.card
            + "items:\n  - repeat: { use: card, id: r, count: 3, center: [50, 50], spacing: [0, 50] }\n"
        let tree = try #require(try SceneLoader.parse(text, fileName: "test.yaml", format: .yaml))
        let expanded = try ComponentExpander.expand(tree, file: "test.yaml", limits: .default).tree
        guard case .mapping(let top) = expanded.value,
            case .sequence(let items)? = top.first(where: { $0.key == "items" })?.value.value
        else {
            Issue.record("no items list")
            return
        }
        let lists: [[SourceNode]] = items.compactMap { item in
            guard case .mapping(let entries) = item.value,
                case .sequence(let children)? = entries.first(where: { $0.key == "children" })?.value.value
            else { return nil }
            return children
        }
        #expect(lists.count == 3)
        let storages = Set(lists.map { $0.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } })
        #expect(storages.count == 1)
        guard case .mapping(let child) = lists[0][0].value else {
            Issue.record("no child")
            return
        }
        #expect(child.first(where: { $0.key == "id" })?.value.scalarMeaning == .string("a"))
        let scene = try decodeYAML(text)
        #expect(scene.items.map { $0.children[0].id } == ["r-0.a", "r-1.a", "r-2.a"])
    }

    @Test("an instance past the item limit fails at its first layer over, as when every layer was walked")
    func itemLimitInsideSharedText() throws {
        var limits = SceneLimits.default
        limits.maxItems = 10
        // Each instance is four layers (the card, a, m, mc): the third one's mask is the eleventh.
        let text =
            header + Self.card + """
                items:
                  - { id: c1, use: card, center: [100, 100] }
                  - { id: c2, use: card, center: [100, 200] }
                  - { id: c3, use: card, center: [100, 300] }
                """
        let error = try #require(
            sceneError { try SceneLoader.decode(text, fileName: "test.yaml", format: .yaml, limits: limits) })
        #expect(
            error.description
                == "test.yaml:7:13: items[2].mask: the scene has more than 10 items (every layer counts: children and the items of component instances); expected at most 10; in instance 'c3' (test.yaml:20) of component 'card' (raise the limit with --max-items (SceneLimits.maxItems in Swift))"
        )
        limits.maxItems = 12
        #expect(try SceneLoader.decode(text, fileName: "test.yaml", format: .yaml, limits: limits).layerCount == 12)
    }

    @Test("a position relative to an instance's child written later names the child by its dotted id")
    func relativeToALaterInstanceChild() throws {
        let later = try #require(
            sceneError {
                try decodeYAML(
                    header + Self.card + """
                        items:
                          - { id: x, size: [1, 1], center: { of: c1.a } }
                          - { id: c1, use: card, center: [100, 100] }
                        """)
            })
        #expect(later.message.hasPrefix("item 'c1.a' is written later in the file"))
        let misspelt = try #require(
            sceneError {
                try decodeYAML(
                    header + Self.card + """
                        items:
                          - { id: c1, use: card, center: [100, 100] }
                          - { id: x, size: [1, 1], center: { of: c1.mcc } }
                        """)
            })
        #expect(
            misspelt.description
                == "test.yaml:19:42: items[1].center.of: unknown item 'c1.mcc'; expected one of: c1, c1.a, c1.m, c1.mc")
    }
}
