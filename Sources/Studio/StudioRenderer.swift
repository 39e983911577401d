import Export
import Foundation
import Pipeline
import Player
import SceneLoading
import SceneModel
import Synchronization

/// Renders scenes for the studio, one at a time, off the request path. A render goes into a
/// staging folder and replaces the published one only when complete, so the page always shows the
/// last good render; a scene saved again while rendering cancels that render (it stops at its next
/// batch) and starts over from the new file.
package actor StudioRenderer {
    /// What the page of a scene shows: the version of its last good render, and the error of the
    /// latest attempt when that failed (file:line:column: message, as the CLI prints it).
    package struct Status: Sendable, Equatable {
        package var version: Int = 0
        package var rendering = false
        package var error: String?
        /// The controls of the last good render, with the values it used.
        package var controls: [SceneControl] = []
        /// The control values of the render pinned as variant A, if one is.
        package var pinned: [String: String]?
    }

    package let workspace: StudioWorkspace
    private var statuses: [String: Status] = [:]
    /// The values set from the studio's sliders, per scene, in name order; applied to every render.
    private var overrides: [String: [(name: String, value: String)]] = [:]
    /// The tick each scene's page last said it shows (`view(_:tick:)`): a save renders it first.
    private var viewing: [String: Int] = [:]
    /// Per scene, how many times it was asked to render again (a save, a slider): a preview is
    /// the frame of one such save, and a whole render covers the saves made before it began.
    private var saves: [String: Int] = [:]
    /// The latest frame rendered ahead (`startPreview`); previews run one after another, since
    /// they share the preview folders, and a whole render waits for the one before it.
    private var previewTask: Task<Void, Never>?
    private var current: (scene: String, cancelled: CancelFlag)?
    private var queue: [String] = []
    private var running = false
    private let events: StudioEvents
    private let jobs: Int

    /// The nice value of a whole render's threads: 10 once the scene has a render published, so
    /// that a preview of the next save (at the studio's own 0) takes the cores first; 0 for its
    /// first, which its page waits for with nothing to show (a loaded test run once found the
    /// page still without it after a minute).
    static func wholeRenderNice(published: Bool) -> Int32 { published ? 10 : 0 }

    package init(workspace: StudioWorkspace, events: StudioEvents, jobs: Int = RenderOptions.defaultJobs) {
        self.workspace = workspace
        self.events = events
        self.jobs = jobs
    }

    package func status(of scene: String) -> Status { statuses[scene] ?? Status() }

    /// Asks for a render of `scene`; a render of the same scene already running is cancelled.
    package func request(_ scene: String) {
        if let current, current.scene == scene { current.cancelled.set() }
        if !queue.contains(scene) { queue.append(scene) }
        statuses[scene, default: Status()].rendering = true
        if !running {
            running = true
            Task { await self.drain() }
        }
    }

    /// The scene's file was saved: renders it again, the frame its page shows first, on its own, so
    /// the page shows the new frame before the whole render is done.
    package func fileChanged(_ scene: String) {
        rerender(scene, previewTick: viewing[scene])
    }

    /// Remembers the frame a scene's page shows (the page says so whenever it settles on one).
    package func view(_ scene: String, tick: Int) {
        viewing[scene] = tick
    }

    /// Sets control values for a scene's renders (the sliders) and renders it again; with
    /// `previewTick`, the frame the page shows is rendered first, on its own, so the page can show
    /// it before the whole render is done.
    package func set(_ scene: String, values: [(name: String, value: String)], previewTick: Int? = nil) {
        overrides[scene] = values.sorted { $0.name < $1.name }
        rerender(scene, previewTick: previewTick)
    }

    /// Cancels a running render of `scene`, renders `previewTick` first when given, then the scene.
    private func rerender(_ scene: String, previewTick: Int?) {
        if let current, current.scene == scene { current.cancelled.set() }
        saves[scene, default: 0] += 1
        if let previewTick {
            startPreview(scene, tick: previewTick, values: overrides[scene] ?? [], save: saves[scene, default: 0])
        }
        request(scene)
    }

    /// Renders frame `tick` of `scene` at once, beside a render of another scene or one winding
    /// down after a cancel (it stops within a frame), not behind it in the queue; the page is told
    /// as soon as the frame is written.
    private func startPreview(_ scene: String, tick: Int, values: [(name: String, value: String)], save: Int) {
        let previous = previewTask
        previewTask = Task { [workspace, jobs, events] in
            await previous?.value
            let frame = await WorkerThreads.onOwnThread {
                Self.preview(scene, tick: tick, in: workspace, jobs: jobs, overrides: values)
            }
            guard let frame else { return }
            let version = self.status(of: scene).version
            await events.publish(StudioEvent(scene: scene, version: version, error: nil, preview: frame, save: save))
        }
    }

    /// Writes the current control values into the scene file, in place (`ControlWriteBack`: only
    /// the declared values change), and renders it from the file again.
    package func writeBack(_ scene: String) throws {
        guard let file = workspace.sceneFile(named: scene) else { throw StudioError.noSuchScenes(scene) }
        let values = Dictionary(overrides[scene] ?? [], uniquingKeysWith: { _, last in last })
        guard !values.isEmpty else { return }
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let (_, declared) = try SceneLoader.loadWithControls(path: file)
        try AtomicFile.write(try ControlWriteBack.rewrite(text, controls: declared, values: values), to: file)
        overrides[scene] = []
        request(scene)
    }

    /// Keeps a copy of the scene's current render as variant A, for the side-by-side view.
    package func pin(_ scene: String) throws {
        let status = statuses[scene, default: Status()]
        guard status.version > 0 else { throw StudioError.nothingToPin(scene) }
        let source = workspace.renderFolder(of: scene)
        let copy = workspace.pinnedFolder(of: scene)
        let staging = copy + ".staging"
        TemporaryFiles.shared.register(staging)
        defer { TemporaryFiles.shared.unregister(staging) }
        try? FileManager.default.removeItem(atPath: staging)
        try FileManager.default.copyItem(atPath: source, toPath: staging)
        try Self.publish(staging, as: copy)
        statuses[scene]?.pinned = Dictionary(uniqueKeysWithValues: status.controls.map { ($0.name, $0.value) })
    }

    private func drain() async {
        while !queue.isEmpty {
            let scene = queue.removeFirst()
            let flag = CancelFlag()
            current = (scene, flag)
            // The frame on screen first: the whole render would take the cores it needs.
            await previewTask?.value
            let covers = saves[scene, default: 0]
            let values = overrides[scene] ?? []
            let nice = Self.wholeRenderNice(published: statuses[scene, default: Status()].version > 0)
            let outcome = await WorkerThreads.onOwnThread { [workspace, jobs] in
                // Behind the frame a page waits for: a preview of the next save takes the cores
                // at once, while this render (and the workers it starts, which inherit the
                // priority) winds down after the cancel or goes on.
                if nice > 0 { WorkerThreads.lowerCallingThreadPriority(to: nice) }
                return Self.render(scene, in: workspace, jobs: jobs, overrides: values, cancelled: flag)
            }
            current = nil
            var status = statuses[scene, default: Status()]
            switch outcome {
            case .published(let controls):
                status.version += 1
                status.error = nil
                status.controls = controls
            case .failed(let message):
                status.error = message
            case .cancelled:
                continue  // queued again by the save that cancelled it
            }
            status.rendering = queue.contains(scene)
            statuses[scene] = status
            await events.publish(StudioEvent(scene: scene, version: status.version, error: status.error, save: covers))
        }
        running = false
    }

    enum Outcome: Sendable {
        case published([SceneControl])
        case failed(String)
        case cancelled
    }

    /// Renders frame `tick` alone (the simulation still runs from tick 0; only that frame is drawn)
    /// into the scene's preview folder; returns its file name, or nil when it cannot (the full
    /// render that follows reports why).
    static func preview(
        _ name: String, tick: Int, in workspace: StudioWorkspace, jobs: Int,
        overrides: [(name: String, value: String)]
    ) -> String? {
        guard let file = workspace.sceneFile(named: name), tick >= 0 else { return nil }
        let folder = workspace.previewFolder(of: name)
        try? FileManager.default.removeItem(atPath: folder)
        do {
            var scene = try SceneLoader.loadWithControls(path: file, overrides: overrides).scene
            scene.name = name
            var options = RenderOptions(outputDirectory: folder, jobs: jobs)
            options.video = []
            options.writeTrace = false
            options.writeManifest = false
            options.frames = .range(tick..<tick + 1)
            let result = try SceneRenderer.render(scene, options: options)
            guard result.frameCount == 1 else { return nil }
            return PNGSequence.fileName(forFrame: result.firstFrame)
        } catch {
            return nil
        }
    }

    /// Loads and renders a scene (frames, trace, player page; no video) into a staging folder, then
    /// swaps it in for the published folder.
    static func render(
        _ name: String, in workspace: StudioWorkspace, jobs: Int,
        overrides: [(name: String, value: String)], cancelled: CancelFlag
    ) -> Outcome {
        guard let file = workspace.sceneFile(named: name) else { return .failed("\(name): the scene file is gone") }
        let staging = (workspace.outputFolder as NSString).appendingPathComponent(".staging-\(name)")
        let fm = FileManager.default
        // Ctrl-C or SIGTERM mid-render removes it too (TemporaryFiles, installed by flipbook-studio).
        TemporaryFiles.shared.register(staging)
        defer {
            try? fm.removeItem(atPath: staging)
            TemporaryFiles.shared.unregister(staging)
        }
        do {
            try? fm.removeItem(atPath: staging)
            try TemporaryFiles.shared.createDirectory(atPath: staging)
            var (scene, controls) = try SceneLoader.loadWithControls(path: file, overrides: overrides)
            // The URL names the scene by its name (its name: line, or its file's), so the published
            // folder must have the same name.
            scene.name = name
            _ = try SceneSimulation(scene: scene, file: file)
            var options = RenderOptions(outputDirectory: staging, jobs: jobs)
            options.video = []
            options.writeManifest = false
            options.isCancelled = { cancelled.isSet }
            let result = try SceneRenderer.render(scene, options: options)
            guard let frames = result.framesDirectory else { return .failed("\(name): no frames were written") }
            try PlayerPage.write(for: scene, result: result)
            try publish(frames, as: workspace.renderFolder(of: name))
            return .published(controls)
        } catch is RenderCancelled {
            return .cancelled
        } catch {
            return .failed(String(describing: error))
        }
    }

    /// Replaces `destination` by `source` with renames, so a reader sees the old folder or the new one.
    static func publish(_ source: String, as destination: String) throws {
        let fm = FileManager.default
        let old = destination + ".old"
        try? fm.removeItem(atPath: old)
        if fm.fileExists(atPath: destination) { try fm.moveItem(atPath: destination, toPath: old) }
        try fm.moveItem(atPath: source, toPath: destination)
        try? fm.removeItem(atPath: old)
    }
}

/// A flag set from the actor and read from the render's thread.
final class CancelFlag: Sendable {
    private let value = Atomic(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
