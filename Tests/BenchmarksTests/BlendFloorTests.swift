import Raster
import Testing

@testable import Benchmarks

/// The blend floor's frame: each standard rectangle's box, unturned, and its colour.
@Suite("Blend floor")
struct BlendFloorTests {
    @Test(
        "each box is its rectangle's size about its centre, clipped to the canvas; N = 16 are the first 16 of N = 256")
    func boxesAreTheRectanglesUnturned() throws {
        let large = StandardWorkload(canvas: .large, count: 256)
        let rects = large.displayList(frame: 0).rects
        let boxes = BenchmarkSuite.blendFloorBoxes(of: large.displayList(frame: 0))
        #expect(boxes.count == 256)
        let canvas = IntRect(x: 0, y: 0, width: 1920, height: 1080)!
        for (box, rect) in zip(boxes.map(\.box), rects) {
            #expect(box.intersection(canvas) == box)
            let whole = IntRect(
                x: Int((rect.transform.tx - rect.size.width.rounded() / 2).rounded(.down)),
                y: Int((rect.transform.ty - rect.size.height.rounded() / 2).rounded(.down)),
                width: Int(rect.size.width.rounded()), height: Int(rect.size.height.rounded()))!
            #expect(box == whole.intersection(canvas))
        }
        let first16 = BenchmarkSuite.blendFloorBoxes(
            of: StandardWorkload(canvas: .large, count: 16).displayList(frame: 0))
        #expect(first16.map(\.box) == boxes.prefix(16).map(\.box))
        #expect(first16.map(\.colour) == boxes.prefix(16).map(\.colour))
    }

    @Test("the large canvas's 256 boxes blend about as many pixels as the workload's rectangles cover (≈3.7 M)")
    func boxesCoverTheWorkloadsPixels() {
        let area = BenchmarkSuite.blendFloorBoxes(
            of: StandardWorkload(canvas: .large, count: 256).displayList(frame: 0)
        )
        .reduce(0) { $0 + $1.box.width * $1.box.height }
        #expect(area > 3_400_000 && area < 3_900_000, "\(area) pixels")
    }

    @Test("the floor is a figure for the standard rectangles only")
    func onlyTheRectanglesHaveAFloor() {
        #expect(BenchmarkSuite.blendFloor(.content) == nil)
        #expect(
            BenchmarkSuite.summary(workload: "small-n16", medians: [], memsetFloor: 3010, blendFloor: 1200)
                == "summary small-n16: memset floor 3010 fps | blend floor 1200 fps")
    }
}
