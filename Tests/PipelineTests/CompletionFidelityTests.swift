import Foundation
import Geometry
import Pipeline
import SceneLoading
import SceneModel
import Testing
import Timing

/// Completions as UIKit reports them: keyed by (layer, key), on the tick the timing formulas give
/// (an animation committed at tick c with delay d and duration D stops on the first tick n with
/// n/fps > c/fps + d + D, spec timing §1.3; its completion block runs on tick n + 1).
@Suite("Completions and their ticks")
struct CompletionFidelityTests {
    static func scene(_ yaml: String, fps: Int = 60) throws -> SceneSimulation {
        let text = "canvas: { size: [320, 568], scale: 2 }\nfps: \(fps)\n" + yaml
        return try SceneSimulation(scene: try SceneLoader.decode(text, fileName: "test.yaml", format: .yaml))
    }

    static func runToRest(_ s: SceneSimulation, limit: Int = 600) {
        while !s.isAtRest, s.tick < limit { s.advance() }
    }

    /// The first tick after an animation's end: floor(fps·(commit + delay + duration)) + 1.
    static func stopTick(commitTick c: Int, delay: Double = 0, duration: Double, fps: Int = 60) -> Int {
        Int((Double(c) / Double(fps) + delay + duration) * Double(fps)) + 1
    }

    static func lines(_ s: SceneSimulation) -> [String] { s.events.map { "\($0.tick) \($0.description)" } }

