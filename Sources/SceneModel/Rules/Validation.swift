import Geometry
import SceneSyntax
import Timing

// The semantic rules of a scene: the one place they live.
//
// Rules of this file:
// - Files and scenes built in Swift are checked by this same code (`SceneLoader` runs it after
//   decoding and maps the key path back to a line), so both get the same words.
// - Checks run in decoding order (name, canvas, fps, length, items, behaviors) and the first
//   violation wins; one precise error beats a list whose later entries are consequences.
// - Key paths use the file's own spelling: `items[0].size[1]` is the item's height.
// - Every number is checked finite before its range, because NaN fails every comparison and
//   "expected > 0, found nan" would send the user looking in the wrong place.

/// The limits a valid scene stays within. Each is checked by `Scene.validate` and mirrored in
/// `scenes/schema.json` where JSON Schema can express it.
public enum SceneRules {
    /// Frames (simulation ticks) per second: integers 1...240 (`Timing.FrameRate.range`).
    public static let fpsRange = FrameRate.range
    /// Default frames per second: 60 (`Timing.FrameRate.defaultFPS`).
    public static let defaultFPS = FrameRate.defaultFPS
    /// Largest canvas scale (pixels per point), exclusive lower bound 0. Apple ships 1, 2, 3; 8
    /// leaves room for close-up renders of a small region.
    public static let maxScale = 8.0
    /// The largest factor an item's `scale:` may have: a design file's transform can shrink or
    /// grow a part far more than a screen's scale, but not without bound.
    public static let maxItemScale = 1_000.0
    /// Default canvas scale: 2 (most iPhones' and iPads' screen scale is 2 or 3).
    public static let defaultScale = 2.0
    /// Largest canvas side in pixels (points × scale, rounded up). 16384 px is the usual GPU
    /// texture limit and keeps one RGBA frame under 1 GiB.
    public static let maxPixelsPerSide = 16384
    /// Longest scene in seconds, for `duration` and `maxDuration`: one hour.
    public static let maxSeconds = 3600.0
    /// Item width and height in points: 0.05 ... 1e6. Box2D (32-bit floats, 100 pt per metre)
    /// asserts on a box whose area is under 1.2e-7 m² (0.0012 pt²) and overflows far above a
    /// million points; UI items live well inside both.
    public static let itemSideRange: ClosedRange<Double> = 0.05...1e6
    /// Item centres in points: −1e7 ... 1e7 (a float keeps 1 pt precision to about 1.6e7 pt).
    public static let coordinateRange: ClosedRange<Double> = -1e7...1e7
    /// Most points between the centres of two items of one item group (one Box2D body).
    public static let maxGroupSpan = 10_000.0
    /// `maxDuration` when `until: rest` gives none: 10 s, long enough for any snap or gravity
    /// scene to settle, short enough that a scene that never rests still finishes.
    public static let defaultMaxDuration = 10.0

    /// Longest scene name, in characters (ASCII, so bytes): 128. A name becomes file names with
    /// suffixes of up to about 75 bytes (`.<name>.frames-000000-000120.manifest.json.tmp-<pid>-<n>`,
    /// more with frame numbers past six digits), and a file name may have at most 255 bytes
    /// (NAME_MAX on Linux and macOS file systems); 128 leaves room for all of them.
    public static let maxNameLength = 128

    /// Most files one scene may import (`imports:`): 64.
    public static let maxImports = 64

    /// A scene name is used as a folder name: ASCII letters, digits, `_` and `-`, at least one.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { isASCIIAlphanumeric($0) || $0 == "_" || $0 == "-" }
    }

    /// An item id: `[A-Za-z_][A-Za-z0-9_-]*`, so it can be written unquoted in YAML and used in
    /// file names and key paths without escaping; or several such names joined by dots, the ids
    /// component instances give their items (`r3.avatar`).
    public static func isValidItemID(_ id: String) -> Bool {
        // On the UTF-8 bytes in place, in one pass: every item of a scene is checked, and
        // iterating the string's UTF-8 view cost several times the check itself.
        var id = id
        return id.withUTF8 { bytes in
            var atSegmentStart = true
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "."):
                    if atSegmentStart { return false }
                    atSegmentStart = true
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                    atSegmentStart = false
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                    if atSegmentStart { return false }
                default:
                    return false
                }
            }
            return !atSegmentStart
        }
    }

    private static func isASCIIAlphanumeric(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c)
    }
}

