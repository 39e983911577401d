import Geometry
import Testing
import Timing

@testable import SceneModel

/// The layer tree and Core Animation keys: decoding, defaults and exact one-line errors.
@Suite("Timing keys in scene files")
struct TimingDecodingTests {
    static let item = """
        items:
          - id: a
            size: [10, 10]
            center: [5, 5]

        """

    private func message(_ text: String) -> String? {
        sceneError { try decodeYAML(header + text) }?.description
    }

    @Test("a scrub's ramp or drag time past an hour is refused before the dry run steps to it")
    func scrubTimesBounded() {
        func scene(_ scrub: String) -> String {
            Self.item + """
                animators:
                  - id: anim
                    duration: 1
                    animations: [{ changes: { a: { opacity: 0 } } }]
                    timeline:
                      - { at: 0, call: pauseAnimation }
                      - { at: 0.1, call: scrub, \(scrub) }
                """
        }
        #expect(
            message(scene("drag: { path: [[0, 0, 0], [1e155, 0, 250]], to: [0, 500] }"))
                == "test.yaml:13:60: animators[0].timeline[1].drag.path[1][0]: expected a scene time from 0 to 3600 s, found 1e+155"
        )
        #expect(
            message(scene("ramp: [[0, 0], [1e300, 1]]"))
                == "test.yaml:13:49: animators[0].timeline[1].ramp[1][0]: expected a scene time from 0 to 3600 s, found 1e+300"
        )
    }

    @Test("a finger beyond ±1e7 points is refused in a scroll drag and a view animation's pan, at its place")
    func dragCoordinatesBounded() {
        // Found by the render fuzzer: a release speed that overflowed to infinity made a paging
        // scroll view's projected page NaN.
        #expect(
            message(
                """
                items:
                  - { id: s, size: [100, 100], center: [50, 50],
                      scroll: { contentSize: [400, 100], drags: [{ at: 0, path: [[0, 50, 50], [0.2, 1.7976931348623157e308, 50]] }] } }
                """)
                == "test.yaml:5:79: items[0].scroll.drags[0].path[1][1]: expected x within ±10000000 points, found 1.7976931348623157e+308"
        )
        #expect(
            message(
                Self.item + """
                    viewAnimations:
                      - { at: 0, item: a, duration: 0.3, changes: { opacity: 0 }, drag: { path: [[0, 0, -2e7]] } }
                    """)
                == "test.yaml:8:78: viewAnimations[0].drag.path[0][2]: expected y within ±10000000 points, found -20000000"
        )
    }

    @Test("children, masksToBounds, shadow and layer timing decode with their defaults")
    func layerKeys() throws {
        let scene = try decodeYAML(
            header + """
                items:
                  - id: parent
                    size: [100, 50]
                    center: [100, 100]
                    masksToBounds: true
                    shadow: { radius: 4 }
                    timing: { speed: 2, repeatCount: forever, fillMode: both }
                    children:
                      - { id: child, size: [10, 10], center: [0, 0], children: [{ id: grandchild, size: [2, 2], center: [1, 1] }] }
                """)
        let parent = try #require(scene.items.first)
        #expect(parent.masksToBounds)
        #expect(parent.shadow == Shadow(color: .black, opacity: 1, offset: Point(0, -3), radius: 4))
        #expect(parent.timing == MediaTiming(speed: 2, repeatCount: .infinity, fillMode: .both))
        #expect(parent.children.map(\.id) == ["child"])
        #expect(parent.children[0].children.map(\.id) == ["grandchild"])
        #expect(scene.allItems.map(\.path) == ["items[0]", "items[0].children[0]", "items[0].children[0].children[0]"])
        var visited: [String] = []
        scene.forEachItem { item, path, parent in visited.append("\(item.id) \(path) \(parent ?? "-")") }
        #expect(
            visited == [
                "parent items[0] -", "child items[0].children[0] parent",
                "grandchild items[0].children[0].children[0] child",
            ])
        #expect(scene.allItemIDs == ["parent", "child", "grandchild"])
    }

    @Test(
        "UIKit's and Core Animation's curve names are told apart: easeInOut in a timingFunction suggests easeInEaseOut, and back"
    )
    func curveNameSuggestions() throws {
        let tf = try #require(
            message(
                Self.item + "    animations: [{ basic: { property: opacity, to: 0, timingFunction: easeInOut } }]\n"))
        #expect(
            tf.hasSuffix(
                "(did you mean 'easeInEaseOut'? (easeInOut is UIKit's name for it; a timingFunction takes Core Animation's names))"
            ))
        let curve = try #require(
            message(
                Self.item
                    + "animators:\n  - { id: an, duration: 1, timingParameters: { curve: easeInEaseOut }, animations: [{ changes: { a: { center: [1, 1] } } }] }\n"
            ))
        #expect(
            curve.hasSuffix(
                "(did you mean 'easeInOut'? (a curve takes UIKit's names; easeInEaseOut is Core Animation's))"))
    }

    @Test("basic, keyframe and spring animations decode into Timing's types")
    func animations() throws {
        let scene = try decodeYAML(
            header
                + Self.item.replacingOccurrences(
                    of: "center: [5, 5]\n",
                    with: """
                        center: [5, 5]
                            animations:
                              - basic: { property: center, from: [0, 0], to: [100, 0], duration: 2, timingFunction: easeIn, additive: true }
                              - keyframe: { key: k, property: scale, values: [1, [2, 3]], calculationMode: discrete, at: 0.5 }
                              - spring: { property: opacity, to: 0, perceptualDuration: 0.5, bounce: 0.3 }
                              - basic: { property: fill, to: "#FF0000", timingFunction: [0.68, -0.55, 0.265, 1.55] }

                        """))
        let a = scene.items[0].animations
        #expect(a.count == 4)
        #expect(
            a[0].kind
                == .basic(
                    try BasicAnimation(
                        fromValue: .point(Point(0, 0)), toValue: .point(Point(100, 0)),
                        timing: MediaTiming(duration: 2), timingFunction: .easeIn, isAdditive: true)))
        #expect(a[1].key == "k" && a[1].at == 0.5 && a[1].property == .scale)
        #expect(
            a[1].kind
                == .keyframe(
                    try KeyframeAnimation(
                        values: [.point(Point(1, 1)), .point(Point(2, 3))], calculationMode: .discrete)))
        #expect(
            a[2].kind
                == .spring(
                    try SpringAnimation(spring: try Spring(perceptualDuration: 0.5, bounce: 0.3), toValue: .scalar(0))))
        #expect(a[3].property == .fillColor)
    }

    @Test("view animations, animators and layer calls decode in file order")
    func scripts() throws {
        let scene = try decodeYAML(
            header + Self.item + """
                viewAnimations:
                  - { at: 1, item: a, duration: 0.3, delay: 0.1, options: [curveEaseOut, beginFromCurrentState], changes: { opacity: 0.5, center: [1, 2] } }
                  - { item: a, duration: 0.5, spring: { dampingRatio: 0.6, initialVelocity: 1 }, changes: { size: [20, 20] } }
                  - { item: a, duration: 1, keyframes: [{ start: 0, duration: 0.5, changes: { rotation: 90 } }], completion: { resetsTiming: true } }
                animators:
                  - id: anim
                    duration: 1
                    timingParameters: { mass: 1, stiffness: 100, damping: 10 }
                    animations: [{ changes: { a: { opacity: 0 } }, delayFactor: 0.25 }]
                    timeline:
                      - { at: 0, call: pauseAnimation }
                      - { at: 0.1, call: scrub, ramp: [[0, 0], [0.5, 1]] }
                      - { at: 0.6, call: continueAnimation, timingParameters: { curve: linear }, durationFactor: 2 }
                layerTimeline:
                  - { at: 0, item: a, call: set, speed: 0, timeOffset: 0 }
                  - { at: 0, item: a, call: scrub, drag: { path: [[0, 0, 0], [1, 0, 250]], to: [0, 500] } }
                  - { at: 1, item: a, call: reverse, duration: 1 }
                """)
        #expect(
            scene.viewAnimations[0]
                == ViewAnimationSpec(
                    at: 1, item: "a", duration: 0.3, delay: 0.1, options: (2 << 16) | (1 << 2),
                    changes: [
                        PropertyChange(property: .opacity, value: .scalar(0.5)),
                        PropertyChange(property: .center, value: .point(Point(1, 2))),
                    ]))
        #expect(scene.viewAnimations[1].style == .spring(dampingRatio: 0.6, initialVelocity: 1))
        #expect(scene.viewAnimations[2].completion == ViewAnimationSpec.Completion(resetsTiming: true))
        let anim = try #require(scene.animators.first)
        #expect(anim.timingParameters == .spring(try SpringTimingParameters(mass: 1, stiffness: 100, damping: 10)))
        #expect(
            anim.animations == [
                AnimatorSpec.Block(
                    changes: [ItemChange(item: "a", property: .opacity, value: .scalar(0))], delayFactor: 0.25)
            ])
        #expect(
            anim.timeline.map(\.kind.name) == [
                "pauseAnimation()", "fractionComplete (scrub)",
                "continueAnimation(withTimingParameters:durationFactor:)",
            ])
        #expect(scene.layerTimeline.map(\.kind.name) == ["set", "scrub", "reverse"])
        if case .scrub(let s, _) = scene.layerTimeline[1].kind {
            #expect(s.value(at: 0.5) == 0.25)
            #expect(s.value(at: 2) == 0.5)
        } else {
            Issue.record("expected a scrub")
        }
    }

    @Test(
        "bad timing values are one-line errors at their key, in Timing's words",
        arguments: [
            (
                """
                items:
                  - id: a
                    size: [10, 10]
                    center: [5, 5]
                    animations:
                      - keyframe: { property: opacity, values: [0, 1, 0], keyTimes: [0, 1] }
                """,
                "test.yaml:8:69: items[0].animations[0].keyframe.keyTimes: KeyframeAnimation.keyTimes: invalid value 2 entries for 3 values; expected 3 entries (linear: one per value)"
            ),
            (
                """
                items:
                  - id: a
                    size: [10, 10]
                    center: [5, 5]
                    animations:
                      - basic: { property: opacity, to: 0, duration: -1 }
                """,
                "test.yaml:8:54: items[0].animations[0].basic.duration: BasicAnimation.duration: invalid value -1.0; expected a finite duration ≥ 0 s"
            ),
            (
                """
                items:
                  - id: a
                    size: [10, 10]
                    center: [5, 5]
                    animations:
                      - basic: { property: opacity, from: 0, to: 1, by: 1 }
                """,
                "test.yaml:8:16: items[0].animations[0].basic: BasicAnimation: invalid value fromValue, toValue and byValue all set; expected no more than two non-nil (H-CAA)"
            ),
            (
                """
                items:
                  - id: a
                    size: [10, 10]
                    center: [5, 5]
                    animations:
                      - basic: { property: opacty, to: 0 }
                """,
                "test.yaml:8:28: items[0].animations[0].basic.property: expected one of: center, size, rotation, scale, translation, opacity, fill, cornerRadius, borderWidth, borderColor, strokeStart, strokeEnd, lineWidth, fillColor, strokeColor, lineDashPhase, path, textColor, foregroundColor, colors, locations, startPoint, endPoint, shadowOpacity, shadowRadius, shadowOffset, shadowColor, shadowPath, blurRadius, filters.gaussianBlur.inputRadius and 12 more, found string 'opacty' (did you mean 'opacity'?)"
            ),
            (
                """
                items:
                  - id: a
                    size: [10, 10]
                    center: [5, 5]
                    shadow: { opacity: 2 }
                """,
                "test.yaml:7:24: items[0].shadow.opacity: expected a shadow opacity from 0 to 1, found 2"
            ),
            (
                """
                items:
                  - id: a
                    size: [10, 10]
                    center: [5, 5]
                    children:
                      - { id: b, size: [4, 4], center: [2, 2] }
                      - { id: a, size: [4, 4], center: [2, 2] }
                """,
                "test.yaml:9:15: items[0].children[1].id: duplicate item id 'a', already used by items[0]; expected each id once"
            ),
            (
                """
                items:
                  - id: a
                    size: [10, 10]
                    center: [5, 5]
                    children:
                      - { id: b, size: [4, 4], center: [2, 2] }
                behaviors:
                  - transformNest: { items: [b], to: [1, 1] }
                """,
                "test.yaml:10:30: behaviors[0].transformNest.items[0]: item 'b' is a child of 'a'; this behavior acts on top-level items only (use a UIKit behavior (snap, push, gravity, …), which takes children, or animate it)"
            ),
            (
                """
                items:
                  - id: a
                    size: [10, 10]
                    center: [5, 5]
                layerTimeline:
                  - { at: 0, item: a, call: pause, speed: 2 }
                """,
                "test.yaml:8:36: layerTimeline[0].speed: 'pause' takes no 'speed'; expected no arguments"
            ),
            (
                """
                items:
                  - id: a
                    size: [10, 10]
                    center: [5, 5]
                viewAnimations:
                  - { item: b, duration: 1, changes: { opacity: 0 } }
                """,
                "test.yaml:8:13: viewAnimations[0].item: unknown item 'b'; expected one of: a"
            ),
            (
                // Overlapping keyframes of one property used to pass validation and vanish at
                // render time with only a trace line.
                """
                items:
                  - id: a
                    size: [10, 10]
                    center: [5, 5]
                viewAnimations:
                  - item: a
                    duration: 1
                    keyframes:
                      - { start: 0, duration: 0.6, changes: { center: [100, 5], opacity: 0.5 } }
                      - { start: 0.6, duration: 0.2, changes: { opacity: 1 } }
                      - { start: 0.4, duration: 0.6, changes: { center: [180, 5] } }
                """,
                "test.yaml:13:18: viewAnimations[0].keyframes[2].start: keyframes[2] animates center from 0.4 while keyframes[0] animates it until 0.6; expected the keyframes of one property in time order, not overlapping (start this one at 0.6 or later)"
            ),
        ])
    func badValues(text: String, expected: String) {
        #expect(message(text) == expected)
    }

    @Test(
        "an illegal animator call is an error naming the timeline entry, the call, the time and the state",
        arguments: [
            (
                """
                - { at: 0, call: startAnimation }
                      - { at: 0.5, call: finishAnimation, position: end }
                """,
                "test.yaml:14:9: animators[0].timeline[1]: finishAnimation(at: .end) at t=0.5 s: illegal in state active (running); expected a stopped animator (call stopAnimation(false) first)"
            ),
            (
                """
                - { at: 0, call: pauseAnimation }
                      - { at: 0.2, call: stopAnimation }
                      - { at: 0.4, call: startAnimation }
                """,
                "test.yaml:15:9: animators[0].timeline[2]: startAnimation() at t=0.4 s: illegal in state stopped; expected inactive or active; finishAnimation(at:) a stopped animator"
            ),
            (
                """
                - { at: 0, call: continueAnimation }
                """,
                "test.yaml:13:9: animators[0].timeline[0]: continueAnimation(withTimingParameters:durationFactor:) at t=0.0 s: illegal in state inactive; expected an active, paused animator"
            ),
            (
                """
                - { at: 0.5, call: pauseAnimation }
                      - { at: 0.2, call: startAnimation }
                """,
                "test.yaml:14:15: animators[0].timeline[1].at: 0.2 s comes before the previous call's 0.5 s; expected calls in time order"
            ),
        ])
    func illegalCalls(timeline: String, expected: String) {
        let text =
            Self.item + """
                animators:
                  - id: anim
                    duration: 1
                    animations:
                      - changes: { a: { opacity: 0 } }
                    timeline:
                      \(timeline)
                """
        #expect(message(text) == expected)
    }

    @Test("Swift-built scenes get the same tree rules without a line")
    func swiftScenes() {
        var parent = Item(id: "p", size: Size(10, 10), center: Point(5, 5))
        parent.children = [Item(id: "c", size: Size(0, 1), center: .zero)]
        let scene = Scene(name: "s", canvas: Canvas(size: Size(100, 100)), length: .duration(1), items: [parent])
        #expect(
            sceneError { try scene.validate() }?.description
                == "<swift>: items[0].children[0].size[0]: expected a width greater than 0, found 0")
    }
}
