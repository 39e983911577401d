import Foundation
import Pipeline
import SceneLoading
import SceneModel
import Testing

/// `SceneListing`: the resolved scene as `path = value` lines.
@Suite("Scene listing")
struct SceneListingTests {
    static let text = """
        canvas: { size: [320, 568] }
        duration: 1
        items:
          - { id: card, size: [60, 60], center: [160, 252.5], opacity: 0.1, fill: "#FF9500" }
        behaviors:
          - snap: { item: card, to: [80, 252], damping: 0.5 }

        """

    @Test(
        "every value after defaults, with its path: numbers in decimal, colours as #RRGGBBAA, strings quoted, nil and empty lists said"
    )
    func lines() throws {
        let lines = SceneListing.lines(try SceneLoader.decode(Self.text, fileName: "t.yaml", format: .yaml))
        for expected in [
            "canvas.size.width = 320", "fps = 60", "items[0].id = \"card\"", "items[0].center.y = 252.5",
            "items[0].opacity = 0.1", "items[0].fill = #FF9500FF", "items[0].shape = nil",
            "animators = []", "behaviors[0].snap.damping = 0.5", "behaviors[0].snap.snapPoint.x = 80",
        ] {
            #expect(lines.contains(expected), "missing \(expected)")
        }
        #expect(lines.allSatisfy { $0.contains(" = ") })
        // Each path once: a diff can key on it.
        #expect(Set(lines.map { $0.components(separatedBy: " = ")[0] }).count == lines.count)
    }

    @Test("the same scene lists the same lines from YAML and from JSON; a changed damping changes one line")
    func stable() throws {
        let yaml = SceneListing.lines(try SceneLoader.decode(Self.text, fileName: "t.yaml", format: .yaml))
        let changed = SceneListing.lines(
            try SceneLoader.decode(
                Self.text.replacingOccurrences(of: "damping: 0.5", with: "damping: 0.45"), fileName: "t.yaml",
                format: .yaml))
        #expect(
            Set(yaml).symmetricDifference(changed) == [
                "behaviors[0].snap.damping = 0.5", "behaviors[0].snap.damping = 0.45",
            ])
        let json = """
            {"canvas": {"size": [320, 568]}, "duration": 1,
             "items": [{"id": "card", "size": [60, 60], "center": [160, 252.5], "opacity": 0.1, "fill": "#FF9500"}],
             "behaviors": [{"snap": {"item": "card", "to": [80, 252], "damping": 0.5}}]}
            """
        #expect(SceneListing.lines(try SceneLoader.decode(json, fileName: "t.json", format: .json)) == yaml)
    }

    @Test("an animated colour (fractions) lists as one #RRGGBBAA line, so a changed colour is one change")
    func animatedColour() throws {
        let text = """
            canvas: { size: [100, 100] }
            duration: 1
            items:
              - id: card
                size: [10, 10]
                center: [50, 50]
                animations: [{ basic: { property: fill, from: "#C7C7CC", to: "#FF2D55", duration: 0.5 } }]
            """
        let lines = SceneListing.lines(try SceneLoader.decode(text, fileName: "t.yaml", format: .yaml))
        let changed = SceneListing.lines(
            try SceneLoader.decode(
                text.replacingOccurrences(of: "#FF2D55", with: "#FF3B30"), fileName: "t.yaml", format: .yaml))
        let difference = Set(lines).symmetricDifference(changed)
        #expect(difference.contains { $0.hasSuffix(".to.color = #FF2D55FF") })
        #expect(difference.contains { $0.hasSuffix(".to.color = #FF3B30FF") })
        #expect(difference.allSatisfy { $0.hasSuffix("#FF2D55FF") || $0.hasSuffix("#FF3B30FF") }, "\(difference)")
    }
}
