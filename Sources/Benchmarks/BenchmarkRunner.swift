import Determinism
import Dispatch
import Foundation
import PNG
import Raster

/// Times the standard workload. Figures are printed, never asserted: timing decides no test.
package enum BenchmarkRunner {
    package struct Row: Sendable {
        package var workload: String
        package var frames: Int
        package var rasterMillisecondsPerFrame: Double
        package var pngMillisecondsPerFrame: Double
        package var pngBytesPerFrame: Int
        /// FNV-1a 64 over all frames' pixels: equal across runs, machines and `jobs`.
        package var pixelHash: FNV1a64
    }

    /// Renders every frame of `workload` once (raster only, then PNG encode of each frame).
    package static func run(
        _ workload: StandardWorkload, frames: Int = StandardWorkload.framesPerRun,
        png: PNGOptions = .default
    ) throws -> Row {
        try workload.prepare()
        let lists = (0..<frames).map { workload.displayList(frame: $0) }
        var pixmaps: [[UInt8]] = []
        pixmaps.reserveCapacity(frames)
        let rasterStart = DispatchTime.now()
        for list in lists { pixmaps.append(Rasterizer.renderStraightRGBA(list)) }
        let rasterSeconds = seconds(since: rasterStart)

        var bytes = 0
        let pngStart = DispatchTime.now()
        for (list, rgba) in zip(lists, pixmaps) {
            bytes += try PNG.encode(rgba: rgba, width: list.width, height: list.height, options: png).count
        }
        let pngSeconds = seconds(since: pngStart)

        var hash = FNV1a64()
        for rgba in pixmaps { hash.combine(rgba) }
        return Row(
            workload: workload.name, frames: frames,
            rasterMillisecondsPerFrame: rasterSeconds * 1000 / Double(frames),
            pngMillisecondsPerFrame: pngSeconds * 1000 / Double(frames),
            pngBytesPerFrame: bytes / frames, pixelHash: hash)
    }

    package static func table(_ rows: [Row]) -> String {
        var lines = ["workload      frames  raster ms/frame  raster fps  png ms/frame  png KiB/frame  pixel hash"]
        for r in rows {
            let name = r.workload.padding(toLength: 12, withPad: " ", startingAt: 0)
            lines.append(
                name
                    + String(
                        format: "  %6d  %15.2f  %10.1f  %12.2f  %13.1f  ",
                        r.frames, r.rasterMillisecondsPerFrame,
                        1000 / r.rasterMillisecondsPerFrame, r.pngMillisecondsPerFrame,
                        Double(r.pngBytesPerFrame) / 1024) + r.pixelHash.hex)
        }
        return lines.joined(separator: "\n")
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}
