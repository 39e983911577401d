import Geometry
import Raster
import SceneModel
import Testing

@testable import Pipeline

@Suite("Render plans")
struct RenderPlanTests {
    @Test("a full render plans every frame, under the scene's name, with the scene's rates and output settings")
    func fullRender() {
        let scene = makeScene(length: .duration(1.5), fps: 30)
        let plan = RenderPlan(scene: scene, options: RenderOptions(outputDirectory: "out"), window: RenderWindow())
        #expect(plan.first == 0 && plan.end == 45 && plan.window == nil)
        #expect(plan.width == 200 && plan.height == 160)
        #expect(plan.sceneFPS == 30 && plan.videoFPS == 30)
        #expect(plan.writeFrames && plan.video == [.mp4])
        #expect(plan.stem == "test")
        #expect(plan.manifestPath == "out/test.manifest.json")
        #expect(plan.journalPath == "out/test.manifest.partial")
        #expect(plan.framesDirectory == "out/test")
        #expect(plan.hashOf == "png")
        #expect(plan.sceneHash == SceneHash.hex(scene))
        #expect(
            plan.journalHeader
                == "flipbook-journal 1 scene=\(plan.sceneHash) frames=0..<45 hashOf=png png=\(plan.pngSettings)")
        #expect(plan.writesTrace && plan.endsScene(at: 45) && plan.endsScene(at: 12))
    }

    @Test("a window names its files after its frames, and only the window that ends the scene writes the trace")
    func window() {
        let scene = makeScene(length: .duration(2))
        let options = RenderOptions(outputDirectory: "out", writeFrames: false, video: [.webm, .mov], videoFPS: 24)
        let middle = RenderPlan(
            scene: scene, options: options, window: RenderWindow(window: 60..<90, sceneFrameCount: 120))
        #expect(middle.first == 60 && middle.end == 90)
        #expect(middle.stem == "test.frames-000060-000090")
        #expect(middle.manifestPath == "out/test.frames-000060-000090.manifest.json")
        #expect(middle.framesDirectory == "out/test")
        #expect(middle.hashOf == "rgba" && middle.video == [.webm, .mov] && middle.videoFPS == 24)
        #expect(!middle.writesTrace && !middle.endsScene(at: 90))
        let last = RenderPlan(
            scene: scene, options: options, window: RenderWindow(window: 90..<120, sceneFrameCount: 120))
        #expect(last.writesTrace && last.endsScene(at: 120))
    }

    @Test("the manifest records --shard and --frames apart")
    func selections() {
        #expect(RenderPlan.selectionDescriptions(nil) == (nil, nil))
        #expect(RenderPlan.selectionDescriptions(.shard(index: 2, count: 8)) == ("2/8", nil))
        #expect(RenderPlan.selectionDescriptions(.range(10..<20)) == (nil, "10..<20"))
    }
}

@Suite("Frame scheduler")
struct FrameSchedulerTests {
    static func list(_ x: Double) -> DisplayList {
        DisplayList(
            width: 4, height: 4, background: .white,
            rects: [DrawRect(size: Size(2, 2), transform: AffineTransform(translationX: x, y: 0), fill: .black)])
    }

    static func schedule(
        _ xs: [Double], first: Int = 0, reusable: [Int: String] = [:],
        video: Bool = false, png: Bool = true
    ) -> (sources: [FrameSource], distinct: Int) {
        var scheduler = FrameScheduler(
            reusable: reusable, first: first, feedsVideo: video, writesPNG: png,
            reusedPath: { "f\($0).png" })
        let sources = xs.enumerated().map { scheduler.schedule(tick: $0.offset, list: list($0.element)) }
        return (sources, scheduler.distinct)
    }

    @Test("a frame whose display list did not change shows the frame it repeats; a changed one is rendered")
    func repeats() {
        let (sources, distinct) = Self.schedule([0, 0, 1, 1, 1, 0])
        #expect(sources == [.render, .sameAs(0), .render, .sameAs(2), .sameAs(2), .render])
        #expect(distinct == 3)
    }

    @Test("verified frames are skipped without a video, and decoded for one")
    func resumed() {
        let reusable = [0: "h0", 1: "h1"]
        #expect(Self.schedule([0, 1, 2], reusable: reusable).sources == [.skip, .skip, .render])
        let withVideo = Self.schedule([0, 1, 2], reusable: reusable, video: true)
        #expect(withVideo.sources == [.decode(path: "f0.png"), .decode(path: "f1.png"), .render])
        #expect(withVideo.distinct == 1)
    }

    @Test("a skipped frame breaks the chain: the frame after it is rendered even when its list is the same")
    func skipBreaksChain() {
        #expect(Self.schedule([0, 0, 0], reusable: [1: "h1"]).sources == [.render, .skip, .render])
    }

    @Test("a frame that must be written never repeats a decoded frame, which has no PNG bytes")
    func writtenFrameNeedsBytes() {
        let reusable = [0: "h0", 1: "h1"]
        let sources = Self.schedule([0, 0, 0, 0], reusable: reusable, video: true).sources
        #expect(sources == [.decode(path: "f0.png"), .sameAs(0), .render, .sameAs(2)])
        // Without PNG files, a repeat of a decoded frame is fine: only its pixels and hash are needed.
        let noPNG = Self.schedule([0, 0, 0], reusable: [0: "h0"], video: true, png: false).sources
        #expect(noPNG == [.decode(path: "f0.png"), .sameAs(0), .sameAs(0)])
    }

    @Test("frames before the window (a motion-blurred video's context) are never reused from an earlier render")
    func contextFrames() {
        let sources = Self.schedule([0, 1, 2, 2], first: 2, reusable: [1: "h1", 2: "h2"], video: true).sources
        #expect(sources == [.render, .render, .decode(path: "f2.png"), .render])
    }
}
