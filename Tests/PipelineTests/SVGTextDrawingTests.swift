import Foundation
import PNG
import Pipeline
import Raster
import SceneLoading
import TestSupport
import Testing

/// Text in an icon drawn in a frame, against librsvg (`rsvg-convert`) drawing the same file:
/// both set it in the installed Inter, so the glyphs, their advances, spans and anchors must
/// land on the same pixels.
@Suite("Text in icons in frames")
struct SVGTextDrawingTests {
    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 120">
        <rect width="240" height="120" fill="#fff"/>
        <text x="120" y="40" font-family="Inter" font-size="24" font-weight="bold" text-anchor="middle" fill="#0A84FF">Good morning</text>
        <text x="10" y="80" font-family="Inter" font-size="16">Maya <tspan fill="#FF3B30" font-weight="600">Chen</tspan> · 3 new</text>
        <text x="230" y="110" font-family="Inter" font-size="12" text-anchor="end" fill="#8E8E93">Friday, 4 December</text>
        </svg>
        """

    @Test(
        "a text's runs, spans and anchors draw where librsvg draws them (measured: mean 0.08 levels, no channel off by more than 64)"
    )
    func againstLibrsvg() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(Self.svg.utf8).write(to: URL(fileURLWithPath: folder + "/text.svg"))
        let scene = try SceneLoader.decode(
            """
            canvas: { size: [240, 120], scale: 2, background: "#FFFFFF" }
            duration: 0.1
            items:
              - { id: label, size: [240, 120], center: [120, 60], fill: clear, icon: text.svg }
            output: { video: [] }
            """,
            fileName: folder + "/text.yaml", format: .yaml)
        let ours = Rasterizer.render(try SceneSimulation(scene: scene).displayList()).straightRGBA()
        let rsvg = try #require(
            ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first {
                FileManager.default.fileExists(atPath: $0)
            },
            "rsvg-convert is missing: apt-get install -y librsvg2-bin (make test-deps installs it)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: rsvg)
        process.arguments = ["--zoom", "2", "--format", "png", "--output", folder + "/rsvg.png", folder + "/text.svg"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let theirs = try PNG.decode(contentsOf: folder + "/rsvg.png")
        #expect(theirs.width == 480 && theirs.height == 240)
        // The file paints an opaque white background, so both are opaque: compare colours.
        var total = 0
        var far = 0
        for (a, b) in zip(ours, theirs.rgba) {
            let d = abs(Int(a) - Int(b))
            total += d
            if d > 64 { far += 1 }
        }
        let mean = Double(total) / Double(ours.count)
        #expect(mean < 0.3, "mean |Δ| \(mean) levels a channel")
        #expect(far == 0, "\(far) channels off by more than 64 levels")
    }
}
