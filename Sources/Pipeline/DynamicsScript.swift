import Dynamics
import Foundation
import Geometry
import SceneModel
import Scrolling
import Timing

/// Runs a scene's `dynamicsTimeline:` against the live animator: behaviours by id, and the
/// entries due on each tick, applied with UIKit's setters so their side effects are UIKit's (a
/// snap point moves the anchor and wakes the item; a snap's damping is stored and ignored; adding
/// a behaviour to a paused animator resumes it, which the animator reports).
///
/// The same API serves Swift: `SceneSimulation.behaviors(withID:)` and
/// `SceneSimulation.schedule(atTick:_:)` let code change behaviours at a tick exactly as a
/// timeline entry does.
final class DynamicsScript {
    private(set) var behaviorsByID: [String: [DynamicBehavior]] = [:]
    private let entries: [DynamicsTimelineEntry]
    /// The tick each entry runs on; a triggered entry's is set when its event happens.
    private var ticks: [Int]
    private var scheduled: [(tick: Int, body: (DynamicAnimator) -> Void)] = []
    /// Seconds of the last entry (the scene is not at rest before it).
    let lastTime: Double

    /// Per entry: the tick its drag begins (nil without a drag), and the centre and finger then.
    private let dragStartTicks: [Int?]
    private var dragStarts: [Int: (center: Point, finger: Point)] = [:]
    private let fps: Int

    init(scene: Scene) {
        fps = scene.fps
        entries = scene.dynamicsTimeline
        ticks = scene.dynamicsTimeline.map { $0.on == nil ? ScriptTime.tick(for: $0.actionTime, fps: scene.fps) : -1 }
        listenFrom = scene.dynamicsTimeline.map { ScriptTime.tick(for: $0.at, fps: scene.fps) }
        dragStartTicks = scene.dynamicsTimeline.map { e in
            e.drag.map { _ in ScriptTime.tick(for: e.at, fps: scene.fps) }
        }
        // A triggered entry may never run: it keeps no scene from resting.
        lastTime = scene.dynamicsTimeline.filter { $0.on == nil }.map(\.actionTime).max() ?? 0
    }

    /// The tick from which each entry listens for its trigger.
    private let listenFrom: [Int]

    /// A collision behaviour's began-contact callback, during the step of `tick`: the first
    /// contact between an entry's two items (from its `at` on) schedules it for the next tick,
    /// where the delegate's changes take effect. Returns the entries it schedules.
    @discardableResult
    func contactBegan(between a: String, and b: String, tick: Int) -> [Int] {
        var fired: [Int] = []
        for (j, entry) in entries.enumerated() where ticks[j] < 0 && tick >= listenFrom[j] {
            guard case .collision(let x, let y)? = entry.on, (x, y) == (a, b) || (x, y) == (b, a) else { continue }
            ticks[j] = tick + 1
            fired.append(j)
        }
        return fired
    }

    /// After the step of `tick`: the first tick (from an entry's `at` on) its item's body is
    /// asleep schedules a `rest` entry for the next tick.
    func checkRest(tick: Int, isAsleep: (String) -> Bool) {
        for (j, entry) in entries.enumerated() where ticks[j] < 0 && tick >= listenFrom[j] {
            if case .rest(let id)? = entry.on, isAsleep(id) { ticks[j] = tick + 1 }
        }
    }

    func register(_ id: String?, _ behaviors: [DynamicBehavior]) {
        guard let id else { return }
        behaviorsByID[id] = behaviors
    }

    func schedule(atTick tick: Int, _ body: @escaping (DynamicAnimator) -> Void) {
        scheduled.append((tick, body))
    }

    var lastScheduledTick: Int { scheduled.map(\.tick).max() ?? 0 }

