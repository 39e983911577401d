import Testing

@testable import Benchmarks

@Suite("The text workload's rounds")
struct TextWorkloadTests {
    @Test("labels that move by whole pixels miss only in their first frame: 228 masks, the rest hits")
    func stillMissesOnlyFirstFrame() throws {
        let row = try TextWorkload.run(mode: "still", frames: 3, rounds: 1)
        #expect(row.glyphsPerFrame == 1680)
        #expect(row.misses == 228)
        #expect(row.hits == 3 * 1680 - 228)
    }

    @Test("every round starts with a cold cache, so a second round gives the first one's picture and counts")
    func roundsStartCold() throws {
        let one = try TextWorkload.run(mode: "moving", frames: 2, rounds: 1)
        let two = try TextWorkload.run(mode: "moving", frames: 2, rounds: 2)
        #expect(two.rounds.count == 2)
        #expect(two.pixelHash == one.pixelHash)
        #expect(two.misses == one.misses)
        #expect(two.hits == one.hits)
    }

    @Test("the figures are the median round's, so one disturbed round does not move them")
    func figuresAreTheMedianRound() {
        func round(_ seconds: Double) -> TextWorkload.Row.Round {
            .init(seconds: seconds, clearSeconds: 0.25, cpuSeconds: seconds, clearCPUSeconds: 0.25)
        }
        let row = TextWorkload.Row(
            mode: "still", frames: 10, glyphsPerFrame: 100, rounds: [round(1), round(9), round(0.75)], hits: 0,
            misses: 0, pixelHash: "")
        #expect(row.framesPerSecond == 10)
        #expect(row.glyphsPerSecond == 1000)
        // Drawing takes the round's own clear off: 1,000 glyphs in 1 − 0.25 s.
        #expect(abs(row.glyphsPerSecondDrawing - 1000 / 0.75) < 1e-9)
        #expect(row.cpuFramesPerSecond == 10)
    }
}
