import Foundation
import Testing

@testable import Studio

@Suite("Studio workspace, renderer and events", .serialized)
struct StudioTests {
    @Test("a scene's first whole render runs at the studio's priority; later ones behind the previews, at nice 10")
    func wholeRenderPriority() {
        #expect(StudioRenderer.wholeRenderNice(published: false) == 0)
        #expect(StudioRenderer.wholeRenderNice(published: true) == 10)
    }

    /// A scene file's text; `name: nil` leaves the name to the file's.
    static func scene(duration: Double, name: String? = "drop") -> String {
        (name.map { "name: \($0)\n" } ?? "")
            + """
            canvas: { size: [100, 100], scale: 1, background: "#FFFFFF" }
            fps: 30
            duration: \(duration)
            items:
              - { id: box, size: [20, 20], center: [50, 20], fill: "#FF9500" }
            behaviors:
              - gravity: { items: [box] }

            """
    }

    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "/studio-test-\(getpid())-\(UInt64.random(in: 0..<UInt64.max))"
        try FileManager.default.createDirectory(atPath: path + "/scenes", withIntermediateDirectories: true)
        return path
    }

    @Test(
        "only a render's page and numbered frames can be served; traversal, encoded or absolute names resolve to nothing"
    )
    func servableNames() {
        for good in ["index.html", "frame_00000.png", "frame_123456.png"] {
            #expect(StudioWorkspace.isServable(good), "\(good)")
        }
        for bad in [
            "..", "../index.html", "%2e%2e", "/etc/passwd", "frame_1.png", "frame_00001.png/..", "frame_0000a.png",
            "trace.csv", "frame_٠٠٠٠٠.png", "",
        ] {
            #expect(!StudioWorkspace.isServable(bad), "\(bad)")
        }
    }

    @Test(
        "scenes are found by name among the folder's own scene files; a symlink leading out of the folder is left out")
    func sceneLookup() throws {
        let root = try folder()
        try Self.scene(duration: 0.5).write(toFile: root + "/scenes/drop.yaml", atomically: true, encoding: .utf8)
        try "name: secret\n".write(toFile: root + "/secret.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: root + "/scenes/outside.yaml", withDestinationPath: root + "/secret.yaml")
        let workspace = try StudioWorkspace(scenesAt: root + "/scenes", output: root + "/out")
        #expect(workspace.scenes().map(\.name) == ["drop"])
        #expect(workspace.sceneFile(named: "drop") == root + "/scenes/drop.yaml")
        #expect(workspace.sceneFile(named: "../secret") == nil && workspace.sceneFile(named: "outside") == nil)
        #expect(throws: StudioError.noSuchScenes(root + "/nope")) {
            try StudioWorkspace(scenesAt: root + "/nope", output: root)
        }
    }

    @Test("a scene file whose name is not a scene name is listed as refused, with the reason, and never served")
    func oddNamesAreRefused() throws {
        let root = try folder()
        for name in ["drop", "my scene", "café", "drop~A", ".hidden", String(repeating: "a", count: 129)] {
            try Self.scene(duration: 0.5, name: nil).write(
                toFile: root + "/scenes/\(name).yaml", atomically: true, encoding: .utf8)
        }
        let workspace = try StudioWorkspace(scenesAt: root + "/scenes", output: root + "/out")
        #expect(workspace.scenes().map(\.name) == ["drop"])
        let refused = workspace.refusedScenes()
        #expect(
            refused.map(\.file) == [
                String(repeating: "a", count: 129) + ".yaml", "café.yaml", "drop~A.yaml", "my scene.yaml",
            ])
        #expect(
            refused.last?.reason
                == "a scene file's name (without .yaml) must be ASCII letters, digits, _ and - (at most 128): it names the page's URL and the render's folder; rename the file (for example to my_scene.yaml) or give the scene a name: line such as name: my_scene"
        )
        #expect(refused[1].reason.contains("(for example to caf_.yaml)"))
        for name in ["my scene", "my%20scene", "café", "cafe\u{301}", "drop~A"] {
            #expect(workspace.sceneFile(named: name) == nil, "\(name)")
            #expect(workspace.renderFile(scene: name, file: "index.html") == nil, "\(name)")
        }
    }

    @Test(
        "a scene's name: line names it in the studio, as in render's output; a file without one goes by its file name; a second file of one name is refused"
    )
    func namesFromTheScene() throws {
        let root = try folder()
        let files = [
            ("settings.orig", "settings"), ("drop", nil), ("zz-copy", "settings"), ("bad name", "bad name"),
        ]
        for (file, name) in files {
            try Self.scene(duration: 0.5, name: name).write(
                toFile: root + "/scenes/\(file).yaml", atomically: true, encoding: .utf8)
        }
        let workspace = try StudioWorkspace(scenesAt: root + "/scenes", output: root + "/out")
        // "bad name.yaml" declares an invalid name: it is listed under neither and refused by its file's.
        #expect(workspace.scenes().map(\.name) == ["drop", "settings"])
        #expect(workspace.sceneFile(named: "settings") == root + "/scenes/settings.orig.yaml")
        #expect(workspace.sceneFile(named: "settings.orig") == nil)
        #expect(
            workspace.refusedScenes().map(\.file) == ["bad name.yaml", "zz-copy.yaml"])
        #expect(
            workspace.refusedScenes().last?.reason
                == "its scene name 'settings' is also the name of settings.orig.yaml: it names the page's URL and the render's folder; give this one a name: line of its own"
        )
        // A save that changes the name moves the scene to its new name.
        try Self.scene(duration: 0.5, name: "general").write(
            toFile: root + "/scenes/zz-copy.yaml", atomically: true, encoding: .utf8)
        #expect(workspace.scenes().map(\.name) == ["drop", "settings", "general"])
    }

    @Test("a subscription whose reader stops is released at once, without a further event")
    func subscriptionEndsWithItsReader() async throws {
        let events = StudioEvents()
        let (_, stream) = await events.subscribe()
        let reader = Task { for await _ in stream {} }
        #expect(await events.subscriberCount == 1)
        reader.cancel()
        var count = 1
        for _ in 0..<100 where count > 0 {
            try await Task.sleep(for: .milliseconds(20))
            count = await events.subscriberCount
        }
        #expect(count == 0)
    }

    @Test(
        "a frame rendered ahead of a save reaches every page that connects later, until a whole render begun at that save or after is published"
    )
    func previewsReachLatePagesUntilCovered() async throws {
        let events = StudioEvents()
        let preview = StudioEvent(scene: "drop", version: 1, error: nil, preview: "frame_00010.png", save: 2)
        await events.publish(preview)
        // The whole render of the save before, published just after: the page reloads with it.
        let older = StudioEvent(scene: "drop", version: 2, error: nil, save: 1)
        await events.publish(older)
        // A later event marks where the replay would have to come before.
        let next = StudioEvent(scene: "other", version: 1, error: nil, save: 1)
        var reloaded = await events.subscribe().stream.makeAsyncIterator()
        await events.publish(next)
        #expect(await reloaded.next() == preview)
        #expect(await reloaded.next() == next)
        // The whole render of that save: the frame is no longer news.
        await events.publish(StudioEvent(scene: "drop", version: 3, error: nil, save: 2))
        var later = await events.subscribe().stream.makeAsyncIterator()
        await events.publish(next)
        #expect(await later.next() == next)
    }

    /// A renderer (one job) over a folder holding `drop.yaml` (0.5 s), and a subscription to its events.
    func studioOnDrop() async throws -> (
        root: String, file: String, renderer: StudioRenderer, events: AsyncStream<StudioEvent>
    ) {
        let root = try folder()
        let file = root + "/scenes/drop.yaml"
        try Self.scene(duration: 0.5).write(toFile: file, atomically: true, encoding: .utf8)
        let workspace = try StudioWorkspace(scenesAt: root + "/scenes", output: root + "/out")
        let events = StudioEvents()
        let (_, stream) = await events.subscribe()
        return (root, file, StudioRenderer(workspace: workspace, events: events, jobs: 1), stream)
    }

    @Test("a render publishes frames and a player page; an error keeps the last good render; a fix publishes version 2")
    func renderLoop() async throws {
        let (root, file, renderer, stream) = try await studioOnDrop()
        var received = stream.makeAsyncIterator()

        // A request that is not a save covers save 0.
        await renderer.request("drop")
        #expect(await received.next() == StudioEvent(scene: "drop", version: 1, error: nil, save: 0))
        let frames = try FileManager.default.contentsOfDirectory(atPath: root + "/out/drop").sorted()
        #expect(frames.count == 16 && frames.first == "frame_00000.png" && frames.last == "index.html")

        try Self.scene(duration: 0.5).replacingOccurrences(of: "fps: 30", with: "fps: thirty").write(
            toFile: file, atomically: true, encoding: .utf8)
        await renderer.request("drop")
        let failed = await received.next()
        #expect(failed?.version == 1)
        #expect(failed?.error?.hasPrefix(file + ":3:6: fps: expected") == true, "\(failed?.error ?? "nil")")
        #expect(
            FileManager.default.fileExists(atPath: root + "/out/drop/frame_00014.png"), "the last good render stays")

        try Self.scene(duration: 1).write(toFile: file, atomically: true, encoding: .utf8)
        await renderer.request("drop")
        #expect(await received.next() == StudioEvent(scene: "drop", version: 2, error: nil, save: 0))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: root + "/out/drop").filter { $0.hasSuffix(".png") }
                .count == 30)
        #expect(!FileManager.default.fileExists(atPath: root + "/out/.staging-drop"))
    }

    @Test("a saved scene file renders the frame its page shows first, as a preview, then the whole scene")
    func saveRendersTheShownFrameFirst() async throws {
        let (root, file, renderer, stream) = try await studioOnDrop()
        var received = stream.makeAsyncIterator()

        await renderer.fileChanged("drop")
        #expect(
            await received.next() == StudioEvent(scene: "drop", version: 1, error: nil, save: 1), "no page: no preview")

        await renderer.view("drop", tick: 12)
        try Self.scene(duration: 1).write(toFile: file, atomically: true, encoding: .utf8)
        await renderer.fileChanged("drop")
        // The second save: its frame, then the whole render that covers it.
        #expect(
            await received.next()
                == StudioEvent(scene: "drop", version: 1, error: nil, preview: "frame_00012.png", save: 2))
        #expect(await received.next() == StudioEvent(scene: "drop", version: 2, error: nil, save: 2))
        let preview = try FileManager.default.contentsOfDirectory(atPath: root + "/out/.preview-drop/drop")
        #expect(preview == ["frame_00012.png"])
        #expect(
            FileManager.default.contents(atPath: root + "/out/.preview-drop/drop/frame_00012.png")
                == FileManager.default.contents(atPath: root + "/out/drop/frame_00012.png"),
            "the preview has the whole render's bytes")

        await renderer.view("drop", tick: 40)
        await renderer.fileChanged("drop")
        #expect(
            await received.next() == StudioEvent(scene: "drop", version: 3, error: nil, save: 3),
            "a tick past the scene's end gives no preview, only the render")
    }

    @Test("event data escapes markup and line breaks, so an error message cannot inject HTML or split an event")
    func eventEscaping() {
        let e = StudioEvent(scene: "<script>", version: 3, error: "bad\n\ndata: {}")
        #expect(
            e.serverSentEvent == #"data: {"scene":"\u003cscript\u003e","version":3,"error":"bad\u000a\u000adata: {}"}"#
                + "\n\n")
    }
}
