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

    @Test("an unknown --text-mode is refused, naming the modes there are")
    func unknownTextMode() throws {
        let run = try CLI.run(["bench", "--text", "--text-mode", "sideways"])
        #expect(run.status != 0)
        #expect(
            run.stderr.contains("unknown --text-mode 'sideways'; expected one of: moving, still, uncached"),
            "\(run.stderr)")
    }
}
