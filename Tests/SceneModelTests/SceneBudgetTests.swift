import Foundation
import Testing

@testable import SceneLoading
@testable import SceneModel
@testable import SceneSyntax

/// Budgets count the scene as it expands: every layer against `maxItems`, every text scalar
/// against `maxTextScalars`, and they fail at the first thing over, before the rest is built.
@Suite("Scene budgets after expansion")
struct SceneBudgetTests {
    private func error(_ text: String, limits: SceneLimits = .default) -> String? {
        do {
            _ = try SceneLoader.decode(text, fileName: "t.yaml", format: .yaml, limits: limits)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Components nested `depth` deep, each holding `fan` instances of the next: fan^depth leaves.
    private func fanOut(depth: Int, fan: Int) -> String {
        var text = "canvas: { size: [100, 100] }\nduration: 1\ncomponents:\n"
        text += "  c0: { item: { size: [1, 1], center: [1, 1] } }\n"
        for level in 1...depth {
            let children = (0..<fan).map { "{ id: k\($0), use: c\(level - 1) }" }.joined(separator: ", ")
            text += "  c\(level): { item: { size: [1, 1], center: [1, 1], children: [\(children)] } }\n"
        }
        return text + "items:\n  - { id: root, use: c\(depth) }\n"
    }

    @Test("a 2 KB file of nested components that would expand to 111,111 items fails at item 10,001")
    func nestedComponentsCountEveryLayer() {
        let text = fanOut(depth: 5, fan: 10)
        #expect(text.utf8.count < 2_500)
        let message = error(text)
        // The first layer over the limit, at its place in the expanded tree and named by its instance.
        #expect(
            message
                == "t.yaml:5:247: items[0].children[0].children[8].children[9].children[9].children[9]: the scene has more than 10000 items (every layer counts: children and the items of component instances); expected at most 10000; in instance 'root.k0.k8.k9.k9' (t.yaml:6) of component 'c1' (raise the limit with --max-items (SceneLimits.maxItems in Swift))"
        )
        // Under the limit it loads: 1 + 10 + 100 = 111 layers with the budget at 111, not at 110.
        #expect(error(fanOut(depth: 2, fan: 10), limits: SceneLimits(maxItems: 111)) == nil)
        #expect(
            error(fanOut(depth: 2, fan: 10), limits: SceneLimits(maxItems: 110))?.contains("more than 110 items")
                == true)
    }

    @Test("children count against --max-items in plain scenes and in scenes built in Swift")
    func childrenCount() throws {
        let text = """
            canvas: { size: [100, 100] }
            duration: 1
            items:
              - id: a
                size: [10, 10]
                center: [5, 5]
                children: [{ id: b, size: [1, 1], center: [1, 1] }, { id: c, size: [1, 1], center: [2, 2] }]

            """
        #expect(error(text, limits: SceneLimits(maxItems: 3)) == nil)
        #expect(
            error(text, limits: SceneLimits(maxItems: 2))?.contains(
                "items[0].children[1]: the scene has more than 2 items") == true)
        let scene = try SceneLoader.decode(text, fileName: "t.yaml", format: .yaml)
        #expect(
            scene.firstViolation(limits: SceneLimits(maxItems: 2))?.message
                == "3 items (1 top-level; every layer counts); expected at most 2")
    }

    @Test("text across every instance counts against --max-text, before any text is shaped")
    func textBudget() {
        let label = String(repeating: "x", count: 1_000)
        var text = "canvas: { size: [100, 100] }\nduration: 1\ncomponents:\n"
        text += "  label: { item: { size: [10, 10], center: [5, 5], text: { string: \"\(label)\" } } }\nitems:\n"
        for i in 0..<30 { text += "  - { id: l\(i), use: label }\n" }
        #expect(error(text, limits: SceneLimits(maxTextScalars: 30_000)) == nil)
        #expect(
            error(text, limits: SceneLimits(maxTextScalars: 29_999))
                == "t.yaml:6:3: items: 30000 characters of text across the scene's text items; expected at most 29999 (raise the limit with --max-text (SceneLimits.maxTextScalars in Swift))"
        )
    }

    @Test("a one-line flow list of 5,000 mappings (what json.dumps or PyYAML's flow style writes) is not 'too deep'")
    func wideFlowList() {
        let items = (0..<5_000).map { "{id: i\($0), size: [1, 1], center: [1, 1]}" }.joined(separator: ", ")
        #expect(YAMLDepthScan.firstTooDeep("items: [\(items)]\n", limit: 256) == nil)
        #expect(error("canvas: {size: [100, 100]}\nduration: 1\nitems: [\(items)]\n") == nil)
        // Depth still counts brackets: 300 nested lists on one line are refused.
        let deep = "a: " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "\n"
        #expect(YAMLDepthScan.firstTooDeep(deep, limit: 256) != nil)
    }
}

@Test("a misspelt top-level key lists and suggests the keys read before decoding too (components, imports, controls)")
func topLevelKeysIncludeComponents() {
    do {
        _ = try SceneLoader.decode(
            "canvas: { size: [10, 10] }\nduration: 1\nitems: []\ncomponets: {}\n", fileName: "t.yaml", format: .yaml)
        Issue.record("accepted")
    } catch let error as SceneError {
        #expect(error.suggestion == "did you mean 'components'?", "\(error)")
        #expect(error.message.contains("components") && error.message.contains("imports"), "\(error)")
    } catch {
        Issue.record("\(error)")
    }
}

@Test("a canvas whose size times scale rounds to no pixel is an error at canvas.size, not a crash at the first frame")
func canvasOfNoPixel() {
    do {
        _ = try SceneLoader.decode(
            "canvas: { size: [320, 5e-324], scale: 0.3 }\nduration: 1\nitems: []\n", fileName: "t.yaml", format: .yaml)
        Issue.record("accepted")
    } catch {
        #expect(
            "\(error)"
                == "t.yaml:1:17: canvas.size: 320x5e-324 pt at scale 0.3 is 96x0 px; expected at least 1 px per side (raise canvas.scale or the size)"
        )
    }
}
