import Geometry

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
    /// Frames (simulation ticks) per second: integers 1...240. 240 is the fastest display Apple
    /// ships (ProMotion runs at 120); more would only make files slower to render.
    public static let fpsRange: ClosedRange<Int> = 1...240
    /// Default frames per second: 60, the display rate UIKit animations are usually judged at.
    public static let defaultFPS = 60
    /// Largest canvas scale (pixels per point), exclusive lower bound 0. Apple ships 1, 2, 3; 8
    /// leaves room for close-up renders of a small region.
    public static let maxScale = 8.0
    /// Default canvas scale: 2 (most iPhones' and iPads' screen scale is 2 or 3).
    public static let defaultScale = 2.0
    /// Largest canvas side in pixels (points × scale, rounded up). 16384 px is the usual GPU
    /// texture limit and keeps one RGBA frame under 1 GiB.
    public static let maxPixelsPerSide = 16384
    /// Longest scene in seconds, for `duration` and `maxDuration`: one hour.
    public static let maxSeconds = 3600.0
    /// `maxDuration` when `until: rest` gives none: 10 s, long enough for any snap or gravity
    /// scene to settle, short enough that a scene that never rests still finishes.
    public static let defaultMaxDuration = 10.0

    /// A scene name is used as a folder name: ASCII letters, digits, `_` and `-`, at least one.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { isASCIIAlphanumeric($0) || $0 == "_" || $0 == "-" }
    }

    /// An item id: `[A-Za-z_][A-Za-z0-9_-]*`, so it can be written unquoted in YAML and used in
    /// file names and key paths without escaping.
    public static func isValidItemID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first,
              isASCIIAlphanumeric(first) && !("0"..."9").contains(first) || first == "_" else { return false }
        return id.unicodeScalars.allSatisfy { isASCIIAlphanumeric($0) || $0 == "_" || $0 == "-" }
    }

    private static func isASCIIAlphanumeric(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c)
    }
}

/// One broken rule: where (key path in file spelling) and what.
struct Violation: Error, Equatable {
    var keyPath: String
    var message: String
    var suggestion: String?
}

extension Scene {
    /// Checks every semantic rule of the scene format and throws the first violation as a
    /// `SceneError` whose `file` is `file`, with a key path but no line (there is no file).
    /// A scene that passes renders without errors.
    public func validate(file: String = "<swift>") throws {
        if let v = firstViolation() {
            throw SceneError(file: file, keyPath: v.keyPath, message: v.message, suggestion: v.suggestion)
        }
    }

    /// The first rule this scene breaks, in decoding order, or nil if it is valid.
    func firstViolation() -> Violation? {
        do {
            try checkAll()
            return nil
        } catch {
            return error
        }
    }

    private func checkAll() throws(Violation) {
        if !SceneRules.isValidName(name) {
            throw Violation(keyPath: "name",
                            message: "expected a name of letters, digits, '_' or '-' (it names the output folder), found \(quoted(name))")
        }
        try checkCanvas()
        if !SceneRules.fpsRange.contains(fps) {
            throw Violation(keyPath: "fps", message: "expected an integer from \(SceneRules.fpsRange.lowerBound) to \(SceneRules.fpsRange.upperBound), found \(fps)")
        }
        switch length {
        case .duration(let seconds):
            try checkSeconds(seconds, at: "duration")
        case .untilRest(let maxDuration):
            try checkSeconds(maxDuration, at: "maxDuration")
        }
        try checkItems()
        try checkBehaviors()
    }

    private func checkCanvas() throws(Violation) {
        try checkPositive(canvas.size.width, "a width", at: "canvas.size[0]")
        try checkPositive(canvas.size.height, "a height", at: "canvas.size[1]")
        try checkFinite(canvas.scale, at: "canvas.scale")
        if !(canvas.scale > 0 && canvas.scale <= SceneRules.maxScale) {
            throw Violation(keyPath: "canvas.scale",
                            message: "expected a scale greater than 0 and at most \(format(SceneRules.maxScale)), found \(format(canvas.scale))")
        }
        // Compared in Double: `Canvas.pixelWidth` converts to Int, which would trap on a huge size.
        let w = (canvas.size.width * canvas.scale).rounded(.up)
        let h = (canvas.size.height * canvas.scale).rounded(.up)
        let limit = Double(SceneRules.maxPixelsPerSide)
        if w > limit || h > limit {
            throw Violation(keyPath: "canvas.size",
                            message: "\(format(canvas.size.width))x\(format(canvas.size.height)) pt at scale \(format(canvas.scale)) is \(format(w))x\(format(h)) px; expected at most \(SceneRules.maxPixelsPerSide) px per side",
                            suggestion: "lower canvas.scale or the size")
        }
    }

    private func checkSeconds(_ seconds: Double, at path: String) throws(Violation) {
        try checkFinite(seconds, at: path)
        if !(seconds > 0 && seconds <= SceneRules.maxSeconds) {
            throw Violation(keyPath: path,
                            message: "expected seconds greater than 0 and at most \(format(SceneRules.maxSeconds)), found \(format(seconds))")
        }
    }

    private func checkItems() throws(Violation) {
        var firstIndex: [String: Int] = [:]
        for (i, item) in items.enumerated() {
            let path = "items[\(i)]"
            if !SceneRules.isValidItemID(item.id) {
                throw Violation(keyPath: path + ".id",
                                message: "expected an id of letters, digits, '_' or '-' that starts with a letter or '_', found \(quoted(item.id))")
            }
            if let first = firstIndex[item.id] {
                throw Violation(keyPath: path + ".id",
                                message: "duplicate item id '\(item.id)', already used by items[\(first)]; expected each id once")
            }
            firstIndex[item.id] = i
            try checkPositive(item.size.width, "a width", at: path + ".size[0]")
            try checkPositive(item.size.height, "a height", at: path + ".size[1]")
            try checkFinite(item.center.x, at: path + ".center[0]")
            try checkFinite(item.center.y, at: path + ".center[1]")
            try checkFinite(item.rotation.degrees, at: path + ".rotation")
            try checkFinite(item.cornerRadius, at: path + ".cornerRadius")
            if !(item.cornerRadius >= 0) {
                throw Violation(keyPath: path + ".cornerRadius",
                                message: "expected a corner radius of at least 0, found \(format(item.cornerRadius))")
            }
            if let border = item.border {
                try checkPositive(border.width, "a border width", at: path + ".border.width")
            }
            try checkUnit(item.opacity, "an opacity", at: path + ".opacity")
            if case .path(let points) = item.collisionBounds {
                try checkConvexPolygon(points, at: path + ".collisionBounds.path")
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

/// A number as a user would write it: `60`, not `60.0`; `0.5`; `nan`, `inf`, `-inf`.
func format(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
}
