import Raster
import Testing

@testable import Benchmarks

private struct StopHere: Error {}

@Suite("Pipelined frames for the x264 stages")
struct PipelinedFramesTests {
    let lists = (0..<9).map { StandardWorkload(canvas: .small, count: 16).displayList(frame: 13 * $0) }

    @Test("frames arrive in order with exactly a fresh render's bytes, for 1, 2 and 3 workers")
    func framesArriveInOrder() throws {
        let expected = lists.map(Rasterizer.renderStraightRGBA)
        for jobs in 1...3 {
            var received: [[UInt8]] = []
            try PipelinedFrames(lists: lists, jobs: jobs).run { received.append($0) }
            #expect(received.count == lists.count, "jobs \(jobs)")
            #expect(received == expected, "jobs \(jobs)")
        }
    }

    @Test("a consumer that throws stops the workers and its error comes back")
    func consumerErrorStopsTheWorkers() {
        var consumed = 0
        #expect(throws: StopHere.self) {
            try PipelinedFrames(lists: lists, jobs: 2).run { _ in
                consumed += 1
                if consumed == 3 { throw StopHere() }
            }
        }
        #expect(consumed == 3)
    }
}
