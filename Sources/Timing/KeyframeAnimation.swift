// CAKeyframeAnimation (spec timing §2.3): values, keyTimes, calculationMode, per-segment curves.

/// `CAAnimationCalculationMode`.
public enum CalculationMode: String, Sendable, CaseIterable {
    /// Linear interpolation between keyframes (default). keyTimes: n entries.
    case linear
    /// Steps, no interpolation. keyTimes: n + 1 entries; value i on [kt[i], kt[i+1]).
    case discrete
    /// Constant speed: keyTimes ∝ cumulative distance; keyTimes and timingFunctions ignored.
    case paced
    /// Kochanek–Bartels spline through the values (tension/continuity/bias 0 ⇒ Catmull-Rom).
    case cubic
    /// Constant speed along the cubic spline; keyTimes and timingFunctions ignored.
    case cubicPaced
}

/// `CAKeyframeAnimation`. Built through a throwing initializer that validates the arrays; CA
/// silently ignores invalid arrays, Flipbook reports them (the scene author meant something).
public struct KeyframeAnimation: PropertyAnimation, Hashable {
    public var timing: MediaTiming
    public let values: [AnimatableValue]
    /// As given (nil = defaults). The effective ones are `effectiveKeyTimes`.
    public let keyTimes: [Double]?
    public let calculationMode: CalculationMode
    /// Applied to the whole animation **first**, then the segment's (D-timingFunctions). nil = linear.
    public var timingFunction: MediaTimingFunction?
    /// One per segment (n − 1), or nil.
    public let timingFunctions: [MediaTimingFunction]?
    /// Per keyframe, each in [−1, 1], default 0 (cubic modes only).
    public let tensionValues: [Double]?, continuityValues: [Double]?, biasValues: [Double]?
    public var isAdditive: Bool
    public var isCumulative: Bool
    public var isRemovedOnCompletion: Bool

    /// `path`: a position's keyframes as a path, which overrides `values` (its segments' ends
    /// become them); nil for values.
    public let path: KeyframePath?
    /// `rotationMode` (with a path): the layer turns to the path's tangent.
    public let rotationMode: RotationMode?

    /// keyTimes actually used: given, defaults (`i/(n−1)`; discrete `i/n`), or paced distances.
    public let effectiveKeyTimes: [Double]
    var cubicPacedTable: [Double]

    public init(
        values: [AnimatableValue], keyTimes: [Double]? = nil, calculationMode: CalculationMode = .linear,
        timing: MediaTiming = MediaTiming(), timingFunction: MediaTimingFunction? = nil,
        timingFunctions: [MediaTimingFunction]? = nil, tensionValues: [Double]? = nil,
        continuityValues: [Double]? = nil, biasValues: [Double]? = nil,
        isAdditive: Bool = false, isCumulative: Bool = false, isRemovedOnCompletion: Bool = true,
        path: KeyframePath? = nil, rotationMode: RotationMode? = nil
    ) throws {
        let call = "KeyframeAnimation"
        try timing.validate(call: call)
        if rotationMode != nil && path == nil {
            throw TimingError.invalid("\(call).rotationMode", rotationMode!.rawValue, expected: "a path to turn along")
        }
        let values = path.map { $0.keyPoints.map { AnimatableValue.point($0) } } ?? values
        guard let first = values.first else {
            throw TimingError.invalid("\(call).values", "[]", expected: "at least one value")
        }
        for v in values { try requireKind(v, first.kind, "\(call).values") }
        try requireNotCumulative(first.kind, isCumulative, call: call)
        if first.kind == .transform, ![.linear, .discrete].contains(calculationMode) {
            // Paced modes need a distance between transforms and cubic ones tangents (sums and
            // multiples of changes); neither exists for a decomposed transform.
            throw TimingError.invalid(
                "\(call).calculationMode", calculationMode.rawValue, expected: "linear or discrete for a transform")
        }
        let n = values.count
        let paced = calculationMode == .paced || calculationMode == .cubicPaced
        try Self.checkKeyTimes(keyTimes, count: n, mode: calculationMode, call: call)
        try Self.checkSegments(
            timingFunctions: timingFunctions, tension: tensionValues, continuity: continuityValues,
            bias: biasValues, count: n, mode: calculationMode, call: call)
        self.timing = timing
        self.values = values
        self.keyTimes = keyTimes
        self.calculationMode = calculationMode
        self.timingFunction = timingFunction
        self.timingFunctions = paced ? nil : timingFunctions
        self.tensionValues = tensionValues
        self.continuityValues = continuityValues
        self.biasValues = biasValues
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.isRemovedOnCompletion = isRemovedOnCompletion
        self.path = path
        self.rotationMode = rotationMode

        effectiveKeyTimes = Self.effectiveKeyTimes(values: values, keyTimes: keyTimes, mode: calculationMode)
        cubicPacedTable = []
        if calculationMode == .cubicPaced && n > 1 { cubicPacedTable = arcLengthTable() }
    }

