import Geometry
import Raster
import SceneModel
import Timing

/// The touch indicator: the translucent circle screen recordings of iOS apps draw under each
/// finger. It appears at full opacity on the touch-down tick, follows the scripted finger, and
/// after the touch-up tick fades linearly to nothing over `TouchesSpec.fadeOut` seconds, staying
/// where the finger lifted. Drawn on top of the items (under the device bezel) as one
/// `DrawRect` circle per finger, so PNGs, videos, figures and SVG frames all show it.
///
/// Every touch comes from the scene's script, so where and when a circle shows is a function of
/// the tick alone, with one exception: a tap lands on its item's centre as drawn on the tap's
/// tick, which the simulation records when that tick runs (`recordTaps`).
struct TouchIndicator {
    /// One scripted finger: down on tick `down`, up on tick `up` (≥ `down`), and where it is.
    struct Stroke: Equatable {
        enum Finger: Equatable {
            /// Keyframes (seconds, point), linear between, held at the ends. The clock is the one
            /// the gesture's consumer reads, so finger and effect agree to the bit: seconds since
            /// tick `originTick` ((tick − originTick)/fps, as `DynamicsScript`), or else the scene
            /// time minus `origin` (tick/fps − origin, as snap zones and scrubs).
            case path(times: [Double], points: [Point], origin: Double, originTick: Int?)
            /// A tap on an item: where is known once its tick has run.
            case tap(item: String)
        }
        var down: Int
        var up: Int
        var finger: Finger
    }

    let strokes: [Stroke]
    let spec: TouchesSpec
    let fps: Int
    /// Tap points by stroke index, filled in as the taps' ticks run.
    private(set) var tapPoints: [Int: Point] = [:]

    /// Whether a scene draws touches: `touches.show`, or by default whenever it scripts one.
    var isShown: Bool { (spec.show ?? true) && !strokes.isEmpty }

    init(scene: Scene) {
        spec = scene.touches
        fps = scene.fps
        strokes = Self.strokes(of: scene)
    }

    /// Ticks the circle takes to fade after touch-up (at least 1).
    var fadeTicks: Int { max(1, Int((TouchesSpec.fadeOut * Double(fps)).rounded())) }

    /// The scene's scripted touches, in a fixed order: snap-zone drags (behaviour order), then
    /// `dynamicsTimeline` drags and taps, then animator scrub drags, then `layerTimeline` drags, then scroll-view drags (item order), then view animations' drags.
    static func strokes(of scene: Scene) -> [Stroke] {
        let fps = scene.fps
        var strokes: [Stroke] = []
        for case .snapZones(let zones) in scene.behaviors {
            for drag in zones.drags where !drag.keyframes.isEmpty {
                // SnapZonesBehavior's input clock: `.began` on the first tick ≥ 1 whose time
                // reaches the first keyframe, `.ended` on the first later tick reaching the last.
                let times = drag.keyframes.map(\.time)
                let down = firstTick(from: 1, reaching: times[0], fps: fps)
                let up = firstTick(from: down + 1, reaching: times[times.count - 1], fps: fps)
                strokes.append(
                    Stroke(
                        down: down, up: up,
                        finger: .path(times: times, points: drag.keyframes.map(\.point), origin: 0, originTick: nil)))
            }
        }
        let tapHold = max(1, Int((TouchesSpec.tapHold * Double(fps)).rounded()))
        for entry in scene.dynamicsTimeline {
            let start = ScriptTime.tick(for: entry.at, fps: fps)
            if let drag = entry.drag {
                // DynamicsScript: the finger at (tick − start)/fps after `at`, up on the action's tick.
                strokes.append(
                    Stroke(
                        down: start, up: ScriptTime.tick(for: entry.actionTime, fps: fps),
                        finger: .path(times: drag.times, points: drag.points, origin: 0, originTick: start)))
            } else if let item = entry.tap {
                strokes.append(Stroke(down: start, up: start + tapHold, finger: .tap(item: item)))
            }
        }
        func scrubStroke(_ scrub: Scrub, at: Double) -> Stroke? {
            guard case .drag(let path, _, _) = scrub.source, !path.isEmpty else { return nil }
            return Stroke(
                down: ScriptTime.tick(for: at, fps: fps), up: ScriptTime.tick(for: at + scrub.length, fps: fps),
                finger: .path(times: path.map(\.time), points: path.map(\.point), origin: at, originTick: nil))
        }
        for animator in scene.animators {
            for call in animator.timeline {
                if case .scrub(let s) = call.kind, let stroke = scrubStroke(s, at: call.at) { strokes.append(stroke) }
            }
        }
        for call in scene.layerTimeline {
            if case .scrub(let s, _) = call.kind, let stroke = scrubStroke(s, at: call.at) { strokes.append(stroke) }
        }
        // Scroll views read the finger at the scene time minus the drag's `at`, as scrubs do.
        scene.forEachItemWithAttributes { item in
            for drag in item.scroll?.drags ?? [] where !drag.times.isEmpty {
                strokes.append(
                    Stroke(
                        down: ScriptTime.tick(for: drag.at, fps: fps), up: ScriptTime.tick(for: drag.end, fps: fps),
                        finger: .path(times: drag.times, points: drag.points, origin: drag.at, originTick: nil)))
            }
        }
        // View animations' pans: the finger at the scene time minus the block's `at`, as SceneTiming reads it.
        for v in scene.viewAnimationScripts.map(\.spec) {
            guard let drag = v.drag else { continue }
            strokes.append(
                Stroke(
                    down: ScriptTime.tick(for: v.at, fps: fps), up: ScriptTime.tick(for: v.runTime, fps: fps),
                    finger: .path(times: drag.times, points: drag.points, origin: v.at, originTick: nil)))
        }
        return strokes
    }

