import Geometry
import Testing

@testable import Timing

/// `CAAnimationGroup`: members in the group's local time, cut off at its end, one stop event.
@Suite("Animation groups")
struct AnimationGroupTests {
    static func layer(groupRepeats: Float = 1, autoreverses: Bool = false) throws -> TimingLayer {
        let layer = try TimingLayer(name: "card")
        try layer.setModelValue(.scalar(1), for: .opacity)
        try layer.add(
            BasicAnimation(fromValue: .scalar(0), toValue: .scalar(100), timing: MediaTiming(duration: 1)),
            for: .cornerRadius, forKey: "other", committedAt: 0)
        let scale = try BasicAnimation(
            fromValue: .point(Point(0, 0)), toValue: .point(Point(2, 2)), timing: MediaTiming(duration: 2))
        // Starts half a second into the group and lasts half a second.
        let fade = try BasicAnimation(
            fromValue: .scalar(0), toValue: .scalar(0.5), timing: MediaTiming(beginTime: 0.5, duration: 0.5))
        try layer.addGroup(
            [(.scale, scale), (.opacity, fade)],
            timing: MediaTiming(duration: 1, repeatCount: groupRepeats, autoreverses: autoreverses),
            isRemovedOnCompletion: true, forKey: "pop", committedAt: 1)
        return layer
    }

    @Test(
        "members run in the group's time: a member's beginTime counts from the group's start, and it stops at the group's end"
    )
    func membersRunInGroupTime() throws {
        let layer = try Self.layer()
        // At 1.25 s the group is 0.25 s in: scale 0.25 of the way to 2 (of its 2 s), the fade not begun.
        #expect(layer.presentationValue(of: .scale, at: 1.25).point == Point(0.25, 0.25))
        #expect(layer.presentationValue(of: .opacity, at: 1.25).scalar == 1)
        #expect(layer.presentationValue(of: .opacity, at: 1.75).scalar == 0.25)
        // The scale is cut off at the group's end (1 s of its 2 s), then both are removed with it.
        #expect(layer.presentationValue(of: .scale, at: 1.999).point.map { abs($0.x - 0.999) < 1e-9 } == true)
        #expect(layer.presentationValue(of: .scale, at: 2.01).point == Point(1, 1))
        #expect(layer.animationKeys == ["other", "pop"])
    }

    @Test("a repeating, autoreversing group plays its members backwards on the way back")
    func groupTimingRepeatsMembers() throws {
        let layer = try Self.layer(groupRepeats: 1, autoreverses: true)
        // 1.5 s into the group: on the way back, its local time 0.5 s.
        #expect(layer.presentationValue(of: .scale, at: 2.5).point == Point(0.5, 0.5))
    }

    @Test("the group stops once, under its key; removing the key removes every member")
    func oneStopEvent() throws {
        let layer = try Self.layer()
        var events: [AnimationEvent] = []
        for k in 1...30 { events += layer.advance(to: Double(k) / 10) }
        #expect(events.map(\.key) == ["other", "pop"])
        let replaced = try Self.layer()
        let removed = replaced.removeAnimation(forKey: "pop", at: 1.5)
        #expect(removed?.finished == false && replaced.animationKeys == ["other"])
        #expect(replaced.presentationValue(of: .scale, at: 1.5).point == Point(1, 1))
    }
}
