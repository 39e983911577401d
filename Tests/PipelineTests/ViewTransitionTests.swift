import Foundation
import Geometry
import Raster
import SceneLoading
import SceneModel
import SceneSyntax
import TestSupport
import Testing

@testable import Pipeline

/// `UIView.transition(with:duration:options:animations:)`: the block's `isHidden` changes shown
/// through a flip or a cross-dissolve, against the geometry and compositing written out here.
@Suite("View transitions")
struct ViewTransitionTests {
    /// A 100 × 100 box at (100, 100) on a 200 × 200 canvas (1 px a point) holding a blue child
    /// that the block hides and a green one it shows, over `duration` seconds from 0.5 s.
    static let boxScene = """
        canvas: { size: [200, 200], scale: 1, background: "#FFFFFF" }
        fps: 60
        duration: 3
        items:
          - id: box
            size: [100, 100]
            center: [100, 100]
            fill: "#FF0000"
            children:
              - { id: old, size: [100, 100], center: [50, 50], fill: "#0000FF" }
              - { id: new, size: [100, 100], center: [50, 50], fill: "#00FF00", isHidden: true }

        """

    static func box(_ transition: String, duration: Double = 1, extra: String = "") throws -> SceneSimulation {
        try SceneSimulation(
            scene: SceneLoader.decode(
                boxScene + """
                    viewAnimations:
                      - { at: 0.5, item: box, duration: \(duration), transition: \(transition), options: [curveLinear], isHidden: { old: true, new: false }\(extra) }
                    """, fileName: "box.yaml", format: .yaml))
    }

    static func advance(_ simulation: SceneSimulation, ticks: Int) {
        for _ in 0..<ticks { simulation.advance() }
    }

    static func pixel(_ simulation: SceneSimulation, _ x: Int, _ y: Int) -> [UInt8] {
        let pixmap = Rasterizer.render(simulation.displayList())
        let k = 4 * (y * pixmap.width + x)
        return Array(pixmap.data[k..<k + 3])
    }

    @Test("a cross-dissolve is old·(1 − p) + new·p: blue into green at p = 0.25, 0.5 and 0.75 to the byte")
    func crossDissolveMixesTheLooks() throws {
        let simulation = try Self.box("crossDissolve")
        // The block runs at tick 30; p = 0.25 at tick 45 (linear curve).
        Self.advance(simulation, ticks: 45)
        for (p, next) in [(0.25, 15), (0.5, 15), (0.75, 0)] {
            let new = UInt8((p * 255).rounded())
            let old = UInt8(((1 - p) * 255).rounded())
            // Each look faded by its opacity byte (mul255), the two added.
            let expected: [UInt8] = [0, mul255(255, new), mul255(255, old)]
            #expect(Self.pixel(simulation, 100, 100) == expected, "p = \(p)")
            Self.advance(simulation, ticks: next)
        }
    }

    @Test("before and after a transition only one look shows, and the block's isHidden is the model at once")
    func looksBeforeAndAfter() throws {
        let simulation = try Self.box("crossDissolve")
        Self.advance(simulation, ticks: 29)
        #expect(Self.pixel(simulation, 100, 100) == [0, 0, 255])
        Self.advance(simulation, ticks: 1)
        #expect(simulation.tracedLayers().first { $0.id == "old" }?.drawn == false)
        Self.advance(simulation, ticks: 60)
        #expect(Self.pixel(simulation, 100, 100) == [0, 255, 0])
    }

