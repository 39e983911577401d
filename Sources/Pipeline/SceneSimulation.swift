import CustomBehaviors
import Dynamics
import Geometry
import Raster
import SceneModel
import SceneSyntax
import Timing

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
    /// Children a behaviour moves, by id (their centres in their parents' coordinates).
    private let nestedDynamicItems: [String: DynamicItem]
    /// The scene's item groups (`itemGroups:`), in file order.
    private let itemGroups: [DynamicItemGroup]
    /// Indices into `scene.items`, sorted by z (stable: equal z keeps file order).
    private let drawOrder: [Int]
    public private(set) var tick = 0
    /// The first tick after which the animator paused, if it has.
    public private(set) var pauseTick: Int?
    /// Everything that happened so far, in order.
    public private(set) var events: [SimulationEvent] = []
    /// Where custom behaviours report what they did; copied into `events` as it grows.
    private let behaviorLog = BehaviorEventLog()
    private var behaviorEventsSeen = 0
    /// Behaviours driven by scripted input (drags), fed before every tick.
    private var inputBehaviors: [SnapZonesBehavior] = []
    /// When the last scripted input ends, in seconds: until then the scene is not at rest even if
    /// the animator has paused, because a drag will wake it.
    private var scriptedInputEnd = 0.0
    /// `dynamicsTimeline:` and behaviours scheduled from Swift.
    private var dynamicsScript: DynamicsScript!
    /// The Core Animation side: item layers, animations, view animations, property animators.
    private(set) var timing: SceneTiming!
    /// `scene.usesDepth`, read once: the trace asks every tick.
    private(set) var sceneUsesDepth = false
    /// The colours some animation changes (`Scene.animatedColors`): the trace's colour columns.
    private(set) var animatedColors: [(property: LayerProperty, column: String)] = []
    /// Text items' layouts, set once (`text:` items).
    let texts: SceneTexts
    /// Image items' pictures, premultiplied with mipmaps on first use and kept for every frame.
    let images = PreparedImages()
    /// The circles under scripted fingers (`touches:`), drawn over the items.
    private var touchIndicator: TouchIndicator

    /// Builds the animator for a validated scene.
    ///
    /// - Throws: `SceneError` (with the behaviour's key path) if the engine rejects a value that
    ///   scene validation let through; the two rule sets are meant to agree, and this keeps any
    ///   gap between them an error message rather than a crash.
    public init(scene: Scene, file: String = "<swift>") throws {
        self.scene = scene
        texts = try SceneTexts(scene: scene, file: file)
        touchIndicator = TouchIndicator(scene: scene)
        animator = DynamicAnimator(
            screenScale: scene.canvas.scale,
            referenceBounds: Rect(origin: .zero, size: scene.canvas.size))
        let items = try scene.items.enumerated().map { i, item in
            try Self.dynamicItem(for: item, at: "items[\(i)]", file: file)
        }
        dynamicItems = items
        // Children a behaviour moves: their centres stay in their parents' coordinates and the
        // animator converts them, as UIKit converts a view's centre from its superview.
        let moved = scene.dynamicallyMovedItemIDs
        var nested: [String: DynamicItem] = [:]
        if !moved.isEmpty {
            try scene.forEachItem { item, path, parent in
                guard parent != nil, moved.contains(item.id) else { return }
                nested[item.id] = try Self.dynamicItem(for: item, at: path.description, file: file)
            }
        }
        nestedDynamicItems = nested
        timing = try SceneTiming(scene: scene, dynamicItems: items, nestedDynamicItems: nested, file: file)
        sceneUsesDepth = scene.usesDepth
        animatedColors = scene.animatedColors
        // By index: enumerating the nodes would copy each one (an item and a path apiece).
        for i in timing.nodes.indices where !timing.nodes[i].children.isEmpty {
            for child in timing.nodes[i].children {
                timing.nodes[child].dynamic?.superview = timing.coordinateSpace(ofChildrenOf: i)
            }
        }
        do {
            itemGroups = try scene.itemGroups.map { group in
                try DynamicItemGroup(
                    items: group.items.map { id in
                        guard let member = items.first(where: { $0.identifier == id }) ?? nested[id] else {
                            preconditionFailure("unvalidated scene: unknown group item \(id)")
                        }
                        return member
                    }, identifier: group.id)
            }
        } catch let error as DynamicsParameterError {
            throw SceneError(file: file, keyPath: "itemGroups", message: error.message)
        }
        drawOrder = scene.items.indices.sorted {
            (scene.items[$0].zIndex, $0) < (scene.items[$1].zIndex, $1)
        }
        animator.willResume = { [unowned self] _ in record(.animatorResumed) }
        animator.didPause = { [unowned self] _ in record(.animatorPaused) }
        dynamicsScript = DynamicsScript(scene: scene)
        scriptedInputEnd = dynamicsScript.lastTime
        for (i, spec) in scene.behaviors.enumerated() {
            do {
                let made = try makeBehaviors(spec)
                for behavior in made { animator.addBehavior(behavior) }
                dynamicsScript.register(scene.behaviorID(i), made)
            } catch let error as DynamicsParameterError {
                throw SceneError(file: file, keyPath: "behaviors[\(i)].\(spec.kind)", message: error.message)
            }
        }
        flushBehaviorEvents()
        runDynamicsScript()
        recordTiming(timing.process(tick: 0))
        recordTouches()
    }

    /// The tick length in seconds.
    public var tickInterval: Double { 1 / Double(scene.fps) }

    /// For a scene with frame watchers: the tick after which the animator would pause without
    /// them, by UIKit's own velocity-based rest (every body asleep). This is the pause the
    /// watchers save waiting for (pause-detection.txt: 1.17 s against the watcher's 0.6 s). It
    /// runs the scene once more with each watcher replaced by the behaviour it watches, up to
    /// `limit` ticks; nil when the scene has no watchers or never rests within the limit.
    public func velocityBasedPauseTick(limit: Int) -> Int? {
        guard scene.behaviors.contains(where: { if case .watcher = $0 { return true } else { return false } }) else {
            return nil
        }
        var unwatched = scene
        unwatched.behaviors = scene.behaviors.map { spec in
            if case .watcher(let w) = spec { return w.client }
            return spec
        }
        guard let other = try? SceneSimulation(scene: unwatched) else { return nil }
        while other.pauseTick == nil, other.tick < limit { other.advance() }
        return other.pauseTick
    }

    /// Scene time of the current tick, in seconds.
    public var time: Double { Double(tick) / Double(scene.fps) }

    /// True while the animator is paused (every body asleep, or nothing left to do) and no
    /// scripted input is still to come.
    /// A scene with animations also waits for them: no scripted call left, no animation
    /// running, no property animator active.
    public var isAtRest: Bool { !animator.isRunning && time >= scriptedInputEnd && !timing.isBusy }

    /// Advances one tick. A paused animator stays paused, exactly as a UIKit animator whose
    /// display link has stopped.
    public func advance() {
        tick += 1
        // Scripted input arrives before the tick, like touches before a display-link callback;
        // it may wake a paused animator.
        for behavior in inputBehaviors { behavior.handleInput(at: time) }
        runDynamicsScript()
        let wasRunning = animator.isRunning
        if wasRunning { animator.step(tickInterval) }
        dynamicsScript.checkRest(tick: tick) { [unowned self] id in
            guard let item = item(id) else { return false }
            return animator.hasBody(item) && !animator.isAwake(item)
        }
        flushBehaviorEvents()
        if wasRunning, !animator.isRunning, pauseTick == nil { pauseTick = tick }
        recordTiming(timing.process(tick: tick))
        recordTouches()
    }

    /// Where this tick's taps land: their item's centre as this tick draws it.
    private func recordTouches() {
        touchIndicator.recordTaps(tick: tick) { [unowned self] id in
            scene.items.firstIndex { $0.id == id }.map { tracedState(at: $0).center }
        }
    }

    /// Runs the `dynamicsTimeline:` entries and scheduled blocks due on this tick (before the
    /// step, like scripted input); they may resume a paused animator.
    private func runDynamicsScript() {
        dynamicsScript.run(
            tick: tick, animator: animator, make: { [unowned self] spec in try makeBehaviors(spec) },
            item: { [unowned self] id in item(id) }, note: { [unowned self] line in record(.behavior(line)) })
    }

    /// The behaviours created for `id` (a scene behaviour's or a timeline `add`'s), empty when
    /// none has that id (yet). Change them with UIKit's setters from a `schedule(atTick:_:)` block.
    public func behaviors(withID id: String) -> [DynamicBehavior] { dynamicsScript.behaviorsByID[id] ?? [] }

    /// Runs `body` with the animator at the start of tick `tick` (> the current tick), before the
    /// step, exactly where `dynamicsTimeline:` entries run: the Swift form of a timeline entry, for
    /// custom behaviours and changes the scene format does not spell.
    public func schedule(atTick tick: Int, _ body: @escaping (DynamicAnimator) -> Void) {
        precondition(tick > self.tick, "schedule(atTick:) needs a future tick; now is \(self.tick)")
        dynamicsScript.schedule(atTick: tick, body)
        scriptedInputEnd = max(scriptedInputEnd, Double(tick) / Double(scene.fps))
    }

    private func recordTiming(_ kinds: [SimulationEvent.Kind]) {
        for kind in kinds { events.append(SimulationEvent(tick: tick, kind: kind)) }
    }

    /// Each property animator's `fractionComplete` now, in declaration order (for the trace).
    public var animatorFractions: [(id: String, fractionComplete: Double, state: String)] {
        timing.scripts.map { ($0.spec.id, $0.animator.fractionComplete, $0.animator.stateDescription) }
    }

    /// The value drawn for an item's property now (presentation: model, animations, animators);
    /// any item of the tree.
    public func presentationValue(of item: String, _ property: LayerProperty) -> AnimatableValue {
        timing.presentation(item, property, at: time)
    }

    /// What the trace reports for a top-level item now: its presentation state (model values,
    /// animations and property animators) when Core Animation timing drives the scene, otherwise
    /// the animator's item. The same geometry the frame draws.
    public func tracedState(_ item: DynamicItem) -> (
        center: Point, bounds: Size, transform: AffineTransform, opacity: Double
    ) {
        guard let index = dynamicItems.firstIndex(where: { $0 === item }) else {
            return (item.center, item.bounds, item.transform, 1)
        }
        return tracedState(at: index)
    }

    /// `tracedState` of `dynamicItems[index]` (which is `scene.items[index]`), in constant time:
    /// the trace calls it for every item every tick, so a search by id here made the trace's
    /// cost grow with the square of the item count.
    public func tracedState(at index: Int) -> (center: Point, bounds: Size, transform: AffineTransform, opacity: Double)
    {
        let item = dynamicItems[index]
        guard timing.isUsed else {
            return (item.center, item.bounds, item.transform, scene.items[index].opacity)
        }
        let p = DisplayListBuilder.presentedLayer(timing.roots[index], timing: timing)
        return (p.center, p.size, p.transform, p.opacity)
    }

    /// Whether an item's layer is drawn now (false while its local time is outside its active span).
    public func isVisible(_ item: String) -> Bool {
        guard let i = timing.nodes.firstIndex(where: { $0.item.id == item }) else { return false }
        return timing.isVisible(i)
    }

    private func record(_ kind: SimulationEvent.Kind) {
        flushBehaviorEvents()
        events.append(SimulationEvent(tick: tick, kind: kind))
    }

    /// Copies the behaviours' new events, stamped with the scene tick they happened in.
    private func flushBehaviorEvents() {
        for event in behaviorLog.events.dropFirst(behaviorEventsSeen) {
            events.append(SimulationEvent(tick: tick, kind: .behavior(event.summary)))
        }
        behaviorEventsSeen = behaviorLog.events.count
    }

    /// The frame for the current tick.
    public func displayList() -> DisplayList { frame(label: nil) }

    /// The frame for the current tick and, for each of its rectangles, the id of the item that
    /// draws it (nil: the gradient background, a touch circle, the bezel). An app screen draws
    /// many rectangles whose order follows the tree and `z`; a test or tool finds one item's
    /// layer by its id here, not by its position in the list.
    public func labelledDisplayList() -> (list: DisplayList, items: [String?]) {
        var labels: [(index: Int, id: String)] = []
        let list = frame { labels.append(($0, $1)) }
        var items = [String?](repeating: nil, count: list.rects.count)
        for label in labels { items[label.index] = label.id }
        return (list, items)
    }

    private func frame(label: ((Int, String) -> Void)?) -> DisplayList {
        var list =
            timing.isUsed
            ? DisplayListBuilder.build(
                canvas: scene.canvas, order: drawOrder, timing: timing, texts: texts, images: images, label: label)
            : DisplayListBuilder.build(
                canvas: scene.canvas, items: scene.items, order: drawOrder, state: dynamicItems, label: label)
        // Over the items: the touch indicator, then the device bezel.
        list.rects += touchIndicator.rects(atTick: tick, scale: scene.canvas.scale)
        if let bezel = DeviceFrame.rect(for: scene.canvas) { list.rects.append(bezel) }
        return list
    }

    /// The scripted fingers shown on this frame: centre in canvas points and the circle's
    /// opacity (empty when the scene shows no touches).
    public var touches: [(center: Point, opacity: Double)] {
        touchIndicator.isShown ? touchIndicator.touches(atTick: tick) : []
    }

    /// Warnings about the scene's text (characters no font has), one line each, in item order.
    public var textWarnings: [String] { texts.warnings }

    /// A text item's string, and the box of its set lines in item-local points (origin at the
    /// bounds' top-left); nil for an item without text.
    public func textSummary(of id: String) -> (string: String, bounds: Rect)? {
        guard let entry = texts.byID[id] else { return nil }
        return (entry.layout.lines.map(\.text).joined(separator: "\n"), entry.layout.bounds)
    }

    /// The animator's item with `id`: a top-level item, a child a behaviour moves, or a group.
    public func item(_ id: String) -> DynamicItem? {
        dynamicItems.first { $0.identifier == id } ?? nestedDynamicItems[id] ?? itemGroups.first { $0.identifier == id }
    }

    /// The animator's item for a scene item, with the item's collision bounds.
    private static func dynamicItem(for item: Item, at path: String, file: String) throws -> DynamicItem {
        let dynamic = DynamicItem(
            identifier: item.id, bounds: item.size, center: item.center,
            transform: AffineTransform(rotation: item.rotation),
            kind: item.dynamicKind == .plain ? .plain : .view)
        do {
            dynamic.collisionBounds = try DynamicsBehaviorFactory.collisionBounds(item.collisionBounds)
        } catch {
            throw SceneError(file: file, keyPath: path + ".collisionBounds", message: error.message)
        }
        return dynamic
    }

    /// The animator behaviours for one scene behaviour (a watcher brings its client along).
    func makeBehaviors(_ spec: BehaviorSpec) throws -> [DynamicBehavior] {
        // Validation guarantees every referenced id exists.
        func resolve(_ id: String) -> DynamicItem {
            guard let item = item(id) else { preconditionFailure("unvalidated scene: unknown item \(id)") }
            return item
        }
        switch spec {
        case .snap(var snap):
            // `nearest:` in `behaviors:` (or from Swift): chosen from the item's own velocity.
            if snap.candidates != nil {
                snap.snapPoint = DynamicsScript.nearest(
                    snap, animator: animator, item: { [unowned self] in item($0) }, velocity: nil,
                    note: { [unowned self] in record(.behavior($0)) })
            }
            let behavior = SnapBehavior(item: resolve(snap.item), snapTo: snap.snapPoint)
            behavior.damping = snap.damping
            return [behavior]
        case .gravity(let gravity):
            let behavior = GravityBehavior(items: gravity.items.map(resolve))
            behavior.gravityDirection = gravity.direction
            return [behavior]
        case .collision:
            // The collision delegate: contacts reach the timeline's `on: { collision: … }` entries.
            let made = try DynamicsBehaviorFactory.make(spec, resolve: resolve)
            for case let collision as CollisionBehavior in made {
                collision.beganContact = { [unowned self] _, item, contact, _ in
                    if case .item(let other) = contact {
                        dynamicsScript.contactBegan(between: item.identifier, and: other.identifier, tick: tick)
                    }
                }
            }
            return made
        case .push, .attachment, .itemBehavior, .field:
            return try DynamicsBehaviorFactory.make(spec, resolve: resolve)
        case .watcher(let w):
            let clients = try makeBehaviors(w.client)
            let watcher = FrameWatcherBehavior(
                item: resolve(w.item), client: clients[0], pointLaxity: w.laxity,
                threshold: w.threshold, log: behaviorLog)
            return clients + [watcher]
        case .dampedResize(let r):
            return [
                DampedResizeBehavior(
                    item: resolve(r.item), amplitude: r.amplitude, frequency: r.frequency,
                    decay: r.decay, duration: r.duration, tickRate: Double(scene.fps), log: behaviorLog)
            ]
        case .transformTween(let t):
            let target = AffineTransform(scaleX: t.scale.width, y: t.scale.height)
                .concatenating(AffineTransform(rotation: t.rotation))
                .concatenating(AffineTransform(translationX: t.translation.x, y: t.translation.y))
            return [
                TransformTweenBehavior(
                    item: resolve(t.item), transform: target, acceleration: t.acceleration,
                    log: behaviorLog)
            ]
        case .transformNest(let n):
            return [
                TransformNest(
                    items: n.items.map(resolve), snapTo: n.point, angles: n.angles, damping: n.damping,
                    acceleration: n.acceleration, log: behaviorLog)
            ]
        case .snapZones(let z):
            let drags = z.drags.map { drag in
                ScriptedDrag(
                    item: resolve(drag.item), keyframes: drag.keyframes.map { (time: $0.time, point: $0.point) })
            }
            let behavior = SnapZonesBehavior(
                zones: z.zones.map { SnapZone(identifier: $0.id, frame: $0.rect) },
                drags: drags, log: behaviorLog)
            inputBehaviors.append(behavior)
            scriptedInputEnd = max(scriptedInputEnd, z.drags.map { $0.keyframes.last?.time ?? 0 }.max() ?? 0)
            return [behavior]
        }
    }
}
