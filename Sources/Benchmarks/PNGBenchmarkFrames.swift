import Geometry
import PNG
import Pipeline
import Raster
import SceneModel

/// Real rendered frames for `flipbook bench --png`, the measurement behind `PNGOptions.default`:
/// a UI-like frame (the seed snap mid-flight: flat background, one anti-aliased card) and the
/// standard workload's busiest frames (many translucent overlapping shapes).
package enum PNGBenchmarkFrames {
    package static func all() -> [PNGBenchmark.Frame] {
        [snapFrame()]
            + [
                StandardWorkload(canvas: .small, count: 256), StandardWorkload(canvas: .large, count: 16),
                StandardWorkload(canvas: .large, count: 256),
            ].map {
                let list = $0.displayList(frame: 0)
                return PNGBenchmark.Frame(
                    name: $0.name, width: list.width, height: list.height,
                    rgba: Rasterizer.render(list).straightRGBA())
            }
    }

    /// Frame 10 of the seed snap (pause-detection.txt), 640×1136.
    static func snapFrame() -> PNGBenchmark.Frame {
        guard let simulation = try? SceneSimulation(scene: seedSnap) else {
            preconditionFailure("the seed snap is a valid scene")
        }
        for _ in 0..<10 { simulation.advance() }
        let list = simulation.displayList()
        return PNGBenchmark.Frame(
            name: "snap", width: list.width, height: list.height,
            rgba: Rasterizer.render(list).straightRGBA())
    }

    static let seedSnap = Scene(
        name: "snap",
        canvas: Canvas(size: Size(320, 568), scale: 2, background: ColorRGBA8(r: 0xF2, g: 0xF2, b: 0xF7)),
        length: .untilRest(maxDuration: 5),
        items: [
            Item(
                id: "card", size: Size(60, 60), center: Point(160, 252),
                fill: ColorRGBA8(r: 0xFF, g: 0x95, b: 0x00), cornerRadius: 8)
        ],
        behaviors: [.snap(SnapSpec(item: "card", snapPoint: Point(80, 252)))])
}
