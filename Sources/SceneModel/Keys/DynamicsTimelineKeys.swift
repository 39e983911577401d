import Geometry
import SceneSyntax
import Scrolling

// The declarations of `dynamicsTimeline[i]` and of its `drag:`. Exactly one change per entry (or
// a bare tap) and one gesture per entry are structural rules, checked before any value; ids and
// times are checked by `Scene.checkDynamicsTimeline` (Validation+DynamicsTimeline.swift).

enum DynamicsTimelineKeys {
    static let actions = ["set", "remove", "add"]

    static var spec: ObjectSpec<DynamicsTimelineEntry> {
        ObjectSpec(
            name: "dynamicsTimeline", schemaPath: ["properties", "dynamicsTimeline", "items"],
            what: "a dynamics timeline entry",
            doc:
                "One change, run on tick ⌈at·fps⌉ before the step (or when a drag's finger lifts): exactly one of set, remove or add, or a bare tap (tap alone) that only taps.",
            prototype: DynamicsTimelineEntry(at: 0, action: .none),
            keys: [
                .number(
                    "at", \.at, required: "at: the time in seconds", range: .closed(0, 3600), unit: "s",
                    doc: "When, in seconds.", rangeDoc: "0 … 3600, not before the previous entry"),
                .optionalString(
                    "tap", \.tap, type: .other(docType: "item id", schemaRef: "itemID"),
                    doc:
                        "A scripted tap on the item: the entry is the tap's handler (traced `tap on <item>`). Alone, without `set`, `remove` or `add`, a **bare tap** that changes nothing in the dynamics: the scene's other scripts at that time (an animator's `startAnimation`, an animation's `at`) are its handler, and the [touch indicator](#touches) shows it.",
                    defaultDoc: "none", rangeDoc: "a top-level item"),
                .optional(
                    "drag", \.drag, docType: "mapping",
                    doc:
                        "`{ item: card, path: [[t, x, y], …] }`, `t` in seconds after `at`, increasing: a scripted pan. From `at` the item follows the finger's translation every tick (its centre is set, then `updateItemUsingCurrentState`, as a pan handler does); the entry's change is the `.ended` handler and runs when the finger lifts, at `at` + the last `t` (traced `drag of card began` / `ended`).",
                    defaultDoc: "none", rangeDoc: "not with `tap`",
                    read: { d, n, at in try d.decode(DragKeys.spec, n, at: at) }),
                .optional(
                    "on", \.on, docType: "`{ collision: [a, b] }` or `{ rest: item }`",
                    doc:
                        "An event the entry waits for, from `at` on, once: `collision: [a, b]` is `collisionBehavior(_:beganContactFor:with:at:)` between the two items (either way round) in any collision behaviour, `rest: item` the item's body falling asleep (slower than Box2D's tolerances for half a second, how the animator decides rest). The change runs on the tick after the event (the delegate's handler runs during the step, its changes act from the next), traced `collision of a and b` or `item came to rest`.",
                    defaultDoc: "none",
                    rangeDoc: "two different items (any depth) or item groups; not with `tap` or `drag`",
                    read: { d, n, at in try d.trigger(n, at: at) }),
                .custom(
                    "set", docType: "mapping",
                    doc: "`behavior: <id>` and one or more properties below, set in the order written.",
                    rangeDoc: "exactly one of `set`, `remove`, `add` (or none, for a bare tap)",
                    decode: { d, n, at, entry in entry.action = try d.decodeSet(n, at: at()) }),
                .custom(
                    "remove", docType: "behaviour id", schemaRef: "behaviorID",
                    doc: "`removeBehavior`: the behaviour stops acting (its bodies and joints go at once).",
                    decode: { d, n, at, entry in entry.action = .remove(try d.string(n, at: at())) }),
                .custom(
                    "add", docType: "behaviour",
                    doc: "`addBehavior`: a new behaviour written as in `behaviors` (with an optional `id`).",
                    decode: { d, n, at, entry in
                        var (spec, id) = try d.decodeBehaviorEntry(n, at: at())
                        // `linearVelocity: fromDrag`: the flick's speed handed on at release.
                        if case .itemBehavior(var behavior) = spec, behavior.linearVelocityFromDrag,
                            let drag = entry.drag
                        {
                            behavior.linearVelocity = FingerPath(times: drag.times, points: drag.points).releaseVelocity
                            behavior.linearVelocityFromDrag = false
                            spec = .itemBehavior(behavior)
                        }
                        entry.action = .add(spec, id: id)
                    }),
            ],
            structure: { d, f, path in
                let given = actions.filter { f[$0] != nil }
                // A bare tap (`{ at: 0.5, tap: card }`) needs no change: it is a touch on its own.
                let bareTap = given.isEmpty && f["tap"] != nil
                guard given.count == 1 || bareTap else {
                    let found = given.isEmpty ? "none" : given.map { "'\($0)'" }.joined(separator: " and ")
                    throw d.error(
                        at: given.count > 1 ? f.entry(given[1])?.keyMark : f.mark, path,
                        "expected exactly one of set, remove or add, found \(found)",
                        suggestion: given.count > 1 ? "give each change its own entry" : "for example remove: fall")
                }
                if let on = f.entry("on"), let gesture = ["tap", "drag"].first(where: { f[$0] != nil }) {
                    throw d.error(
                        at: on.keyMark, path + ".on",
                        "'on' and '\(gesture)' are both given; expected one event per entry",
                        suggestion: "give the \(gesture) its own entry")
                }
                if f["tap"] != nil, let drag = f.entry("drag") {
                    throw d.error(
                        at: drag.keyMark, path + ".drag",
                        "'tap' and 'drag' are both given; expected one gesture per entry"
                    )
                }
            })
    }
}

