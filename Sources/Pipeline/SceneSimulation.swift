import Dynamics
import Geometry
import Raster
import SceneModel

/// A scene running in the animator, one tick at a time.
///
/// Frame `i` shows the state after `i` ticks of `1/fps` s; frame 0 is the scene as written.
/// Time is the integer tick index, never a clock, so the same scene always produces the same
/// sequence of display lists.
public final class SceneSimulation {
    public let scene: Scene
    public let animator: DynamicAnimator
    /// The scene's items as the animator sees them, in scene order.
    public let dynamicItems: [DynamicItem]
    /// Indices into `scene.items`, sorted by z (stable: equal z keeps file order).
    private let drawOrder: [Int]
    public private(set) var tick = 0
    /// The first tick after which the animator paused, if it has.
    public private(set) var pauseTick: Int?
    /// Everything that happened so far, in order.
    public private(set) var events: [SimulationEvent] = []

    /// Builds the animator for a validated scene.
    public init(scene: Scene) {
        self.scene = scene
        animator = DynamicAnimator(screenScale: scene.canvas.scale)
        dynamicItems = scene.items.map {
            DynamicItem(identifier: $0.id, bounds: $0.size, center: $0.center,
                        transform: AffineTransform(rotation: $0.rotation), kind: .view)
        }
        drawOrder = scene.items.indices.sorted {
            (scene.items[$0].zIndex, $0) < (scene.items[$1].zIndex, $1)
        }
        animator.willResume = { [unowned self] _ in events.append(SimulationEvent(tick: tick, kind: .animatorResumed)) }
        animator.didPause = { [unowned self] _ in events.append(SimulationEvent(tick: tick, kind: .animatorPaused)) }
        for spec in scene.behaviors {
            animator.addBehavior(makeBehavior(spec))
        }
    }

    /// The tick length in seconds.
    public var tickInterval: Double { 1 / Double(scene.fps) }

    /// True while the animator is paused (every body asleep, or nothing left to do).
    public var isAtRest: Bool { !animator.isRunning }

    /// Advances one tick. A paused animator stays paused, exactly as a UIKit animator whose
    /// display link has stopped.
    public func advance() {
        tick += 1
        let wasRunning = animator.isRunning
        if wasRunning { animator.step(tickInterval) }
        if wasRunning, !animator.isRunning, pauseTick == nil { pauseTick = tick }
    }

    /// The frame for the current tick.
    public func displayList() -> DisplayList {
        DisplayListBuilder.build(canvas: scene.canvas, items: scene.items, order: drawOrder,
                                 state: dynamicItems)
    }

    public func item(_ id: String) -> DynamicItem? {
        dynamicItems.first { $0.identifier == id }
    }

    private func makeBehavior(_ spec: BehaviorSpec) -> DynamicBehavior {
        // Validation guarantees every referenced id exists.
        func resolve(_ id: String) -> DynamicItem {
            guard let item = item(id) else { preconditionFailure("unvalidated scene: unknown item \(id)") }
            return item
        }
        switch spec {
        case .snap(let snap):
            let behavior = SnapBehavior(item: resolve(snap.item), snapTo: snap.snapPoint)
            behavior.damping = snap.damping
            return behavior
        case .gravity(let gravity):
            let behavior = GravityBehavior(items: gravity.items.map(resolve))
            behavior.gravityDirection = gravity.direction
            return behavior
        }
    }
}
