import Figures
import Testing

@Suite("Figure layout")
struct LayoutTests {
    @Test("axis ticks are 1, 2 or 5 times a power of ten and cover the data")
    func niceAxis() {
        let axis = AxisScale(covering: 0.88, 1.32, targetTicks: 4)
        #expect(axis.step == 0.2 && axis.lower <= 0.88 && axis.upper >= 1.32)
        #expect(axis.ticks.map(axis.label) == ["0.8", "1.0", "1.2", "1.4"])
        let angle = AxisScale(covering: -35, 1, targetTicks: 4)
        #expect(angle.ticks.map(angle.label) == ["\u{2212}40", "\u{2212}30", "\u{2212}20", "\u{2212}10", "0", "10"])
        let flat = AxisScale(covering: 80, 80)
        #expect(flat.lower < 80 && flat.upper > 80)
        #expect(AxisScale(fixed: 0, 1.5, targetTicks: 6).ticks == [0, 0.5, 1, 1.5])
    }

    @Test(
        "a child layer named by its id or its dotted path is plotted from its trace rows; trails and sheets name its top-level item instead; an unknown id lists the items"
    )
    func childLayers() throws {
        let scrub = try recording("property-animator-scrub.yaml")
        let parent = try #require(scrub.scene.items.first { !$0.children.isEmpty })
        let child = try #require(parent.children.first).id
        #expect(throws: FigureError.childLayer(child, layers: [parent.id, child])) { try scrub.itemIndex(child) }
        #expect(throws: FigureError.childLayer(parent.id + "." + child, layers: [parent.id, child])) {
            try scrub.itemIndex(parent.id + "." + child)
        }
        #expect(
            FigureError.childLayer(child, layers: [parent.id, child]).description
                == "'\(child)' is a child layer (\(parent.id) › \(child)); trails, sheets and onion skins follow top-level items: expected '\(parent.id)' here (plots take child layers)"
        )
        // Plots follow child layers by their own id or their dotted path: the trace has their rows.
        #expect(try scrub.traceID(child) == child && scrub.traceID(parent.id + "." + child) == child)
        #expect(try scrub.traceID(parent.id) == parent.id)
        #expect(throws: FigureError.unknownItem("nothing", available: scrub.itemIDs)) { try scrub.traceID("nothing") }
        let plot = try Plot.document(
            [scrub], options: Plot.Options(values: ["y"], items: [parent.id + "." + child]),
            fonts: FontBook())
        let samples = try PlotQuantity.resolve("y", in: scrub.trace).samples(
            item: child, in: scrub.trace, fps: scrub.fps)
        #expect(samples.count == scrub.lastTick + 1, "one sample of the child per tick")
        _ = plot
        #expect(try scrub.itemIndex(parent.id) == scrub.scene.items.firstIndex { $0.id == parent.id })
        #expect(throws: FigureError.unknownItem("nothing", available: scrub.itemIDs)) { try scrub.itemIndex("nothing") }
    }

    @Test("onion-skin ghosts are every k-th tick, split around the reference")
    func ghosts() {
        let (past, future) = OnionSkin.ghostTicks(reference: 30, every: 10, lastTick: 55)
        #expect(past == [0, 10, 20] && future == [40, 50])
    }

    @Test("frame selections resolve to ticks, with errors naming the range")
    func selections() throws {
        let snap = try recording("snap.yaml")
        #expect(try FrameSelection.times([0, 0.5]).ticks(in: snap) == [0, 30])
        #expect(try FrameSelection.every(30).ticks(in: snap) == Array(stride(from: 0, through: snap.lastTick, by: 30)))
        #expect(throws: FigureError.tickOutOfRange(9999, lastTick: snap.lastTick)) {
            try FrameSelection.ticks([9999]).ticks(in: snap)
        }
        #expect(throws: FigureError.self) { try PlotQuantity.resolve("wobble", in: snap.trace) }
    }
}
