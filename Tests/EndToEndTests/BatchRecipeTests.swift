import Foundation
import TestSupport
import Testing

/// The README's batch-engine recipe, run for real: GNU parallel runs N shard workers, each in
/// its own folder as separate machines would; their outputs are gathered, joined and verified
/// (`Examples/BatchRender/parallel-shards.sh`, the script users run).
@Suite("the GNU parallel batch recipe, end to end", .serialized)
struct BatchRecipeTests {
    @Test("parallel-shards.sh renders 3 shards in 3 folders, gathers, joins and verifies the single render's frames")
    func parallelRecipe() throws {
        try #require(which("parallel") != nil, "GNU parallel is installed by make test")
        let dir = try makeTemporaryDirectory()
        let file = try TestScenes.write(TestScenes.fallingCards(), to: dir)
        let work = dir + "/work"
        var environment = ProcessInfo.processInfo.environment
        environment["FLIPBOOK"] = CLI.binary
        let r = try runProcess(
            "/bin/sh", [repositoryRoot + "/Examples/BatchRender/parallel-shards.sh", file, "3", work, "--jobs", "1"],
            environment: environment)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.hasSuffix("ok: 4 manifests, 124 files match\n"), "\(r.stdout)")
        for k in 1...3 {
            #expect(listDirectory(work + "/shard-\(k)").contains("shards"), "worker \(k) wrote its own folder")
        }
        #expect(
            listDirectory(work + "/gathered") == [
                "shards", "shards.frames-000000-000030.manifest.json", "shards.frames-000000-000030.mp4",
                "shards.frames-000030-000060.manifest.json", "shards.frames-000030-000060.mp4",
                "shards.frames-000060-000120.manifest.json", "shards.frames-000060-000120.mp4",
                "shards.mp4", "shards.mp4.manifest.json", "shards.trace.csv", "shards.trace.txt",
            ])

        let single = try CLI.run(["render", file, "--out", dir + "/single", "--video", "mp4"])
        try #require(single.status == 0)
        // Frames: byte for byte. (Each render's player page covers its own frames, so a shard's
        // page is not the single render's.)
        let pngs = { (folder: String) in listDirectory(folder).filter { $0.hasSuffix(".png") } }
        #expect(pngs(work + "/gathered/shards") == pngs(dir + "/single/shards"))
        for name in pngs(dir + "/single/shards") {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: work + "/gathered/shards/" + name))
                    == Data(contentsOf: URL(fileURLWithPath: dir + "/single/shards/" + name)), "\(name)")
        }
        for trace in ["shards.trace.txt", "shards.trace.csv"] {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: work + "/gathered/" + trace))
                    == Data(contentsOf: URL(fileURLWithPath: dir + "/single/" + trace)),
                "the last shard's trace is the whole scene's")
        }
        #expect(try decodeVideoRGBA(work + "/gathered/shards.mp4") == decodeVideoRGBA(dir + "/single/shards.mp4"))
    }
}
