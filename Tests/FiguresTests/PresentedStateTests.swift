import Figures
import Foundation
import Testing

/// Figures frame, trail and crop the layers as the frames draw them: a recording's item states
/// are the presented layers (`TickRecord`'s top-level rows), so an item Core Animation moves is
/// followed through its animation, not by its model value.
@Suite("Figures follow the presented layers")
struct PresentedStateTests {
    @Test("the keyframed card's states are its trace rows at every tick, growing to 1.3× while its model stays put")
    func statesArePresented() throws {
        let recording = try recording("keyframes.yaml")
        let card = try recording.itemIndex("card")
        let table = recording.trace
        let columns = ["frame_x", "frame_y", "frame_width", "frame_height"]
        let series = try columns.map { try #require(table.series(item: "card", column: $0)) }
        #expect(series[0].count == recording.states.count)
        for tick in recording.states.indices {
            let frame = recording.states[tick][card].frame
            let traced = series.map { $0[tick].y }
            let drawn = [frame.minX, frame.minY, frame.width, frame.height]
            #expect(zip(drawn, traced).allSatisfy { abs($0 - $1) < 5e-4 }, "tick \(tick): \(drawn) against \(traced)")
        }
        let widths = recording.states.map { $0[card].frame.width }
        let first = try #require(widths.first)
        #expect(widths.max()! > 1.25 * first, "the view animation's scale 1.3 shows in the states")
    }
}