    @Test(
        "a flip turns the view about its vertical axis, the named side toward the viewer: the old look to 90°, then the new from −90°",
        arguments: [("flipFromRight", -1.0), ("flipFromLeft", 1.0)])
    func flipTurnsAndSwapsLooks(style: String, sign: Double) throws {
        let simulation = try Self.box(style)
        // p = 0.25: the old look turned by 45°.
        Self.advance(simulation, ticks: 45)
        var (list, labels) = simulation.labelledDisplayList()
        #expect(labels.contains("old") && !labels.contains("new"))
        let box = try #require(labels.firstIndex(of: "box"))
        let group = try #require(list.groups.last { $0.rects.contains(box) && $0.projection != nil })
        let h = try #require(group.projection).homography
        // The right edge's middle, 50 pt from the centre: turned by θ about y it sits at
        // x = 50·cos θ, z = −50·sin θ, seen from 1000 pt: 100 + 50·cos θ / (1 + 50·sin θ / 1000).
        let theta = sign * 45 * Double.pi / 180
        let edge = try #require(h.apply(to: list.rects[box].transform.apply(to: Point(50, 0))))
        let expected = 100 + 50 * cos(theta) / (1 + 50 * sin(theta) / 1000)
        // Within 1e-6 pt: the linear curve is solved as a Bézier to Core Animation's epsilon.
        #expect(abs(edge.x - expected) < 1e-6 && abs(edge.y - 100) < 1e-9, "\(edge) against \(expected)")
        // The named side comes toward the viewer: it is drawn taller than the far side.
        let near = try #require(h.apply(to: list.rects[box].transform.apply(to: Point(-sign * 50, -50))))
        let far = try #require(h.apply(to: list.rects[box].transform.apply(to: Point(sign * 50, -50))))
        #expect(near.y < far.y)
        // p = 0.75: the new look, turned back to −45° on its way to 0.
        Self.advance(simulation, ticks: 30)
        (list, labels) = simulation.labelledDisplayList()
        #expect(labels.contains("new") && !labels.contains("old"))
    }