    private static func firstTick(from lowest: Int, reaching time: Double, fps: Int) -> Int {
        var tick = max(lowest, ScriptTime.tick(for: time, fps: fps) - 1)
        while Double(tick) / Double(fps) < time { tick += 1 }
        return tick
    }

    /// Records where the taps going down on `tick` land: `center(item)` is the item's centre as
    /// this tick draws it.
    mutating func recordTaps(tick: Int, center: (String) -> Point?) {
        for (i, stroke) in strokes.enumerated() where stroke.down == tick {
            if case .tap(let item) = stroke.finger, let p = center(item) { tapPoints[i] = p }
        }
    }

    /// Each finger shown on `tick`: its centre in canvas points and the circle's opacity.
    func touches(atTick tick: Int) -> [(center: Point, opacity: Double)] {
        var shown: [(center: Point, opacity: Double)] = []
        for (i, stroke) in strokes.enumerated() where stroke.down <= tick && tick < stroke.up + fadeTicks {
            let opacity = tick <= stroke.up ? 1 : 1 - Double(tick - stroke.up) / Double(fadeTicks)
            let at = min(tick, stroke.up)
            let center: Point
            switch stroke.finger {
            case .path(let times, let points, let origin, let originTick):
                let t = originTick.map { Double(at - $0) / Double(fps) } ?? Double(at) / Double(fps) - origin
                center = Self.interpolate(times: times, points: points, at: t)
            case .tap:
                guard let p = tapPoints[i] else { continue }
                center = p
            }
            shown.append((center, opacity))
        }
        return shown
    }

    /// The finger `t` s into its path: linear between keyframes, held before the first and after the last.
    static func interpolate(times: [Double], points: [Point], at t: Double) -> Point {
        if t <= times[0] { return points[0] }
        for k in 1..<times.count where t <= times[k] {
            let span = times[k] - times[k - 1]
            return span > 0 ? points[k - 1] + (points[k] - points[k - 1]) * ((t - times[k - 1]) / span) : points[k]
        }
        return points[points.count - 1]
    }

    /// The circles for `tick`, as display-list rectangles in canvas pixels.
    func rects(atTick tick: Int, scale: Double) -> [DrawRect] {
        guard isShown else { return [] }
        let size = spec.size
        return touches(atTick: tick).map { touch in
            DrawRect(
                size: Size(size, size), cornerRadius: size / 2,
                transform: AffineTransform(translationX: touch.center.x, y: touch.center.y)
                    .concatenating(AffineTransform(scaleX: scale, y: scale)),
                fill: spec.color, borderWidth: TouchesSpec.ringWidth, borderColor: TouchesSpec.ringColor,
                opacity: touch.opacity)
        }
    }
}