    @Test("two view animations on two items complete each at its own end (0.3 s on tick 19, 1.0 s on tick 61)")
    func viewAnimationsKeyedByLayer() throws {
        let s = try Self.scene(
            """
            until: rest
            items:
              - { id: a, size: [10, 10], center: [5, 5] }
              - { id: b, size: [10, 10], center: [5, 50] }
            viewAnimations:
              - { at: 0, item: a, duration: 0.3, changes: { center: [100, 5] } }
              - { at: 0, item: b, duration: 1.0, changes: { center: [100, 50] } }
            """)
        Self.runToRest(s)
        let short = Self.stopTick(commitTick: 0, duration: 0.3)
        let long = Self.stopTick(commitTick: 0, duration: 1.0)
        #expect((short, long) == (19, 61))
        #expect(
            Self.lines(s) == [
                "\(short) a animation center#1 stopped, finished=true",
                "\(short) a view animation completed, finished=true",
                "\(long) b animation center#1 stopped, finished=true",
                "\(long) b view animation completed, finished=true",
            ])
    }

    @Test("an explicit animation on another item with the same key does not complete a view animation")
    func explicitSameKeyOtherLayer() throws {
        let s = try Self.scene(
            """
            until: rest
            items:
              - id: a
                size: [10, 10]
                center: [5, 5]
                animations: [{ basic: { key: opacity, property: opacity, to: 0, duration: 0.2 } }]
              - { id: b, size: [10, 10], center: [5, 50] }
            viewAnimations:
              - { at: 0.1, item: b, duration: 0.5, changes: { opacity: 0.5 } }
            """)
        Self.runToRest(s)
        let explicit = Self.stopTick(commitTick: 0, duration: 0.2)
        let view = Self.stopTick(commitTick: 6, duration: 0.5)
        #expect((explicit, view) == (13, 37))
        #expect(
            Self.lines(s) == [
                "\(explicit) a animation opacity stopped, finished=true",
                "\(view) b animation opacity stopped, finished=true",
                "\(view) b view animation completed, finished=true",
            ])
    }

    @Test("a delayed view animation completes on floor(fps·(commit + delay + duration)) + 1")
    func delayedTick() throws {
        let s = try Self.scene(
            """
            until: rest
            items:
              - { id: a, size: [10, 10], center: [5, 5] }
            viewAnimations:
              - { at: 0.25, item: a, duration: 0.4, delay: 0.15, changes: { opacity: 0.2 } }
            """)
        Self.runToRest(s)
        let n = Self.stopTick(commitTick: 15, delay: 0.15, duration: 0.4)
        #expect(n == 49)
        #expect(
            Self.lines(s) == [
                "\(n) a animation opacity stopped, finished=true", "\(n) a view animation completed, finished=true",
            ])
    }

    @Test(
        "removeAllAnimations reports finished=false for each running animation and for the view animation's completion")
    func removeAllReportsUnfinished() throws {
        let s = try Self.scene(
            """
            until: rest
            items:
              - { id: a, size: [10, 10], center: [5, 5] }
            viewAnimations:
              - { at: 0, item: a, duration: 1, changes: { opacity: 0.5, center: [100, 5] } }
            layerTimeline:
              - { at: 0.5, item: a, call: removeAllAnimations }
            """)
        Self.runToRest(s)
        #expect(
            Self.lines(s) == [
                "30 a layer removeAllAnimations",
                "30 a animation opacity stopped, finished=false",
                "30 a animation center#2 stopped, finished=false",
                "30 a view animation completed, finished=false",
            ])
        #expect(s.presentationValue(of: "a", .opacity) == .scalar(0.5))
    }

    @Test(
        "a zero-duration view animation sets its values at once and logs its completion (finished=true) on its commit tick"
    )
    func zeroDurationCompletion() throws {
        let s = try Self.scene(
            """
            until: rest
            items:
              - { id: a, size: [10, 10], center: [5, 5] }
            viewAnimations:
              - { at: 0.1, item: a, duration: 0, changes: { opacity: 0.5 }, completion: { changes: { opacity: 0.25 } } }
            """)
        for _ in 0..<6 { s.advance() }
        #expect(s.presentationValue(of: "a", .opacity) == .scalar(0.5))
        s.advance()
        #expect(s.presentationValue(of: "a", .opacity) == .scalar(0.25))
        Self.runToRest(s)
        #expect(Self.lines(s) == ["6 a view animation completed, finished=true"])
    }

    @Test("a view animation that replaces another's key completes the first with finished=false on the commit tick")
    func replacedViewAnimation() throws {
        let s = try Self.scene(
            """
            until: rest
            items:
              - { id: a, size: [10, 10], center: [5, 5] }
            viewAnimations:
              - { at: 0, item: a, duration: 1, changes: { opacity: 0.5 } }
              - { at: 0.5, item: a, duration: 1, changes: { opacity: 0 } }
            """)
        Self.runToRest(s)
        let n = Self.stopTick(commitTick: 30, duration: 1)
        #expect(n == 91)
        #expect(
            Self.lines(s) == [
                "30 a animation opacity stopped, finished=false",
                "30 a view animation completed, finished=false",
                "\(n) a animation opacity stopped, finished=true",
                "\(n) a view animation completed, finished=true",
            ])
    }

    /// A property animator of `duration` started on tick 1 (at 0.01 s) and a view animation of the
    /// same duration committed on the same tick, on two items.
    static func animatorAndViewAnimation(duration: Double) throws -> SceneSimulation {
        try scene(
            """
            until: rest
            items:
              - { id: a, size: [10, 10], center: [5, 5] }
              - { id: b, size: [10, 10], center: [5, 50] }
            viewAnimations:
              - { at: 0.01, item: b, duration: \(duration), options: [curveLinear], changes: { center: [105, 50] } }
            animators:
              - id: anim
                duration: \(duration)
                timingParameters: { curve: linear }
                animations: [{ changes: { a: { center: [105, 5] } } }]
                timeline:
                  - { at: 0.01, call: startAnimation }
            """)
    }

    @Test(
        "a 1.5 s property animator and a 1.5 s view animation complete on one tick, 1 + 91 = 92: the first after their end"
    )
    func animatorAndViewAnimationCompleteTogether() throws {
        let s = try Self.animatorAndViewAnimation(duration: 1.5)
        Self.runToRest(s)
        #expect(
            Self.lines(s) == [
                "1 animator anim: inactive → active (running) after startAnimation()",
                "92 animator anim: active (running) → inactive",
                "92 animator anim completed at .end, fractionComplete 1.000000",
                "92 b animation center#1 stopped, finished=true",
                "92 b view animation completed, finished=true",
            ])
    }

    @Test(
        "an end on a tick completes on the next tick whichever way the sum rounds: 1/60 + 1.4 s (an ulp past tick 85) on 86"
    )
    func endOnATickRoundingEitherWay() throws {
        // 1/60 + 1.4 = 1.4166666666666667 and 85/60 = 1.4166666666666667, while 85/60 − 1/60 =
        // 1.4000000000000001 > 1.4: without the 1e-9 slack the view animation stopped on tick 85.
        let s = try Self.animatorAndViewAnimation(duration: 1.4)
        Self.runToRest(s)
        #expect(
            Self.lines(s) == [
                "1 animator anim: inactive → active (running) after startAnimation()",
                "86 animator anim: active (running) → inactive",
                "86 animator anim completed at .end, fractionComplete 1.000000",
                "86 b animation center#1 stopped, finished=true",
                "86 b view animation completed, finished=true",
            ])
        #expect(s.presentationValue(of: "a", .center) == .point(Point(105, 5)))
    }

    @Test("animations without a timing function are an exact linear ramp on every tick (basic, keyframe)")
    func exactLinearRamp() throws {
        for kind in [
            "basic: { property: opacity, from: 0, to: 1, duration: 1 }",
            "keyframe: { property: opacity, values: [0, 0.5, 1], duration: 1 }",
        ] {
            let s = try Self.scene(
                """
                duration: 1
                items:
                  - { id: a, size: [10, 10], center: [5, 5], animations: [{ \(kind) }] }
                """)
            for n in 1...60 {
                s.advance()
                #expect(s.presentationValue(of: "a", .opacity) == .scalar(Double(n) / 60), "\(kind) tick \(n)")
            }
        }
    }
}