    /// Runs the entries and scheduled blocks due on `tick`, in file (then scheduling) order.
    /// `note` hears each call before it is made, so a resume it causes is traced after it.
    func run(
        tick: Int, animator: DynamicAnimator, make: (BehaviorSpec) throws -> [DynamicBehavior],
        item: (String) -> DynamicItem?, note: (String) -> Void
    ) {
        // Drags first: the pan handler's .began/.changed moves the item to follow the finger's
        // translation and hands the new centre to the animator (`updateItemUsingCurrentState`).
        for (j, entry) in entries.enumerated() {
            guard let drag = entry.drag, let start = dragStartTicks[j], start <= tick, tick <= ticks[j],
                let dragged = item(drag.item)
            else { continue }
            let finger = drag.finger(at: Double(tick - start) / Double(fps))
            if tick == start {
                dragStarts[j] = (dragged.center, finger)
                note("drag of \(drag.item) began")
            }
            guard let began = dragStarts[j] else { continue }
            dragged.center = began.center + (finger - began.finger)
            animator.updateItemUsingCurrentState(dragged)
            if tick == ticks[j] { note("drag of \(drag.item) ended") }
        }
        for (j, entry) in entries.enumerated() where ticks[j] == tick {
            if let tap = entry.tap { note("tap on \(tap)") }
            switch entry.on {
            case .collision(let a, let b)?: note("collision of \(a) and \(b)")
            case .rest(let id)?: note("\(id) came to rest")
            case nil: break
            }
            switch entry.action {
            case .none:
                break
            case .remove(let id):
                note("remove \(id)")
                for b in behaviorsByID[id] ?? [] { animator.removeBehavior(b) }
            case .add(var spec, let id):
                note("add \(spec.kind)" + (id.map { " \($0)" } ?? ""))
                if case .snap(var snap) = spec, snap.candidates != nil {
                    // The drag's release velocity hands on, where the entry has a drag.
                    let thrown = entry.drag.map { FingerPath(times: $0.times, points: $0.points).releaseVelocity }
                    snap.snapPoint = Self.nearest(snap, animator: animator, item: item, velocity: thrown, note: note)
                    snap.candidates = nil
                    spec = .snap(snap)
                }
                // Validated like `behaviors:`, so the engine accepts it; a refusal is reported.
                do {
                    let made = try make(spec)
                    register(id, made)
                    for b in made { animator.addBehavior(b) }
                } catch {
                    note("dynamicsTimeline[\(j)].add refused: \(error)")
                }
            case .set(let id, let settings):
                note("set \(id) " + settings.map { "\($0.key) \(Self.describe($0.value))" }.joined(separator: ", "))
                for b in behaviorsByID[id] ?? [] { for s in settings { Self.apply(s, to: b) } }
            }
        }
        for s in scheduled where s.tick == tick { s.body(animator) }
    }

    /// A `nearest:` snap's point: the candidate nearest to where the item's velocity (`velocity`,
    /// else its body's) would carry it, `project(v, rate)` from its centre; the first of equals.
    static func nearest(
        _ snap: SnapSpec, animator: DynamicAnimator, item: (String) -> DynamicItem?, velocity: Point?,
        note: (String) -> Void
    ) -> Point {
        guard let candidates = snap.candidates, let first = candidates.first else { return snap.snapPoint }
        guard let moving = item(snap.item) else { return first }
        let v = velocity ?? (animator.hasBody(moving) ? animator.linearVelocity(for: moving) : .zero)
        let rate = snap.projectionRate
        let projected =
            moving.referenceCenter
            + Point(ScrollPhysics.project(velocity: v.x, rate: rate), ScrollPhysics.project(velocity: v.y, rate: rate))
        let chosen = candidates.min { $0.distance(to: projected) < $1.distance(to: projected) } ?? first
        note(
            "snap \(snap.item) to the nearest of \(candidates.count) points, \(describe(.point(chosen))), projected to \(describe(.point(projected)))"
        )
        return chosen
    }

    private static func describe(_ v: BehaviorSetting.Value) -> String {
        func g(_ x: Double) -> String { String(format: "%g", x) }
        switch v {
        case .number(let x): return g(x)
        case .point(let p): return "[\(g(p.x)), \(g(p.y))]"
        case .bool(let b): return "\(b)"
        }
    }

    /// One setter, as UIKit's property of that class (angles in the scene's degrees).
    static func apply(_ s: BehaviorSetting, to behavior: DynamicBehavior) {
        let number: Double
        let point: Point
        let flag: Bool
        switch s.value {
        case .number(let x): (number, point, flag) = (x, .zero, false)
        case .point(let p): (number, point, flag) = (0, p, false)
        case .bool(let b): (number, point, flag) = (0, .zero, b)
        }
        switch behavior {
        case let snap as SnapBehavior:
            if s.key == "snapPoint" { snap.snapPoint = point } else if s.key == "damping" { snap.damping = number }
        case let push as PushBehavior:
            switch s.key {
            case "angle": push.angle = Angle.degrees(number).radians
            case "magnitude": push.magnitude = number
            case "direction": push.pushDirection = point
            case "active": push.active = flag
            default: break
            }
        case let gravity as GravityBehavior:
            switch s.key {
            case "direction": gravity.gravityDirection = point
            case "angle": gravity.angle = Angle.degrees(number).radians
            case "magnitude": gravity.magnitude = number
            default: break
            }
        case let attachment as AttachmentBehavior:
            switch s.key {
            case "anchorPoint": attachment.anchorPoint = point
            case "length": attachment.length = number
            case "damping": attachment.damping = number
            case "frequency": attachment.frequency = number
            default: break
            }
        case let item as ItemBehavior:
            switch s.key {
            case "elasticity": item.elasticity = number
            case "friction": item.friction = number
            case "resistance": item.resistance = number
            case "angularResistance": item.angularResistance = number
            case "density": item.density = number
            case "charge": item.charge = number
            case "allowsRotation": item.allowsRotation = flag
            case "anchored": item.anchored = flag
            default: break
            }
        case let field as FieldBehavior:
            switch s.key {
            case "strength": field.strength = number
            case "position": field.position = point
            case "direction": field.direction = point
            default: break
            }
        default: break
        }
    }
}
