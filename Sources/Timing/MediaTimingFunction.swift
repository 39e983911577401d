// CAMediaTimingFunction: cubic Béziers from (0,0) to (1,1) and their solver (spec timing §2.5).

/// A cubic timing curve, `CAMediaTimingFunction`. Control points are stored as **Float32**, as
/// Core Animation stores them (B-CA `_priv` is float[4]); arithmetic then runs in Double.
public struct MediaTimingFunction: Hashable, Sendable, CustomStringConvertible {
    /// The builtin curves (`CAMediaTimingFunctionName`), with Apple's documented control points.
    public enum Name: String, Sendable, CaseIterable {
        case `default`, linear, easeIn, easeOut, easeInEaseOut

        /// (c1x, c1y, c2x, c2y), spec timing §2.5 table.
        var controlPoints: (Float, Float, Float, Float) {
            switch self {
            case .default: return (0.25, 0.1, 0.25, 1.0)
            case .linear: return (0, 0, 1, 1)
            case .easeIn: return (0.42, 0, 1, 1)
            case .easeOut: return (0, 0, 0.58, 1)
            case .easeInEaseOut: return (0.42, 0, 0.58, 1)
            }
        }
    }

    /// The builtin this function is, if any. `init(controlPoints:)` snaps to a builtin when every
    /// coordinate is within 0.001 of it, as CA does (spec §2.5).
    public let name: Name?
    public let c1x: Float, c1y: Float, c2x: Float, c2y: Float

    public init(name: Name) {
        let p = name.controlPoints
        self.init(name: name, p.0, p.1, p.2, p.3)
    }

    private init(name: Name?, _ c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.name = name
        self.c1x = c1x
        self.c1y = c1y
        self.c2x = c2x
        self.c2y = c2y
    }

    public static let `default` = MediaTimingFunction(name: .default)
    public static let linear = MediaTimingFunction(name: .linear)
    public static let easeIn = MediaTimingFunction(name: .easeIn)
    public static let easeOut = MediaTimingFunction(name: .easeOut)
    public static let easeInEaseOut = MediaTimingFunction(name: .easeInEaseOut)

    /// `init(name:)` from a string; an unknown name throws (CA raises `CAMediaTimingFunctionInvalid`).
    public init(named string: String) throws {
        guard let n = Name(rawValue: string) else {
            throw TimingError.invalid(
                "MediaTimingFunction(name:)", string,
                expected: "one of " + Name.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self.init(name: n)
    }

    /// `init(controlPoints:)`. x coordinates must lie in [0, 1] so the curve is a function of time
    /// (CA does not check; CSS and WebKit reject, and so do we); y coordinates may overshoot.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) throws {
        for (label, v) in [("c1x", c1x), ("c1y", c1y), ("c2x", c2x), ("c2y", c2y)] where !v.isFinite {
            throw TimingError.invalid("MediaTimingFunction(controlPoints:).\(label)", v, expected: "a finite number")
        }
        guard (0...1).contains(c1x), (0...1).contains(c2x) else {
            throw TimingError.invalid(
                "MediaTimingFunction(controlPoints:)", "c1x=\(c1x), c2x=\(c2x)",
                expected: "x coordinates in [0, 1]")
        }
        for builtin in Name.allCases {
            let p = builtin.controlPoints
            if abs(p.0 - c1x) <= 0.001, abs(p.1 - c1y) <= 0.001, abs(p.2 - c2x) <= 0.001, abs(p.3 - c2y) <= 0.001 {
                self.init(name: builtin)
                return
            }
        }
        self.init(name: nil, c1x, c1y, c2x, c2y)
    }

    /// `getControlPointAtIndex`: 0 → (0,0), 1 → c1, 2 → c2, 3 → (1,1); other indexes throw.
    public func controlPoint(at index: Int) throws -> (x: Float, y: Float) {
        switch index {
        case 0: return (0, 0)
        case 1: return (c1x, c1y)
        case 2: return (c2x, c2y)
        case 3: return (1, 1)
        default:
            throw TimingError.invalid("MediaTimingFunction.controlPoint(at:)", index, expected: "an index in 0...3")
        }
    }

    /// The solver's tolerance on x: `_solveForInput` uses 1e-5 (B-CA; spec §2.5 "use 1e-5").
    public static let solveEpsilon = 1e-5

    /// y for input x (time fraction), `CA::Render::TimingFunction::evaluate`: Newton from t = x for
    /// at most 8 steps, then bisection (WebKit `UnitBezier::solveCurveX`, spec §2.5). Note that
    /// `linear` is exact only to the tolerance: y(0.1) = 0.100009.
    public func evaluate(_ x: Double, epsilon: Double = MediaTimingFunction.solveEpsilon) -> Double {
        UnitBezier(self).solve(x, epsilon: epsilon)
    }

    /// The x at which the curve reaches y (bisection on x; the curve is monotone when both y
    /// control points are in [0, 1]). Used to scrub a property animator linearly (spec §4.3).
    public func inverse(_ y: Double) -> Double {
        if y <= 0 { return 0 }
        if y >= 1 { return 1 }
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<64 {
            let mid = (lo + hi) / 2
            if evaluate(mid) < y { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    public var description: String {
        name.map { "MediaTimingFunction(.\($0.rawValue))" } ?? "MediaTimingFunction(\(c1x), \(c1y), \(c2x), \(c2y))"
    }
}

/// WebKit's `UnitBezier` (R-WK, same structure as B-CA): polynomial coefficients of
/// B(t) = 3(1−t)²t·P1 + 3(1−t)t²·P2 + t³ in Horner form.
struct UnitBezier {
    let ax, bx, cx, ay, by, cy: Double

    init(_ f: MediaTimingFunction) {
        // cx = 3·p1x; bx = 3(p2x − p1x) − cx; ax = 1 − cx − bx (same for y), from expanding B(t).
        cx = 3 * Double(f.c1x)
        bx = 3 * (Double(f.c2x) - Double(f.c1x)) - cx
        ax = 1 - cx - bx
        cy = 3 * Double(f.c1y)
        by = 3 * (Double(f.c2y) - Double(f.c1y)) - cy
        ay = 1 - cy - by
    }

    func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// Solve X(t) = x, then return Y(t). Structure and constants from B-CA / spec §2.5.
    func solve(_ x: Double, epsilon: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let e = sampleX(t) - x
            if abs(e) < epsilon { return sampleY(t) }
            let d = sampleDerivativeX(t)
            if abs(d) < 1e-6 { break }
            t -= e / d
        }
        t = x
        if x < 0 {
            t = 0
        } else if x > 1 {
            t = 1
        } else {
            var lo = 0.0
            var hi = 1.0
            for _ in 0..<1025 {
                let xt = sampleX(t)
                if abs(xt - x) < epsilon { break }
                if x > xt { lo = t } else { hi = t }
                t = lo + (hi - lo) / 2
            }
        }
        return sampleY(t)
    }
}