/// One broken rule: where (key path in file spelling) and what.
package struct Violation: Error, Equatable {
    package var keyPath: String
    package var message: String
    package var suggestion: String?
}

extension Scene {
    /// Checks every semantic rule of the scene format and throws the first violation as a
    /// `SceneError` whose `file` is `file`, with a key path but no line (there is no file).
    /// A scene that passes renders without errors.
    /// `limits`: the size limits (`SceneLimits.default` unless raised with `--max-…` flags).
    public func validate(file: String = "<swift>", limits: SceneLimits = .default) throws {
        if let v = firstViolation(limits: limits) {
            throw SceneError(file: file, keyPath: v.keyPath, message: v.message, suggestion: v.suggestion)
        }
    }

    /// The first rule this scene breaks, in decoding order, or nil if it is valid.
    package func firstViolation(limits: SceneLimits = .default) -> Violation? {
        do {
            try checkAll(limits: limits)
            return nil
        } catch {
            return error
        }
    }

    private func checkAll(limits: SceneLimits) throws(Violation) {
        if !SceneRules.isValidName(name) {
            throw Violation(
                keyPath: "name",
                message:
                    "expected a name of letters, digits, '_' or '-' (it names the output folder), found \(quoted(name))"
            )
        }
        if name.utf8.count > SceneRules.maxNameLength {
            throw Violation(
                keyPath: "name",
                message:
                    "expected a name of at most \(SceneRules.maxNameLength) characters (it names the output folder and files such as \(name.prefix(12))….frames-000000-000120.manifest.json, which must fit in a file name's 255 bytes), found one of \(name.utf8.count) characters",
                suggestion: "shorten it to \(SceneRules.maxNameLength) characters or fewer")
        }
        try checkCanvas(maxPixelsPerSide: limits.maxPixelsPerSide)
        try checkTouchesAndFraming()
        try RootKeys.spec.check(self, in: self, at: "")
        switch length {
        case .duration(let seconds):
            try checkSeconds(seconds, at: "duration", limits: limits)
        case .untilRest(let maxDuration):
            try checkSeconds(maxDuration, at: "maxDuration", limits: limits)
        }
        try checkCounts(limits: limits)
        try checkItems()
        try checkItemGroups()
        try checkBehaviors()
        try checkDragOverlaps()
        try checkTimingScript()
        try checkGradientAnimations()
        try checkDynamicsTimeline()
        try checkAnchorsStayStill()
        try checkScrollTransitions()
    }

    private func checkCanvas(maxPixelsPerSide: Int) throws(Violation) {
        try CanvasKeys.spec.check(canvas, in: self, at: "canvas")
        // Compared in Double: `Canvas.pixelWidth` converts to Int, which would trap on a huge size.
        let w = (canvas.size.width * canvas.scale).rounded(.up)
        let h = (canvas.size.height * canvas.scale).rounded(.up)
        let limit = Double(maxPixelsPerSide)
        if w > limit || h > limit {
            throw Violation(
                keyPath: "canvas.size",
                message:
                    "\(format(canvas.size.width))x\(format(canvas.size.height)) pt at scale \(format(canvas.scale)) is \(format(w))x\(format(h)) px; expected at most \(maxPixelsPerSide) px per side",
                suggestion: "lower canvas.scale or the size")
        }
        // A size of 5e-324 pt is positive, but at any scale below 1 it rounds to no pixel at all.
        if !(w >= 1 && h >= 1) {
            throw Violation(
                keyPath: "canvas.size",
                message:
                    "\(format(canvas.size.width))x\(format(canvas.size.height)) pt at scale \(format(canvas.scale)) is \(format(w))x\(format(h)) px; expected at least 1 px per side",
                suggestion: "raise canvas.scale or the size")
        }
    }

