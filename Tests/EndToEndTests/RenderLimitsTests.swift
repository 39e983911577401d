import Foundation
import TestSupport
import Testing

/// What render cannot do is refused before anything is written: a scene name too long for the
/// files it names, a trace larger than the budget.
@Suite("flipbook validate and render refuse what cannot be written", .serialized)
struct RenderLimitsTests {
    @Test("validate refuses a scene name too long for its file names; the longest allowed renders with every suffix")
    func sceneNameLength() throws {
        let dir = try makeTemporaryDirectory()
        let long = try TestScenes.write(
            TestScenes.fallingCards(name: String(repeating: "n", count: 200)), to: dir, file: "long.yaml")
        let validate = try CLI.run(["validate", long])
        #expect(validate.status == 1)
        #expect(
            validate.stderr.contains(
                "\(long):1:7: name: expected a name of at most 128 characters (it names the output folder and files such as nnnnnnnnnnnn….frames-000000-000120.manifest.json, which must fit in a file name's 255 bytes), found one of 200 characters (shorten it to 128 characters or fewer)"
            ), "\(validate.stderr)")
        #expect(try CLI.run(["render", long, "--out", dir + "/out"]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))

        let name = String(repeating: "m", count: 128)
        let longest = try TestScenes.write(TestScenes.fallingCards(name: name), to: dir, file: "longest.yaml")
        let render = try CLI.run([
            "render", longest, "--out", dir + "/out", "--video", "mp4", "--shard", "1/1", "--preset", "ultrafast",
        ])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try CLI.run(["verify", dir + "/out"]).status == 0)
    }

    @Test("a scene whose trace would exceed the budget is refused up front unless --no-trace")
    func traceBudget() throws {
        let dir = try makeTemporaryDirectory()
        // 10,000 items for 60 s at 60 fps: 36,000,000 trace rows.
        let items = (0..<10_000).map {
            "{\"id\":\"i\($0)\",\"size\":[2,2],\"center\":[\(5 + $0 % 300),\(5 + $0 / 300)]}"
        }
        let scene =
            "{\"name\":\"big\",\"canvas\":{\"size\":[320,64],\"scale\":1},\"fps\":60,\"duration\":60,\"items\":[\(items.joined(separator: ","))]}"
        let file = try TestScenes.write(scene, to: dir, file: "big.json")
        let refused = try CLI.run(["render", file, "--out", dir + "/out", "--video", "none"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "error: big: its trace would have 10000 items × 3600 frames = 36000000 rows (about 6.8 GB of .trace.txt and .trace.csv), over the trace budget of 20000000 rows; pass --no-trace to render without it, or --max-trace-rows 36000000 to write it anyway\n"
        )
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"), "nothing written")
        let untraced = try CLI.run([
            "render", file, "--out", dir + "/out", "--video", "none", "--no-trace", "--frames", "0..<2",
        ])
        #expect(untraced.status == 0, "\(untraced.stderr)")
    }
}