    @Test(
        "CATransition push, moveIn and reveal move the looks by the view's size, away from the subtype's side",
        arguments: [
            // At p = 0.25 from the right: push moves the old look 25 pt left and brings the new
            // one to 75 pt right of its place; moveIn leaves the old look; reveal leaves the new.
            ("push", [(60, [0, 0, 255]), (130, [0, 255, 0])]),
            ("moveIn", [(60, [0, 0, 255]), (130, [0, 255, 0]), (70, [0, 0, 255])]),
            ("reveal", [(60, [0, 0, 255]), (130, [0, 255, 0])]),
        ])
    func layerTransitionsMove(type: String, samples: [(Int, [UInt8])]) throws {
        let simulation = try Self.box("{ type: \(type), subtype: fromRight }")
        Self.advance(simulation, ticks: 45)
        let (list, labels) = simulation.labelledDisplayList()
        let old = try #require(labels.firstIndex(of: "old"))
        let new = try #require(labels.firstIndex(of: "new"))
        // Old at 100 − 25 (push, reveal) or 100 (moveIn); new at 100 + 75 (push, moveIn) or 100 (reveal).
        let oldX = list.rects[old].transform.tx
        let newX = list.rects[new].transform.tx
        #expect(abs(oldX - (type == "moveIn" ? 100 : 75)) < 1e-6, "old at \(oldX)")
        #expect(abs(newX - (type == "reveal" ? 100 : 175)) < 1e-6, "new at \(newX)")
        // Bottom to top: reveal draws the new look first, the others the old one.
        #expect((old < new) == (type != "reveal"))
        for (x, rgb) in samples { #expect(Self.pixel(simulation, x, 100) == rgb, "\(type) at x \(x)") }
    }

    @Test("a transition's completion is reported on the first tick at or past its end")
    func completionAtTheEnd() throws {
        let simulation = try Self.box("flipFromTop", duration: 0.7)
        var completed: [Int] = []
        for _ in 0..<120 {
            simulation.advance()
            for event in simulation.events where event.kind == .viewAnimationCompleted(item: "box", finished: true) {
                completed.append(event.tick)
            }
        }
        // 0.5 s + 0.7 s = 1.2 s: tick 72 at 60 fps.
        #expect(Set(completed) == [72])
    }

    @Test(
        "a transition with a spring, a delay or no time, or isHidden of an unknown item, is an error at its key",
        arguments: [
            (
                ", spring: { dampingRatio: 0.5 }",
                "viewAnimations[0].transition: a transition takes a duration and a curve"
            ),
            (", delay: 0.2", "viewAnimations[0].delay: UIView.transition has no delay"),
        ])
    func badTransitions(extra: String, message: String) throws {
        let error = try #require(throws: SceneError.self) { try Self.box("flipFromLeft", extra: extra) }
        #expect(error.description.contains(message), "\(error.description)")
    }

    @Test("a transition of no duration, an unknown style and an unknown item are errors at their keys")
    func moreBadTransitions() throws {
        let zero = try #require(throws: SceneError.self) { try Self.box("crossDissolve", duration: 0) }
        #expect(zero.description.contains("viewAnimations[0].duration: a transition needs time"))
        let style = try #require(throws: SceneError.self) { try Self.box("transitionFlipFromLeft") }
        #expect(
            style.description.contains(
                "viewAnimations[0].transition: expected one of: crossDissolve, flipFromLeft, flipFromRight, flipFromTop, flipFromBottom, or a CATransition { type, subtype }; found string 'transitionFlipFromLeft' (UIKit's transitionFlipFromLeft is 'flipFromLeft' here)"
            ), "\(style.description)")
        let type = try #require(throws: SceneError.self) { try Self.box("{ type: cube }") }
        #expect(type.description.contains("viewAnimations[0].transition.type"), "\(type.description)")
        let unknown = try #require(throws: SceneError.self) {
            try SceneLoader.decode(
                """
                canvas: { size: [100, 100] }
                duration: 1
                items: [{ id: a, size: [10, 10], center: [50, 50] }]
                viewAnimations: [{ at: 0, item: a, duration: 0.3, isHidden: { b: true } }]
                """, fileName: "t.yaml", format: .yaml)
        }
        #expect(unknown.description.contains("viewAnimations[0].isHidden.b"), "\(unknown.description)")
    }

    /// The box of `box(_:)` beside a bar that a property animator moves, paused and reversed
    /// while the card flips; the flip written as `script` (a `viewAnimations:` entry or a step of
    /// the animator's timeline).
    static func animated(_ script: (view: String, step: String)) throws -> SceneSimulation {
        try SceneSimulation(
            scene: SceneLoader.decode(
                boxScene + """
                      - { id: bar, size: [20, 20], center: [20, 180], fill: "#000000" }
                    viewAnimations: [\(script.view)]
                    animators:
                      - id: slide
                        duration: 1
                        animations: [{ changes: { bar: { center: [180, 180] } } }]
                        timeline:
                          - { at: 0.5, call: startAnimation }
                          \(script.step)
                          - { at: 0.8, call: pauseAnimation }
                          - { at: 0.9, call: isReversed, value: true }
                          - { at: 1.0, call: startAnimation }
                    """, fileName: "animated.yaml", format: .yaml))
    }

    @Test(
        "a transition called from an animator's script is the view animation it names: the same pixels every tick, done at 1.2 s, whatever the animator does"
    )
    func transitionInAnimatorScript() throws {
        let flip = "item: box, duration: 0.7, transition: flipFromRight, isHidden: { old: true, new: false }"
        let written = try Self.animated((view: "{ at: 0.5, \(flip) }", step: ""))
        let scripted = try Self.animated((view: "", step: "- { at: 0.5, call: transition, \(flip) }"))
        #expect(scripted.scene.animatorTransitions.map(\.path) == ["animators[0].timeline[1]"])
        var completed: [Int] = []
        var sawTurn = false
        for tick in 1...100 {
            written.advance()
            scripted.advance()
            let a = Rasterizer.render(written.displayList())
            let b = Rasterizer.render(scripted.displayList())
            #expect(a.data == b.data, "tick \(tick)")
            // Mid-turn the card is narrower than the box: its edge column shows the background.
            if tick == 50 { sawTurn = Self.pixel(scripted, 52, 100) == [255, 255, 255] }
            for event in scripted.events where event.kind == .viewAnimationCompleted(item: "box", finished: true) {
                completed.append(event.tick)
            }
        }
        #expect(sawTurn)
        // 0.5 s + 0.7 s = 1.2 s: tick 72, though the animator was paused and reversed meanwhile.
        #expect(Set(completed) == [72])
    }

    @Test(
        "a transition call without a duration or a style, with no time, on an unknown item or with a spring is an error at its key",
        arguments: [
            ("item: box, transition: crossDissolve", "animators[0].timeline[1]: missing key 'duration'"),
            (
                "item: box, duration: 0, transition: crossDissolve",
                "animators[0].timeline[1].duration: a transition needs time"
            ),
            ("item: bx, duration: 0.3, transition: crossDissolve", "animators[0].timeline[1].item: unknown item 'bx'"),
            (
                "item: box, duration: 0.3, transition: crossDissolve, spring: { dampingRatio: 1 }",
                "animated.yaml:20:91: animators[0].timeline[1].spring: unknown key 'spring'"
            ),
            ("item: box, duration: 0.3", "animators[0].timeline[1]: missing key 'transition'"),
        ])
    func badTransitionCalls(arguments: String, message: String) throws {
        let error = try #require(throws: SceneError.self) {
            try Self.animated((view: "", step: "- { at: 0.5, call: transition, \(arguments) }"))
        }
        #expect(error.description.contains(message), "\(error.description)")
    }
}