/// `drag: { item: card, path: [[t, x, y], …] }`, times in seconds after `at`.
enum DragKeys {
    static var spec: ObjectSpec<DynamicsTimelineEntry.Drag> {
        ObjectSpec(
            name: "drag", schemaPath: ["properties", "dynamicsTimeline", "items", "properties", "drag"],
            what: "a drag", doc: "A scripted pan of one item.",
            prototype: .init(item: "", times: [], points: []),
            keys: [
                .string(
                    "item", \.item, required: "item: the id of the dragged item",
                    type: .other(docType: "item id", schemaRef: "itemID"), doc: "The dragged item."),
                .custom(
                    "path", docType: "`[[t, x, y], …]`", required: "path: [[seconds after at, x, y], …]",
                    doc: "The finger, `t` in seconds after `at`.", rangeDoc: "at least one; times ≥ 0, increasing",
                    decode: { d, n, at, drag in (drag.times, drag.points) = try d.dragPath(n, at: at()) }),
            ])
    }
}

extension SceneDecoder {
    /// `[[t, x, y], …]`: at least one row, times ≥ 0 and increasing.
    func dragPath(_ node: SourceNode, at path: String) throws -> ([Double], [Point]) {
        let rows = try list(node, at: path)
        if rows.isEmpty {
            throw error(at: node, path, "expected at least one [t, x, y] keyframe, found an empty list")
        }
        var times: [Double] = []
        var points: [Point] = []
        for (k, row) in rows.enumerated() {
            let v = try numbers(row, at: path + "[\(k)]", count: 3, names: "[t, x, y]")
            if v[0] < 0 || (k > 0 && v[0] <= times[k - 1]) {
                throw error(
                    at: row, path + "[\(k)][0]",
                    "expected times ≥ 0 that increase, found \(SceneSyntax.format(v[0])) after \(k > 0 ? SceneSyntax.format(times[k - 1]) : "the start")"
                )
            }
            // A finger beyond ±1e7 pt is no finger; far past it, its speed overflows to infinity.
            for (c, name) in [(1, "x"), (2, "y")] where !SceneRules.coordinateRange.contains(v[c]) {
                throw error(
                    at: row, path + "[\(k)][\(c)]",
                    "expected \(name) within ±\(SceneSyntax.format(SceneRules.coordinateRange.upperBound)) points, found \(SceneSyntax.format(v[c]))"
                )
            }
            times.append(v[0])
            points.append(Point(v[1], v[2]))
        }
        return (times, points)
    }
}

extension SceneDecoder {
    /// `{ collision: [a, b] }` or `{ rest: item }`.
    func trigger(_ node: SourceNode, at path: String) throws -> DynamicsTimelineEntry.Trigger {
        guard case .mapping(let entries) = node.value, entries.count == 1, let event = entries.first,
            event.key == "collision" || event.key == "rest"
        else {
            throw error(
                at: node, path, "expected { collision: [a, b] } or { rest: item }, found \(node.foundDescription)")
        }
        if event.key == "rest" { return .rest(try string(event.value, at: path + ".rest")) }
        let ids = try list(event.value, at: path + ".collision").enumerated().map { k, n in
            try string(n, at: path + ".collision[\(k)]")
        }
        guard ids.count == 2 else {
            throw error(
                at: event.value, path + ".collision", "expected two items, [a, b], found \(ids.count)")
        }
        return .collision(ids[0], ids[1])
    }
}
