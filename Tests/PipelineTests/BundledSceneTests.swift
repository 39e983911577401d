import Foundation
import Geometry
import Pipeline
import SceneLoading
import SceneModel
import TestSupport
import Testing

/// Runs a bundled scene's simulation exactly as `flipbook render` does (without drawing) and
/// returns the item states of every frame.
func simulate(_ file: String) throws -> (
    simulation: SceneSimulation, frames: [[String: (center: Point, frame: Rect, angle: Double)]]
) {
    let scene = try SceneLoader.load(path: repositoryRoot + "/scenes/" + file)
    let simulation = try SceneSimulation(scene: scene, file: file)
    let plan = FramePlan(scene: scene)
    var frames: [[String: (center: Point, frame: Rect, angle: Double)]] = []
    func capture() {
        var state: [String: (center: Point, frame: Rect, angle: Double)] = [:]
        for item in simulation.dynamicItems {
            state[item.identifier] = (item.center, item.frame, item.rotation.radians)
        }
        frames.append(state)
    }
    capture()
    while frames.count < plan.maxFrames, !(plan.stopsAtRest && simulation.isAtRest) {
        simulation.advance()
        capture()
    }
    return (simulation, frames)
}

@Suite("Bundled scenes")
struct BundledSceneTests {
    /// Frame count and the tick the animator paused after (nil: still running at the end).
    static let expectations: [(String, Int, Int?)] = [
        ("snap.yaml", 69, 68),
        ("gravity.json", 90, nil),
        ("push.yaml", 252, nil),
        ("collisions.yaml", 249, 248),
        ("stack.yaml", 77, 76),
        ("attachments.yaml", 240, nil),
        ("fields.yaml", 180, nil),
        ("watcher.yaml", 34, 33),
        ("damped-resize.yaml", 93, 92),
        ("transform-nest.yaml", 81, 80),
        ("snap-zones.yaml", 300, 102),
        ("interactive-complete.yaml", 81, nil),
        ("interactive-cancel.yaml", 87, nil),
        ("interactive-cancel-displaylink.yaml", 87, nil),
        ("property-animator-scrub.yaml", 94, nil),
        ("spring-gallery.yaml", 92, nil),
        ("keyframes.yaml", 180, nil),
        ("tap-resnap.yaml", 234, 31),
        ("shapes.yaml", 120, nil),
        ("widgets.yaml", 180, nil),
        ("post.yaml", 210, 31),
        ("pull-down.yaml", 81, nil),
        ("images.yaml", 120, nil),
        ("gradients.yaml", 60, nil),
        ("materials.yaml", 90, nil),
        ("sheet.yaml", 84, nil),
        ("feed.yaml", 390, nil),
        ("carousel.yaml", 378, nil),
        ("throw-sheet.yaml", 180, nil),
        ("refresh.yaml", 276, nil),
        ("hinged-sign.yaml", 300, 31),
        ("send.yaml", 192, nil),
        ("card-flip.yaml", 204, nil),
        ("doors.yaml", 156, nil),
        ("transitions.yaml", 180, nil),
        ("cover-flow.yaml", 336, nil),
        ("payment-sent.yaml", 96, nil),
        ("settings.yaml", 180, nil),
        ("display.yaml", 168, nil),
        ("new-event.yaml", 192, nil),
        ("design-screen.yaml", 156, nil),
    ]

    @Test(
        "every bundled scene runs for its pinned number of frames and pauses on its pinned tick",
        arguments: expectations)
    func frameCountsAndPauses(file: String, frames: Int, pause: Int?) throws {
        let run = try simulate(file)
        #expect(run.frames.count == frames)
        #expect(run.simulation.pauseTick == pause)
    }

    @Test("every scene file in scenes/ has a pinned expectation")
    func everySceneIsCovered() throws {
        let files = try SceneDiscovery.sceneFiles(in: repositoryRoot + "/scenes").map {
            ($0 as NSString).lastPathComponent
        }
        #expect(files.sorted() == Self.expectations.map(\.0).sorted())
    }
}
