import Geometry
import Pipeline
import Raster
import SceneModel
import Testing

func makeScene(length: SceneLength, fps: Int = 60, items: [Item] = [], behaviors: [BehaviorSpec] = []) -> Scene {
    Scene(
        name: "test", canvas: Canvas(size: Size(100, 80), scale: 2, background: .white),
        fps: fps, length: length, items: items, behaviors: behaviors)
}

@Suite("Frame plans")
struct FramePlanTests {
    @Test("a duration gives duration·fps frames, rounded to the nearest tick")
    func durationFrames() {
        #expect(FramePlan(scene: makeScene(length: .duration(1.5))).maxFrames == 90)
        #expect(FramePlan(scene: makeScene(length: .duration(1.5), fps: 30)).maxFrames == 45)
        #expect(FramePlan(scene: makeScene(length: .duration(0.1), fps: 24)).maxFrames == 2)
        #expect(FramePlan(scene: makeScene(length: .duration(0.001))).maxFrames == 1)
        #expect(FramePlan(scene: makeScene(length: .duration(1.5))).stopsAtRest == false)
    }

    @Test("until rest is capped by maxDuration")
    func untilRestCap() {
        let plan = FramePlan(scene: makeScene(length: .untilRest(maxDuration: 5)))
        #expect(plan.maxFrames == 300)
        #expect(plan.stopsAtRest)
    }
}
