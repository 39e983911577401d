import Foundation
import Pipeline
import SceneLoading
import SceneModel

/// `flipbook bench --scene-costs`: the costs that grow with a scene rather than with its pixels,
/// each as CPU time per unit on one thread (docs/benchmarks.md, "Scene costs").
///
/// - **Loading**: one 10-layer row component `repeat:`ed into 11,110 and 111,110 layers, taken
///   through what `flipbook validate` runs (decode: parse, expand, resolve, check; the simulation
///   it builds for text warnings; the off-canvas and child warnings) and the scene hash a render
///   takes for its manifest. Per layer.
/// - **Labels**: 1,000 instances of a list row component with two labels, one set from the
///   instance's argument (`Row number 17`) and one the same in every row, taken through what
///   `flipbook validate` runs. Per layer and text scalar together (each label's characters are
///   set: shaped, broken into lines, checked for missing glyphs).
/// - **Trace**: 10,000 static one-point items for 60 ticks (600,000 rows): each tick's layer
///   record, and the two trace files written from it. Per row.
///
/// CPU time, not wall time: the figures divide by large counts and a shared machine's load
/// would otherwise decide them. The median of `repeats` rounds.
package enum SceneCostsWorkload {
    /// One loading measurement: CPU seconds of each step for a scene of `layers` layers.
    package struct Loading {
        package var layers: Int
        package var decode: Double
        package var simulation: Double
        package var warnings: Double
        package var hash: Double

        /// What `flipbook validate` runs: decoding, the simulation for text warnings and the
        /// warnings' own simulation.
        package var validate: Double { decode + simulation + warnings }
    }

    /// One trace measurement: CPU seconds to take the layer records and to write both files.
    package struct TraceCosts {
        package var rows: Int
        package var record: Double
        package var write: Double
        package var bytes: Int
    }

    /// A scene of one 10-layer row component (a row and nine children) `repeat:`ed `rows` times.
    package static func expansionText(rows: Int) -> String {
        let children = (0..<9).map { i in
            "        - { id: c\(i), size: [20, 10], center: [\(20 + 25 * i), 20], fill: \"#3366CC\" }"
        }
        return """
            canvas: { size: [320, 568] }
            duration: 1
            components:
              row:
                item:
                  size: [300, 40]
                  fill: "#FFFFFF"
                  children:
            \(children.joined(separator: "\n"))
            items:
              - repeat: { use: row, id: r, count: \(rows), center: [160, 20], spacing: [0, 0.01] }

            """
    }

    /// A scene of `count` instances of a 44-point list row with two labels: one from the
    /// instance's `title` argument (`Row number 0`, `Row number 1`, …), one the same in every row.
    package static func labelledText(instances count: Int) -> String {
        var lines = [
            "canvas: { size: [390, 844] }", "duration: 1", "components:", "  row:",
            "    parameters: { title: Row }", "    item:", "      size: [360, 44]", "      fill: \"#FFFFFF\"",
            "      children:",
            "        - { id: label, size: [300, 22], center: [170, 22], text: { string: \"{title}\", font: { size: 17 } } }",
            "        - { id: detail, size: [300, 22], center: [170, 22], text: { string: \"\(labelledDetail)\", font: { size: 17 } } }",
            "items:",
        ]
        for i in 0..<count {
            lines.append(
                "  - { id: r\(i), use: row, center: [195, \(22 + Double(i) * 0.5)], arguments: { title: \"\(labelledTitle(i))\" } }"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static let labelledDetail = "Settings and more text here"

    /// The title instance `i` of `labelledText(instances:)` is given.
    static func labelledTitle(_ i: Int) -> String { "Row number \(i)" }

    /// The text scalars of `labelledText(instances:)`: what its labels set.
    package static func labelledScalars(instances count: Int) -> Int {
        (0..<count).reduce(0) { $0 + labelledTitle($1).unicodeScalars.count + labelledDetail.unicodeScalars.count }
    }

    /// `count` static one-point items on a grid, 60 fps for one second.
    package static func manyItemsText(count: Int) -> String {
        var lines = ["canvas: { size: [320, 568] }", "duration: 1", "fps: 60", "items:"]
        for i in 0..<count {
            lines.append(
                "  - { id: i\(i), size: [1, 1], center: [\(10 + i % 300), \(10 + i / 300 * 5)], fill: \"#336699\" }")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static let limits: SceneLimits = {
        var limits = SceneLimits.default
        limits.maxItems = 200_000
        limits.maxNodes = 10_000_000
        return limits
    }()

    /// What `flipbook validate` runs on `text` (as `measureLoading` times it): the layer count.
    package static func validate(_ text: String) throws -> Int {
        let scene = try SceneLoader.decode(text, fileName: "rows.yaml", format: .yaml, limits: limits)
        let simulated = try SceneSimulation(scene: scene, file: "rows.yaml")
        _ = simulated.textWarnings
        _ = try SceneWarnings.check(scene, file: "rows.yaml", simulation: simulated)
        return scene.layerCount
    }

    /// Loads the expansion of `rows` rows once, timing each step.
    package static func measureLoading(rows: Int) throws -> Loading {
        try measureLoading(expansionText(rows: rows), layers: rows * 10)
    }

    /// Loads `text` (a scene of `layers` layers) once, timing each step.
    static func measureLoading(_ text: String, layers: Int) throws -> Loading {
        var clock = CPUClock()
        let scene = try SceneLoader.decode(text, fileName: "rows.yaml", format: .yaml, limits: limits)
        let decode = clock.lap()
        let simulated = try SceneSimulation(scene: scene, file: "rows.yaml")
        _ = simulated.textWarnings
        let simulation = clock.lap()
        _ = try SceneWarnings.check(scene, file: "rows.yaml", simulation: simulated)
        let warnings = clock.lap()
        _ = SceneHash.hex(scene)
        let hash = clock.lap()
        return Loading(
            layers: layers, decode: decode, simulation: simulation, warnings: warnings, hash: hash)
    }

    /// Simulates `items` static items for `ticks` ticks, timing the layer records and the trace
    /// written from them into `directory` (files removed afterwards).
    package static func measureTrace(items: Int, ticks: Int, directory: String) throws -> TraceCosts {
        let scene = try SceneLoader.decode(
            manyItemsText(count: items), fileName: "many.yaml", format: .yaml, limits: limits)
        let simulation = try SceneSimulation(scene: scene, file: "many.yaml")
        let base = directory + "/scene-costs"
        let files = try TraceFiles(base: base)
        defer { files.abandon() }
        var trace = Trace(sceneName: "many", fps: 60, files: files)
        var costs = TraceCosts(rows: 0, record: 0, write: 0, bytes: 0)
        var clock = CPUClock()
        for tick in SceneTicks(simulation, end: ticks, stopsAtRest: false) {
            _ = tick
            _ = clock.lap()
            let record = simulation.record(.layers)
            costs.record += clock.lap()
            trace.record(record)
            costs.write += clock.lap()
            costs.rows += record.layers.count
        }
        try files.commit()
        costs.write += clock.lap()
        for path in [base + ".trace.txt", base + ".trace.csv"] {
            costs.bytes += (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            unlink(path)
        }
        return costs
    }

    /// Runs both measurements `repeats` times and prints the median round's figures, the trace's
    /// first (they take seconds; the loading's take a minute).
    package static func report(repeats: Int, directory: String, print emit: (String) -> Void) throws {
        emit("scene costs (CPU time, one thread, median of \(repeats))\n")
        emit("trace: 10,000 one-point items × 60 ticks (CSV and text log together)")
        emit("  rows      record    µs/row   write     µs/row   MB")
        let traces = try (0..<repeats).map { _ in try measureTrace(items: 10_000, ticks: 60, directory: directory) }
        let t = traces.sorted { $0.record + $0.write < $1.record + $1.write }[traces.count / 2]
        emit(
            "  "
                + [
                    pad(t.rows, 7), seconds(t.record), micro(t.record / Double(t.rows)), seconds(t.write),
                    micro(t.write / Double(t.rows)), String(format: "%6.1f", Double(t.bytes) / 1e6),
                ].joined(separator: "  "))
        emit("\nloading: a 10-layer row component repeat:ed (what validate runs, then the hash)")
        emit("  layers    decode    simulation  warnings  validate   µs/layer   hash     µs/layer")
        for rows in [1_111, 11_111] {
            let rounds = try (0..<repeats).map { _ in try measureLoading(rows: rows) }
            let m = rounds.sorted { $0.validate < $1.validate }[rounds.count / 2]
            emit(
                "  "
                    + [
                        pad(m.layers, 7), seconds(m.decode), seconds(m.simulation), seconds(m.warnings),
                        seconds(m.validate), micro(m.validate / Double(m.layers)), seconds(m.hash),
                        micro(m.hash / Double(m.layers)),
                    ].joined(separator: "  "))
        }
        let instances = 1_000
        let (layers, scalars) = (instances * 3, labelledScalars(instances: instances))
        emit("\nlabels: \(instances) instances of a row with two labels (what validate runs)")
        emit("  layers  scalars   decode    simulation  warnings  validate   µs/(layer+scalar)")
        let text = labelledText(instances: instances)
        let rounds = try (0..<repeats).map { _ in try measureLoading(text, layers: layers) }
        let m = rounds.sorted { $0.validate < $1.validate }[rounds.count / 2]
        emit(
            "  "
                + [
                    pad(layers, 6), pad(scalars, 7), seconds(m.decode), seconds(m.simulation), seconds(m.warnings),
                    seconds(m.validate), micro(m.validate / Double(layers + scalars)),
                ].joined(separator: "  "))
    }

    private static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: " ", count: max(0, width - s.count)) + s
    }

    private static func seconds(_ s: Double) -> String { String(format: "%7.3f s", s) }

    private static func micro(_ s: Double) -> String { String(format: "%7.2f", s * 1e6) }
}

/// This thread's CPU time, read in laps.
struct CPUClock {
    private var last = CPUClock.now()

    /// Seconds since the previous lap (or since the clock was made).
    mutating func lap() -> Double {
        let now = CPUClock.now()
        defer { last = now }
        return now - last
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
