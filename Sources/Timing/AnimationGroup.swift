import Geometry

/// One animation of a `CAAnimationGroup`, as its layer holds it: the group's timing decides when
/// it applies, and within the group's local time (its pass, after repeats and autoreverse) the
/// member's own timing decides its value (its duration, when it has none, the group's); past its
/// own end it applies only as its fill mode says.
struct GroupMember: PropertyAnimation {
    let member: any PropertyAnimation
    /// The group's.
    var timing: MediaTiming
    /// The group's: members are removed with it.
    let isRemovedOnCompletion: Bool
    /// The group's: it eases the time its members see.
    let timingFunction: MediaTimingFunction?

    var isAdditive: Bool { member.isAdditive }
    var isCumulative: Bool { member.isCumulative }
    var valueKind: ValueKind { member.valueKind }

    /// The member's sample at the group's: in the group's local time, eased by its timing
    /// function. A member without a duration of its own runs for the group's.
    private func memberSample(_ sample: TimingSample) -> TimingSample {
        let local = timingFunction.map { $0.evaluate(sample.progress) * sample.basicDuration } ?? sample.localTime
        return member.timing.sample(parentTime: local, zeroDuration: sample.basicDuration)
    }

    func value(at sample: TimingSample, underlying: AnimatableValue) -> AnimatableValue {
        let s = memberSample(sample)
        return s.isApplied ? member.value(at: s, underlying: underlying) : underlying
    }

    func rotationAlongPath(at sample: TimingSample) -> Angle? {
        let s = memberSample(sample)
        return s.isApplied ? member.rotationAlongPath(at: s) : nil
    }
}
