import Dynamics
import Export
import Foundation
import Geometry

/// A render's trace: every item's state at every tick and every event, in two files beside the
/// video.
///
/// - `<scene>.trace.txt`, for people: the seed text's format (`[0.033] NSRect: {{x, y}, {w, h}}`)
///   extended with the item id, centre and angle, and with events (the animator pausing and
///   resuming) on their own lines.
/// - `<scene>.trace.csv`, for plots and diffs: one row per item per tick.
///
/// Numbers are printed with fixed decimals (glibc's correctly rounded printf, called directly:
/// `cFormat`), so a trace is as deterministic as the frames and diffs cleanly.
///
/// Two destinations: in memory (`text` and `csv`, for figures and tests), or streamed to the two
/// files as ticks are recorded (`init(sceneName:fps:files:)`, what a render uses), so a render's
/// memory stays flat whatever the scene's length: only the header waits in memory until the first
/// tick fixes its columns. The cost per tick is linear in the items (`SceneSimulation.tracedState(at:)`
/// finds an item's layer by index, not by searching the scene).
public struct Trace: Sendable {
    /// In memory: every line. Streaming: empty once the first tick is recorded.
    public private(set) var text: [String] = []
    public private(set) var csv: [String] = ["tick,time,item,center_x,center_y,frame_x,frame_y,frame_width,frame_height,angle_rad,scale_x,scale_y,opacity"]
    private var eventsWritten = 0
    private var animatorColumnsAdded = false
    private var files: TraceFiles?
    private var headerWritten = false
    /// Per item, its text and CSV lines as one printf format with the id spelled in (ids are
    /// `[A-Za-z0-9_-]`, never a `%`), so a line is one `vsnprintf`.
    private var lineFormats: [(text: String, csv: String)] = []

    public init(sceneName: String, fps: Int) {
        text.append("# flipbook trace of \(sceneName): one line per item per tick at \(fps) fps; frame = the item's bounding box (UIView.frame), angle in radians, clockwise")
    }

    /// A trace streamed to `files` as it is recorded.
    init(sceneName: String, fps: Int, files: TraceFiles) {
        self.init(sceneName: sceneName, fps: fps)
        self.files = files
    }

    /// Notes, under the header, when the animator would have paused without the scene's frame
    /// watchers (`SceneSimulation.velocityBasedPauseTick`), so one trace reports both pauses.
    /// Call before the first `record`.
    public mutating func noteVelocityBasedPause(tick: Int, fps: Int) {
        precondition(!headerWritten, "the pause note belongs to the header, before the first tick")
        text.insert(String(format: "# without its frame watchers the animator would pause after tick %d (%.3f s), UIKit's velocity-based rest",
                           tick, Double(tick) / Double(fps)), at: 1)
    }

