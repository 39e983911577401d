import Foundation
import SceneModel

/// The most trace a render writes without being asked: items × ticks, checked before anything is
/// written, so a scene whose trace would fill a disk (or take hours) fails at once with the fix.
///
/// A trace row (one item at one tick: a `.trace.txt` line and a `.trace.csv` row) is about 190
/// bytes on disk and about 7 µs of CPU, and, streamed, costs no memory. The default budget,
/// 20,000,000 rows, is about 4 GB of trace files; a 10,000-item scene reaches it at 2,000 ticks
/// (33 s at 60 fps). Renders over it need `--no-trace` or a larger `--max-trace-rows`.
/// Measured: 10,000 items for 60 s at 60 fps (36,000,000 rows, release build, `--no-frames
/// --video none --jobs 1 --max-trace-rows 36000000`): 6.9 GB of trace, 275 s of CPU, peak RSS
/// 173 MB against 170 MB with `--no-trace`.
public enum TraceBudget {
    /// Default most rows: 20,000,000 (≈ 4 GB of `.trace.txt` + `.trace.csv`, ≈ 140 s of CPU).
    public static let defaultMaxRows = 20_000_000
    /// Bytes of trace files per row (for the message): 192 measured on the 10,000-item scene above.
    static let bytesPerRow = 190

    /// Rows the trace of `scene` may reach: its top-level items times its most frames (an
    /// `until: rest` scene counts its `maxDuration`, the only bound known before simulating).
    public static func rows(_ scene: Scene) -> Int {
        let (product, overflow) = scene.items.count.multipliedReportingOverflow(by: FramePlan(scene: scene).maxFrames)
        return overflow ? Int.max : product
    }

    /// Throws `TraceBudgetError` when `options` writes a trace and `scene`'s would exceed
    /// `options.maxTraceRows`.
    public static func check(_ scene: Scene, options: RenderOptions) throws {
        guard options.writeTrace else { return }
        let rows = rows(scene)
        if rows > options.maxTraceRows {
            throw TraceBudgetError(
                scene: scene.name, items: scene.items.count, frames: FramePlan(scene: scene).maxFrames,
                limit: options.maxTraceRows)
        }
    }
}

/// A scene whose trace would exceed the budget (`TraceBudget`).
public struct TraceBudgetError: Error, CustomStringConvertible, Equatable, Sendable {
    public var scene: String
    public var items: Int
    public var frames: Int
    public var limit: Int

    public var description: String {
        let rows = items.multipliedReportingOverflow(by: frames).partialValue
        let gigabytes = Double(rows) * Double(TraceBudget.bytesPerRow) / 1e9
        return "\(scene): its trace would have \(items) items × \(frames) frames = \(rows) rows "
            + "(about \(gigabytes < 10 ? String(format: "%.1f", gigabytes) : String(Int(gigabytes.rounded()))) GB of .trace.txt and .trace.csv), "
            + "over the trace budget of \(limit) rows; pass --no-trace to render without it, "
            + "or --max-trace-rows \(rows) to write it anyway"
    }
}
