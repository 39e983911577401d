import Foundation
import Pipeline
import SceneLoading
import SceneModel
import Testing
import Timing

/// Property-animator calls added for fidelity: runtime isInterruptible / isUserInteractionEnabled
/// (UIKit raises outside the allowed states: a load error here), addCompletion handlers logged in
/// order, and UISpringTimingParameters() as `{ spring: default }`.
@Suite("Property animator calls")
struct AnimatorCallTests {
    static func text(_ timeline: String, timing: String = "{ curve: linear }") -> String {
        """
        canvas: { size: [320, 568], scale: 2 }
        until: rest
        items: [{ id: a, size: [10, 10], center: [5, 5] }]
        animators:
          - id: anim
            duration: 1
            timingParameters: \(timing)
            animations: [{ changes: { a: { center: [105, 5] } } }]
            timeline:
        \(timeline)
        """
    }

    static func load(_ timeline: String, timing: String = "{ curve: linear }") throws -> SceneSimulation {
        try SceneSimulation(
            scene: try SceneLoader.decode(text(timeline, timing: timing), fileName: "t.yaml", format: .yaml))
    }

    static func loadError(_ timeline: String) -> String {
        do {
            _ = try SceneLoader.decode(text(timeline), fileName: "t.yaml", format: .yaml)
            return "<loaded>"
        } catch {
            return "\(error)"
        }
    }

    @Test(
        "addCompletion handlers run in the order added (before start and while running), after the completion, on the tick after the end"
    )
    func completionsInOrder() throws {
        let s = try Self.load(
            """
                  - { at: 0, call: addCompletion, name: first }
                  - { at: 0, call: startAnimation }
                  - { at: 0.5, call: addCompletion, name: second }
            """)
        while !s.isAtRest { s.advance() }
        #expect(
            s.events.map { "\($0.tick) \($0.description)" } == [
                "0 animator anim: inactive → active (running) after startAnimation()",
                "61 animator anim: active (running) → inactive",
                "61 animator anim completed at .end, fractionComplete 1.000000",
                "61 animator anim completion first ran at .end",
                "61 animator anim completion second ran at .end",
            ])
    }

    @Test("isInterruptible set on an active animator is a load error naming the call, the time and the state")
    func interruptibleWhileActive() {
        #expect(
            Self.loadError(
                """
                      - { at: 0, call: startAnimation }
                      - { at: 0.5, call: isInterruptible, value: false }
                """)
                == "t.yaml:11:9: animators[0].timeline[1]: isInterruptible at t=0.5 s: illegal in state active (running); expected an inactive animator"
        )
    }

    @Test("isUserInteractionEnabled set on a paused (active) animator is a load error; while inactive it is allowed")
    func userInteractionWhileActive() throws {
        #expect(
            Self.loadError(
                """
                      - { at: 0, call: pauseAnimation }
                      - { at: 0.5, call: isUserInteractionEnabled, value: false }
                """)
                == "t.yaml:11:9: animators[0].timeline[1]: isUserInteractionEnabled at t=0.5 s: illegal in state active (paused); expected an animator that is not active"
        )
        _ = try Self.load(
            """
                  - { at: 0, call: isUserInteractionEnabled, value: false }
                  - { at: 0.1, call: startAnimation }
            """)
    }

    @Test("isInterruptible = false set while inactive makes a later pauseAnimation a load error")
    func nonInterruptiblePause() {
        #expect(
            Self.loadError(
                """
                      - { at: 0, call: isInterruptible, value: false }
                      - { at: 0, call: startAnimation }
                      - { at: 0.5, call: pauseAnimation }
                """)
                == "t.yaml:12:9: animators[0].timeline[2]: pauseAnimation() at t=0.5 s: illegal in state active (running); expected an interruptible animator (isInterruptible = false runs to completion)"
        )
    }

    @Test(
        "{ spring: default } is UISpringTimingParameters(): mass 3, stiffness 1000, damping 500, duration 0.5058237870785645 s"
    )
    func defaultSpring() throws {
        let s = try Self.load(
            """
                  - { at: 0, call: startAnimation }
            """, timing: "{ spring: default }")
        let animator = try #require(s.animatorFractions.first)
        #expect(animator.id == "anim")
        while !s.isAtRest { s.advance() }
        // ⌈0.5058237870785645 · 60⌉ = 31.
        #expect(s.events.last?.tick == 31)
        let scene = try SceneLoader.decode(
            Self.text("      - { at: 0, call: startAnimation }", timing: "{ spring: default }"), fileName: "t.yaml",
            format: .yaml)
        guard case .spring(let p) = scene.animators[0].timingParameters else {
            Issue.record("not a spring")
            return
        }
        #expect(p == SpringTimingParameters())
        #expect(try p.implicitAnimatorDuration() == 0.5058237870785645)
    }
}