    private func checkSeconds(_ seconds: Double, at path: String, limits: SceneLimits) throws(Violation) {
        try checkFinite(seconds, at: path)
        if !(seconds > 0 && seconds <= limits.maxSeconds) {
            throw Violation(
                keyPath: path,
                message:
                    "expected seconds greater than 0 and at most \(format(limits.maxSeconds)), found \(format(seconds))"
            )
        }
        let frames = FrameRate.frameCount(seconds: seconds, fps: fps)
        if frames > limits.maxFrames {
            throw Violation(
                keyPath: path,
                message:
                    "\(format(seconds)) s at \(fps) fps is \(frames) frames; expected at most \(limits.maxFrames) frames",
                suggestion: "raise the limit with --max-frames (SceneLimits.maxFrames in Swift), or shorten the scene")
        }
    }

    /// Item and behaviour counts, before any item is looked at: a file of a million items fails
    /// at once instead of after checking each.
    private func checkCounts(limits: SceneLimits) throws(Violation) {
        let layers = layerCount
        var textScalars = 0
        forEachItemWithAttributes { item in textScalars += item.text?.string.unicodeScalars.count ?? 0 }
        if layers > limits.maxItems {
            let top = layers == items.count ? "" : " (\(items.count) top-level; every layer counts)"
            throw Violation(
                keyPath: "items",
                message: "\(layers) items\(top); expected at most \(limits.maxItems)",
                suggestion: "raise the limit with --max-items (SceneLimits.maxItems in Swift)")
        }
        if textScalars > limits.maxTextScalars {
            throw Violation(
                keyPath: "items",
                message:
                    "\(textScalars) characters of text across the scene's text items; expected at most \(limits.maxTextScalars)",
                suggestion: "raise the limit with --max-text (SceneLimits.maxTextScalars in Swift)")
        }
        if behaviors.count > limits.maxBehaviors {
            throw Violation(
                keyPath: "behaviors",
                message: "\(behaviors.count) behaviors; expected at most \(limits.maxBehaviors)",
                suggestion: "raise the limit with --max-behaviors (SceneLimits.maxBehaviors in Swift)")
        }
    }

    private func checkItems() throws(Violation) {
        // Sized once: grown from empty, the set hashed every id again at each doubling.
        var seen = Set<String>(minimumCapacity: layerCount)
        var alike = ItemsCheckedAlike()
        try items.withUnsafeBufferPointer { (items) throws(Violation) in
            for i in items.indices {
                try checkItem(items.baseAddress! + i, at: ItemKeyPath(topLevel: i), seen: &seen, alike: &alike)
            }
        }
    }

    /// Where the first item with `id` is, depth first (for a duplicate's message).
    private func firstPath(of id: String) -> String {
        var found: String?
        forEachItem { item, path, _ in
            if found == nil && item.id == id { found = path.description }
        }
        return found ?? "another item"
    }

    /// An id's form, one rule for items, groups, behaviours and animators: letters, digits, `_`
    /// and `-`, starting with a letter or `_`.
    func checkIDForm(_ id: String, at path: @autoclosure () -> String) throws(Violation) {
        guard !SceneRules.isValidItemID(id) else { return }
        throw Violation(
            keyPath: path(),
            message:
                "expected an id of letters, digits, '_' or '-' that starts with a letter or '_', found \(quoted(id))")
    }

    /// One item, then its children: the same rules at every depth, ids unique across the tree.
    /// Paths are spelt only for a message, or for a parent whose children need theirs.
    /// By pointer, into the scene's storage: reading an `Item` out of an array copies it, and
    /// `alike` keeps where the items it has seen are.
    private func checkItem(
        _ item: UnsafePointer<Item>, at path: ItemKeyPath, seen: inout Set<String>, alike: inout ItemsCheckedAlike
    ) throws(Violation) {
        let id = item.pointee.id
        try checkIDForm(id, at: path + ".id")
        guard seen.insert(id).inserted else {
            let first = firstPath(of: id)
            throw Violation(
                keyPath: path + ".id",
                message: "duplicate item id '\(id)', already used by \(first); expected each id once")
        }
        if !alike.passedAlike(item) {
            try ItemKeys.spec.check(item.pointee, in: self, at: path.description)
            try checkLayer(item.pointee, at: path)
            alike.passed(item)
        }
        guard !item.pointee.children.isEmpty else { return }
        let spelt = path.description
        try item.pointee.children.withUnsafeBufferPointer { (children) throws(Violation) in
            for k in children.indices {
                try checkItem(
                    children.baseAddress! + k, at: ItemKeyPath(child: k, of: spelt, isMask: children[k].isMask),
                    seen: &seen, alike: &alike)
            }
        }
    }

