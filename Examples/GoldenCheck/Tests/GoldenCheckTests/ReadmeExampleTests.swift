import Flipbook
import Foundation
import Testing

/// The README's "From Swift" example, as a user's package compiles it: with `import Flipbook`
/// only. Flipbook's own suite checks that the code between the markers is the README's
/// (`ReadmeExampleTests` there, whitespace aside).
@Suite("The README's Swift example")
struct ReadmeExampleTests {
    @Test("builds the snap scene in Swift and renders its frames")
    func rendersTheSnapScene() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-example-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The example writes to "output", relative to the working folder.
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(folder.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }

        // README: begin
        let scene = Scene(
            name: "snap-in-code",
            canvas: Canvas(size: Size(320, 568), scale: 2, background: ColorRGBA8(hex: "#F2F2F7")!),
            length: .untilRest(maxDuration: 5),
            items: [
                Item(
                    id: "card", size: Size(60, 60), center: Point(160, 252),
                    fill: ColorRGBA8(hex: "#FF9500")!, cornerRadius: 8)
            ],
            behaviors: [.snap(SnapSpec(item: "card", snapPoint: Point(80, 252)))])
        let result = try SceneRenderer.render(scene, options: RenderOptions(outputDirectory: "output"))
        // README: end

        #expect(result.frameCount > 30)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/output/snap-in-code/frame_00000.png"))
    }
}
