/// One Lottie keyframe: the value at `tick`, and how the value moves on to the next keyframe's.
struct Keyframe: Equatable, Sendable {
    var tick: Int
    var value: [Double]
    /// The segment to the next keyframe is the cubic Bézier easing (1/3, y1), (2/3, y2): with the
    /// time handles at thirds the curve's x is its parameter, so the progress at a fraction u of
    /// the segment is exactly B(u) = 3(1−u)²u·y1 + 3(1−u)u²·y2 + u³, and a fit is linear least
    /// squares in (y1, y2).
    var easing: (y1: Double, y2: Double)
    /// The value holds until the next keyframe (Lottie's `h`): where the value's shape changes
    /// (a path's vertex count), which no easing can interpolate.
    var holds = false

    static func == (a: Keyframe, b: Keyframe) -> Bool {
        a.tick == b.tick && a.value == b.value && a.easing == b.easing && a.holds == b.holds
    }
}

/// A property's values over the ticks, reduced to what Lottie stores.
enum Track: Equatable, Sendable {
    /// The same value on every tick.
    case constant([Double])
    /// Keyframes whose easing curves pass within the tolerance of every tick's value.
    case animated([Keyframe])

    /// The keyframes Lottie stores: none for a constant.
    var keyframeCount: Int {
        switch self {
        case .constant: return 0
        case .animated(let keys): return keys.count
        }
    }
}

/// Fits per-tick samples with as few cubic-eased keyframes as keep every sample within a
/// tolerance: greedy, each segment as long as a least-squares easing still fits. A settled value
/// costs one segment however long it rests; a spring, a keyframe about every half swing.
enum KeyframeFit {
    /// The longest segment tried: bounds the fit's work (each try is linear in its length).
    static let longestSegment = 600

    /// `shapes[k]` (optional) names the value's shape on tick k (a path's vertex counts): where it
    /// changes, the value holds and then jumps, since no easing interpolates between shapes.
    /// `bounds` (optional) is the range every fitted value must stay in at every tick (an opacity
    /// within 0…100: a player given 100.1 % may wrap it).
    static func track(
        _ samples: [[Double]], tolerance: Double, shapes: [[Int]]? = nil, bounds: ClosedRange<Double>? = nil
    ) -> Track {
        precondition(!samples.isEmpty, "a track has a sample per tick")
        // Within the tolerance of the first value throughout (rounding noise of a transform's
        // decomposition, say): a constant.
        let first = samples[0]
        if samples.allSatisfy({ $0.count == first.count && zip($0, first).allSatisfy { abs($0 - $1) <= tolerance / 2 } }
        ),
            shapes.map({ s in s.allSatisfy { $0 == s[0] } }) ?? true
        {
            return .constant(first)
        }
        func sameShape(_ j: Int, _ k: Int) -> Bool {
            samples[j].count == samples[k].count && (shapes.map { $0[j] == $0[k] } ?? true)
        }
        var keys: [Keyframe] = []
        var a = 0
        while a < samples.count - 1 {
            // A shape change: the value holds up to the tick before it, then jumps.
            if !sameShape(a, a + 1) {
                keys.append(Keyframe(tick: a, value: samples[a], easing: (1.0 / 3, 2.0 / 3), holds: true))
                a += 1
                continue
            }
            var end = a + 1
            var easing = linear
            var b = a + 2
            while b < samples.count, b - a <= longestSegment, sameShape(b, a) {
                guard let fitted = fit(samples, from: a, to: b, tolerance: tolerance, bounds: bounds) else { break }
                (end, easing) = (b, fitted)
                b += 1
            }
            keys.append(Keyframe(tick: a, value: samples[a], easing: easing))
            a = end
        }
        keys.append(Keyframe(tick: samples.count - 1, value: samples[samples.count - 1], easing: linear))
        return .animated(keys)
    }

    static let linear = (y1: 1.0 / 3, y2: 2.0 / 3)

    /// The easing from sample `a` to sample `b` that keeps every sample between them within
    /// `tolerance` in every dimension; nil when none does.
    static func fit(
        _ samples: [[Double]], from a: Int, to b: Int, tolerance: Double, bounds: ClosedRange<Double>? = nil
    ) -> (y1: Double, y2: Double)? {
        let (v0, v1) = (samples[a], samples[b])
        let span = Double(b - a)
        // Normal equations of Σ (v0 + Δ·(B1·y1 + B2·y2 + B3) − s)² over samples and dimensions.
        var (s11, s12, s22, r1, r2) = (0.0, 0.0, 0.0, 0.0, 0.0)
        for k in (a + 1)..<b {
            let u = Double(k - a) / span
            let (b1, b2, b3) = (3 * (1 - u) * (1 - u) * u, 3 * (1 - u) * u * u, u * u * u)
            for d in v0.indices {
                let delta = v1[d] - v0[d]
                let rest = samples[k][d] - v0[d] - delta * b3
                s11 += delta * delta * b1 * b1
                s12 += delta * delta * b1 * b2
                s22 += delta * delta * b2 * b2
                r1 += delta * b1 * rest
                r2 += delta * b2 * rest
            }
        }
        // A touch of ridge toward the linear easing: with one sample inside (or samples whose
        // changes cancel) the normal equations are singular, and the nearest-to-linear fit is
        // the one wanted.
        let ridge = 1e-9 * (s11 + s22) + 1e-300
        let (a11, a22) = (s11 + ridge, s22 + ridge)
        let (b1, b2) = (r1 + ridge * linear.y1, r2 + ridge * linear.y2)
        let determinant = a11 * a22 - s12 * s12
        let easing =
            determinant > 0
            ? (y1: (b1 * a22 - b2 * s12) / determinant, y2: (a11 * b2 - s12 * b1) / determinant) : linear
        // Players solve the easing in single precision here and there; keep its handles sane.
        guard easing.y1.isFinite, easing.y2.isFinite, abs(easing.y1) <= 8, abs(easing.y2) <= 8 else { return nil }
        for k in (a + 1)..<b {
            let u = Double(k - a) / span
            let p = 3 * (1 - u) * (1 - u) * u * easing.y1 + 3 * (1 - u) * u * u * easing.y2 + u * u * u
            for d in v0.indices {
                let value = v0[d] + (v1[d] - v0[d]) * p
                if abs(value - samples[k][d]) > tolerance || bounds.map({ !$0.contains(value) }) == true { return nil }
            }
        }
        return easing
    }
}