    /// Given keyTimes: one per value (discrete: one more), each in [0, 1], non-decreasing. Paced
    /// modes compute their own and ignore them, as Core Animation does.
    private static func checkKeyTimes(
        _ keyTimes: [Double]?, count n: Int, mode calculationMode: CalculationMode, call: String
    ) throws {
        let paced = calculationMode == .paced || calculationMode == .cubicPaced
        if let kt = keyTimes, !paced {
            let expectedCount = calculationMode == .discrete ? n + 1 : n
            guard kt.count == expectedCount else {
                throw TimingError.invalid(
                    "\(call).keyTimes", "\(kt.count) entries for \(n) values",
                    expected: "\(expectedCount) entries (\(calculationMode.rawValue): "
                        + (calculationMode == .discrete ? "values + 1)" : "one per value)"))
            }
            for (i, t) in kt.enumerated() {
                guard t.isFinite, (0...1).contains(t) else {
                    throw TimingError.invalid("\(call).keyTimes[\(i)]", t, expected: "a time in [0, 1]")
                }
                if i > 0 && t < kt[i - 1] {
                    throw TimingError.invalid("\(call).keyTimes", kt, expected: "non-decreasing times")
                }
            }
        }
    }

    /// One timing function per segment; tension, continuity and bias one per value, in [−1, 1].
    private static func checkSegments(
        timingFunctions: [MediaTimingFunction]?, tension: [Double]?, continuity: [Double]?, bias: [Double]?,
        count n: Int, mode calculationMode: CalculationMode, call: String
    ) throws {
        let paced = calculationMode == .paced || calculationMode == .cubicPaced
        if let tfs = timingFunctions, !paced, calculationMode != .discrete, tfs.count != max(n - 1, 0) {
            throw TimingError.invalid(
                "\(call).timingFunctions", "\(tfs.count) functions for \(n) values",
                expected: "\(n - 1) (one per segment)")
        }
        for (label, arr) in [
            ("tensionValues", tension), ("continuityValues", continuity), ("biasValues", bias),
        ] {
            guard let arr else { continue }
            guard arr.count == n else {
                throw TimingError.invalid("\(call).\(label)", "\(arr.count) entries", expected: "\(n) (one per value)")
            }
            for v in arr where !(v.isFinite && (-1...1).contains(v)) {
                throw TimingError.invalid("\(call).\(label)", v, expected: "values in [−1, 1]")
            }
        }
    }

    /// The keyTimes used: given, defaults (`i/(n−1)`; discrete `i/n`), or paced distances.
    private static func effectiveKeyTimes(
        values: [AnimatableValue], keyTimes: [Double]?, mode calculationMode: CalculationMode
    ) -> [Double] {
        let n = values.count
        switch calculationMode {
        case .paced:
            // keyTimes ∝ cumulative distance between successive values (spec §2.3).
            var cum = [0.0]
            for i in 1..<max(n, 1) { cum.append(cum[i - 1] + values[i - 1].distance(to: values[i])) }
            let total = cum.last ?? 0
            return
                n == 1
                ? [0]
                : cum.enumerated().map { i, c in
                    total > 0 ? c / total : Double(i) / Double(n - 1)
                }
        case .discrete:
            return keyTimes ?? (0...n).map { Double($0) / Double(n) }
        case .linear, .cubic, .cubicPaced:
            return
                (calculationMode != .cubicPaced ? keyTimes : nil)
                ?? (n == 1 ? [0] : (0..<n).map { Double($0) / Double(n - 1) })
        }
    }

    public var valueKind: ValueKind { values[0].kind }

    public func value(at sample: TimingSample, underlying: AnimatableValue) -> AnimatableValue {
        let y = timingFunction?.evaluate(sample.progress) ?? sample.progress
        var v = interpolated(at: y)
        if isCumulative && sample.iteration > 0, let first = values.first, let last = values.last {
            v = v + (last - first).scaled(by: Double(sample.iteration))
        }
        return isAdditive ? underlying + v : v
    }

