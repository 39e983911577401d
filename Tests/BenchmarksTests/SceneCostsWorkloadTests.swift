import Foundation
import Testing

@testable import Benchmarks

/// `flipbook bench --scene-costs`: its scenes are what its table says they are, and the trace it
/// times is written in full (the figures themselves are timings, printed, never asserted).
@Suite("The scene-costs workload")
struct SceneCostsWorkloadTests {
    @Test("the expansion of 3 rows is 30 layers: a row and its nine children each")
    func expansionLayers() throws {
        let loading = try SceneCostsWorkload.measureLoading(rows: 3)
        #expect(loading.layers == 30)
        #expect(loading.decode > 0 && loading.hash > 0)
    }

    @Test("the trace of 100 items over 3 ticks is 300 rows in two files of a pinned size, then removed")
    func traceRows() throws {
        let directory = FileManager.default.temporaryDirectory.path + "/scene-costs-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let costs = try SceneCostsWorkload.measureTrace(items: 100, ticks: 3, directory: directory)
        #expect(costs.rows == 300)
        #expect(costs.bytes == 73_329)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }
}
