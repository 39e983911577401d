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
        #expect(BenchmarkSuite.blendFloor(.content, jobs: 2) == nil)
        #expect(
            BenchmarkSuite.summary(
                workload: "small-n16", medians: [], floors: [BenchmarkFloors(jobs: 1, memset: 3010, blend: 1200)])
                == "summary small-n16: memset floor 3010 fps | blend floor 1200 fps")
        #expect(
            BenchmarkSuite.summary(
                workload: "content", medians: [], floors: [BenchmarkFloors(jobs: 1, memset: 95.5, blend: nil)])
                == "summary content: memset floor 95.5 fps")
    }

    @Test("with more than one job the summary gives each floor at one thread and then at the jobs")
    func floorsAtTheJobsFollowTheOneThreadFigure() {
        let floors = [
            BenchmarkFloors(jobs: 1, memset: 3010, blend: 1200),
            BenchmarkFloors(jobs: 2, memset: 5800.4, blend: 2199.6),
        ]
        #expect(
            BenchmarkSuite.summary(workload: "large-n256", medians: [], floors: floors)
                == "summary large-n256: memset floor 3010 fps, 2 jobs 5800 | blend floor 1200 fps, 2 jobs 2200")
    }

    @Test("a floor at two jobs draws 5 rounds of 20 frames into each thread's own canvas, in order")
    func floorAtTwoJobsGivesEachThreadItsCanvas() {
        final class Canvases: @unchecked Sendable {
            var made = 0
            func make() -> [Int] {
                made += 1
                return []
            }
        }
        let canvases = Canvases()
        // Each canvas is the list of frame numbers drawn into it; the canvases are made before
        // the clock starts, one a thread.
        let (rate, drawn) = BenchmarkSuite.floorRate(jobs: 2, canvas: canvases.make()) { canvas, frame in
            canvas.append(frame)
        }
        #expect(canvases.made == 2)
        #expect(rate.isFinite && rate > 0)
        #expect(drawn == [Array(0..<100), Array(0..<100)])
    }
}
