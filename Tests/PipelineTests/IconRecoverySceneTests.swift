import Foundation
import Pipeline
import Raster
import SceneLoading
import SceneModel
import Testing

@Test("a scene whose icon has an invalid fill loads, draws it as SVG does, and warns at the icon: key")
func iconRecoveryInScene() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-recovery-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    <svg viewBox="0 0 10 10" xmlns="http://www.w3.org/2000/svg">
      <rect width="10" height="10" fill="#qqq"/>
    </svg>
    """.write(toFile: folder + "/bad.svg", atomically: true, encoding: .utf8)
    let scene = folder + "/scene.yaml"
    try """
    canvas: { size: [20, 20], scale: 1, background: white }
    duration: 0.02
    items:
      - { id: a, size: [20, 20], center: [10, 10], icon: bad.svg }
    """.write(toFile: scene, atomically: true, encoding: .utf8)
    let (loaded, warnings) = try SceneLoader.loadWithWarnings(path: scene)
    #expect(
        warnings.map(\.description) == [
            "\(scene):4:54: items[0].icon: icon bad.svg:2: fill=\"#qqq\" on <rect>: expected a colour (#RGB, #RRGGBB, a CSS name, rgb(…), hsl(…)), none, currentColor, context-fill, context-stroke or url(#gradient); drawn as if not given (SVG ignores an invalid value)"
        ])
    // Drawn as if the fill were not written: SVG's initial black.
    let pixels = Rasterizer.render(try SceneSimulation(scene: loaded).displayList()).straightRGBA()
    #expect(Array(pixels[(10 * 20 + 10) * 4..<(10 * 20 + 10) * 4 + 4]) == [0, 0, 0, 255])
}
