import Geometry

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

    /// PhysicsKit's limit on field behaviours per animator (`DynamicAnimator.maximumFieldCount`;
    /// UIKit raises "Invalid Association" for the 33rd).
    static let maximumFieldCount = 32

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
                throw Violation(keyPath: "behaviors[\(i)].field",
                                message: "this is field behavior \(fieldCount); a scene can have at most \(Scene.maximumFieldCount) field behaviors (UIKit's limit per animator)")
            }
        }
    }

    func reference(_ id: String, at path: String) throws(Violation) {
        let ids = items.map(\.id)
        guard !ids.contains(id) else { return }
        if let parent = parentID(of: id) {
            throw Violation(keyPath: path, message: "item \(quoted(id)) is a child of '\(parent)'; behaviors act on top-level items only",
                            suggestion: "animate it with animations, viewAnimations or animators instead")
        }
        if ids.isEmpty {
            throw Violation(keyPath: path, message: "unknown item \(quoted(id)); the scene has no items")
        }
        throw Violation(keyPath: path, message: "unknown item \(quoted(id)); expected one of: \(listing(ids))",
                        suggestion: didYouMean(id, ids))
    }

    func references(_ list: [String], at path: String) throws(Violation) {
        var seen: [String: Int] = [:]
        for (j, id) in list.enumerated() {
            try reference(id, at: path + "[\(j)]")
            if let first = seen[id] {
                throw Violation(keyPath: path + "[\(j)]",
                                message: "item '\(id)' is already listed at items[\(first)]; expected each item once")
            }
            seen[id] = j
        }
    }

    func checkBehavior(_ behavior: BehaviorSpec, at base: String) throws(Violation) {
        let path = base + "." + behavior.kind
        switch behavior {
        case .snap(let snap):
            try BehaviorKeys.snap.check(snap, in: self, at: path)
        case .gravity(let gravity):
            try BehaviorKeys.gravity.check(gravity, in: self, at: path)
        case .push(let push):
            try references(push.items, at: path + ".items")
            switch push.force {
            case .direction(let d):
                try checkPoint(d, at: path + ".direction")
            case .angle(let angle, let magnitude):
                try checkEngineNumber(angle.degrees, at: path + ".angle")
                try checkEngineNumber(magnitude, at: path + ".magnitude")
            }
            try checkPoint(push.offset, at: path + ".offset")
        case .collision(let collision):
            try references(collision.items, at: path + ".items")
            try checkCollision(collision, at: path)
        case .attachment(let attachment):
            try checkAttachment(attachment, at: path)
        case .itemBehavior(let b):
            try BehaviorKeys.itemBehavior.check(b, in: self, at: path)
        case .field(let field):
            try BehaviorKeys.field.check(field, in: self, at: path)
        case .watcher(let w):
            try BehaviorKeys.watcher.check(w, in: self, at: path)
        case .dampedResize(let r):
            try BehaviorKeys.dampedResize.check(r, in: self, at: path)
        case .transformTween(let t):
            try BehaviorKeys.transformTween.check(t, in: self, at: path)
        case .transformNest(let n):
            if n.items.isEmpty {
                throw Violation(keyPath: path + ".items", message: "expected at least one item")
            }
            try references(n.items, at: path + ".items")
            try checkPoint(n.point, at: path + ".to")
            if let angles = n.angles {
                if angles.count != n.items.count {
                    throw Violation(keyPath: path + ".angles",
                                    message: "expected one angle per item (\(n.items.count)), found \(angles.count)")
                }
                for (k, a) in angles.enumerated() { try checkEngineNumber(a.degrees, at: path + ".angles[\(k)]") }
            }
            try checkUnit(n.damping, "a damping ratio", at: path + ".damping")
            try checkPositive(n.acceleration, "an acceleration", at: path + ".acceleration")
        case .snapZones(let z):
            try checkSnapZones(z, at: path)
        }
    }

    private func checkSnapZones(_ z: SnapZonesSpec, at path: String) throws(Violation) {
        if z.zones.isEmpty {
            throw Violation(keyPath: path + ".zones", message: "expected at least one zone")
        }
        var firstIndex: [String: Int] = [:]
        for (k, zone) in z.zones.enumerated() {
            let at = path + ".zones[\(k)]"
            if zone.id.isEmpty { throw Violation(keyPath: at + ".id", message: "expected a non-empty zone id") }
            if let first = firstIndex[zone.id] {
                throw Violation(keyPath: at + ".id", message: "duplicate zone id '\(zone.id)', already used by zones[\(first)]; expected each id once")
            }
            firstIndex[zone.id] = k
            try checkEngineNumber(zone.rect.minX, at: at + ".rect[0]")
            try checkEngineNumber(zone.rect.minY, at: at + ".rect[1]")
            try checkPositive(zone.rect.width, "a width", at: at + ".rect[2]")
            try checkPositive(zone.rect.height, "a height", at: at + ".rect[3]")
        }
        for (k, drag) in z.drags.enumerated() {
            let at = path + ".drags[\(k)]"
            try reference(drag.item, at: at + ".item")
            if drag.keyframes.isEmpty {
                throw Violation(keyPath: at + ".path", message: "expected at least one [time, x, y] keyframe")
            }
            for (j, key) in drag.keyframes.enumerated() {
                try checkEngineNumber(key.time, at: at + ".path[\(j)][0]")
                try checkEngineNumber(key.point.x, at: at + ".path[\(j)][1]")
                try checkEngineNumber(key.point.y, at: at + ".path[\(j)][2]")
                if key.time < 0 {
                    throw Violation(keyPath: at + ".path[\(j)][0]", message: "expected a time of at least 0 s, found \(format(key.time))")
                }
                if j > 0, !(key.time > drag.keyframes[j - 1].time) {
                    throw Violation(keyPath: at + ".path[\(j)][0]",
                                    message: "expected times that increase, found \(format(key.time)) after \(format(drag.keyframes[j - 1].time))")
                }
            }
        }
    }

    func checkNonZero(_ value: Double, at path: String) throws(Violation) {
        try checkEngineNumber(value, at: path)
        if value == 0 {
            throw Violation(keyPath: path, message: "expected a non-zero scale (0 makes the item vanish and its transform singular)")
        }
    }

    private func checkCollision(_ c: CollisionSpec, at path: String) throws(Violation) {
        var firstIndex: [String: Int] = [:]
        for (j, boundary) in c.boundaries.enumerated() {
            let at = path + ".boundaries[\(j)]"
            if boundary.id.isEmpty {
                throw Violation(keyPath: at + ".id", message: "expected a non-empty boundary id")
            }
            if let first = firstIndex[boundary.id] {
                throw Violation(keyPath: at + ".id",
                                message: "duplicate boundary id '\(boundary.id)', already used by boundaries[\(first)]; expected each id once")
            }
            firstIndex[boundary.id] = j
            switch boundary.shape {
            case .line(let from, let to):
                try checkPoint(from, at: at + ".from")
                try checkPoint(to, at: at + ".to")
                if from.distance(to: to) < Scene.minimumVertexDistance {
                    throw Violation(keyPath: at + ".to",
                                    message: "expected a line at least \(format(Scene.minimumVertexDistance)) pt long, found its ends \(format(from.distance(to: to))) pt apart")
                }
            case .path(let points):
                for (k, p) in points.enumerated() { try checkPoint(p, at: at + ".path[\(k)]") }
                let distinct = Scene.distinctVertices(points)
                if distinct.count < 2 {
                    throw Violation(keyPath: at + ".path",
                                    message: "expected a path of at least 2 points more than \(format(Scene.minimumVertexDistance)) pt apart, found \(distinct.count == 1 && points.count > 1 ? "points that all coincide" : "\(points.count) point\(points.count == 1 ? "" : "s")")")
                }
            }
        }
        let i = c.insets
        for (k, value) in [i.top, i.left, i.bottom, i.right].enumerated() {
            try checkEngineNumber(value, at: path + ".insets[\(k)]")
        }
        if c.canvasBoundary, canvas.size.width - i.left - i.right <= 0 || canvas.size.height - i.top - i.bottom <= 0 {
            throw Violation(keyPath: path + ".insets",
                            message: "insets leave no room inside the \(format(canvas.size.width))×\(format(canvas.size.height)) pt canvas; expected them to keep a positive width and height")
        }
    }

    private func checkAttachment(_ a: AttachmentSpec, at path: String) throws(Violation) {
        try reference(a.item, at: path + ".item")
        if let other = a.toItem {
            try reference(other, at: path + ".toItem")
            if other == a.item {
                throw Violation(keyPath: path + ".toItem", message: "an item cannot be attached to itself ('\(other)')")
            }
        }
        func require(_ key: String, _ present: Bool, _ why: String) throws(Violation) {
            if !present {
                throw Violation(keyPath: path, message: "missing '\(key)'; a \(a.kind.rawValue) attachment \(why)")
            }
        }
        switch a.kind {
        case .distance:
            if a.toItem == nil, a.anchor == nil {
                throw Violation(keyPath: path, message: "missing 'anchor' or 'toItem'; a distance attachment joins its item to an anchor point or to another item")
            }
            if a.toItem != nil, a.anchor != nil {
                throw Violation(keyPath: path + ".anchor", message: "'anchor' and 'toItem' are both given; a distance attachment joins its item to one of them")
            }
        case .fixed, .pin:
            try require("toItem", a.toItem != nil, "joins two items")
            try require("anchor", a.anchor != nil, "needs the anchor point where the items are joined")
        case .sliding:
            try require("anchor", a.anchor != nil, "needs a point on its axis")
        case .limit:
            try require("toItem", a.toItem != nil, "joins two items")
        }
        if let anchor = a.anchor { try checkPoint(anchor, at: path + ".anchor") }
        try checkPoint(a.offset, at: path + ".offset")
        try checkPoint(a.toOffset, at: path + ".toOffset")
        if let length = a.length {
            try checkPositive(length, "a length", at: path + ".length")
            try checkEngineNumber(length, at: path + ".length")
        }
        try checkNonNegative(a.frequency, "a frequency in Hz", at: path + ".frequency")
        try checkNonNegative(a.damping, "a damping ratio", at: path + ".damping")
        try checkNonNegative(a.frictionTorque, "a friction torque", at: path + ".frictionTorque")
        try checkPoint(a.axis, at: path + ".axis")
        if a.kind == .sliding, a.axis == .zero {
            throw Violation(keyPath: path + ".axis", message: "expected a non-zero axis direction, found [0, 0]")
        }
        if let range = a.range {
            try checkEngineNumber(range.lowerBound, at: path + ".range[0]")
            try checkEngineNumber(range.upperBound, at: path + ".range[1]")
            if a.kind == .pin, !range.contains(0) {
                throw Violation(keyPath: path + ".range",
                                message: "expected a range of angles that contains 0 (the items' angle when pinned), found [\(format(range.lowerBound)), \(format(range.upperBound))]")
            }
            if a.kind != .pin, a.kind != .sliding {
                throw Violation(keyPath: path + ".range", message: "'range' applies to pin and sliding attachments only, not \(a.kind.rawValue)")
            }
        }
    }

    func checkConvexPolygon(_ points: [Point], at path: String) throws(Violation) {
        for (k, p) in points.enumerated() { try checkPoint(p, at: path + "[\(k)]") }
        guard (3...Scene.maximumPolygonVertices).contains(points.count) else {
            throw Violation(keyPath: path, message: "expected a convex polygon of 3 to \(Scene.maximumPolygonVertices) points, found \(points.count)")
        }
        // Convex, either winding: every turn has the same sign and the area is not zero.
        var sign = 0.0
        var area = 0.0
        for k in points.indices {
            let a = points[k], b = points[(k + 1) % points.count], c = points[(k + 2) % points.count]
            let turn = (b - a).cross(c - b)
            area += a.cross(b)
            if turn != 0 {
                if sign != 0, (turn > 0) != (sign > 0) {
                    throw Violation(keyPath: path, message: "expected a convex polygon; it turns the other way at point \((k + 1) % points.count)")
                }
                sign = turn
            }
        }
        if abs(area) / 2 < 1 {
            throw Violation(keyPath: path, message: "expected a polygon with an area of at least 1 pt², found \(format(abs(area) / 2)) pt²")
        }
    }

    private func checkPoint(_ p: Point, at path: String) throws(Violation) {
        try checkEngineNumber(p.x, at: path + "[0]")
        try checkEngineNumber(p.y, at: path + "[1]")
    }

    /// Every number a behaviour hands to Box2D: finite and within ±1e7 (`KeyRange.engine`).
    private func checkEngineNumber(_ value: Double, at path: String) throws(Violation) {
        try KeyRange.engineCheck(value, at: path)
    }

    private func checkNonNegative(_ value: Double, _ what: String, at path: String) throws(Violation) {
        try checkEngineNumber(value, at: path)
        if !(value >= 0) {
            throw Violation(keyPath: path, message: "expected \(what) of at least 0, found \(format(value))")
        }
    }

    /// The points of a boundary path with consecutive near-duplicates (closer than Box2D's slop)
    /// dropped, as UIKit drops duplicates; the closing edge counts too.
    public static func distinctVertices(_ points: [Point]) -> [Point] {
        var result: [Point] = []
        for p in points where result.last.map({ $0.distance(to: p) >= minimumVertexDistance }) ?? true {
            result.append(p)
        }
        while result.count > 2, let first = result.first, let last = result.last,
              first.distance(to: last) < minimumVertexDistance {
            result.removeLast()
        }
        return result
    }
}
