import Foundation
import Testing

@testable import SceneLoading
@testable import SceneModel
@testable import SceneSyntax

/// A component without `{placeholders}` is not copied into each instance: every instance shares
/// its text, and an error in that text names the instance it sits in, found from its place in the
/// expanded tree.
@Suite("Shared component text")
struct SharedComponentTextTests {
    static let pair = """
        components:
          dot: { item: { size: [4, DOT_HEIGHT], center: [2, 2] } }
          pair:
            item:
              size: [20, 10]
              children: [{ id: left, use: dot }, { id: right, use: dot, center: [18, RIGHT_Y] }]
        items:
          - { id: p, use: pair, center: [50, 50] }
        """

    static func pair(dotHeight: String = "4", rightY: String = "2") -> String {
        pair.replacingOccurrences(of: "DOT_HEIGHT", with: dotHeight).replacingOccurrences(of: "RIGHT_Y", with: rightY)
    }

    /// The error the common header and `text` make as "test.yaml"; records an issue when there is
    /// none.
    static func error(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SceneError {
        try #require(
            sceneError({ try decodeYAML(header + text) }, sourceLocation: sourceLocation),
            sourceLocation: sourceLocation)
    }

    @Test("an error in a nested component's text names the inner instance and the line that uses it")
    func errorInNestedComponentText() throws {
        let error = try Self.error(Self.pair(dotHeight: "x"))
        #expect(
            error.description
                == "test.yaml:4:28: items[0].children[0].size[1]: expected a number, found string 'x'; in instance 'p.left' (test.yaml:8) of component 'dot'"
        )
    }

    @Test("an override written in a component's text names the instance of that component, not the nested one")
    func errorInOverrideOfNestedInstance() throws {
        let error = try Self.error(Self.pair(rightY: "y"))
        #expect(
            error.description
                == "test.yaml:8:78: items[0].children[1].center[1]: expected a number, found string 'y'; in instance 'p' (test.yaml:10) of component 'pair'"
        )
    }

    @Test("a check made after decoding (a duplicate id) names the instance whose shared text it is in")
    func violationInSharedText() throws {
        let error = try Self.error(
            """
            components:
              pair:
                item:
                  size: [20, 10]
                  children: [{ id: a, size: [1, 1], center: [1, 1] }, { id: a, size: [1, 1], center: [1, 1] }]
            items:
              - { id: q, size: [1, 1], center: [1, 1] }
              - { id: p, use: pair, center: [50, 50] }
            """)
        #expect(
            error.description
                == "test.yaml:7:65: items[1].children[1].id: duplicate item id 'p.a', already used by items[1].children[0]; expected each id once; in instance 'p' (test.yaml:10) of component 'pair'"
        )
    }

    @Test("the rows of a repeat inside a component are named by their dotted ids")
    func errorInRepeatedRowInsideComponent() throws {
        let error = try Self.error(
            """
            components:
              dot: { item: { size: [4, 4], center: [2, 2], opacity: 3 } }
              grid:
                item:
                  size: [40, 40]
                  children:
                    - repeat: { use: dot, id: d, count: 2, center: [10, 10], spacing: [5, 0] }
            items:
              - { id: g, use: grid, center: [50, 50] }
            """)
        #expect(
            error.description
                == "test.yaml:4:57: items[0].children[0].opacity: expected an opacity from 0 to 1, found 3; in instance 'g.d-0' (test.yaml:9) of component 'dot'"
        )
    }

    @Test("children an instance adds are in the instance's own file: their errors name no instance")
    func errorInAddedChild() throws {
        let error = try Self.error(
            """
            components:
              dot: { item: { size: [4, 4], center: [2, 2], children: [{ id: k, size: [1, 1], center: [0, 0] }] } }
            items:
              - { id: p, use: dot, center: [50, 5], children: [{ id: q, size: [1, "w"], center: [0, 0] }] }
            """)
        #expect(
            error.description == "test.yaml:6:71: items[0].children[1].size[1]: expected a number, found string 'w'")
    }

    @Test("a control misspelt in a component's text names the instance")
    func controlErrorInSharedText() throws {
        let error = try Self.error(
            """
            controls:
              w: { value: 10, range: [0, 20] }
            components:
              pair:
                item:
                  size: [20, 10]
                  children: [{ id: left, size: ["$w", "$nope"], center: [1, 1] }]
            items:
              - { id: p, use: pair, center: [50, 50] }
            """)
        #expect(
            error.description
                == "test.yaml:9:43: items[0].children[0].size[1]: unknown control '$nope'; expected one of: $w; in instance 'p' (test.yaml:11) of component 'pair'"
        )
    }

    @Test("every instance's share of a component's nodes counts against the node limit")
    func sharedNodesCountAgainstTheLimit() throws {
        var limits = SceneLimits.default
        limits.maxNodes = 400
        // An instance of `dot` is 7 nodes (the mapping, two lists and their numbers): 60 rows are 420.
        let text =
            header + """
                components:
                  dot: { item: { size: [4, 4], center: [2, 2] } }
                items:
                  - repeat: { use: dot, id: r, count: 60, center: [10, 10], spacing: [0, 1] }
                """
        let error = try #require(
            sceneError { try SceneLoader.decode(text, fileName: "test.yaml", format: .yaml, limits: limits) })
        #expect(error.message.hasPrefix("more than 400 values after expanding components; expected fewer instances"))
        limits.maxNodes = 2_000
        #expect(try SceneLoader.decode(text, fileName: "test.yaml", format: .yaml, limits: limits).items.count == 60)
    }

    @Test("the instances along a key path are found outermost first, and the walk stops where the path leaves the tree")
    func instancesAlongAKeyPath() throws {
        let tree = try #require(try SceneLoader.parse(header + Self.pair(), fileName: "test.yaml", format: .yaml))
        let expanded = try ComponentExpander.expand(tree, file: "test.yaml", limits: .default).tree
        #expect(expanded.instances(along: "items[0].children[1].center[1]").map(\.instance) == ["p", "p.right"])
        #expect(expanded.instances(along: "items[0].size").map(\.instance) == ["p"])
        #expect(expanded.instances(along: "items[0].children[7].size").map(\.instance) == ["p"])
        #expect(expanded.instances(along: "canvas.size[0]").isEmpty)
        #expect(expanded.instances(along: "items[0].children[0]").map(\.component) == ["pair", "dot"])
    }
}
