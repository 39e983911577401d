import BehaviorRules
import Geometry
import SceneSyntax

// The rules of behaviours. Beyond finiteness and ranges, these keep every value that reaches
// Box2D inside what its assertions accept (edges longer than its linear slop, convex polygons of
// at most 8 vertices, limits that contain the current angle), so a bad scene is an error
// message, never a crash.

extension Scene {
    /// Box2D's `b2_linearSlop` (0.005 m) in points: chain and edge vertices closer than this
    /// trip its assertions, so boundaries must keep their points further apart.
    static let minimumVertexDistance = 0.5
    /// `b2_maxPolygonVertices`.
    static let maximumPolygonVertices = 8

    /// PhysicsKit's limit on field behaviours per animator (the one `DynamicAnimator` applies).
    static let maximumFieldCount = BehaviorRules.maximumFieldCount

    func checkBehaviors() throws(Violation) {
        var fieldCount = 0
        for (i, behavior) in behaviors.enumerated() {
            try checkBehavior(behavior, at: "behaviors[\(i)]")
            // A watcher's client is a behaviour of the animator too.
            switch behavior {
            case .field: fieldCount += 1
            case .watcher(let w) where w.client.kind == "field": fieldCount += 1
            default: continue
            }
            if fieldCount > Scene.maximumFieldCount {
                throw Violation(
                    keyPath: "behaviors[\(i)].field",
                    message:
                        "this is field behavior \(fieldCount); a scene can have at most \(Scene.maximumFieldCount) field behaviors (UIKit's limit per animator)"
                )
            }
        }
    }

    /// Which items a reference may name.
    enum ItemReach {
        /// Top-level items only: the custom behaviours and scripted gestures move a view in the
        /// canvas's coordinates.
        case topLevel
        /// What a UIKit behaviour takes: any item, at any depth (its centre is converted from its
        /// superview as UIKit converts it), or an item group; not an item that moves with a group.
        case dynamicItem

        /// What the keys tables say a reference may name.
        var rangeDoc: String {
            switch self {
            case .topLevel: return "top-level items"
            case .dynamicItem: return "items at any depth, or item groups"
            }
        }
    }

    func reference(_ id: String, at path: String, reach: ItemReach = .topLevel) throws(Violation) {
        let ids = items.map(\.id)
        if ids.contains(id) || reach == .dynamicItem && itemGroups.contains(where: { $0.id == id }) {
            if reach == .dynamicItem { try checkNotGrouped(id, at: path, reach: reach) }
            return
        }
        if let parent = parentID(of: id) {
            if reach == .dynamicItem { return try checkNotGrouped(id, at: path, reach: reach) }
            throw Violation(
                keyPath: path,
                message: "item \(quoted(id)) is a child of '\(parent)'; this behavior acts on top-level items only",
                suggestion: "use a UIKit behavior (snap, push, gravity, …), which takes children, or animate it")
        }
        if ids.isEmpty {
            throw Violation(keyPath: path, message: "unknown item \(quoted(id)); the scene has no items")
        }
        let names = reach == .dynamicItem ? ids + itemGroups.map(\.id) : ids
        throw Violation(
            keyPath: path, message: "unknown item \(quoted(id)); expected one of: \(listing(names))",
            suggestion: didYouMean(id, names))
    }

    /// A grouped item moves with its group's body: a behaviour names the group instead.
    func checkNotGrouped(_ id: String, at path: String, reach: ItemReach) throws(Violation) {
        guard let group = itemGroups.first(where: { $0.items.contains(id) }) else { return }
        throw Violation(
            keyPath: path,
            message:
                "item \(quoted(id)) moves with item group '\(group.id)'; behaviors name the group, whose one body moves all its items",
            suggestion: reach == .dynamicItem ? "name '\(group.id)' here" : "take '\(id)' out of the group")
    }

    func references(_ list: [String], at path: String, reach: ItemReach = .topLevel) throws(Violation) {
        var seen: [String: Int] = [:]
        for (j, id) in list.enumerated() {
            try reference(id, at: path + "[\(j)]", reach: reach)
            if let first = seen[id] {
                throw Violation(
                    keyPath: path + "[\(j)]",
                    message: "item '\(id)' is already listed at items[\(first)]; expected each item once")
            }
            seen[id] = j
        }
    }

    func checkBehavior(_ behavior: BehaviorSpec, at base: String) throws(Violation) {
        let path = base + "." + behavior.kind
        switch behavior {
        case .snap(let s): try BehaviorKeys.snap.check(s, in: self, at: path)
        case .gravity(let g): try BehaviorKeys.gravity.check(g, in: self, at: path)
        case .push(let p): try BehaviorKeys.push.check(p, in: self, at: path)
        case .collision(let c): try BehaviorKeys.collision.check(c, in: self, at: path)
        case .attachment(let a): try BehaviorKeys.attachment.check(a, in: self, at: path)
        case .itemBehavior(let b): try BehaviorKeys.itemBehavior.check(b, in: self, at: path)
        case .field(let f): try BehaviorKeys.field.check(f, in: self, at: path)
        case .watcher(let w): try BehaviorKeys.watcher.check(w, in: self, at: path)
        case .dampedResize(let r): try BehaviorKeys.dampedResize.check(r, in: self, at: path)
        case .transformTween(let t): try BehaviorKeys.transformTween.check(t, in: self, at: path)
        case .transformNest(let n): try BehaviorKeys.transformNest.check(n, in: self, at: path)
        case .snapZones(let z): try BehaviorKeys.snapZones.check(z, in: self, at: path)
        }
    }