    /// Two scripted drags of one item in one `snapZones` may not overlap in time (the behaviour's
    /// precondition; found by `FuzzTests` from a duplicated drag line).
    private func checkDragOverlaps() throws(Violation) {
        for (i, behavior) in behaviors.enumerated() {
            guard case .snapZones(let z) = behavior else { continue }
            for (k, drag) in z.drags.enumerated() {
                guard let start = drag.keyframes.first?.time, let end = drag.keyframes.last?.time else { continue }
                for (j, other) in z.drags.prefix(k).enumerated() where other.item == drag.item {
                    guard let otherStart = other.keyframes.first?.time, let otherEnd = other.keyframes.last?.time else {
                        continue
                    }
                    if !(end < otherStart || otherEnd < start) {
                        throw Violation(
                            keyPath: "behaviors[\(i)].snapZones.drags[\(k)]",
                            message:
                                "drag of '\(drag.item)' from \(format(start)) s to \(format(end)) s overlaps drags[\(j)] (\(format(otherStart)) s to \(format(otherEnd)) s); expected one drag of an item at a time"
                        )
                    }
                }
            }
        }
    }

    func checkFinite(_ value: Double, at path: String) throws(Violation) {
        if !value.isFinite {
            throw Violation(keyPath: path, message: "expected a finite number, found \(format(value))")
        }
    }

    func checkPositive(_ value: Double, _ what: String, at path: String) throws(Violation) {
        try checkFinite(value, at: path)
        if !(value > 0) {
            throw Violation(keyPath: path, message: "expected \(what) greater than 0, found \(format(value))")
        }
    }

    /// 0...1 inclusive: opacity, damping.
    func checkUnit(_ value: Double, _ what: String, at path: String) throws(Violation) {
        try checkFinite(value, at: path)
        if !(value >= 0 && value <= 1) {
            throw Violation(keyPath: path, message: "expected \(what) from 0 to 1, found \(format(value))")
        }
    }
}

extension Scene {
    /// An anchor point away from the middle only on items no behaviour moves: UIKit Dynamics
    /// moves a view by its centre and turns it about that centre.
    func checkAnchorsStayStill() throws(Violation) {
        let moved = dynamicallyMovedItemIDs
        // The walk spells every parent's path: only for a scene with behaviours.
        guard !moved.isEmpty else { return }
        try forEachItem { (item, path, _) throws(Violation) in
            guard item.anchorPoint != Point(0.5, 0.5), moved.contains(item.id) else { return }
            throw Violation(
                keyPath: path + ".anchorPoint",
                message:
                    "'\(item.id)' has an anchor point away from its middle and a behaviour moves it; UIKit Dynamics moves and turns a view about its centre",
                suggestion: "leave anchorPoint out on items in behaviours, or animate the item instead")
        }
    }
}

extension Scene {
    /// `scrollTransition:` only on the children of a scroll view (the phase is measured in its
    /// visible area), never on an item a behaviour moves (whose state is the animator's).
    func checkScrollTransitions() throws(Violation) {
        var scrollViews: Set<String> = []
        var anyTransition = false
        forEachItemWithAttributes { item in
            if item.scroll != nil { scrollViews.insert(item.id) }
            anyTransition = anyTransition || !item.scrollTransitions.isEmpty
        }
        // The walk below spells every parent's path: only for a scene with a transition.
        guard anyTransition else { return }
        let moved = dynamicallyMovedItemIDs
        try forEachItem { (item, path, parent) throws(Violation) in
            guard !item.scrollTransitions.isEmpty else { return }
            guard let parent, scrollViews.contains(parent) else {
                throw Violation(
                    keyPath: path + ".scrollTransition",
                    message:
                        "'\(item.id)' is not a child of a scroll view; expected scrollTransition on the children of a scroll: item",
                    suggestion: "move it among a scroll view's children, or animate it instead")
            }
            if moved.contains(item.id) {
                throw Violation(
                    keyPath: path + ".scrollTransition",
                    message:
                        "'\(item.id)' is moved by a behaviour; expected scrollTransition on items the animator leaves alone"
                )
            }
        }
    }
}
