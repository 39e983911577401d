import Dynamics
import Foundation
import Geometry
import Raster
import SceneModel
import SceneSyntax
import Scrolling
import Timing

/// A scene's Core Animation side, tick by tick: one `TimingLayer` per item (the item tree is the
/// layer tree), the items' explicit animations, `UIView.animate` blocks, property animators and
/// scripted layer-timing calls.
///
/// Order within tick n (time t = n / fps), fixed so that frames are reproducible:
/// 1. completion blocks reported on the previous tick run (CA delivers `animationDidStop` after
///    the frame that showed the end, which is why the seed's reversed layer is seen hidden once);
/// 2. model values of items a behaviour moves are read from the dynamic animator;
/// 3. scripted layer-timing calls due now, then scrubs, in file order;
/// 4. explicit animations and view animations due now are committed — after the timing calls,
///    as CA commits at the end of the run-loop turn (spec timing §1.6);
/// 5. property animators: `advance(to: t)`, then their calls due now;
/// 6. `advance(to: t)` on every root layer: completion events.
final class SceneTiming {
    struct Node {
        let item: Item
        /// Its position in `scene.items` for a top-level item, else in its parent's `children`.
        let index: Int
        let layer: TimingLayer
        let parent: Int?
        /// Children in drawing order (z, then file order).
        var children: [Int]
        /// The animator's item: every top-level item has one, a child one when a behaviour moves it.
        let dynamic: DynamicItem?
        /// A behaviour moves it: centre and rotation come from the dynamic animator.
        let isBehaviorDriven: Bool
        /// `item.scrollTransitions` is not empty: asked for every property of every layer every
        /// frame, where reading the array itself (behind the item's shared attributes) retained it.
        let followsScrolling: Bool
    }

    /// Without dynamic exclusivity checks: set up once in `init` (only `children` changes, there),
    /// then read for every layer's every property every frame, where the checks were a twentieth
    /// of drawing a large scene.
    @exclusivity(unchecked) private(set) var nodes: [Node] = []
    /// The node of each top-level item, indexed like `scene.items`.
    private(set) var roots: [Int] = []
    /// Each node by its item's id, made at the first lookup: only scripts and calls name items,
    /// and a scene without them (most large ones) never asks.
    private lazy var index: [String: Int] = Dictionary(
        nodes.indices.map { (nodes[$0].item.id, $0) }, uniquingKeysWith: { _, later in later })
    let fps: Int
    /// Whether the scene needs the layer tree: a timing feature, or an item the plain builder
    /// does not draw (`DisplayListBuilder.drawsPlain`). When not, nothing here runs and frames
    /// are drawn from the animator's state alone.
    private(set) var isUsed = false
    private(set) var scripts: [AnimatorScript] = []
    private let scene: Scene
    /// `scene.viewAnimationScripts`, taken once.
    private let viewAnimations: [ViewAnimationScript]
    private var viewAnimationTicks: [Int]
    /// The tick each view animation's drag (if any) comes down on; it lifts on the block's tick.
    private let viewDragTicks: [Int]
    /// Where each dragged view's centre was when its finger came down, by view animation.
    private var viewDragStarts: [Int: Point] = [:]
    private var viewCompletions:
        [(spec: ViewAnimationSpec, node: Int, completion: ViewAnimationTransaction.Completion)] = []
    private var pendingReactions: [(node: Int, completion: ViewAnimationSpec.Completion)] = []
    /// Running display-link reverses (the seed's v2): the call, its node, its start time and p.
    private var displayLinks: [(call: Int, node: Int, startTick: Int, progress: Double)] = []
    private var layerCallTicks: [Int]
    private var layerCallEndTicks: [Int]
    private var lastScriptTick = 0
    private(set) var tick = 0
    /// The motion of each scroll view (`scroll:` item), by node.
    private(set) var scrollMotions: [Int: ScrollMotion] = [:]
    /// Each node's model `isHidden`: the item's, then as view animations' `isHidden` set it.
    /// Unchecked, as `nodes`: short accesses that cannot overlap, one per layer as the tree is
    /// built and per layer each frame.
    @exclusivity(unchecked) private(set) var hidden: [Bool] = []
    /// `UIView.transition` blocks running or not yet reported complete, in commit order.
    private(set) var transitions: [ViewTransitionRun] = []
    /// Their delegate callbacks, with the tick each is heard on, in time then node order.
    private var scrollEvents: [(tick: Int, node: Int, event: ScrollEvent)] = []