    /// `snapZones.zones`: at least one, ids unique, rects the engine can hold.
    func checkZones(_ zones: [SnapZonesSpec.Zone], at path: String) throws(Violation) {
        if zones.isEmpty {
            throw Violation(keyPath: path, message: "expected at least one zone")
        }
        var firstIndex: [String: Int] = [:]
        for (k, zone) in zones.enumerated() {
            let at = path + "[\(k)]"
            if zone.id.isEmpty { throw Violation(keyPath: at + ".id", message: "expected a non-empty zone id") }
            if let first = firstIndex[zone.id] {
                throw Violation(
                    keyPath: at + ".id",
                    message: "duplicate zone id '\(zone.id)', already used by zones[\(first)]; expected each id once")
            }
            firstIndex[zone.id] = k
            try checkEngineNumber(zone.rect.minX, at: at + ".rect[0]")
            try checkEngineNumber(zone.rect.minY, at: at + ".rect[1]")
            try checkPositive(zone.rect.width, "a width", at: at + ".rect[2]")
            try checkPositive(zone.rect.height, "a height", at: at + ".rect[3]")
            // The zone's centre becomes a snap point in the engine: its size is held to the same bounds.
            try checkEngineNumber(zone.rect.width, at: at + ".rect[2]")
            try checkEngineNumber(zone.rect.height, at: at + ".rect[3]")
        }
    }

    /// `snapZones.drags`: known items, keyframes in increasing time.
    func checkDrags(_ drags: [SnapZonesSpec.Drag], at path: String) throws(Violation) {
        for (k, drag) in drags.enumerated() {
            let at = path + "[\(k)]"
            try reference(drag.item, at: at + ".item")
            if drag.keyframes.isEmpty {
                throw Violation(keyPath: at + ".path", message: "expected at least one [time, x, y] keyframe")
            }
            for (j, key) in drag.keyframes.enumerated() {
                try checkEngineNumber(key.time, at: at + ".path[\(j)][0]")
                try checkEngineNumber(key.point.x, at: at + ".path[\(j)][1]")
                try checkEngineNumber(key.point.y, at: at + ".path[\(j)][2]")
                if key.time < 0 {
                    throw Violation(
                        keyPath: at + ".path[\(j)][0]",
                        message: "expected a time of at least 0 s, found \(format(key.time))")
                }
                if j > 0, !(key.time > drag.keyframes[j - 1].time) {
                    throw Violation(
                        keyPath: at + ".path[\(j)][0]",
                        message:
                            "expected times that increase, found \(format(key.time)) after \(format(drag.keyframes[j - 1].time))"
                    )
                }
            }
        }
    }

    func checkNonZero(_ value: Double, at path: String) throws(Violation) {
        try checkEngineNumber(value, at: path)
        if value == 0 {
            throw Violation(
                keyPath: path, message: "expected a non-zero scale (0 makes the item vanish and its transform singular)"
            )
        }
    }

    /// `collision.boundaries`: ids unique, lines and paths Box2D accepts.
    func checkBoundaries(_ boundaries: [CollisionSpec.Boundary], at path: String) throws(Violation) {
        var firstIndex: [String: Int] = [:]
        for (j, boundary) in boundaries.enumerated() {
            let at = path + "[\(j)]"
            if boundary.id.isEmpty {
                throw Violation(keyPath: at + ".id", message: "expected a non-empty boundary id")
            }
            if let first = firstIndex[boundary.id] {
                throw Violation(
                    keyPath: at + ".id",
                    message:
                        "duplicate boundary id '\(boundary.id)', already used by boundaries[\(first)]; expected each id once"
                )
            }
            firstIndex[boundary.id] = j
            switch boundary.shape {
            case .line(let from, let to):
                try checkPoint(from, at: at + ".from")
                try checkPoint(to, at: at + ".to")
                if from.distance(to: to) < Scene.minimumVertexDistance {
                    throw Violation(
                        keyPath: at + ".to",
                        message:
                            "expected a line at least \(format(Scene.minimumVertexDistance)) pt long, found its ends \(format(from.distance(to: to))) pt apart"
                    )
                }
            case .path(let points):
                for (k, p) in points.enumerated() { try checkPoint(p, at: at + ".path[\(k)]") }
                let distinct = Scene.distinctVertices(points)
                if distinct.count < 2 {
                    throw Violation(
                        keyPath: at + ".path",
                        message:
                            "expected a path of at least 2 points more than \(format(Scene.minimumVertexDistance)) pt apart, found \(distinct.count == 1 && points.count > 1 ? "points that all coincide" : "\(points.count) point\(points.count == 1 ? "" : "s")")"
                    )
                }
            }
        }
    }

