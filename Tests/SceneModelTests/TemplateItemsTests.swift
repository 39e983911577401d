import Foundation
import Geometry
import Testing

@testable import SceneLoading
@testable import SceneModel
@testable import SceneSyntax

/// The items of a component's shared text are read once and stamped for each further instance
/// (`TemplateItems`): the scene must be the one reading every instance's text gives.
@Suite("Component items read once")
struct TemplateItemsTests {
    /// A component of nested items with many kinds of keys, used five times (one instance with an
    /// override, three in a repeat). `PARAMETER` and `FILL` are replaced to give the component a
    /// parameter, which makes every instance a copy of its text, read key by key.
    static let cards = """
        components:
          badge:
            item: { size: [8, 8], center: [4, 4], fill: systemRed, cornerRadius: 4 }
          card:
            PARAMETER
            item:
              size: [120, 60]
              fill: FILL
              cornerRadius: 12
              cornerCurve: continuous
              border: { width: 1, color: "#D1D1D6" }
              shadow: { opacity: 0.2, radius: 6, offset: [0, 2] }
              children:
                - id: title
                  size: [100, 20]
                  center: [60, 16]
                  text: { string: Title, color: label }
                - id: art
                  size: [40, 30]
                  center: [30, 40]
                  rotation: 10
                  shape: { star: { points: 5 }, fillColor: systemYellow }
                  children: [{ id: spark, size: [4, 4], center: [2, 2], opacity: 0.5 }]
                - { id: dot, use: badge, center: [110, 10] }
        items:
          - { id: a, use: card, center: [80, 50] }
          - { id: b, use: card, center: [80, 130], opacity: 0.5 }
          - repeat: { use: card, id: row, count: 3, center: [80, 210], spacing: [0, 70] }

        """

    static func cards(copied: Bool) -> String {
        cards.replacingOccurrences(of: "PARAMETER", with: copied ? "parameters: { shade: \"#FFFFFF\" }" : "")
            .replacingOccurrences(of: "FILL", with: copied ? "\"{shade}\"" : "\"#FFFFFF\"")
    }

    @Test("instances stamped from a component's first reading equal instances read key by key")
    func stampedEqualsRead() throws {
        let shared = try decodeYAML(header + Self.cards(copied: false))
        let copied = try decodeYAML(header + Self.cards(copied: true))
        #expect(shared.layerCount == 5 * 5)
        #expect(shared.items.map(\.id) == ["a", "b", "row-0", "row-1", "row-2"])
        #expect(shared.items[3].children.map(\.id) == ["row-1.title", "row-1.art", "row-1.dot"])
        #expect(shared.items[4].children[1].children.map(\.id) == ["row-2.spark"])
        #expect(shared.items[1].opacity == 0.5 && shared.items[2].opacity == 1)
        #expect(shared == copied)
    }

    @Test("a child placed relative to another item is read for each instance, in that instance's bounds")
    func relativeChildReadEachTime() throws {
        let scene = try decodeYAML(
            header + """
                components:
                  pin:
                    item:
                      size: [20, 10]
                      children: [{ id: tip, size: [2, 2], center: { of: anchor, offset: [0, 0] } }]
                items:
                  - { id: anchor, size: [4, 4], center: [100, 100] }
                  - { id: p, use: pin, center: [50, 50] }
                  - { id: q, use: pin, center: [150, 150] }

                """)
        #expect(scene.items[1].children[0].center == Point(60, 55))
        #expect(scene.items[2].children[0].center == Point(-40, -45))
    }

    @Test("an icon in a component counts against --max-svg-elements in every instance")
    func iconCountedEachTime() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-stamp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("icons"), withIntermediateDirectories: true)
        try "<svg viewBox=\"0 0 24 24\"><circle cx=\"12\" cy=\"12\" r=\"10\"/><rect width=\"4\" height=\"4\"/></svg>"
            .write(to: dir.appendingPathComponent("icons/a.svg"), atomically: true, encoding: .utf8)
        let scene = dir.appendingPathComponent("scene.yaml")
        try
            (header + """
                components:
                  cell:
                    item:
                      size: [40, 40]
                      children: [{ id: glyph, size: [24, 24], center: [20, 20], icon: icons/a.svg }]
                items:
                  - repeat: { use: cell, id: c, count: 3, center: [30, 30], spacing: [50, 0] }

                """).write(to: scene, atomically: true, encoding: .utf8)
        #expect(try SceneLoader.load(path: scene.path, limits: SceneLimits(maxSVGElements: 6)).layerCount == 6)
        let error = try #require(
            sceneError { try SceneLoader.load(path: scene.path, limits: SceneLimits(maxSVGElements: 5)) })
        // The third instance brings the sixth shape.
        #expect(error.keyPath == "items[2].children[0].icon")
        #expect(
            error.message
                == "icon 'icons/a.svg' brings the scene's icons to 6 SVG shapes; expected at most 5 in all; in instance 'c-2' (\(scene.path):9) of component 'cell'"
        )
    }

    @Test("only text held in the same storage is the same text: equal text written twice is not")
    func sameTextIsIdentity() throws {
        let root = try #require(
            try SceneLoader.parse("a: [1, 2]\nb: [1, 2]\nc: x\nd: x\n", fileName: "t.yaml", format: .yaml))
        guard case .mapping(let entries) = root.value else {
            Issue.record("expected a mapping")
            return
        }
        let copy = entries
        entries.withUnsafeBufferPointer { e in
            copy.withUnsafeBufferPointer { c in
                #expect(SourceNode.Entry.holdSameText(e.baseAddress!, c.baseAddress!))
                #expect(!SourceNode.Entry.holdSameText(e.baseAddress!, e.baseAddress! + 1))
                var renamed = e[1]
                renamed.key = "a"
                #expect(!withUnsafePointer(to: renamed) { SourceNode.Entry.holdSameText(e.baseAddress!, $0) })
                var c2 = e[3]
                c2.key = "c"
                #expect(withUnsafePointer(to: c2) { SourceNode.Entry.holdSameText(e.baseAddress! + 2, $0) })
            }
        }
    }
}