    /// `dynamicItems` are the top-level items' (indexed like `scene.items`), `nestedDynamicItems`
    /// the children's that behaviours move, by id.
    init(
        scene: Scene, dynamicItems: [DynamicItem], nestedDynamicItems: [String: DynamicItem] = [:], file: String
    ) throws {
        self.scene = scene
        fps = scene.fps
        viewAnimations = scene.viewAnimationScripts
        var animationTicks: [Int] = []
        scene.forEachItemWithAttributes { item in
            animationTicks += item.animations.map { ScriptTime.tick(for: $0.at, fps: scene.fps) }
        }
        viewAnimationTicks = viewAnimations.map { ScriptTime.tick(for: $0.spec.runTime, fps: scene.fps) }
        viewDragTicks = viewAnimations.map { ScriptTime.tick(for: $0.spec.at, fps: scene.fps) }
        layerCallTicks = scene.layerTimeline.map { ScriptTime.tick(for: $0.at, fps: scene.fps) }
        layerCallEndTicks = scene.layerTimeline.map { call in
            if case .scrub(let s, _) = call.kind { return ScriptTime.tick(for: call.at + s.length, fps: scene.fps) }
            return ScriptTime.tick(for: call.at, fps: scene.fps)
        }
        let tree = try buildLayerTree(dynamicItems: dynamicItems, nestedDynamicItems: nestedDynamicItems, file: file)
        isUsed =
            !viewAnimations.isEmpty || !scene.animators.isEmpty || !scene.layerTimeline.isEmpty
            || scene.canvas.backgroundGradient != nil || !tree.allPlain
        makeScrollViews(tree.scrollViewNodes)
        for (i, spec) in scene.animators.enumerated() {
            do {
                scripts.append(
                    try AnimatorScript(spec: spec, fps: fps) { [unowned self] id, p in presentation(id, p, at: 0) })
            } catch {
                throw SceneError(file: file, keyPath: "animators[\(i)]", message: error.error.description)
            }
        }
        lastScriptTick =
            ([0] + viewAnimationTicks + layerCallEndTicks + scripts.map(\.lastTick)
            + animationTicks
            + scrollMotions.values.map { ScriptTime.tick(for: $0.restTime, fps: scene.fps) }
            + viewAnimations.map(\.spec).filter { $0.transition != nil }.map {
                ScriptTime.tick(for: $0.runTime + $0.duration, fps: scene.fps)
            }).max()
            ?? 0
    }

    /// A node and a layer for every item, parents first; `hidden` with them. Returns whether
    /// every item is one the plain builder draws, and the scroll views' nodes, found on the way.
    private func buildLayerTree(
        dynamicItems: [DynamicItem], nestedDynamicItems: [String: DynamicItem], file: String
    ) throws -> (allPlain: Bool, scrollViewNodes: [Int]) {
        var allPlain = true
        var scrollViewNodes: [Int] = []
        let driven = scene.dynamicallyMovedItemIDs
        // By pointer, into the scene's storage: handing an item over copies it, and the node's
        // copy is the one each item needs.
        func add(_ place: UnsafePointer<Item>, at position: Int, parent: Int?, dynamic: DynamicItem?) throws -> Int {
            let item = place.pointee
            if allPlain { allPlain = DisplayListBuilder.drawsPlain(item) }
            let layer = try TimingLayer(
                name: item.id, timing: item.timing, modelValues: SceneTiming.modelValues(of: item))
            if let parent { try nodes[parent].layer.addSublayer(layer) }
            let kids = item.children
            if !kids.isEmpty { layer.reserveSublayers(kids.count) }
            let i = nodes.count
            let isBehaviorDriven = !driven.isEmpty && driven.contains(item.id)
            let followsScrolling = !item.scrollTransitions.isEmpty
            if !item.hasDefaultAttributes, item.scroll != nil { scrollViewNodes.append(i) }
            hidden.append(item.isHidden)
            // The item's last use: moved into its node rather than copied.
            nodes.append(
                Node(
                    item: consume item, index: position, layer: layer, parent: parent, children: [],
                    dynamic: dynamic, isBehaviorDriven: isBehaviorDriven, followsScrolling: followsScrolling))
            var children: [Int] = []
            children.reserveCapacity(kids.count)
            // Through a buffer pointer: enumerating the array would copy every child `Item`.
            try kids.withUnsafeBufferPointer { kids in
                for k in kids.indices {
                    let dynamic = nestedDynamicItems.isEmpty ? nil : nestedDynamicItems[kids[k].id]
                    children.append(try add(kids.baseAddress! + k, at: k, parent: i, dynamic: dynamic))
                }
            }
            nodes[i].children = Self.zOrdered(children, of: nodes)
            return i
        }
        let layerCount = scene.layerCount
        nodes.reserveCapacity(layerCount)
        hidden.reserveCapacity(layerCount)
        do {
            try scene.items.withUnsafeBufferPointer { items in
                for i in items.indices {
                    roots.append(try add(items.baseAddress! + i, at: i, parent: nil, dynamic: dynamicItems[i]))
                }
            }
        } catch {
            throw SceneError(file: file, keyPath: nil, message: "\(error)")
        }
        return (allPlain, scrollViewNodes)
    }

