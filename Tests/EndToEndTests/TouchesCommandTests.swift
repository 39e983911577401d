import Foundation
import TestSupport
import Testing

@Suite("flipbook render --touches")
struct TouchesCommandTests {
    static let scene = """
        canvas: { size: [60, 60], scale: 1, background: "#FFFFFF" }
        fps: 20
        duration: 0.5
        items:
          - { id: card, size: [20, 20], center: [30, 30], fill: "#007AFF" }
        dynamicsTimeline:
          - { at: 0.1, tap: card }
        """

    private func frames(_ arguments: [String], scene: String = TouchesCommandTests.scene) throws -> [Data] {
        let folder = try makeTemporaryDirectory()
        let file = folder + "/tapped.yaml"
        try scene.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try CLI.run(
            ["render", file, "--out", folder + "/out", "--video", "none", "--no-player"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try listDirectory(folder + "/out/tapped").filter { $0.hasSuffix(".png") }.sorted().map {
            try Data(contentsOf: URL(fileURLWithPath: folder + "/out/tapped/" + $0))
        }
    }

    @Test(
        "a scripted tap shows the circle from its tick by default; --touches off draws the frames of a scene without it; the trace logs the tap"
    )
    func onAndOff() throws {
        let shown = try frames([])
        let off = try frames(["--touches", "off"])
        let hidden = try frames([], scene: Self.scene + "\ntouches: { show: false }\n")
        #expect(shown.count == 10 && off.count == 10)
        #expect(shown[1] == off[1], "tick 1: before the tap")
        #expect(shown[2] != off[2] && shown[4] != off[4], "ticks 2 (down) and 4 (held): the circle")
        #expect(shown[9] == off[9], "tick 9: 0.1 s held + 0.2 s fade are over")
        #expect(off == hidden)
        #expect(try frames(["--touches", "on"], scene: Self.scene + "\ntouches: { show: false }\n") == shown)
        let bad = try CLI.run(["render", "scenes/snap.yaml", "--touches", "maybe"])
        #expect(bad.status == 64 && bad.stderr.contains("--touches"), "\(bad.stderr)")
    }
}
