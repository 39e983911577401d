import Dynamics
import Foundation
import Geometry

/// A render's trace: every item's state at every tick and every event, in two files beside the
/// video.
///
/// - `<scene>.trace.txt`, for people: the seed text's format (`[0.033] NSRect: {{x, y}, {w, h}}`)
///   extended with the item id, centre and angle; for items the dynamic animator moves, their
///   body velocity (pt/s) and angular velocity (rad/s); for child layers, `in <parent>` and their
///   local time; `hidden` on a tick the frame does not draw the layer; and events (the animator
///   pausing and resuming, completions) on their own lines.
/// - `<scene>.trace.csv`, for plots and diffs: one row per layer per tick (top-level items in
///   scene order, each followed by its child layers), with `drawn` (1/0), `velocity_x`,
///   `velocity_y` (pt/s), `angular_velocity` (rad/s; 0 for items no behaviour moves),
///   `local_time` (the layer's `convertTime(t, from: nil)`, s) and the animator's `elapsed_time`.
///
/// Numbers are printed with fixed decimals (glibc's correctly rounded printf), so a trace is as
/// deterministic as the frames and diffs cleanly.
public struct Trace: Sendable {
    public private(set) var text: [String] = []
    public private(set) var csv: [String] = [Trace.csvHeader]
    /// The CSV columns; property animators append `<id>_fraction` columns after these.
    public static let csvHeader = "tick,time,item,center_x,center_y,frame_x,frame_y,frame_width,frame_height,angle_rad,scale_x,scale_y,opacity,drawn,velocity_x,velocity_y,angular_velocity,local_time,elapsed_time"
    private var eventsWritten = 0
    private var animatorColumnsAdded = false

    public init(sceneName: String, fps: Int) {
        text.append("# flipbook trace of \(sceneName): one line per layer per tick at \(fps) fps; frame = the layer's bounding box (UIView.frame), angle in radians, clockwise; velocity in pt/s, angularVelocity in rad/s")
    }

    /// Notes, under the header, when the animator would have paused without the scene's frame
    /// watchers (`SceneSimulation.velocityBasedPauseTick`), so one trace reports both pauses.
    public mutating func noteVelocityBasedPause(tick: Int, fps: Int) {
        text.insert(String(format: "# without its frame watchers the animator would pause after tick %d (%.3f s), UIKit's velocity-based rest",
                           tick, Double(tick) / Double(fps)), at: 1)
    }

    /// Records the state after `simulation.tick` ticks, and any events since the last call.
    public mutating func record(_ simulation: SceneSimulation) {
        let time = Double(simulation.tick) * simulation.tickInterval
        let stamp = String(format: "[%.3f]", time)
        for event in simulation.events.dropFirst(eventsWritten) {
            let at = String(format: "[%.3f]", Double(event.tick) * simulation.tickInterval)
            text.append("\(at) \(event.description) (tick \(event.tick))")
        }
        eventsWritten = simulation.events.count
        // Property animators (scenes with `animators:` only): a line each per tick, and one
        // `<id>_fraction` column each, appended after the fixed columns so plots keep working.
        let animators = simulation.animatorFractions
        if !animators.isEmpty && !animatorColumnsAdded {
            csv[0] += animators.map { ",\($0.id)_fraction" }.joined()
            animatorColumnsAdded = true
        }
        for a in animators {
            text.append(String(format: "%@ animator %@ fractionComplete %.6f state %@", stamp, a.id, a.fractionComplete, a.state))
        }
        let extra = animators.map { String(format: ",%.6f", $0.fractionComplete) }.joined()
        let elapsed = simulation.animator.elapsedTime
        for layer in simulation.tracedLayers() {
            let c = layer.center, t = layer.transform, f = layer.frame
            let radians = t.rotationAngle.radians
            let angle = radians == 0 ? 0 : radians  // no "-0.000000"
            var line = String(format: "%@ %@ NSRect: {{%@, %@}, {%@, %@}} center (%@, %@) angle %.6f",
                              stamp, layer.id, g(f.minX), g(f.minY), g(f.width), g(f.height), g(c.x), g(c.y), angle)
            if let v = layer.velocity, let w = layer.angularVelocity {
                let omega: Double = w == 0 ? 0 : w
                line += String(format: " velocity (%@, %@) angularVelocity %.6f", g(v.x), g(v.y), omega)
            }
            if let parent = layer.parent { line += " in \(parent)" + String(format: " localTime %.6f", layer.localTime) }
            if !layer.drawn { line += " hidden" }
            text.append(line)
            // The scale of the item's transform (the damped resize's figure 6-1 is scale_x over time).
            let scaleX = (t.a * t.a + t.b * t.b).squareRoot(), scaleY = (t.c * t.c + t.d * t.d).squareRoot()
            // A text item: its string and the set lines' box, in canvas points under the layer's
            // presentation transform (the box of the text box's four corners).
            if let summary = simulation.textSummary(of: layer.id) {
                let local = summary.bounds.minX.isFinite ? summary.bounds : Rect(x: 0, y: 0, width: 0, height: 0)
                let toCanvas = AffineTransform(translationX: -layer.bounds.width / 2, y: -layer.bounds.height / 2)
                    .concatenating(t).concatenating(AffineTransform(translationX: c.x, y: c.y))
                let box = boundingBox(of: local, under: toCanvas)
                text.append(String(format: "%@ %@ text %@ bounds {{%@, %@}, {%@, %@}}", stamp, layer.id,
                                   quoted(summary.string), g(box.minX), g(box.minY), g(box.width), g(box.height)))
            }
            let v = layer.velocity ?? .zero, w = layer.angularVelocity ?? 0
            // `x == 0 ? 0 : x` inside the argument list would pass an Int 0 (each branch becomes a
            // CVarArg on its own); named Doubles avoid that and "-0.000000".
            let vx: Double = v.x == 0 ? 0 : v.x, vy: Double = v.y == 0 ? 0 : v.y, omega: Double = w == 0 ? 0 : w
            csv.append(String(format: "%d,%.6f,%@,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.9f,%.6f,%.6f,%.6f,%d,%.6f,%.6f,%.9f,%.6f,%.6f",
                              simulation.tick, time, layer.id, c.x, c.y, f.minX, f.minY, f.width, f.height, angle,
                              scaleX, scaleY, layer.opacity, layer.drawn ? 1 : 0, vx, vy, omega, layer.localTime, elapsed)
                       + extra)
        }
    }

    /// A string in double quotes with backslash, quote and newline escaped (one trace line).
    private func quoted(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    /// Shortest exact-enough spelling, like the seed's NSRect output ("50", "221.5", "66.88723").
    private func g(_ v: Double) -> String {
        let rounded = (v * 1e5).rounded() / 1e5
        return String(format: "%.8g", rounded == 0 ? 0 : rounded)
    }

    public var textContents: String { text.joined(separator: "\n") + "\n" }
    public var csvContents: String { csv.joined(separator: "\n") + "\n" }
}