    /// Child nodes (in tree order) in drawing order: by `z`, ties in tree order. Most are in that
    /// order already, and a check is cheaper than a sort.
    private static func zOrdered(_ children: [Int], of nodes: [Node]) -> [Int] {
        let inOrder = children.indices.dropFirst().allSatisfy {
            nodes[children[$0 - 1]].item.zIndex <= nodes[children[$0]].item.zIndex
        }
        return inOrder ? children : children.sorted { (nodes[$0].item.zIndex, $0) < (nodes[$1].item.zIndex, $1) }
    }

    var time: Double { Double(tick) / Double(fps) }

    /// The value drawn for an item's property at `t`: an active property animator's value wins
    /// (the last declared), else the layer's presentation value (model + CA animations).
    func presentation(_ id: String, _ property: LayerProperty, at t: Double) -> AnimatableValue {
        guard let i = index[id] else { return property.defaultValue }
        return presentation(node: i, property, at: t)
    }

    /// `presentation(_:_:at:)` of node `i`, for a caller that has the node (the drawing asks for
    /// every layer's properties every frame, and looking its id up each time was a tenth of it).
    func presentation(node i: Int, _ property: LayerProperty, at t: Double) -> AnimatableValue {
        if nodes[i].followsScrolling, let v = scrollTransitionValue(i, property, at: t) { return v }
        if !scripts.isEmpty {
            for script in scripts.reversed() where script.animator.state != .inactive {
                if let v = script.animator.presentationValue(of: nodes[i].item.id, property) { return v }
            }
        }
        // Unretained (the node keeps the layer): read for every property of every layer every
        // frame, a retain and release each was a measurable part of drawing a large scene.
        return Unmanaged.passUnretained(nodes[i].layer)._withUnsafeGuaranteedRef {
            $0.presentationValue(of: property, at: t)
        }
    }

    func isVisible(_ node: Int) -> Bool { nodes[node].layer.isVisible(at: time) }

    /// True while something is still to happen: a scripted call to come, an animation that has
    /// not stopped, an animator that is not inactive, a completion block to run.
    var isBusy: Bool {
        guard isUsed else { return false }
        return tick < lastScriptTick || !pendingReactions.isEmpty || !viewCompletions.isEmpty || !displayLinks.isEmpty
            || scripts.contains { $0.animator.state != .inactive }
            || nodes.contains { $0.parent == nil && $0.layer.hasActiveAnimations }
    }

    /// Runs tick `n` (0 at set-up, then consecutive); returns what happened, for the trace.
    func process(tick n: Int) -> [SimulationEvent.Kind] {
        tick = n
        guard isUsed else { return [] }
        let t = time
        return runPendingReactions() + applyDynamics() + scrollCallbacks(tick: n) + runLayerCalls(tick: n, at: t)
            + runViewDrags(tick: n, at: t) + commitAnimations(tick: n, at: t) + stepAnimators(tick: n, at: t)
            + completionEvents(at: t)
    }

