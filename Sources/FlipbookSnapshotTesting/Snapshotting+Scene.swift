import Figures
import Foundation
import Geometry
import SceneModel
// `import FlipbookSnapshotTesting` is enough for `assertSnapshot(of: scene, as: .motion)`.
@_exported import SnapshotTesting

// Snapshot strategies for a scene: what `assertSnapshot(of: scene, as: …)` renders and stores.
//
// Each strategy simulates the scene tick by tick (the same simulation `flipbook render` runs) and
// turns it into one file: a PNG of chosen frames or of the whole motion, or the trace as text.
// Flipbook's output is byte-identical on every machine, so the stored file is compared exactly.

extension Snapshotting where Value == Scene, Format == Data {
    /// The frame at `tick`, cropped to `crop` (default: the whole canvas) at `scale` pixels per point
    /// (default: the canvas's own scale).
    public static func frame(at tick: Int, crop: CropRequest = .canvas, scale: Double? = nil) -> Snapshotting {
        frames(at: [tick], crop: crop, scale: scale)
    }

    /// The frames at `ticks`, side by side in one row with their tick numbers (a filmstrip).
    public static func frames(at ticks: [Int], crop: CropRequest = .canvas, scale: Double? = nil) -> Snapshotting {
        sheet(.ticks(ticks), columns: max(ticks.count, 1), crop: crop, scale: scale, title: nil)
    }

    /// The scene's motion as a contact sheet: every 6th tick (0.1 s at 60 fps), 4 columns, the
    /// part of the canvas where something moves, at half a pixel per point.
    public static var motion: Snapshotting { motion() }

    /// The scene's motion as a contact sheet of every `every` ticks; `scale` in pixels per point
    /// (default 0.5).
    public static func motion(
        every: Int = 6, columns: Int = 4, crop: CropRequest = .motion(padding: 16), scale: Double? = nil
    ) -> Snapshotting {
        sheet(.every(max(every, 1)), columns: max(columns, 1), crop: crop, scale: scale ?? 0.5, title: nil)
    }

    /// A contact sheet of `selection`, as `flipbook figure --kind contact-sheet` draws it.
    static func sheet(
        _ selection: FrameSelection, columns: Int, crop: CropRequest, scale: Double?, title: String?
    ) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .flipbookImage()) { scene in
            SnapshotRender.png { () throws -> [UInt8] in
                let recording = try MotionRecording(scene: scene)
                let ticks = try selection.ticks(in: recording)
                let viewport = FrameViewport(
                    crop: crop.rect(for: recording, ticks: ticks),
                    pixelsPerPoint: scale ?? scene.canvas.scale)
                let document = try FrameSheet.document(
                    recording,
                    options: FrameSheet.Options(ticks: ticks, columns: columns, viewport: viewport, title: title))
                return try FigureFile.pngBytes(document, fonts: FontBook())
            }
        }
    }
}

extension Snapshotting where Value == Scene, Format == String {
    /// The whole trace, as `flipbook render` writes `<scene>.trace.csv`: every item's position,
    /// size, angle, opacity and more at every tick. A failure says which items diverge, from
    /// which tick, and by how much.
    public static var trace: Snapshotting { trace() }

    /// An excerpt of the trace: the rows of `items` (default: all) at every `every`-th tick, with
    /// only `columns` (default: all; `tick` and `item` are always kept).
    public static func trace(items: [String]? = nil, every: Int = 1, columns: [String]? = nil) -> Snapshotting {
        Snapshotting(pathExtension: "csv", diffing: .flipbookTrace) { scene in
            do {
                let csv = try MotionRecording(scene: scene).traceCSV
                return TraceExcerpt(items: items, every: max(every, 1), columns: columns).apply(to: csv)
            } catch {
                return "render failed: \(error)\n"
            }
        }
    }
}

/// Rows and columns kept from a trace CSV.
struct TraceExcerpt {
    var items: [String]?
    var every: Int
    var columns: [String]?

    func apply(to csv: String) -> String {
        var lines = csv.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let header = lines.first else { return csv }
        let names = header.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let kept = names.indices.filter { i in
            names[i] == "tick" || names[i] == "item" || columns.map { $0.contains(names[i]) } ?? true
        }
        let tickColumn = names.firstIndex(of: "tick")
        let itemColumn = names.firstIndex(of: "item")
        var out = [kept.map { names[$0] }.joined(separator: ",")]
        for line in lines.dropFirst() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if let t = tickColumn, let tick = Int(cells[t]), tick % every != 0 { continue }
            if let i = itemColumn, let items, !items.contains(cells[i]) { continue }
            out.append(kept.map { $0 < cells.count ? cells[$0] : "" }.joined(separator: ","))
        }
        return out.joined(separator: "\n") + "\n"
    }
}

/// A strategy's PNG, or, when the scene cannot be simulated, text saying why: the snapshot then
/// fails with that message instead of stopping the test run.
enum SnapshotRender {
    static let failurePrefix = "flipbook: render failed: "

    static func png(_ render: () throws -> [UInt8]) -> Data {
        do { return Data(try render()) } catch { return Data((failurePrefix + "\(error)").utf8) }
    }
}
