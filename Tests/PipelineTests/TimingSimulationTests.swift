import Foundation
import Geometry
import Pipeline
import Raster
import SceneLoading
import SceneModel
import TestSupport
import Testing
import Timing

/// Core Animation timing and the layer tree in the simulation: presentation values on given
/// ticks, the tree's composition, hidden layers, the interactive seed scenes, rest, determinism.
@Suite("Timing in the simulation")
struct TimingSimulationTests {
    static func scene(_ yaml: String, fps: Int = 60) throws -> SceneSimulation {
        let text = "canvas: { size: [320, 568], scale: 2 }\nfps: \(fps)\n" + yaml
        return try SceneSimulation(scene: try SceneLoader.decode(text, fileName: "test.yaml", format: .yaml))
    }

    /// A bundled scene run to its end: its frames, and each frame's rectangles of the item `id`
    /// (the scenes draw an app screen around it; an item hidden on a frame has none there).
    static func run(_ file: String, item id: String = "box") throws -> (
        SceneSimulation, [DisplayList], [[DrawRect]]
    ) {
        let scene = try SceneLoader.load(path: repositoryRoot + "/scenes/" + file)
        let simulation = try SceneSimulation(scene: scene, file: file)
        let plan = FramePlan(scene: scene)
        var lists: [DisplayList] = []
        var rects: [[DrawRect]] = []
        func record() {
            let (list, items) = simulation.labelledDisplayList()
            lists.append(list)
            rects.append(zip(list.rects, items).filter { $0.1 == id }.map(\.0))
        }
        record()
        while lists.count < plan.maxFrames, !(plan.stopsAtRest && simulation.isAtRest) {
            simulation.advance()
            record()
        }
        return (simulation, lists, rects)
    }

    @Test("a basic animation without a timing function presents the exact linear value on its tick")
    func basicLinear() throws {
        let s = try Self.scene(
            """
            duration: 2
            items:
              - id: a
                size: [10, 10]
                center: [0, 100]
                animations: [{ basic: { property: center, to: [100, 100], duration: 1 } }]
            """, fps: 10)
        for _ in 0..<5 { s.advance() }
        #expect(s.presentationValue(of: "a", .center) == .point(Point(50, 100)))
        #expect(s.displayList().rects[0].transform.tx == 100)
        for _ in 0..<6 { s.advance() }  // tick 11: past the end, removed: the model shows
        #expect(s.presentationValue(of: "a", .center) == .point(Point(0, 100)))
    }

    @Test("a spring animation follows CASpringAnimation's closed form (q(0.1) = 0.340300)")
    func springClosedForm() throws {
        let s = try Self.scene(
            """
            duration: 2
            items:
              - id: a
                size: [10, 10]
                center: [5, 5]
                opacity: 0
                animations: [{ spring: { property: opacity, from: 0, to: 1 } }]
            """)
        for _ in 0..<6 { s.advance() }
        let q = try #require(s.presentationValue(of: "a", .opacity).scalar)
        #expect(abs(q - 0.340300) < 1e-6)
        #expect(abs(s.displayList().rects[0].opacity - q) < 1e-15)
    }

