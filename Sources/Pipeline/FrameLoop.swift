import Dispatch
import Raster
import SceneModel

/// Stages 3–5 of a render, batch by batch: simulate a few frames, schedule each frame's source
/// (`FrameScheduler`), rasterize and encode the new ones in parallel (`renderInParallel`), and
/// hand the frames, in order, to the sinks (`FrameSequenceSink`, `VideoSink`). The trace records
/// every tick as it is simulated.
final class FrameLoop {
    let plan: RenderPlan
    let options: RenderOptions
    let simulation: SceneSimulation
    let frames: FrameSequenceSink
    let video: VideoSink?
    var trace: Trace?
    private(set) var scheduler: FrameScheduler
    private(set) var timings = RenderManifest.Timings()
    private(set) var dropped: [RenderManifest.DroppedItem] = []
    /// The scene's ticks, stepped batch by batch.
    private var ticks: SceneTicks
    /// Frames simulated so far: after `run`, one past the last frame.
    var tick: Int { ticks.upcoming }
    private var finished: Bool { ticks.isFinished }
    /// The last frame handed on (its tick and pixels), which a `.sameAs` in the next batch names.
    private var carried: (tick: Int, frame: SceneRenderer.EncodedFrame)?

    init(
        plan: RenderPlan, options: RenderOptions, simulation: SceneSimulation, scheduler: FrameScheduler,
        frames: FrameSequenceSink, video: VideoSink?, trace: Trace?
    ) {
        self.plan = plan
        self.options = options
        self.simulation = simulation
        self.scheduler = scheduler
        self.frames = frames
        self.video = video
        self.trace = trace
        ticks = SceneTicks(simulation, end: plan.end, stopsAtRest: plan.frames.stopsAtRest)
    }

    /// Runs to the window's end, or to rest for an `until: rest` scene; `start` is the render's.
    func run(start: DispatchTime) throws {
        replayContext()
        let batchSize = max(4, options.jobs * 4)
        while !finished, tick < plan.end {
            if options.isCancelled?() == true { throw RenderCancelled(sceneName: plan.sceneName) }
            let batchFirst = tick
            let lists = simulateBatch(size: batchSize)
            let sources = lists.enumerated().map { scheduler.schedule(tick: batchFirst + $0.offset, list: $0.element) }
            let encoded = try produce(lists, sources)
            try deliver(batchFirst: batchFirst, sources: sources, encoded: encoded)
            options.progress?(
                RenderProgress(
                    sceneName: plan.sceneName, framesDone: max(0, tick - plan.first),
                    maxFrames: finished ? tick - plan.first : plan.end - plan.first,
                    maxFramesIsCap: plan.frames.stopsAtRest && !finished && plan.window == nil,
                    elapsedSeconds: SceneRenderer.seconds(since: start)))
        }
    }

    /// Replays the ticks before the first drawn one (a window's start, less the video's
    /// motion-blur context) without drawing them.
    private func replayContext() {
        let replayStart = DispatchTime.now()
        let firstDrawn = VideoSink.firstDrawnTick(plan.first, video: video)
        while ticks.next(before: firstDrawn) != nil { trace?.record(simulation) }
        timings.simulateSeconds += SceneRenderer.seconds(since: replayStart)
    }

    /// Simulates up to `size` frames: their display lists, non-finite entries dropped.
    private func simulateBatch(size: Int) -> [DisplayList] {
        let simulateStart = DispatchTime.now()
        var lists: [DisplayList] = []
        while lists.count < size, let tick = ticks.next() {
            let record = simulation.record(trace == nil ? .drawing : [.drawing, .layers])
            var list = record.frame
            for index in SceneRenderer.dropNonFinite(&list) { dropped.append(.init(frame: tick, drawIndex: index)) }
            lists.append(list)
            trace?.record(record)
        }
        timings.simulateSeconds += SceneRenderer.seconds(since: simulateStart)
        return lists
    }

    /// Rasterizes (or decodes) the frames whose source says so; indexed like `lists`.
    private func produce(_ lists: [DisplayList], _ sources: [FrameSource]) throws -> [SceneRenderer.EncodedFrame?] {
        let work = sources.enumerated().compactMap { (i, source) -> SceneRenderer.FrameWork? in
            switch source {
            case .render: return .init(index: i, reuse: nil)
            case .decode(let path): return .init(index: i, reuse: path)
            case .skip, .sameAs: return nil
            }
        }
        let (encoded, stage) = try SceneRenderer.renderInParallel(
            lists: lists, work: work, jobs: options.jobs,
            encodePNG: frames.sequence != nil, png: options.png, isCancelled: options.isCancelled)
        if options.isCancelled?() == true { throw RenderCancelled(sceneName: plan.sceneName) }
        timings.rasterSeconds += stage.raster
        timings.encodeSeconds += stage.encode
        return encoded
    }

    /// Resolves each frame's pixels and hands the batch to the sinks, in order.
    private func deliver(batchFirst: Int, sources: [FrameSource], encoded: [SceneRenderer.EncodedFrame?]) throws {
        var resolved: [(tick: Int, frame: SceneRenderer.EncodedFrame?)] = []
        for (i, source) in sources.enumerated() {
            let t = batchFirst + i
            let frame: SceneRenderer.EncodedFrame?
            switch source {
            case .skip:
                frame = nil
            case .render, .decode:
                guard let f = encoded[i] else { preconditionFailure("frame \(t) not rendered") }
                frame = f
            case .sameAs(let k) where k >= batchFirst:
                frame = encoded[k - batchFirst]
            case .sameAs(let k):
                guard let carried, carried.tick == k else { preconditionFailure("frame \(k) not carried over") }
                frame = carried.frame
            }
            resolved.append((t, frame))
            if let frame {
                try video?.add(tick: t, rgba: frame.rgba)
                carried = (source.origin(tick: t), frame)
            } else {
                carried = nil
            }
        }
        try frames.push(resolved)
    }
}

extension FrameSource {
    /// The frame whose pixels frame `tick` shows.
    func origin(tick: Int) -> Int {
        if case .sameAs(let k) = self { return k }
        return tick
    }
}
