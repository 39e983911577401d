import Foundation
import Pipeline
import SceneLoading
import SceneModel
import TestSupport
import Testing

/// A render streams its trace to disk as it simulates; the files must hold exactly what the
/// in-memory trace (figures, tests) holds, header notes and animator columns included.
@Suite("Streamed traces")
struct TraceStreamTests {
    /// The in-memory trace of `scene`, recorded tick by tick as a render records it.
    func memoryTrace(_ scene: Scene) throws -> Trace {
        let simulation = try SceneSimulation(scene: scene)
        let plan = FramePlan(scene: scene)
        var trace = Trace(sceneName: scene.name, fps: scene.fps)
        if let tick = simulation.velocityBasedPauseTick(limit: plan.maxFrames) {
            trace.noteVelocityBasedPause(tick: tick, fps: scene.fps)
        }
        for frame in 0..<plan.maxFrames {
            if frame > 0 { simulation.advance() }
            trace.record(simulation)
            if plan.stopsAtRest, simulation.isAtRest { break }
        }
        return trace
    }

    @Test(
        "the streamed trace files equal the in-memory trace byte for byte",
        arguments: ["watcher.yaml", "property-animator-scrub.yaml", "gravity.json"])
    func streamedEqualsMemory(file: String) throws {
        let scene = try SceneLoader.load(path: repositoryRoot + "/scenes/" + file)
        let out = try makeTemporaryDirectory()
        let result = try SceneRenderer.render(
            scene, options: RenderOptions(outputDirectory: out, writeFrames: false, video: [], jobs: 1))
        let memory = try memoryTrace(scene)
        #expect(try String(contentsOfFile: try #require(result.tracePath), encoding: .utf8) == memory.textContents)
        #expect(try String(contentsOfFile: out + "/\(scene.name).trace.csv", encoding: .utf8) == memory.csvContents)
        #expect(!listDirectory(out).contains { $0.hasPrefix(".") }, "no temporary file left")
    }
}

extension TraceStreamTests {
    @Test("a tick of 2,000 layers, written in several batches, streams the same bytes as the in-memory trace")
    func batchesWithinATick() throws {
        var yaml = "name: many\ncanvas: { size: [320, 568] }\nduration: 0.05\nitems:\n"
        for i in 0..<2_000 {
            yaml += "  - { id: item\(i), size: [1, 1], center: [\(i % 300).25, \(i / 300 * 7)], rotation: \(i % 7) }\n"
        }
        let scene = try SceneLoader.decode(yaml, fileName: "many.yaml", format: .yaml)
        let out = try makeTemporaryDirectory()
        let result = try SceneRenderer.render(
            scene, options: RenderOptions(outputDirectory: out, writeFrames: false, video: [], jobs: 1))
        let memory = try memoryTrace(scene)
        let csv = try String(contentsOfFile: out + "/many.trace.csv", encoding: .utf8)
        #expect(csv.utf8.count > 3 << 16, "more than one 64 KiB batch a tick")
        #expect(csv == memory.csvContents)
        #expect(try String(contentsOfFile: try #require(result.tracePath), encoding: .utf8) == memory.textContents)
    }
}
