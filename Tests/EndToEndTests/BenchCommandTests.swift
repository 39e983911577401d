import Foundation
import Testing

/// `flipbook bench` as a user runs it: results on stdout, progress only on a terminal.
@Suite("flipbook bench, end to end")
struct BenchCommandTests {
    @Test("on a pipe, the stages' table and summary go to stdout and nothing to stderr")
    func stagesQuietOffTerminal() throws {
        let run = try CLI.run([
            "bench", "--workload", "small-n16", "--stage", "raster-1", "--frames", "2", "--repeat", "1",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "progress written off a terminal: \(run.stderr)")
        #expect(run.stdout.contains("small-n16    raster-1"), "\(run.stdout)")
        #expect(run.stdout.contains("summary small-n16: raster-1"), "\(run.stdout)")
    }

    @Test("--text --text-mode still times that mode alone, with the pinned glyph count and cache counts")
    func textModeAlone() throws {
        let run = try CLI.run(["bench", "--text", "--frames", "2", "--repeat", "2", "--text-mode", "still"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").filter { $0.hasPrefix("moving") || $0.hasPrefix("still") }
        #expect(rows.count == 1, "\(run.stdout)")
        let fields = rows.first?.split(separator: " ") ?? []
        // mode, frames, glyphs a frame, …, cache hits, misses, hash: 2 frames of 1,680 glyphs, 228 misses.
        #expect(fields.count == 12 && fields[0] == "still" && fields[1] == "2" && fields[2] == "1680", "\(fields)")
        #expect(fields.count == 12 && fields[9] == "3132" && fields[10] == "228", "\(fields)")
        #expect(run.stdout.contains("median of 2 rounds"), "\(run.stdout)")
    }

    @Test("--svg-load prints a row for each set of files it reads, the design export whole and as layers")
    func svgLoad() throws {
        let run = try CLI.run(["bench", "--svg-load", "--repeat", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        for row in ["resvg's cases, 200 largest", "1 MB design export, whole", "1 MB design export, as layers"] {
            #expect(run.stdout.contains("  " + row), "\(run.stdout)")
        }
        // resvg's cases are in the repository: 200 files of them load.
        let row = run.stdout.split(separator: "\n").first { $0.hasPrefix("  resvg's cases, 200 largest") }
        let figures = row?.dropFirst("  resvg's cases, 200 largest".count).split(separator: " ") ?? []
        #expect(figures.first == "200", "\(run.stdout)")
    }

    @Test("--export-display-lists writes a workload's frames for the native drivers and prints its folder")
    func exportDisplayLists() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lists-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run([
            "bench", "--export-display-lists", folder, "--workload", "perspective", "--frames", "2",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == folder + "/perspective\n", "\(run.stdout)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/perspective").sorted()
        #expect(names == ["flipbook-0000.png", "frame-0000.json", "frame-0001.json", "image-0.png"], "\(names)")
        let refused = try CLI.run(["bench", "--export-display-lists", folder, "--workload", "small-n16"])
        #expect(refused.status != 0)
        #expect(
            refused.stderr.contains(
                "--export-display-lists writes the content, content-without-shadows, materials and perspective workloads only"
            ),
            "\(refused.stderr)")
    }

    @Test("an unknown --text-mode is refused, naming the modes there are")
    func unknownTextMode() throws {
        let run = try CLI.run(["bench", "--text", "--text-mode", "sideways"])
        #expect(run.status != 0)
        #expect(
            run.stderr.contains("unknown --text-mode 'sideways'; expected one of: moving, still, uncached"),
            "\(run.stderr)")
    }

    @Test("--kernel-level caps the kernels in the stage's child: the same pixel hash at SSE2 and scalar, the cap named")
    func kernelLevelSamePixels() throws {
        func run(_ extra: [String]) throws -> (hash: String, kernels: String) {
            let run = try CLI.run(
                ["bench", "--workload", "small-n16", "--stage", "raster-1", "--frames", "3", "--repeat", "1"] + extra)
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n")
            let row = lines.first { $0.hasPrefix("small-n16    raster-1") }?.split(separator: " ") ?? []
            let kernels = lines.first { $0.hasPrefix("kernels:") }.map(String.init) ?? ""
            return (row.last.map(String.init) ?? "", kernels)
        }
        let native = try run([])
        let sse2 = try run(["--kernel-level", "sse2"])
        let scalar = try run(["--kernel-level", "scalar"])
        #expect(native.hash.count == 16, "\(native)")
        #expect(sse2.hash == native.hash && scalar.hash == native.hash, "\(native) \(sse2) \(scalar)")
        #expect(sse2.kernels.contains("span blends SSE2"), "\(sse2.kernels)")
        #expect(
            scalar.kernels.contains("span blends scalar (capped by --kernel-level; the CPU has "), "\(scalar.kernels)")
        #expect(!native.kernels.contains("capped"), "\(native.kernels)")
    }

    @Test("an unknown --kernel-level is refused, naming the levels there are")
    func unknownKernelLevel() throws {
        let run = try CLI.run(["bench", "--kernel-level", "avx3"])
        #expect(run.status != 0)
        #expect(
            run.stderr.contains("--kernel-level must be one of avx512, avx2, sse2, scalar, got 'avx3'"),
            "\(run.stderr)")
    }
}