    /// `collision.insets`: numbers the engine holds that leave room inside the canvas.
    func checkInsets(_ c: CollisionSpec, at path: String) throws(Violation) {
        let i = c.insets
        for (k, value) in [i.top, i.left, i.bottom, i.right].enumerated() {
            try checkEngineNumber(value, at: path + "[\(k)]")
        }
        if c.canvasBoundary, canvas.size.width - i.left - i.right <= 0 || canvas.size.height - i.top - i.bottom <= 0 {
            throw Violation(
                keyPath: path,
                message:
                    "insets leave no room inside the \(format(canvas.size.width))×\(format(canvas.size.height)) pt canvas; expected them to keep a positive width and height"
            )
        }
    }

    /// What each attachment kind needs: `toItem` and `anchor` as its kind joins them.
    func checkAttachmentEnds(_ a: AttachmentSpec, at path: String) throws(Violation) {
        func require(_ key: String, _ present: Bool, _ why: String) throws(Violation) {
            if !present {
                throw Violation(keyPath: path, message: "missing '\(key)'; a \(a.kind.rawValue) attachment \(why)")
            }
        }
        switch a.kind {
        case .distance:
            if a.toItem == nil, a.anchor == nil {
                throw Violation(
                    keyPath: path,
                    message:
                        "missing 'anchor' or 'toItem'; a distance attachment joins its item to an anchor point or to another item"
                )
            }
            if a.toItem != nil, a.anchor != nil {
                throw Violation(
                    keyPath: path + ".anchor",
                    message: "'anchor' and 'toItem' are both given; a distance attachment joins its item to one of them"
                )
            }
        case .fixed, .pin:
            try require("toItem", a.toItem != nil, "joins two items")
            try require("anchor", a.anchor != nil, "needs the anchor point where the items are joined")
        case .sliding:
            try require("anchor", a.anchor != nil, "needs a point on its axis")
        case .limit:
            try require("toItem", a.toItem != nil, "joins two items")
        }
    }

    /// `attachment.range`: numbers the engine holds; a pin's contains 0; pin and sliding only.
    func checkAttachmentRange(_ a: AttachmentSpec, at path: String) throws(Violation) {
        guard let range = a.range else { return }
        try checkEngineNumber(range.lowerBound, at: path + "[0]")
        try checkEngineNumber(range.upperBound, at: path + "[1]")
        if a.kind == .pin, !range.contains(0) {
            throw Violation(
                keyPath: path,
                message:
                    "expected a range of angles that contains 0 (the items' angle when pinned), found [\(format(range.lowerBound)), \(format(range.upperBound))]"
            )
        }
        if a.kind != .pin, a.kind != .sliding {
            throw Violation(
                keyPath: path, message: "'range' applies to pin and sliding attachments only, not \(a.kind.rawValue)")
        }
    }

    func checkConvexPolygon(_ points: [Point], at path: String) throws(Violation) {
        for (k, p) in points.enumerated() { try checkPoint(p, at: path + "[\(k)]") }
        guard (3...Scene.maximumPolygonVertices).contains(points.count) else {
            throw Violation(
                keyPath: path,
                message:
                    "expected a convex polygon of 3 to \(Scene.maximumPolygonVertices) points, found \(points.count)")
        }
        // Convex, either winding: every turn has the same sign and the area is not zero.
        var sign = 0.0
        var area = 0.0
        for k in points.indices {
            let a = points[k]
            let b = points[(k + 1) % points.count]
            let c = points[(k + 2) % points.count]
            let turn = (b - a).cross(c - b)
            area += a.cross(b)
            if turn != 0 {
                if sign != 0, (turn > 0) != (sign > 0) {
                    throw Violation(
                        keyPath: path,
                        message: "expected a convex polygon; it turns the other way at point \((k + 1) % points.count)")
                }
                sign = turn
            }
        }
        if abs(area) / 2 < 1 {
            throw Violation(
                keyPath: path,
                message: "expected a polygon with an area of at least 1 pt², found \(format(abs(area) / 2)) pt²")
        }
    }

    func checkPoint(_ p: Point, at path: String) throws(Violation) {
        try checkEngineNumber(p.x, at: path + "[0]")
        try checkEngineNumber(p.y, at: path + "[1]")
    }

    /// Every number a behaviour hands to Box2D: finite and within ±1e7 (`KeyRange.engine`).
    private func checkEngineNumber(_ value: Double, at path: String) throws(Violation) {
        try KeyRange.engineCheck(value, at: path)
    }

    /// The points of a boundary path with consecutive near-duplicates (closer than Box2D's slop)
    /// dropped, as UIKit drops duplicates; the closing edge counts too.
    public static func distinctVertices(_ points: [Point]) -> [Point] {
        var result: [Point] = []
        for p in points where result.last.map({ $0.distance(to: p) >= minimumVertexDistance }) ?? true {
            result.append(p)
        }
        while result.count > 2, let first = result.first, let last = result.last,
            first.distance(to: last) < minimumVertexDistance
        {
            result.removeLast()
        }
        return result
    }
}