    /// Stage 3b: view animations' pans. While the finger is down the view's centre follows its
    /// translation (the pan handler's `.changed`); the block itself runs in stage 4 on the tick
    /// the finger lifts, after this tick's last move.
    private func runViewDrags(tick n: Int, at t: Double) -> [SimulationEvent.Kind] {
        var events: [SimulationEvent.Kind] = []
        for (j, script) in viewAnimations.enumerated() {
            let spec = script.spec
            guard let drag = spec.drag, viewDragTicks[j] <= n, n <= viewAnimationTicks[j], let i = index[spec.item]
            else { continue }
            if n == viewDragTicks[j] {
                viewDragStarts[j] = nodes[i].layer.modelValue(of: .center).point ?? nodes[i].item.center
                events.append(.behavior("drag of \(spec.item) began"))
            }
            guard let start = viewDragStarts[j] else { continue }
            let finger = drag.position(at: t - spec.at) - drag.points[0]
            attempt(script.path + ".drag", &events) { _ in
                try nodes[i].layer.setModelValue(.point(start + finger), for: .center)
            }
            writeBack(i)
            if n == viewAnimationTicks[j] {
                let v = drag.releaseVelocity
                events.append(
                    .behavior(
                        "drag of \(spec.item) ended, velocity (\(String(format: "%.2f", v.x)), \(String(format: "%.2f", v.y))) pt/s"
                    ))
            }
        }
        return events
    }

    /// Runs `body`, reporting an error it throws as a timing error in `events`. Validation runs
    /// every script once, so a refusal here means the two disagree: report it in the trace rather
    /// than trap (rendering a validated scene cannot fail).
    private func attempt(
        _ what: @autoclosure () -> String, _ events: inout [SimulationEvent.Kind],
        _ body: (inout [SimulationEvent.Kind]) throws -> Void
    ) {
        do { try body(&events) } catch { events.append(.timingError("\(what()): \(error)")) }
    }

    /// Node `i`'s key path in the scene (`items[2].children[0]`), spelt only for a message: kept
    /// for every node, it was a string built and held for each layer of the scene.
    func path(of i: Int) -> String {
        guard let parent = nodes[i].parent else { return "items[\(nodes[i].index)]" }
        return nodes[parent].item.childPath(nodes[i].index, under: path(of: parent))
    }

    /// Stage 1: the completion blocks from the previous tick.
    private func runPendingReactions() -> [SimulationEvent.Kind] {
        var events: [SimulationEvent.Kind] = []
        for (node, completion) in pendingReactions {
            let layer = nodes[node].layer
            attempt("\(nodes[node].item.id) completion", &events) { events in
                if completion.resetsTiming {
                    try layer.updateTiming {
                        $0.speed = 1
                        $0.timeOffset = 0
                        $0.beginTime = 0
                    }
                }
                for c in completion.changes { try layer.setModelValue(c.value, for: c.property) }
            }
            writeBack(node)
        }
        pendingReactions = []
        return events
    }

    /// Stage 2: dynamics → model.
    private func applyDynamics() -> [SimulationEvent.Kind] {
        var events: [SimulationEvent.Kind] = []
        for i in nodes.indices where nodes[i].isBehaviorDriven {
            guard let d = nodes[i].dynamic else { continue }
            attempt(nodes[i].item.id, &events) { events in
                try nodes[i].layer.setModelValue(.point(d.center), for: .center)
                try nodes[i].layer.setModelValue(.angle(d.transform.rotationAngle), for: .rotation)
            }
        }
        return events
    }

    /// Stage 2b: scroll views' delegate callbacks due on this tick (their offsets are functions
    /// of the time, read by the builder).
    private func scrollCallbacks(tick n: Int) -> [SimulationEvent.Kind] {
        scrollEvents.filter { $0.tick == n }.map { .scroll(item: nodes[$0.node].item.id, event: $0.event.description) }
    }

    /// The scroll views' motions and their callbacks, each heard on the first tick at or after it.
    private func makeScrollViews(_ scrollViewNodes: [Int]) {
        for i in scrollViewNodes {
            guard let scroll = nodes[i].item.scroll else { continue }
            let motion = scroll.motion(bounds: nodes[i].item.size)
            scrollMotions[i] = motion
            for (time, event) in motion.events {
                scrollEvents.append((ScriptTime.tick(for: time, fps: fps), i, event))
            }
        }
        scrollEvents = scrollEvents.enumerated().sorted { a, b in
            (a.element.tick, a.element.node, a.offset) < (b.element.tick, b.element.node, b.offset)
        }.map(\.element)
    }

    /// A scroll view's content offset now (the origin of its bounds); zero for other layers.
    func contentOffset(ofNode i: Int) -> Point { scrollMotions[i]?.state(at: time).offset ?? .zero }

