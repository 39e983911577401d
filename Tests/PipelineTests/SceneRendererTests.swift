import Export
import Foundation
import Geometry
import PNG
import Pipeline
import Raster
import SceneModel
import SceneSyntax
import TestSupport
import Testing

@Suite("Scene renderer")
struct SceneRendererTests {
    private func render(_ scene: Scene, jobs: Int) throws -> (RenderResult, [String: [UInt8]]) {
        let dir = try makeTemporaryDirectory()
        let result = try SceneRenderer.render(
            scene,
            options: RenderOptions(
                outputDirectory: dir, writeFrames: true, video: [], jobs: jobs))
        var files: [String: [UInt8]] = [:]
        for name in listDirectory(dir + "/" + scene.name) {
            files[name] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/" + scene.name + "/" + name)))
        }
        try FileManager.default.removeItem(atPath: dir)
        return (result, files)
    }

    @Test("an until-rest scene ends on the frame where the animator paused")
    func untilRestEndsAtPause() throws {
        let (result, files) = try render(seedSnap, jobs: 2)
        let pause = try #require(result.pauseTick)
        #expect(result.frameCount == pause + 1)
        #expect(files.count == result.frameCount)
        #expect(files.keys.sorted().last == PNGSequence.fileName(forFrame: pause))
    }

    @Test("one and two jobs write byte-identical frames")
    func jobsDoNotChangeBytes() throws {
        let (one, a) = try render(seedSnap, jobs: 1)
        let (two, b) = try render(seedSnap, jobs: 2)
        #expect(one.frameCount == two.frameCount)
        #expect(a == b)
    }

    @Test("frames at rest reuse the previous frame instead of drawing it again")
    func restingFramesAreReused() throws {
        let (result, files) = try render(seedSnap, jobs: 2)
        #expect(result.distinctFrames < result.frameCount)
        // The last two frames show the card at rest: same bytes.
        let names = files.keys.sorted()
        #expect(files[names[names.count - 1]] == files[names[names.count - 2]])
    }

    @Test("a scene built in Swift is validated with the scene file's rules before anything is written")
    func invalidSwiftSceneIsRejected() throws {
        var scene = seedSnap
        scene.behaviors = [.snap(SnapSpec(item: "crad", snapPoint: Point(0, 0)))]
        let dir = try makeTemporaryDirectory()
        #expect(throws: SceneError.self) {
            try SceneRenderer.render(scene, options: RenderOptions(outputDirectory: dir))
        }
        #expect(listDirectory(dir) == [])
    }
}
