import Geometry

// A keyframe animation along a path (`CAKeyframeAnimation.path`) and the rotation it gives the
// layer (`rotationMode`).

extension KeyframeAnimation {
    /// The segment and its parameter at overall progress `y`: by keyTimes, one keyframe segment
    /// per path element (each segment's own timing function applied to its part), stepwise for
    /// `discrete`, or at constant speed along the path for `paced` and `cubicPaced`. `cubic`
    /// follows the path as `linear` does: its elements are the curve.
    func pathPosition(_ path: KeyframePath, at y: Double) -> (segment: Int, u: Double) {
        let last = path.segments.count - 1
        let kt = effectiveKeyTimes
        switch calculationMode {
        case .paced, .cubicPaced:
            return path.paced(y)
        case .discrete:
            var index = 0
            for i in 0..<kt.count where kt[i] <= y { index = i }
            // Keyframe i is segment i's start; the last one is the last segment's end.
            return index > last ? (last, 1) : (index, 0)
        case .linear, .cubic:
            if y < kt[0] { return (0, 0) }
            var i = 0
            for j in 0...last where kt[j] <= y { i = j }
            let span = kt[i + 1] - kt[i]
            var u = span > 0 ? min((y - kt[i]) / span, 1) : 1
            if let tfs = timingFunctions { u = tfs[i].evaluate(u) }
            return (i, u)
        }
    }

    /// The angle `rotationMode` adds to the layer's rotation for a timing sample: the path's
    /// direction where the animation has the layer (turned by 180° for `autoReverse`); nil
    /// without a rotation mode.
    public func rotationAlongPath(at sample: TimingSample) -> Angle? {
        guard let path, let rotationMode else { return nil }
        let y = timingFunction?.evaluate(sample.progress) ?? sample.progress
        let (i, u) = pathPosition(path, at: y)
        let angle = path.direction(i, u)
        return rotationMode == .autoReverse ? Angle(radians: angle.radians + .pi) : angle
    }
}