    /// Stage 3: layer timing calls, then the display links.
    private func runLayerCalls(tick n: Int, at t: Double) -> [SimulationEvent.Kind] {
        var events: [SimulationEvent.Kind] = []
        for (j, call) in scene.layerTimeline.enumerated() where layerCallTicks[j] <= n && n <= layerCallEndTicks[j] {
            guard let i = index[call.item] else { continue }
            if case .scrub = call.kind {} else if n != layerCallTicks[j] { continue }
            if case .scrub = call.kind {} else { events.append(.layerTiming(item: call.item, call: call.kind.name)) }
            if case .displayLinkReverse(_, let progress, _) = call.kind {
                displayLinks.append((j, i, n, progress ?? nodes[i].layer.timing.timeOffset))
                continue
            }
            attempt("layerTimeline[\(j)] \(call.kind.name)", &events) { events in
                events += try perform(call.kind, on: nodes[i].layer, callTime: call.at)
            }
        }
        // The display links fire before each frame (after the calls of this tick): p − elapsed
        // while ≥ 0, then invalidate, continue at the end, switch state.
        displayLinks = displayLinks.filter { link in
            guard case .displayLinkReverse(let duration, _, let changes) = scene.layerTimeline[link.call].kind else {
                return false
            }
            let layer = nodes[link.node].layer
            // Elapsed time from whole ticks, so p − elapsed reaches exactly 0 on its tick.
            let progress = link.progress - Double(n - link.startTick) / Double(fps)
            if progress >= 0 {
                attempt("layerTimeline[\(link.call)] displayLinkReverse", &events) { events in
                    try layer.updateTiming { $0.timeOffset = progress }
                }
                return true
            }
            attempt("layerTimeline[\(link.call)] displayLinkReverse", &events) { events in
                _ = try perform(.continueAnimation(timeProgress: duration), on: layer, callTime: t)
                for c in changes { try layer.setModelValue(c.value, for: c.property) }
            }
            writeBack(link.node)
            events.append(
                .layerTiming(
                    item: nodes[link.node].item.id,
                    call: "displayLinkReverse ended (continue at " + String(format: "%g", duration)
                        + " s, switch state)"))
            return false
        }
        return events
    }

    /// Stage 4: commits of layer animations and view animations.
    private func commitAnimations(tick n: Int, at t: Double) -> [SimulationEvent.Kind] {
        var events: [SimulationEvent.Kind] = []
        for i in nodes.indices {
            for (k, spec) in nodes[i].item.animations.enumerated() where ScriptTime.tick(for: spec.at, fps: fps) == n {
                attempt("\(path(of: i)).animations[\(k)]", &events) { events in
                    let replaced = try commit(spec, on: nodes[i].layer, at: t)
                    events += replaced.map { .animationStopped(item: $0.layer, key: $0.key, finished: $0.finished) }
                    events += completeViewAnimations(replaced)
                }
            }
        }
        for (j, script) in viewAnimations.enumerated() where viewAnimationTicks[j] == n {
            let spec = script.spec
            guard let i = index[spec.item] else { continue }
            let before = hidden
            for change in spec.hiddenChanges { if let k = index[change.item] { hidden[k] = change.isHidden } }
            if let style = spec.transition {
                // UIView.transition: the block's values are set at once and shown through the
                // transition; the completion runs when it ends (completionEvents).
                var instant = spec
                (instant.duration, instant.delay) = (0, 0)
                attempt(script.path, &events) { events in
                    let transaction = try commit(instant, on: nodes[i].layer, at: t)
                    events += transaction.replaced.map {
                        .animationStopped(item: $0.layer, key: $0.key, finished: $0.finished)
                    }
                    events += completeViewAnimations(transaction.replaced)
                }
                transitions.append(
                    ViewTransitionRun(
                        spec: spec, node: i, style: style, start: t, before: before,
                        curve: spec.transitionTiming ?? AnimationOptions(rawValue: spec.options).curve.timingFunction))
                writeBack(i)
                continue
            }
            attempt(script.path, &events) { events in
                let transaction = try commit(spec, on: nodes[i].layer, at: t)
                events += transaction.replaced.map {
                    .animationStopped(item: $0.layer, key: $0.key, finished: $0.finished)
                }
                events += completeViewAnimations(transaction.replaced)
                if transaction.completesImmediately {
                    // duration ≤ 0: values set at once, the completion runs (finished = true) on
                    // the next turn of the run loop, like any other completion block here.
                    events.append(.viewAnimationCompleted(item: spec.item, finished: true))
                    if let c = spec.completion { pendingReactions.append((i, c)) }
                } else {
                    viewCompletions.append((spec, i, .init(transaction)))
                }
            }
            writeBack(i)
        }
        return events
    }