    /// The keyframe value at overall progress y (after the animation's own timing function).
    public func interpolated(at y: Double) -> AnimatableValue {
        if let path {
            let (i, u) = pathPosition(path, at: y)
            return .point(path.point(i, u))
        }
        let n = values.count
        if n == 1 { return values[0] }
        let kt = effectiveKeyTimes
        switch calculationMode {
        case .discrete:
            var index = 0
            for i in 0..<kt.count where kt[i] <= y { index = i }
            return values[min(index, n - 1)]
        case .cubicPaced:
            return cubicPacedValue(at: y)
        case .linear, .paced, .cubic:
            if y < kt[0] { return calculationMode == .cubic ? hermite(0, u: 0) : values[0] }
            // The last i with kt[i] ≤ y (so a zero-length segment jumps at its time), capped at n − 2.
            var i = 0
            for j in 0..<(n - 1) where kt[j] <= y { i = j }
            let span = kt[i + 1] - kt[i]
            var u = span > 0 ? (y - kt[i]) / span : 1
            if calculationMode != .paced, let tfs = timingFunctions { u = tfs[i].evaluate(u) }
            if calculationMode == .cubic { return hermite(i, u: u) }
            return AnimatableValue.interpolate(values[i], values[i + 1], u)
        }
    }

    // MARK: Cubic (Kochanek–Bartels)

    private func tcb(_ i: Int) -> (t: Double, c: Double, b: Double) {
        (tensionValues?[i] ?? 0, continuityValues?[i] ?? 0, biasValues?[i] ?? 0)
    }

    /// Tangents at keyframe i per standard KB (spec §2.3, I); endpoints duplicate P0 / Pn−1.
    private func tangents(_ i: Int) -> (incoming: AnimatableValue, outgoing: AnimatableValue) {
        let n = values.count
        let p = values[i]
        let prev = values[max(i - 1, 0)]
        let next = values[min(i + 1, n - 1)]
        let (t, c, b) = tcb(i)
        let d0 = p - prev
        let d1 = next - p
        // out_i = (1−T)(1+B)(1+C)/2·(P_i−P_{i−1}) + (1−T)(1−B)(1−C)/2·(P_{i+1}−P_i)
        let outgoing = d0.scaled(by: (1 - t) * (1 + b) * (1 + c) / 2) + d1.scaled(by: (1 - t) * (1 - b) * (1 - c) / 2)
        // in_i  = (1−T)(1+B)(1−C)/2·(P_i−P_{i−1}) + (1−T)(1−B)(1+C)/2·(P_{i+1}−P_i)
        let incoming = d0.scaled(by: (1 - t) * (1 + b) * (1 - c) / 2) + d1.scaled(by: (1 - t) * (1 - b) * (1 + c) / 2)
        return (incoming, outgoing)
    }

    /// Hermite on segment i at u. For non-uniform keyTimes the tangents are scaled by
    /// 2Δi/(Δi−1 + Δi) and 2Δi/(Δi + Δi+1), the usual KB correction (spec §2.3 leaves it open, I).
    private func hermite(_ i: Int, u: Double) -> AnimatableValue {
        let n = values.count
        let kt = calculationMode == .cubicPaced ? (0..<n).map { Double($0) / Double(n - 1) } : effectiveKeyTimes
        let delta = { (j: Int) -> Double in kt[min(max(j, 0), n - 2) + 1] - kt[min(max(j, 0), n - 2)] }
        let di = delta(i)
        let dPrev = i > 0 ? delta(i - 1) : di
        let dNext = i + 1 < n - 1 ? delta(i + 1) : di
        let sOut = dPrev + di > 0 ? 2 * di / (dPrev + di) : 1
        let sIn = di + dNext > 0 ? 2 * di / (di + dNext) : 1
        let m0 = tangents(i).outgoing.scaled(by: sOut)
        let m1 = tangents(i + 1).incoming.scaled(by: sIn)
        let u2 = u * u
        let u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1
        let h10 = u3 - 2 * u2 + u
        let h01 = -2 * u3 + 3 * u2
        let h11 = u3 - u2
        return values[i].scaled(by: h00) + m0.scaled(by: h10) + values[i + 1].scaled(by: h01) + m1.scaled(by: h11)
    }

    /// Samples per segment of the cubicPaced arc-length table; 64 keeps the speed error below
    /// 0.1 % for Catmull-Rom segments while costing nothing per frame (the table is built once).
    static let arcSamplesPerSegment = 64

    private func arcLengthTable() -> [Double] {
        let n = values.count
        let m = Self.arcSamplesPerSegment
        var table = [0.0]
        var previous = values[0]
        for i in 0..<(n - 1) {
            for s in 1...m {
                let p = hermite(i, u: Double(s) / Double(m))
                table.append(table[table.count - 1] + previous.distance(to: p))
                previous = p
            }
        }
        return table
    }

    private func cubicPacedValue(at y: Double) -> AnimatableValue {
        let n = values.count
        guard
            let (segment, u) = ArcLength.position(
                at: y, in: cubicPacedTable, samplesPerSegment: Self.arcSamplesPerSegment, segments: n - 1)
        else { return values[y < 1 ? 0 : n - 1] }
        return hermite(segment, u: u)
    }
}
