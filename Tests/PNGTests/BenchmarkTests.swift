import PNG
import Testing

@Suite("Benchmark support")
struct BenchmarkTests {
    @Test("the benchmark grid holds 105 distinct options including both defaults")
    func grid() {
        #expect(PNGBenchmark.grid.count == 105)
        #expect(Set(PNGBenchmark.grid).count == 105)
        #expect(PNGBenchmark.grid.contains(.default))
        #expect(PNGBenchmark.grid.contains(.libpngDefault))
    }

    @Test("the flat benchmark frame is opaque #F2F2F7 at its corners and round-trips")
    func flatFrame() throws {
        let pixels = PNGBenchmark.pixels(of: .flat)
        let width = PNGBenchmark.frameWidth, height = PNGBenchmark.frameHeight
        #expect(pixels.count == width * height * 4)
        let bottomLeft = (height - 1) * width * 4
        #expect(Array(pixels[bottomLeft..<(bottomLeft + 4)]) == [0xF2, 0xF2, 0xF7, 0xFF])
        let png = try PNG.encode(rgba: pixels, width: width, height: height)
        #expect(try PNG.decode(png).rgba == pixels)
    }

    @Test("the report shows size and speed relative to libpng's default and marks both defaults")
    func report() {
        let rows = [
            PNGBenchmarkRow(options: .libpngDefault, frame: .flat, bytes: 2048, millisecondsPerFrame: 10),
            PNGBenchmarkRow(options: .default, frame: .flat, bytes: 1024, millisecondsPerFrame: 2.5),
        ]
        let lines = PNGBenchmark.report(rows, iterations: 3).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "PNG encode, 640×1136 RGBA, \(PNG.libraryVersions), fastest of 3 runs")
        #expect(lines[3] == "options                    |  flat KiB   size      ms  speed")
        #expect(lines[5] == "= level 6, default, all    |       2.0   100%   10.00   1.0×")
        #expect(lines[6] == "* level 4, default, none   |       1.0    50%    2.50   4.0×")
    }
}