    /// Stage 5: property animators.
    private func stepAnimators(tick n: Int, at t: Double) -> [SimulationEvent.Kind] {
        var events: [SimulationEvent.Kind] = []
        for script in scripts {
            do {
                let happened = try script.step(tick: n) { [unowned self] id, p in presentation(id, p, at: t) }
                for e in happened {
                    switch e {
                    case .stateChanged(let from, let to, let call):
                        events.append(.animatorState(animator: script.spec.id, from: from, to: to, call: call))
                        if to == "inactive" { adoptModelValues(of: script) }
                    case .completed(let position):
                        events.append(
                            .animatorCompleted(
                                animator: script.spec.id, position: position.rawValue,
                                fractionComplete: script.animator.fractionComplete))
                    case .completionRan(let name, let position):
                        events.append(
                            .behavior("animator \(script.spec.id) completion \(name) ran at .\(position.rawValue)"))
                    }
                }
            } catch {
                let at =
                    error.index.map { "animators.\(script.spec.id).timeline[\($0)]" } ?? "animators.\(script.spec.id)"
                events.append(.timingError("\(at): \(error.error)"))
            }
        }
        return events
    }

    /// Stage 6: completion events.
    private func completionEvents(at t: Double) -> [SimulationEvent.Kind] {
        var events: [SimulationEvent.Kind] = []
        // A transition completes on the first tick at or past its end, as an animation's stop
        // is reported when the layer advances past its end.
        for run in transitions where run.start + run.spec.duration <= t {
            events.append(.viewAnimationCompleted(item: run.spec.item, finished: true))
            if let c = run.spec.completion { pendingReactions.append((run.node, c)) }
        }
        transitions.removeAll { $0.start + $0.spec.duration <= t }
        for i in nodes.indices where nodes[i].parent == nil {
            let stopped = nodes[i].layer.advance(to: t)
            for e in stopped { events.append(.animationStopped(item: e.layer, key: e.key, finished: e.finished)) }
            events += completeViewAnimations(stopped)
        }
        return events
    }

    /// Feeds stop events to the pending `UIView.animate` completions (matched by layer and key);
    /// each block whose animations have all stopped reports once, in commit order, and its
    /// completion block is queued for the next tick.
    func completeViewAnimations(_ stopped: [AnimationEvent]) -> [SimulationEvent.Kind] {
        guard !stopped.isEmpty else { return [] }
        var events: [SimulationEvent.Kind] = []
        var remaining: [(spec: ViewAnimationSpec, node: Int, completion: ViewAnimationTransaction.Completion)] = []
        for var v in viewCompletions {
            if let finished = v.completion.consume(stopped) {
                events.append(.viewAnimationCompleted(item: v.spec.item, finished: finished))
                if let c = v.spec.completion { pendingReactions.append((v.node, c)) }
            } else {
                remaining.append(v)
            }
        }
        viewCompletions = remaining
        return events
    }

    /// A finished or stopped animator leaves its values as the items' model values.
    private func adoptModelValues(of script: AnimatorScript) {
        var changes = script.spec.animations.flatMap(\.changes)
        for call in script.spec.timeline { if case .addAnimations(let b) = call.kind { changes += b.changes } }
        for c in changes {
            guard let i = index[c.item], let v = script.animator.modelValue(of: c.item, c.property) else { continue }
            try? nodes[i].layer.setModelValue(v, for: c.property)
            writeBack(i)
        }
    }

    /// An item's new model centre and rotation go back to its dynamic item, as a
    /// UIView's model is what a dynamic animator reads (skipped for behaviour-driven items,
    /// whose model belongs to the animator).
    private func writeBack(_ i: Int) {
        guard let d = nodes[i].dynamic, !nodes[i].isBehaviorDriven else { return }
        if let c = nodes[i].layer.modelValue(of: .center).point { d.center = c }
        if let r = nodes[i].layer.modelValue(of: .rotation).angle, r != d.transform.rotationAngle {
            d.transform = AffineTransform(rotation: r)
        }
    }
}
