import Foundation
import Pipeline
import Raster
import SceneLoading
import SceneModel
import TestSupport
import Testing

/// `TickRecord`, the one per-tick recording: a record holds the parts it was taken with and
/// nothing else, and each consumer's view of a tick is read from the same record.
@Suite("Tick records")
struct TickRecordTests {
    func simulation(_ file: String) throws -> (Scene, SceneSimulation) {
        let scene = try SceneLoader.load(path: repositoryRoot + "/scenes/" + file)
        return (scene, try SceneSimulation(scene: scene))
    }

    @Test("a record holds exactly the parts it was taken with")
    func partsAreWhatWasAsked() throws {
        let (scene, simulation) = try simulation("transform-nest.yaml")
        for _ in 0..<30 { simulation.advance() }
        let drawing = simulation.record(.drawing)
        #expect(drawing.displayList != nil && drawing.labels.isEmpty && drawing.layers.isEmpty)
        #expect(drawing.animators.isEmpty)
        let labelled = simulation.record(.labelledDrawing)
        #expect(labelled.labels.count == labelled.frame.rects.count)
        #expect(labelled.labels.contains { $0 != nil })
        let layers = simulation.record(.layers)
        #expect(layers.displayList == nil && layers.labels.isEmpty)
        #expect(layers.topLevelLayers.map(\.id) == scene.items.map(\.id))
        #expect(layers.layers.count > scene.items.count, "child layers follow their parents")
        #expect(layers.tick == 30 && layers.time == 0.5)
    }

    @Test("the records' display lists are the frames, and their rows the trace, tick for tick")
    func recordsAreTheRender() throws {
        let (scene, simulation) = try simulation("watcher.yaml")
        let (_, reference) = try self.simulation("watcher.yaml")
        var trace = Trace(sceneName: scene.name, fps: scene.fps)
        var referenceTrace = Trace(sceneName: scene.name, fps: scene.fps)
        var ticks = 0
        var referenceTicks = SceneTicks(reference, plan: FramePlan(scene: scene))
        for record in SceneTicks(simulation, plan: FramePlan(scene: scene)).records([.drawing, .layers]) {
            let next = referenceTicks.next()
            let tick = try #require(next)
            #expect(record.tick == tick)
            #expect(record.frame == reference.displayList(), "tick \(tick)")
            trace.record(record)
            referenceTrace.record(reference)
            ticks += 1
        }
        #expect(referenceTicks.next() == nil)
        #expect(ticks == 34, "the watcher pauses the animator at tick 33")
        #expect(trace.csvContents == referenceTrace.csvContents)
        #expect(trace.textContents == referenceTrace.textContents)
        #expect(trace.textContents.contains("watcher fired"), "events reach the trace through the records")
    }

    @Test("a text item's record carries its string, which the trace prints")
    func textRides() throws {
        let (_, simulation) = try simulation("fields.yaml")
        let record = simulation.record(.layers)
        let texts = record.layers.compactMap(\.text)
        #expect(!texts.isEmpty)
        var trace = Trace(sceneName: "fields", fps: 60)
        trace.record(record)
        let lines = trace.textContents.split(separator: "\n").filter { $0.contains(" text \"") }
        #expect(lines.count == texts.count)
    }
}
