import Testing

@testable import Benchmarks

@Test("a stage's result line parses back to the same figures, CPU times included")
func stageResultLineRoundTrips() throws {
    let result = StageResult(
        frames: 600, seconds: 1.25, peakKiB: 45_000, childPeakKiB: 131_072,
        pixelHash: "b91a124719bc169a", cpuSeconds: 2.375, childCPUSeconds: 19.5)
    let parsed = try #require(StageResult.parse("progress noise\n" + result.line + "\n"))
    #expect(parsed.frames == 600 && parsed.seconds == 1.25)
    #expect(parsed.peakKiB == 45_000 && parsed.childPeakKiB == 131_072)
    #expect(parsed.cpuSeconds == 2.375 && parsed.childCPUSeconds == 19.5)
    #expect(parsed.pixelHash == "b91a124719bc169a")
    #expect(parsed.framesPerSecond == 480)
}

@Test("a result line without a hash or CPU fields parses with an empty hash and zero CPU")
func stageResultLineWithoutOptionalFields() throws {
    let parsed = try #require(StageResult.parse("frames=120 seconds=2 peak_kib=10 child_peak_kib=0 hash=-"))
    #expect(parsed.pixelHash.isEmpty && parsed.cpuSeconds == 0 && parsed.childCPUSeconds == 0)
    #expect(StageResult.parse("frames=120 seconds=oops") == nil)
}

@Test("CPU time counts this process's work and never runs backwards")
func cpuTimeCountsWork() {
    let before = CPUTime.ownSeconds()
    var x: UInt64 = 1
    for i in 0..<20_000_000 { x = x &* 6_364_136_223_846_793_005 &+ UInt64(i) }
    #expect(x != 0)
    let after = CPUTime.ownSeconds()
    #expect(after > before)
    #expect(CPUTime.childrenSeconds() >= 0)
}