    /// Records the state after `simulation.tick` ticks, and any events since the last call.
    public mutating func record(_ simulation: SceneSimulation) {
        let time = Double(simulation.tick) * simulation.tickInterval
        let stamp = cFormat("[%.3f]", time)
        // Property animators (scenes with `animators:` only): a line each per tick, and one
        // `<id>_fraction` column each, appended after the fixed columns so plots keep working.
        let animators = simulation.animatorFractions
        if !animators.isEmpty && !animatorColumnsAdded {
            csv[0] += animators.map { ",\($0.id)_fraction" }.joined()
            animatorColumnsAdded = true
        }
        if let files, !headerWritten {
            for line in text { files.text.append(line) }
            for line in csv { files.csv.append(line) }
            text = []
            csv = []
            headerWritten = true
        }
        for event in simulation.events.dropFirst(eventsWritten) {
            let at = cFormat("[%.3f]", Double(event.tick) * simulation.tickInterval)
            appendText("\(at) \(event.description) (tick \(event.tick))")
        }
        eventsWritten = simulation.events.count
        for a in animators {
            appendText(stamp + " animator " + a.id + cFormat(" fractionComplete %.6f state ", a.fractionComplete) + a.state)
        }
        let extra = animators.map { cFormat(",%.6f", $0.fractionComplete) }.joined()
        if lineFormats.count != simulation.dynamicItems.count {
            lineFormats = simulation.dynamicItems.map { item in
                precondition(!item.identifier.contains("%"), "item ids are validated to hold no '%'")
                return ("[%.3f] " + item.identifier + " NSRect: {{%.8g, %.8g}, {%.8g, %.8g}} center (%.8g, %.8g) angle %.6f",
                        "%d,%.6f," + item.identifier + ",%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.9f,%.6f,%.6f,%.6f")
            }
        }
        for (index, item) in simulation.dynamicItems.enumerated() {
            // Presentation values when Core Animation timing drives the scene: what the frame shows.
            let state = simulation.tracedState(at: index)
            let c = state.center, t = state.transform
            let f = state.center == item.center && state.transform == item.transform && state.bounds == item.bounds
                ? item.frame
                : boundingBox(of: Rect(center: c, size: state.bounds),
                              under: AffineTransform(translationX: -c.x, y: -c.y).concatenating(t)
                                  .concatenating(AffineTransform(translationX: c.x, y: c.y)))
            let radians = t.rotationAngle.radians
            let angle = radians == 0 ? 0 : radians  // no "-0.000000"
            appendText(cFormat(lineFormats[index].text, time, g(f.minX), g(f.minY), g(f.width), g(f.height), g(c.x), g(c.y), angle))
            // The scale of the item's transform (the damped resize's figure 6-1 is scale_x over time).
            let scaleX = (t.a * t.a + t.b * t.b).squareRoot(), scaleY = (t.c * t.c + t.d * t.d).squareRoot()
            let row = cFormat(lineFormats[index].csv, simulation.tick, time, c.x, c.y, f.minX, f.minY, f.width, f.height,
                              angle, scaleX, scaleY, state.opacity)
            appendCSV(extra.isEmpty ? row : row + extra)
        }
    }

    private mutating func appendText(_ line: String) {
        if let files { files.text.append(line) } else { text.append(line) }
    }

    private mutating func appendCSV(_ line: String) {
        if let files { files.csv.append(line) } else { csv.append(line) }
    }

    /// `v` rounded to 5 decimals (never -0), for `%.8g`: the shortest exact-enough spelling, like
    /// the seed's NSRect output ("50", "221.5", "66.88723").
    private func g(_ v: Double) -> Double {
        let rounded = (v * 1e5).rounded() / 1e5
        return rounded == 0 ? 0 : rounded
    }

    public var textContents: String { text.joined(separator: "\n") + "\n" }
    public var csvContents: String { csv.joined(separator: "\n") + "\n" }
}

/// A streamed trace's two files, `<scene>.trace.txt` and `<scene>.trace.csv`
/// (`StreamingFile`: bounded memory, published only by `commit`).
final class TraceFiles: @unchecked Sendable {
    let text: StreamingFile
    let csv: StreamingFile

    /// `base`: the path without `.trace.txt`.
    init(base: String) throws {
        text = try StreamingFile(path: base + ".trace.txt")
        do {
            csv = try StreamingFile(path: base + ".trace.csv")
        } catch {
            text.abandon()
            throw error
        }
    }

    func commit() throws {
        do {
            try text.commit()
            try csv.commit()
        } catch {
            abandon()
            throw error
        }
    }

    func abandon() {
        text.abandon()
        csv.abandon()
    }
}

/// glibc's `snprintf` of numbers (what `String(format:)` produces for these conversions, at a
/// fraction of its cost): the trace's hot formatting. Formats only `%d`, `%f` and `%g`
/// conversions of Swift numbers.
func cFormat(_ format: String, _ arguments: CVarArg...) -> String {
    let text: String? = withVaList(arguments) { list in
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) { buffer in
            let count = vsnprintf(buffer.baseAddress!, 512, format, list)
            precondition(count >= 0, "a trace format is not a printf format")
            return count < 512 ? String(cString: buffer.baseAddress!) : nil
        }
    }
    if let text { return text }
    // A long item id: measure, then format into a buffer of the right size.
    let count = withVaList(arguments) { vsnprintf(nil, 0, format, $0) }
    return withVaList(arguments) { list in
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(count) + 1) { buffer in
            _ = vsnprintf(buffer.baseAddress!, Int(count) + 1, format, list)
            return String(cString: buffer.baseAddress!)
        }
    }
}
