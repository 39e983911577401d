import Dynamics
import Export
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
///   `local_time` (the layer's `convertTime(t, from: nil)`, s), the animator's `elapsed_time`, and
///   `effective_opacity` (the layer's opacity times its ancestors': what shows of it).
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
    public private(set) var csv: [String] = [Trace.csvHeader]
    /// The CSV columns; property animators append `<id>_fraction` columns after these.
    public static let csvHeader =
        "tick,time,item,center_x,center_y,frame_x,frame_y,frame_width,frame_height,angle_rad,scale_x,scale_y,opacity,drawn,velocity_x,velocity_y,angular_velocity,local_time,elapsed_time,effective_opacity"
    /// Whether child layers get rows too (default) or only top-level items: a scene of many
    /// nested layers can keep its trace to what it plots (`render --trace-layers top-level`).
    public var includesChildLayers = true
    private var eventsWritten = 0
    private var extraColumnsAdded = false
    /// Whether rows carry the scroll views' columns (set with the header).
    private var scrollColumns = false
    private var depthColumns = false
    private var colorColumns = 0
    private var files: TraceFiles?
    private var headerWritten = false
    /// The lines being written: a streamed trace batches them here and hands each file a batch
    /// at a time (one copy and one lock per ~64 KiB, no String per line); an in-memory trace
    /// turns each line into a String as it ends.
    private var textOut = FixedPointText(capacity: Trace.batchBytes + 4096)
    private var csvOut = FixedPointText(capacity: Trace.batchBytes + 4096)
    private static let batchBytes = 1 << 16

    public init(sceneName: String, fps: Int) {
        text.append(
            "# flipbook trace of \(sceneName): one line per layer per tick at \(fps) fps; frame = the layer's bounding box (UIView.frame), angle in radians, clockwise; velocity in pt/s, angularVelocity in rad/s"
        )
    }

    /// A trace streamed to `files` as it is recorded.
    package init(sceneName: String, fps: Int, files: TraceFiles) {
        self.init(sceneName: sceneName, fps: fps)
        self.files = files
    }

    /// Notes, under the header, when the animator would have paused without the scene's frame
    /// watchers (`SceneSimulation.velocityBasedPauseTick`), so one trace reports both pauses.
    /// Call before the first `record`.
    public mutating func noteVelocityBasedPause(tick: Int, fps: Int) {
        precondition(!headerWritten, "the pause note belongs to the header, before the first tick")
        text.insert(
            String(
                format:
                    "# without its frame watchers the animator would pause after tick %d (%.3f s), UIKit's velocity-based rest",
                tick, Double(tick) / Double(fps)), at: 1)
    }

    /// Records the state after `simulation.tick` ticks, and any events since the last call.
    public mutating func record(_ simulation: SceneSimulation) { record(simulation.record(.layers)) }

    /// Records a tick taken with `.layers`, and any events since the last call.
    public mutating func record(_ tick: TickRecord) {
        precondition(tick.parts.contains(.layers), "the trace reads records taken with .layers")
        let stamp = Self.stamp(tick.time)
        // Property animators (scenes with `animators:` only): a line each per tick, and one
        // `<id>_fraction` column each, appended after the fixed columns so plots keep working.
        let animators = tick.animators
        if !extraColumnsAdded {
            // Scroll views (scenes with `scroll:` items only): their content offset and velocity,
            // then the animators' fractions, after the fixed columns.
            scrollColumns = tick.hasScrollViews
            if scrollColumns { csv[0] += ",content_offset_x,content_offset_y,content_velocity_x,content_velocity_y" }
            // Scenes with depth (3-D keys, their animations, flips): each layer's turns about x
            // and y (radians, as `angle`) and its zPosition.
            depthColumns = tick.hasDepth
            if depthColumns { csv[0] += ",rotation_x,rotation_y,z_position" }
            // Scenes that animate colours: each such colour as presented, 0xRRGGBBAA in decimal.
            colorColumns = tick.colorColumns.count
            csv[0] += tick.colorColumns.map { "," + $0 }.joined()
            csv[0] += animators.map { ",\($0.id)_fraction" }.joined()
            extraColumnsAdded = true
        }
        if let files, !headerWritten {
            for line in text { files.text.append(line) }
            for line in csv { files.csv.append(line) }
            text = []
            csv = []
            headerWritten = true
        }
        for event in tick.events.dropFirst(eventsWritten) {
            let at = Self.stamp(Double(event.tick) * tick.tickInterval)
            appendText("\(at) \(event.description) (tick \(event.tick))")
        }
        eventsWritten = tick.events.count
        for a in animators {
            appendText(
                stamp + " animator " + a.id + cFormat(" fractionComplete %.6f state ", a.fractionComplete) + a.state)
        }
        for layer in tick.layers where includesChildLayers || layer.parent == nil {
            let radians = layer.transform.rotationAngle.radians
            let angle: Double = radians == 0 ? 0 : radians  // no "-0.000000"
            Self.writeTextLine(layer, stamp: stamp, angle: angle, into: &textOut)
            endTextLine()
            if let summary = layer.text {
                appendText(textItemLine(layer, summary, stamp: stamp))
            }
            writeCSVRow(
                layer, tick: tick.tick, time: tick.time, angle: angle, elapsed: tick.elapsedTime,
                animators: animators)
            endCSVLine()
        }
        flushBatches(atLeast: 0)
    }

    /// "[%.3f]": a text log line's time in seconds.
    private static func stamp(_ seconds: Double) -> String {
        var text = FixedPointText(capacity: 16)
        text.append("[")
        text.append(seconds, decimals: 3)
        text.append("]")
        return text.string
    }

    /// The text log's line of one layer: its frame, centre and angle as NSRect prints them.
    private static func writeTextLine(
        _ layer: TracedLayer, stamp: String, angle: Double, into text: inout FixedPointText
    ) {
        let c = layer.center
        let f = layer.frame
        // Room for the strings, the fixed words and the numbers (at most 28: a 3-D transform's 16).
        let room =
            stamp.utf8.count + layer.id.utf8.count + (layer.parent?.utf8.count ?? 0) + 200 + 28
            * TextCursor.numberBytes
        text.write(atMost: room) { line in
            // " NSRect: {{%.8g, %.8g}, {%.8g, %.8g}} center (%.8g, %.8g) angle %.6f", and so on,
            // as printf would write it (TextCursor).
            line.append(stamp)
            line.append(byte: space)
            line.append(layer.id)
            line.append(" NSRect: {{" as StaticString)
            line.append(pair: g(f.minX), g(f.minY))
            line.append("}, {" as StaticString)
            line.append(pair: g(f.width), g(f.height))
            line.append("}} center (" as StaticString)
            line.append(pair: g(c.x), g(c.y))
            line.append(") angle " as StaticString)
            line.append(angle, decimals: 6)
            if let v = layer.velocity, let w = layer.angularVelocity {
                let omega: Double = w == 0 ? 0 : w
                line.append(" velocity (" as StaticString)
                line.append(pair: g(v.x), g(v.y))
                line.append(") angularVelocity " as StaticString)
                line.append(omega, decimals: 6)
            }
            if let m = layer.transform3D {
                // CATransform3D's m11 … m44, rows separated by ';'.
                line.append(" transform3D [" as StaticString)
                for (k, value) in m.m.enumerated() {
                    if k > 0 { k % 4 == 0 ? line.append("; " as StaticString) : line.append(byte: space) }
                    line.append(value == 0 ? 0 : value, decimals: 6)
                }
                line.append(byte: UInt8(ascii: "]"))
            }
            if let parent = layer.parent {
                line.append(" in " as StaticString)
                line.append(parent)
                line.append(" localTime " as StaticString)
                line.append(layer.localTime, decimals: 6)
            }
            if !layer.drawn { line.append(" hidden" as StaticString) }
        }
    }

    /// A text item's line: its string and the set lines' box, in canvas points under the layer's
    /// presentation transform (the box of the text box's four corners).
    private func textItemLine(_ layer: TracedLayer, _ summary: (string: String, bounds: Rect), stamp: String) -> String
    {
        let c = layer.center
        let t = layer.transform
        let local = summary.bounds.minX.isFinite ? summary.bounds : Rect(x: 0, y: 0, width: 0, height: 0)
        let toCanvas = AffineTransform(translationX: -layer.bounds.width / 2, y: -layer.bounds.height / 2)
            .concatenating(t).concatenating(AffineTransform(translationX: c.x, y: c.y))
        let box = boundingBox(of: local, under: toCanvas)
        var line = FixedPointText()
        line.append(stamp + " " + layer.id + " text " + quoted(summary.string) + " bounds {{")
        line.append(pair: Self.g(box.minX), Self.g(box.minY))
        line.append("}, {")
        line.append(pair: Self.g(box.width), Self.g(box.height))
        line.append("}}")
        return line.string
    }

    /// The CSV row of one layer: the columns of the header, as "%ld,%.6f,…" writes them.
    private mutating func writeCSVRow(
        _ layer: TracedLayer, tick: Int, time: Double, angle: Double, elapsed: Double,
        animators: [(id: String, fractionComplete: Double, state: String)]
    ) {
        let c = layer.center
        let t = layer.transform
        let f = layer.frame
        // The scale of the item's transform (the damped resize's figure 6-1 is scale_x over time).
        let scaleX = (t.a * t.a + t.b * t.b).squareRoot()
        let scaleY = (t.c * t.c + t.d * t.d).squareRoot()
        let v = layer.velocity ?? .zero
        let w = layer.angularVelocity ?? 0
        // Named Doubles: `x == 0 ? 0 : x` in the argument list would pass an Int 0, and this
        // also avoids "-0.000000".
        let vx: Double = v.x == 0 ? 0 : v.x
        let vy: Double = v.y == 0 ? 0 : v.y
        let omega: Double = w == 0 ? 0 : w
        let (scrollColumns, depthColumns, colorColumns) = (self.scrollColumns, self.depthColumns, self.colorColumns)
        let room = layer.id.utf8.count + (30 + colorColumns + animators.count) * (TextCursor.numberBytes + 1)
        csvOut.write(atMost: room) { row in
            // The columns of `csvHeader`, as "%ld,%.6f,…" would write them (TextCursor).
            row.append(integer: tick)
            row.appendColumn(time, decimals: 6)
            row.append(byte: comma)
            row.append(layer.id)
            row.appendColumn(c.x, decimals: 6)
            row.appendColumn(c.y, decimals: 6)
            row.appendColumn(f.minX, decimals: 6)
            row.appendColumn(f.minY, decimals: 6)
            row.appendColumn(f.width, decimals: 6)
            row.appendColumn(f.height, decimals: 6)
            row.appendColumn(angle, decimals: 9)
            row.appendColumn(scaleX, decimals: 6)
            row.appendColumn(scaleY, decimals: 6)
            row.appendColumn(layer.opacity, decimals: 6)
            row.append(byte: comma)
            row.append(integer: layer.drawn ? 1 : 0)
            row.appendColumn(vx, decimals: 6)
            row.appendColumn(vy, decimals: 6)
            row.appendColumn(omega, decimals: 9)
            row.appendColumn(layer.localTime, decimals: 6)
            row.appendColumn(elapsed, decimals: 6)
            row.appendColumn(layer.effectiveOpacity, decimals: 6)
            if scrollColumns {
                let offset = layer.contentOffset ?? .zero
                let speed = layer.contentVelocity ?? .zero
                for value in [offset.x, offset.y, speed.x, speed.y] {
                    row.appendColumn(value == 0 ? 0 : value, decimals: 6)
                }
            }
            if depthColumns {
                let depth = layer.depth ?? (0, 0, 0)
                for value in [depth.rotationX, depth.rotationY, depth.zPosition] {
                    row.appendColumn(value == 0 ? 0 : value, decimals: 6)
                }
            }
            for k in 0..<colorColumns {
                row.append(byte: comma)
                row.append(integer: k < layer.colors.count ? Int(layer.colors[k]) : 0)
            }
            for a in animators { row.appendColumn(a.fractionComplete, decimals: 6) }
        }
    }

    /// A whole line of the text log.
    private mutating func appendText(_ line: String) {
        textOut.append(line)
        endTextLine()
    }

    /// Ends the line written into `textOut`.
    private mutating func endTextLine() {
        if Self.endLine(&textOut, lines: &text, streamed: files != nil) { flushBatches(atLeast: Self.batchBytes) }
    }

    /// Ends the row written into `csvOut`.
    private mutating func endCSVLine() {
        if Self.endLine(&csvOut, lines: &csv, streamed: files != nil) { flushBatches(atLeast: Self.batchBytes) }
    }

    /// Ends the line written into `out`: a newline after it in a streamed trace, a String in
    /// `lines` in memory. Returns whether the batch is full and should go to its file.
    private static func endLine(_ out: inout FixedPointText, lines: inout [String], streamed: Bool) -> Bool {
        guard streamed else {
            lines.append(out.string)
            out.removeAll()
            return false
        }
        out.append(byte: newline)
        return out.count >= batchBytes
    }

    /// Hands each file its batch of lines when it holds at least `bytes` (0: whatever it holds,
    /// at the end of a tick, so the files hold every recorded tick when committed).
    private mutating func flushBatches(atLeast bytes: Int) {
        guard let files else { return }
        if textOut.count > 0, textOut.count >= bytes {
            textOut.withBytes { files.text.append(bytes: $0) }
            textOut.removeAll()
        }
        if csvOut.count > 0, csvOut.count >= bytes {
            csvOut.withBytes { files.csv.append(bytes: $0) }
            csvOut.removeAll()
        }
    }

    /// A string in double quotes with backslash, quote and newline escaped (one trace line).
    private func quoted(_ s: String) -> String {
        "\""
            + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    /// `v` rounded to 5 decimals (never -0), for `%.8g`: the shortest exact-enough spelling, like
    /// the seed's NSRect output ("50", "221.5", "66.88723").
    private static func g(_ v: Double) -> Double {
        let rounded = (v * 1e5).rounded() / 1e5
        return rounded == 0 ? 0 : rounded
    }

    public var textContents: String { text.joined(separator: "\n") + "\n" }
    public var csvContents: String { csv.joined(separator: "\n") + "\n" }
}

/// A streamed trace's two files, `<scene>.trace.txt` and `<scene>.trace.csv`
/// (`StreamingFile`: bounded memory, published only by `commit`).
package final class TraceFiles: Sendable {
    let text: StreamingFile
    let csv: StreamingFile

    /// `base`: the path without `.trace.txt`.
    package init(base: String) throws {
        text = try StreamingFile(path: base + ".trace.txt")
        do {
            csv = try StreamingFile(path: base + ".trace.csv")
        } catch {
            text.abandon()
            throw error
        }
    }

    package func commit() throws {
        do {
            try text.commit()
            try csv.commit()
        } catch {
            abandon()
            throw error
        }
    }

    package func abandon() {
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