    @Test(
        "a child's drawn transform is its own, then its offset in the parent's bounds, then the parent's; opacity multiplies; masksToBounds clips"
    )
    func treeComposition() throws {
        let s = try Self.scene(
            """
            duration: 1
            items:
              - id: parent
                size: [100, 50]
                center: [100, 100]
                rotation: 90
                opacity: 0.5
                allowsGroupOpacity: false
                cornerRadius: 5
                masksToBounds: true
                shadow: { opacity: 0.5, offset: [0, 2], radius: 4 }
                children:
                  - { id: child, size: [10, 10], center: [0, 0], opacity: 0.5 }
            """)
        let list = s.displayList()
        #expect(list.rects.count == 2)
        let parent = AffineTransform(rotation: .degrees(90)).concatenating(AffineTransform(translationX: 100, y: 100))
        let pixels = AffineTransform(scaleX: 2, y: 2)
        #expect(list.rects[0].transform == parent.concatenating(pixels))
        #expect(list.rects[0].shadow == DrawShadow(color: .black, opacity: 0.5, offset: Point(0, 4), radius: 8))
        #expect(list.rects[0].clips.isEmpty)
        let child = AffineTransform(translationX: -50, y: -25).concatenating(parent).concatenating(pixels)
        #expect(list.rects[1].transform == child)
        #expect(list.rects[1].opacity == 0.25, "without group opacity, opacity multiplies down the tree")
        #expect(list.groups.isEmpty)
        #expect(
            list.rects[1].clips == [
                ClipShape(size: Size(100, 50), cornerRadius: 5, transform: parent.concatenating(pixels))
            ])
    }

    @Test("a layer is not drawn while its time is outside its active span (beginTime later than now)")
    func hiddenBeforeBegin() throws {
        let s = try Self.scene(
            """
            duration: 1
            items:
              - { id: a, size: [10, 10], center: [5, 5], timing: { beginTime: 0.5 }, children: [{ id: b, size: [2, 2], center: [1, 1] }] }
              - { id: c, size: [10, 10], center: [50, 5] }
            """)
        #expect(s.displayList().rects.count == 1)
        #expect(!s.isVisible("b"))
        for _ in 0..<30 { s.advance() }
        #expect(s.displayList().rects.count == 3)
    }

    @Test("interactive-complete: released at 70 %, the box completes to y 500 and the scene rests on tick 80")
    func interactiveComplete() throws {
        let (s, _, box) = try Self.run("interactive-complete.yaml")
        #expect(box.count == 81)
        let stops = s.events.filter {
            if case .viewAnimationCompleted(_, true) = $0.kind { return true } else { return false }
        }
        #expect(stops.map(\.tick) == [79])
        #expect(box.allSatisfy { $0.count == 1 }, "the box is drawn on every frame")
        // Scrubbed: timeOffset 0.7 s of a 1 s easeInEaseOut animation from y 50 to 500.
        let release = box[60][0].transform.ty / 2
        #expect(abs(release - (50 + 450 * MediaTimingFunction.easeInEaseOut.evaluate(0.7))) < 1e-9)
        #expect(box.last?[0].transform.ty == 1000)
    }

    @Test(
        "interactive-cancel: released at 40 %, the layer plays back, is hidden for one frame (the seed's flicker), then returns to y 50"
    )
    func interactiveCancel() throws {
        let (s, _, box) = try Self.run("interactive-cancel.yaml")
        #expect(box.count == 87)
        // Reverse: beginTime 0.4, speed −1, timeOffset 1 ⇒ local time 1.4 − t; 0 at t = 1.4 (tick 84).
        #expect(box[84].count == 1)
        #expect(abs(box[84][0].transform.ty / 2 - 50) < 1e-9)
        #expect(box[85].isEmpty)
        #expect(box[86].count == 1)
        #expect(box[86][0].transform.ty == 100)
        #expect(s.events.contains { $0.tick == 85 && $0.kind == .viewAnimationCompleted(item: "box", finished: true) })
    }

    @Test(
        "interactive-cancel-displaylink: the seed's v2 plays back by timeOffset = 0.4 − n/60 (spec timing §6.3 vector), is drawn on every frame, and ends at y 50"
    )
    func interactiveCancelDisplayLink() throws {
        let (s, _, box) = try Self.run("interactive-cancel-displaylink.yaml")
        #expect(box.count == 87)
        #expect(box.allSatisfy { $0.count == 1 }, "no flicker")
        // n = 0, 1, 2 after the release at tick 60: fractions 0.331884, 0.305620, 0.280126 of 450 pt.
        for (n, fraction) in [(0, 0.331884), (1, 0.305620), (2, 0.280126)] {
            #expect(abs(box[60 + n][0].transform.ty / 2 - (50 + 450 * fraction)) < 450 * 1e-6)
        }
        #expect(box[84][0].transform.ty == 100, "n = 24: timeOffset exactly 0")
        #expect(
            s.events.map { "\($0.tick) \($0.description)" }.suffix(3) == [
                "85 box layer displayLinkReverse ended (continue at 1 s, switch state)",
                "86 box animation center#1 stopped, finished=true",
                "86 box view animation completed, finished=true",
            ])
        #expect(box[86][0].transform.ty == 100)
    }

    @Test("until: rest waits for a running animation and for scripted calls")
    func restWaitsForAnimations() throws {
        let s = try Self.scene(
            """
            until: rest
            items:
              - id: a
                size: [10, 10]
                center: [5, 5]
                animations: [{ basic: { property: opacity, to: 0, duration: 1 } }]
            """)
        var ticks = 0
        while !s.isAtRest {
            s.advance()
            ticks += 1
        }
        #expect(ticks == 61)
    }

    @Test("property animators report state changes, completion positions and fractionComplete")
    func animatorTrace() throws {
        let s = try Self.scene(
            """
            until: rest
            items:
              - { id: a, size: [10, 10], center: [5, 5] }
            animators:
              - id: anim
                duration: 1
                timingParameters: { curve: linear }
                animations: [{ changes: { a: { center: [105, 5] } } }]
                timeline:
                  - { at: 0, call: pauseAnimation }
                  - { at: 0.1, call: fractionComplete, value: 0.5 }
                  - { at: 0.2, call: stopAnimation }
                  - { at: 0.3, call: finishAnimation, position: end }
            """)
        var trace = Trace(sceneName: "t", fps: 60)
        trace.record(s)
        while !s.isAtRest {
            s.advance()
            trace.record(s)
        }
        #expect(s.tick == 18)
        #expect(s.presentationValue(of: "a", .center) == .point(Point(105, 5)))
        #expect(
            s.events.map(\.description) == [
                "animator anim: inactive → active (paused) after pauseAnimation()",
                "animator anim: active (paused) → stopped after stopAnimation(false)",
                "animator anim: stopped → inactive after finishAnimation(at: .end)",
                "animator anim completed at .end, fractionComplete 1.000000",
            ])
        #expect(trace.csv[0] == Trace.csvHeader + ",anim_fraction")
        #expect(trace.csv[7].hasSuffix(",0.500000"))
    }

    @Test("the bundled timing scenes simulate identically twice")
    func determinism() throws {
        for file in ["property-animator-scrub.yaml", "keyframes.yaml"] {
            let a = try Self.run(file).1
            let b = try Self.run(file).1
            #expect(a == b)
        }
    }
}

@Suite("Traces of animated scenes")
struct AnimatedTraceTests {
    @Test("the trace of an animated scene reports presentation values, what the frame shows")
    func traceShowsPresentationValues() throws {
        let scene = try SceneLoader.decode(
            """
            canvas: { size: [100, 100], scale: 1 }
            duration: 1
            items:
              - id: box
                size: [10, 10]
                center: [0, 50]
                animations:
                  - basic: { property: center, from: [0, 50], to: [100, 50], duration: 1, timingFunction: linear }
                  - basic: { property: opacity, from: 1, to: 0, duration: 1, timingFunction: linear }
            """, fileName: "t.yaml", format: .yaml)
        let simulation = try SceneSimulation(scene: scene)
        var trace = Trace(sceneName: "t", fps: 60)
        for _ in 0..<30 { simulation.advance() }
        trace.record(simulation)
        let row = trace.csv[1].split(separator: ",").map(String.init)
        #expect(row[0] == "30" && row[2] == "box")
        #expect(abs(Double(row[3])! - 50) < 1e-3, "centre x at half time: \(row[3])")  // model value is 0
        #expect(abs(Double(row[12])! - 0.5) < 1e-3, "opacity at half time: \(row[12])")
    }
}
