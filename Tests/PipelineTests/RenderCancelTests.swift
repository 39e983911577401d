import Foundation
import Pipeline
import SceneLoading
import Synchronization
import TestSupport
import Testing

/// A cancelled render (a studio's save) stops before its next frame, not at the end of its batch
/// of frames: a batch of a slow scene can take seconds, and the new frame waits for it.
@Suite("Cancelling a render")
struct RenderCancelTests {
    @Test("a yes mid-batch stops the render before its next frame: no batch is delivered, nothing is written")
    func stopsBeforeTheNextFrame() throws {
        let scene = try SceneLoader.load(path: repositoryRoot + "/scenes/snap.yaml")
        let out = try makeTemporaryDirectory()
        let asked = Atomic(0)
        let batchesDelivered = Atomic(0)
        var options = RenderOptions(outputDirectory: out, video: [], jobs: 1)
        options.writeTrace = false
        options.progress = { _ in batchesDelivered.add(1, ordering: .relaxed) }
        // One job: batches of 4 frames. The 4th question comes within the first batch (asked once
        // before it and once before each frame); asked only before each batch, the render would
        // deliver three batches first.
        options.isCancelled = { asked.add(1, ordering: .relaxed).newValue >= 4 }
        let error = #expect(throws: RenderCancelled.self) { try SceneRenderer.render(scene, options: options) }
        #expect(error?.sceneName == "snap")
        #expect(batchesDelivered.load(ordering: .relaxed) == 0)
        let frames = (try? FileManager.default.contentsOfDirectory(atPath: out + "/snap")) ?? []
        #expect(frames.filter { $0.hasSuffix(".png") }.isEmpty, "a cancelled batch publishes no frame")
    }

    @Test("a render never cancelled asks at least once a frame and writes every frame")
    func asksButRendersAll() throws {
        let scene = try SceneLoader.load(path: repositoryRoot + "/scenes/snap.yaml")
        let out = try makeTemporaryDirectory()
        let asked = Atomic(0)
        var options = RenderOptions(outputDirectory: out, video: [], jobs: 2)
        options.writeTrace = false
        options.isCancelled = {
            asked.add(1, ordering: .relaxed)
            return false
        }
        let result = try SceneRenderer.render(scene, options: options)
        let frames = try FileManager.default.contentsOfDirectory(atPath: out + "/snap")
        #expect(frames.filter { $0.hasSuffix(".png") }.count == result.frameCount)
        // Frames at rest reuse the last drawn one's pixels: only drawn frames are asked about.
        #expect(result.distinctFrames > 16, "more drawn frames than batches, or this pins nothing")
        #expect(asked.load(ordering: .relaxed) >= result.distinctFrames)
    }
}
