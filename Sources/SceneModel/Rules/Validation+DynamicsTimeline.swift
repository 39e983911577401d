import Geometry
import SceneSyntax

// Rules of behaviour ids and `dynamicsTimeline:`: ids well formed and unique, every reference to
// a behaviour that exists by then, every set key one the behaviour's class has, values in the
// ranges the behaviour itself accepts.

extension Scene {
    func checkDynamicsTimeline() throws(Violation) {
        var kinds: [String: String] = [:]  // id → behaviour kind
        var order: [String] = []  // ids in declaration order, for messages
        func declare(_ id: String, kind: String, at path: String) throws(Violation) {
            try checkIDForm(id, at: path)
            if kinds[id] != nil {
                throw Violation(keyPath: path, message: "duplicate behavior id '\(id)'; expected each id once")
            }
            kinds[id] = kind
            order.append(id)
        }
        if !behaviorIDs.isEmpty && behaviorIDs.count != behaviors.count {
            throw Violation(
                keyPath: "behaviors",
                message:
                    "behaviorIDs has \(behaviorIDs.count) entries for \(behaviors.count) behaviors; expected one (or nil) per behavior"
            )
        }
        for (i, behavior) in behaviors.enumerated() {
            if let id = behaviorID(i) { try declare(id, kind: behavior.kind, at: "behaviors[\(i)].id") }
        }
        func lookUp(_ id: String, at path: String) throws(Violation) -> String {
            if let kind = kinds[id] { return kind }
            if order.isEmpty {
                throw Violation(
                    keyPath: path, message: "unknown behavior \(quoted(id)); no behavior has an id",
                    suggestion: "give the behavior one: - { id: \(id), snap: { … } }")
            }
            throw Violation(
                keyPath: path, message: "unknown behavior \(quoted(id)); expected one of: \(listing(order))",
                suggestion: didYouMean(id, order))
        }
        var lastTime = 0.0
        for (i, entry) in dynamicsTimeline.enumerated() {
            let path = "dynamicsTimeline[\(i)]"
            try checkEntryTime(entry.at, after: lastTime, at: path)
            lastTime = entry.at
            try checkGestures(of: entry, at: path)
            switch entry.action {
            case .none:
                break
            case .remove(let id):
                _ = try lookUp(id, at: path + ".remove")
            case .add(let spec, let id):
                try checkBehavior(spec, at: path + ".add")
                if let id { try declare(id, kind: spec.kind, at: path + ".add.id") }
            case .set(let id, let settings):
                try checkSettings(settings, of: id, kind: try lookUp(id, at: path + ".set.behavior"), at: path)
            }
        }
    }

    /// An entry's time: finite, within the scene's limit, and not before the entry above it.
    private func checkEntryTime(_ time: Double, after lastTime: Double, at path: String) throws(Violation) {
        try checkFinite(time, at: path + ".at")
        if !(time >= 0 && time <= SceneRules.maxSeconds) {
            throw Violation(
                keyPath: path + ".at",
                message: "expected a scene time from 0 to \(format(SceneRules.maxSeconds)) s, found \(format(time))")
        }
        if time < lastTime {
            throw Violation(
                keyPath: path + ".at",
                message: "entries must be in time order; \(format(time)) s comes after \(format(lastTime)) s",
                suggestion: "move this entry before the one at \(format(lastTime)) s")
        }
    }

    /// A tap's or drag's item is a top-level item, a trigger's a dynamic item (any depth, or a
    /// group), and a drag's path is finite and ends in time.
    private func checkGestures(of entry: DynamicsTimelineEntry, at path: String) throws(Violation) {
        let named: [(String, String?)] = [("tap", entry.tap), ("drag.item", entry.drag?.item)]
        if case .rest(let id)? = entry.on { try reference(id, at: path + ".on.rest", reach: .dynamicItem) }
        if case .collision(let a, let b)? = entry.on {
            try reference(a, at: path + ".on.collision[0]", reach: .dynamicItem)
            try reference(b, at: path + ".on.collision[1]", reach: .dynamicItem)
            if a == b {
                throw Violation(
                    keyPath: path + ".on.collision", message: "expected two different items, found '\(a)' twice")
            }
        }
        for (gesture, id) in named {
            guard let id else { continue }
            guard item(id) == nil else {
                // A drag moves its item, which a group's body owns; a tap only lands on it.
                if gesture == "drag.item" { try checkNotGrouped(id, at: path + "." + gesture, reach: .topLevel) }
                continue
            }
            let ids = items.map(\.id)
            if let parent = parentID(of: id) {
                throw Violation(
                    keyPath: path + "." + gesture,
                    message:
                        "item \(quoted(id)) is a child of '\(parent)'; taps and drags take top-level items only",
                    suggestion: "tap or drag '\(parent)', the top-level item that holds it")
            }
            throw Violation(
                keyPath: path + "." + gesture,
                message: "unknown item \(quoted(id)); expected one of: \(listing(ids))",
                suggestion: didYouMean(id, ids))
        }
        if let drag = entry.drag {
            for (k, p) in drag.points.enumerated() {
                try checkFinite(p.x, at: path + ".drag.path[\(k)][1]")
                try checkFinite(p.y, at: path + ".drag.path[\(k)][2]")
            }
            if !(entry.actionTime <= SceneRules.maxSeconds) {
                throw Violation(
                    keyPath: path + ".drag.path",
                    message:
                        "the drag ends at \(format(entry.actionTime)) s; expected it to end by \(format(SceneRules.maxSeconds)) s"
                )
            }
        }
    }

    /// A `set`: the behaviour's class has each key, and each value is in its range.
    private func checkSettings(
        _ settings: [BehaviorSetting], of id: String, kind: String, at path: String
    ) throws(Violation) {
        let allowed = BehaviorSetting.keys(for: kind)
        if allowed.isEmpty {
            throw Violation(
                keyPath: path + ".set.behavior",
                message:
                    "behavior '\(id)' is a \(kind); set changes snap, push, gravity, attachment, itemBehavior and field behaviors",
                suggestion: "remove it and add a new one instead")
        }
        for s in settings {
            let at = path + ".set." + s.key
            guard allowed.contains(s.key) else {
                throw Violation(
                    keyPath: at,
                    message: "a \(kind) has no settable '\(s.key)'; expected one of: \(listing(allowed))",
                    suggestion: didYouMean(s.key, allowed))
            }
            try checkSetting(s, kind: kind, at: at)
        }
    }

    private func checkSetting(_ s: BehaviorSetting, kind: String, at path: String) throws(Violation) {
        switch s.value {
        case .bool: return
        case .point(let p):
            try checkFinite(p.x, at: path + "[0]")
            try checkFinite(p.y, at: path + "[1]")
        case .number(let v):
            try checkFinite(v, at: path)
            switch (kind, s.key) {
            case ("snap", "damping"): try checkUnit(v, "a damping ratio", at: path)
            case ("itemBehavior", "density"): try checkPositive(v, "a density", at: path)
            case (_, "length"), (_, "frequency"), (_, "damping"), (_, "friction"), (_, "elasticity"),
                (_, "resistance"), (_, "angularResistance"):
                if v < 0 { throw Violation(keyPath: path, message: "expected \(s.key) ≥ 0, found \(format(v))") }
            default: return
            }
        }
    }
}
