import SceneLoading
import Testing

@testable import Pipeline

@Suite("Child warnings")
struct ChildWarningPathTests {
    @Test("a child outside its parent is warned at its own path, at any depth, and its siblings are not")
    func nestedPaths() throws {
        let scene = try SceneLoader.decode(
            """
            canvas: { size: [320, 568] }
            duration: 1
            items:
              - { id: plain, size: [10, 10], center: [20, 20] }
              - id: card
                size: [200, 100]
                center: [160, 200]
                children:
                  - { id: inside, size: [20, 20], center: [10, 10] }
                  - id: row
                    size: [100, 40]
                    center: [100, 50]
                    children:
                      - { id: dot, size: [4, 4], center: [2, 2] }
                      - { id: stray, size: [4, 4], center: [300, 2] }
                  - { id: away, size: [10, 10], center: [500, 50] }
            """, fileName: "nested.yaml", format: .yaml)
        let warnings = try SceneWarnings.check(scene)
        #expect(warnings.map(\.keyPath) == ["items[1].children[1].children[1]", "items[1].children[2]"])
        #expect(warnings.first?.message.hasPrefix("'stray' lies wholly outside its parent 'row'") == true)
    }
}
