import Benchmarks
import PNG
import Testing

@Suite("PNG benchmark support")
struct PNGBenchmarkTests {
    @Test("the benchmark grid holds 105 zlib and 32 libdeflate options, all distinct, including the three defaults")
    func grid() {
        #expect(PNGBenchmark.grid.filter { $0.compressor == .zlib }.count == 105)
        #expect(PNGBenchmark.grid.filter { $0.compressor == .libdeflate }.count == 32)
        #expect(Set(PNGBenchmark.grid).count == 137)
        #expect(PNGBenchmark.grid.contains(.zlibDefault))
        #expect(PNGBenchmark.grid.contains(.default))
        #expect(PNGBenchmark.grid.contains(.libpngDefault))
    }

    @Test("the report shows size and speed relative to libpng's default and marks both defaults")
    func report() {
        let flat = PNGBenchmarkRow.FrameInfo(name: "flat", width: 640, height: 1136)
        let rows = [
            PNGBenchmarkRow(options: .libpngDefault, frame: flat, bytes: 2048, millisecondsPerFrame: 10),
            PNGBenchmarkRow(options: .default, frame: flat, bytes: 1024, millisecondsPerFrame: 2.5),
        ]
        let lines = PNGBenchmark.report(rows, iterations: 3).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "PNG encode of flat (640×1136), \(PNG.libraryVersions), fastest of 3 runs")
        #expect(lines[3] == "options                    |  flat KiB   size      ms  speed")
        #expect(lines[5] == "= level 6, default, all    |       2.0   100%   10.00   1.0×")
        #expect(lines[6] == "* libdeflate 1, none       |       1.0    50%    2.50   4.0×")
    }
}

@Suite("Benchmark runs")
struct BenchmarkRunTests {
    @Test("a run reports one row per options value and frame, with the real encoded sizes")
    func runReportsRealSizes() throws {
        var rgba = [UInt8](repeating: 255, count: 16 * 8 * 4)
        for i in stride(from: 0, to: rgba.count, by: 4) { rgba[i] = UInt8(i % 256) }
        let frame = PNGBenchmark.Frame(name: "tiny", width: 16, height: 8, rgba: rgba)
        let rows = try PNGBenchmark.run(frames: [frame], iterations: 1, options: [.libpngDefault])
        #expect(rows.map(\.options) == [.libpngDefault, .zlibDefault, .default])
        #expect(rows[0].bytes == (try PNG.encode(rgba: rgba, width: 16, height: 8, options: .libpngDefault)).count)
        #expect(rows[1].bytes == (try PNG.encode(rgba: rgba, width: 16, height: 8, options: .zlibDefault)).count)
        #expect(rows[2].bytes == (try PNG.encode(rgba: rgba, width: 16, height: 8)).count)
    }
}
