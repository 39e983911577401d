import Foundation

// Damped harmonic oscillator in Core Animation's closed forms (CASpringAnimation, spec timing §2.4),
// plus the UIKit and SwiftUI parameter mappings (§3.3, §4.5, §4.7).

/// A spring `CASpringAnimation` would run: normalized position q(t) from 0 towards 1, t in seconds.
public struct Spring: Hashable, Sendable {
    /// Mass of the attached object, > 0; default 1. Larger = slower, bouncier.
    public let mass: Double
    /// Spring constant k, > 0; default 100. Larger = faster.
    public let stiffness: Double
    /// Damping coefficient c, ≥ 0; default 10. Larger = less oscillation.
    public let damping: Double
    /// Initial velocity in fractions of the from→to distance per second, positive towards the
    /// target (H-CAA); any finite value; default 0.
    public let initialVelocity: Double
    /// iOS 17 `allowsOverdamping`. false (default): ζ > 1 behaves exactly like critical damping at
    /// ω0 = √(k/m) (B-CA). true: the over-damped branch is used.
    public let allowsOverdamping: Bool
    /// Use the textbook over-damped coefficients instead of CA's (whose q'(0) = 2β + v0 and which
    /// overshoots). Default false = Apple's quirk, as the spec requires (§2.4, §8 risk flag).
    public let conventionalOverdamping: Bool

    /// Core Animation substitutes silently (mass ≤ 0 → 1, stiffness ≤ 0 → 100, damping < 0 → 10,
    /// B-CA); Flipbook rejects instead, so a typo never becomes a default.
    public init(
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
        allowsOverdamping: Bool = false, conventionalOverdamping: Bool = false
    ) throws {
        guard mass.isFinite, mass > 0 else {
            throw TimingError.invalid("Spring.mass", mass, expected: "a finite mass > 0")
        }
        guard stiffness.isFinite, stiffness > 0 else {
            throw TimingError.invalid("Spring.stiffness", stiffness, expected: "a finite stiffness > 0")
        }
        guard damping.isFinite, damping >= 0 else {
            throw TimingError.invalid("Spring.damping", damping, expected: "a finite damping ≥ 0")
        }
        try requireFinite(initialVelocity, "Spring.initialVelocity")
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping
        self.conventionalOverdamping = conventionalOverdamping
    }

    /// CASpringAnimation's defaults: mass 1, stiffness 100, damping 10, velocity 0 (ζ = 0.5).
    public static var standard: Spring { Spring(unchecked: 1, 100, 10, 0, false) }

    init(unchecked m: Double, _ k: Double, _ c: Double, _ v: Double, _ overdamping: Bool) {
        mass = m
        stiffness = k
        damping = c
        initialVelocity = v
        allowsOverdamping = overdamping
        conventionalOverdamping = false
    }

    /// `init(perceptualDuration:bounce:)` (B-CA): mass 1, stiffness (2π/p)², damping ζ(b)·4π/p,
    /// allowsOverdamping true. p > 0 seconds; bounce in (−1, 1).
    public init(perceptualDuration p: Double, bounce b: Double, initialVelocity: Double = 0) throws {
        guard p.isFinite, p > 0 else {
            throw TimingError.invalid("Spring(perceptualDuration:bounce:)", p, expected: "a duration > 0 s")
        }
        guard b.isFinite, b > -1, b < 1 else {
            throw TimingError.invalid("Spring(perceptualDuration:bounce:).bounce", b, expected: "a bounce in (−1, 1)")
        }
        let zeta = Spring.dampingRatio(bounce: b)
        // k = (2π/p)² with m = 1 (response p is the undamped period); c = 2√(km)·ζ = 4πζ/p.
        try self.init(
            mass: 1, stiffness: pow(2 * .pi / p, 2), damping: zeta * 4 * .pi / p,
            initialVelocity: initialVelocity, allowsOverdamping: true)
    }

    /// Undamped angular frequency ω0 = √(k/m), rad/s.
    public var undampedFrequency: Double { (stiffness / mass).squareRoot() }
    /// Damping ratio ζ = c / (2√(km)); < 1 oscillates, 1 critical, > 1 over-damped.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// `perceptualDuration` = 2π√(m/k) (B-CA): the undamped period, SwiftUI's "response".
    public var perceptualDuration: Double { 2 * .pi * (mass / stiffness).squareRoot() }
    /// `bounce` = ζ ≤ 1 ? 1 − ζ : 1/ζ − 1 (B-CA).
    public var bounce: Double {
        let z = dampingRatio
        return z <= 1 ? 1 - z : 1 / z - 1
    }

    /// SwiftUI's ζ(bounce) = bounce < 0 ? 1/(1 + bounce) : 1 − bounce (R-SUI, spec §4.7).
    public static func dampingRatio(bounce b: Double) -> Double { b < 0 ? 1 / (1 + b) : 1 - b }

    private enum Regime {
        case under(omegaD: Double, a: Double, b: Double)  // ζ < 1
        case critical(omega: Double, a: Double, b: Double)  // ζ == 1, or ζ > 1 clamped
        case over(gamma: Double, beta: Double, a: Double, b: Double)
    }

    private var regime: Regime {
        let w0 = undampedFrequency
        let z = dampingRatio
        let v0 = initialVelocity
        if z < 1 {
            // ωd = ω0√(1−ζ²); A = 1, B = (ζω0 − v0)/ωd so that q(0) = 0 and q'(0) = v0.
            let wd = w0 * (1 - z * z).squareRoot()
            return .under(omegaD: wd, a: 1, b: (z * w0 - v0) / wd)
        }
        if z == 1 || !allowsOverdamping {
            // Over-damped without allowsOverdamping is clamped to critical damping at ω0 (B-CA).
            return .critical(omega: w0, a: 1, b: w0 - v0)
        }
        let gamma = w0 * (z * z - 1).squareRoot()
        let beta = z * w0
        if conventionalOverdamping {
            // Textbook: q = 1 − (C1 e^{(γ−β)t} + C2 e^{−(β+γ)t}), C1 + C2 = 1, q'(0) = v0.
            return .over(
                gamma: gamma, beta: beta, a: (gamma - beta + v0) / (2 * gamma),
                b: (beta + gamma - v0) / (2 * gamma))
        }
        // B-CA coefficient ordering: A = (v0+β+γ)/(2γ) on e^{−(β+γ)t}, B = (γ−β−v0)/(2γ) on
        // e^{(γ−β)t}; q(0) = 0 but q'(0) = 2β + v0 (CA quirk, spec §2.4).
        return .over(
            gamma: gamma, beta: beta, a: (v0 + beta + gamma) / (2 * gamma),
            b: (gamma - beta - v0) / (2 * gamma))
    }

    /// Normalized position q(t): 0 at t = 0, → 1. t in seconds of animation local time.
    public func position(at t: Double) -> Double {
        switch regime {
        case .under(let wd, let a, let b):
            let z = dampingRatio
            let w0 = undampedFrequency
            return 1 - exp(-z * w0 * t) * (a * cos(wd * t) + b * sin(wd * t))
        case .critical(let w, let a, let b):
            return 1 - (a + b * t) * exp(-w * t)
        case .over(let g, let beta, let a, let b):
            return 1 - (b * exp((g - beta) * t) + a * exp(-(beta + g) * t))
        }
    }

    /// dq/dt at t, fractions of the distance per second.
    public func velocity(at t: Double) -> Double {
        switch regime {
        case .under(let wd, let a, let b):
            let s = dampingRatio * undampedFrequency
            let e = exp(-s * t)
            let c = cos(wd * t)
            let sn = sin(wd * t)
            // d/dt[e^{−st}(a cos + b sin)] = e^{−st}((b·ωd − s·a) cos − (a·ωd + s·b) sin)
            return -e * ((b * wd - s * a) * c - (a * wd + s * b) * sn)
        case .critical(let w, let a, let b):
            return -(b - w * (a + b * t)) * exp(-w * t)
        case .over(let g, let beta, let a, let b):
            return -(b * (g - beta) * exp((g - beta) * t) - a * (beta + g) * exp(-(beta + g) * t))
        }
    }

    /// `CASpringAnimation.settlingDuration` = `durationForEpsilon(0.001)` (B-CA, spec §2.4), divided
    /// by the animation's Float `speed` (speed 0 ⇒ FLT_MAX).
    public func settlingDuration(speed: Float = 1) -> Double {
        let epsilon = max(0.001, 1e-6)
        let z = dampingRatio
        var t: Double
        if z == 0 {
            t = .infinity
        } else if z < 1, case .under(_, let a, let b) = regime {
            // The envelope (|A| + |B|)·e^{−ζω0 t} bounds |1 − q|; solve envelope = ε for t.
            t = max(-log(epsilon / (abs(a) + abs(b))) / (undampedFrequency * z), 0)
        } else {
            // CA steps t = 0, 0.1, 0.2 … (accumulated, so 10 steps give 0.9999999999999999) and
            // returns the first time after which |1 − q| stays below ε for more than 1 s.
            var best = Double.infinity
            var candidate = -1.0
            var step = 0.0
            for _ in 0..<1_000_000 {
                let dev = abs(1 - position(at: step))
                if best >= epsilon {
                    if dev < best {
                        candidate = step
                        best = dev
                    }
                } else if dev >= epsilon {
                    best = .infinity
                } else if step - candidate > 1.0 {
                    break
                }
                step += 0.1
            }
            t = candidate
        }
        let fltMax = Double(Float.greatestFiniteMagnitude)
        return speed == 0 ? fltMax : min(abs(t / Double(speed)), fltMax)
    }
}

// MARK: - UIKit mappings

extension Spring {
    /// UIKit's `parametersOfSpringAnimation` (B-UIK call site, R-UX algorithm, identical to Framer
    /// Motion's `findSpring`): the spring whose envelope decays to ε = 0.001 at `duration`.
    /// Used by `UIView.animate(…usingSpringWithDamping:initialSpringVelocity:)` and
    /// `UISpringTimingParameters(dampingRatio:initialVelocity:)`. mass 1, allowsOverdamping false.
    ///
    /// - Parameters:
    ///   - duration: seconds, clamped to [0.01, 10] (spec §3.3).
    ///   - dampingRatio: ζ, clamped to [1.1920929e-7, 1].
    ///   - v: `initialVelocity`, fractions of the distance per second (1 = whole distance in 1 s).
    public static func uiKit(duration: Double, dampingRatio: Double, initialVelocity v: Double = 0) throws -> Spring {
        try requireFinite(duration, "Spring.uiKit(duration:)")
        try requireFinite(dampingRatio, "Spring.uiKit(dampingRatio:)")
        try requireFinite(v, "Spring.uiKit(initialVelocity:)")
        let epsilon = 0.001
        let zeta = min(max(dampingRatio, 1.1920929e-7), 1)
        let d = min(max(duration, 0.01), 10)
        var w = 5 / d
        // Newton on f(ω) = 0, starting at ω = 5/D, exactly 12 iterations (spec §3.3).
        for _ in 0..<12 {
            let f: Double
            let df: Double
            if zeta < 1 {
                // f(ω) = ε − |g(ω)|,  g(ω) = (ζω − v)/(√(1−ζ²)·ω) · e^{−ζDω}
                // g'(ω) = e^{−ζDω}·(v + ζDvω − ζ²Dω²) / (√(1−ζ²)·ω²)   (quotient + chain rule)
                let s = (1 - zeta * zeta).squareRoot()
                let e = exp(-zeta * d * w)
                let g = (zeta * w - v) / (s * w) * e
                let dg = e * (v + zeta * d * v * w - zeta * zeta * d * w * w) / (s * w * w)
                f = epsilon - abs(g)
                df = g > 0 ? -dg : dg
            } else {
                // Critical: 1 − q(D) = ((ω − v)D + 1)·e^{−Dω}; target +ε (or −ε when ω < v, the
                // overshooting side). d/dω = (v − ω)·D²·e^{−Dω}.
                let e = exp(-d * w)
                let target = (w - v) < 0 ? -epsilon : epsilon
                f = ((w - v) * d + 1) * e - target
                df = (v - w) * d * d * e
            }
            guard df != 0, df.isFinite else { break }
            w -= f / df
        }
        guard w.isFinite, w > 0 else {
            throw TimingError.invalid(
                "Spring.uiKit(duration:dampingRatio:)", "duration \(duration), ζ \(dampingRatio)",
                expected: "parameters for which the stiffness solve converges")
        }
        // stiffness = m·ω², damping = 2ζ√(km), m = 1.
        let k = w * w
        return Spring(unchecked: 1, k, 2 * zeta * k.squareRoot(), v, false)
    }

    /// UIKit's `_durationOfSpringAnimation(m, k, c, v)` (B-UIK): the implicit duration of
    /// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)` and of `init()`.
    /// ζ < 1: CA's envelope formula; ζ ≥ 1: an analytic Lambert-W fit (not CA's 0.1 s stepping).
    public static func uiKitSettlingDuration(
        mass: Double, stiffness: Double, damping: Double,
        initialVelocity v: Double
    ) throws -> Double {
        let spring = try Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: v)
        if spring.dampingRatio < 1 { return spring.settlingDuration() }
        let w0 = spring.undampedFrequency
        // Lambert-W approximation constants verbatim from B-UIK (spec §4.5).
        let b = w0 - v
        let l = log(abs(w0 * exp(-w0 / b) * 0.001 / b))
        let u = -1 - l
        let p = 0.3361 * (u / 2).squareRoot()
        let den = 1 - 0.0042 * u * exp(-0.0201 * u.squareRoot())
        let corr = -5.950609937518595 * (1 - 1 / (1 + p / den))
        return -(b * (l + corr) + w0) / (w0 * b)
    }

    /// UIKit conversion (B-UIK): response r, ζ → (m = 1, k = (2π/r)², c = 2√k·ζ).
    public static func uiKit(response: Double, dampingRatio: Double, initialVelocity: Double = 0) throws -> Spring {
        guard response.isFinite, response > 0 else {
            throw TimingError.invalid("Spring.uiKit(response:)", response, expected: "a response > 0 s")
        }
        let k = pow(2 * .pi / response, 2)
        return try Spring(
            mass: 1, stiffness: k, damping: 2 * k.squareRoot() * dampingRatio,
            initialVelocity: initialVelocity)
    }
}

// MARK: - SwiftUI mappings

extension Spring {
    /// SwiftUI `Spring(response:dampingFraction:)` (R-SUI verbatim helpers): stiffness (2π/response)²,
    /// damping 4πζ/response, mass 1. response > 0 s.
    public static func swiftUI(response: Double, dampingFraction: Double) throws -> Spring {
        guard response.isFinite, response > 0 else {
            throw TimingError.invalid("Spring.swiftUI(response:)", response, expected: "a response > 0 s")
        }
        guard dampingFraction.isFinite, dampingFraction >= 0 else {
            throw TimingError.invalid("Spring.swiftUI(dampingFraction:)", dampingFraction, expected: "ζ ≥ 0")
        }
        return try Spring(
            mass: 1, stiffness: pow(2 * .pi / response, 2), damping: 4 * .pi * dampingFraction / response,
            allowsOverdamping: true)
    }

    /// SwiftUI `Spring(duration:bounce:)`: response = duration, ζ = ζ(bounce). Defaults 0.5 s, 0.
    public static func swiftUI(duration: Double = 0.5, bounce: Double = 0) throws -> Spring {
        guard bounce.isFinite, bounce > -1, bounce <= 1 else {
            throw TimingError.invalid("Spring.swiftUI(bounce:)", bounce, expected: "a bounce in (−1, 1]")
        }
        return try swiftUI(response: duration, dampingFraction: dampingRatio(bounce: bounce))
    }

    /// `.spring()` in current SDKs: response 0.5, dampingFraction 0.825 (older SDKs 0.55).
    public static var swiftUIDefault: Spring {
        Spring(unchecked: 1, pow(2 * .pi / 0.5, 2), 4 * .pi * 0.825 / 0.5, 0, true)
    }
    /// `.interactiveSpring()`: response 0.15, dampingFraction 0.86 (blendDuration 0.25 is not modelled).
    public static var swiftUIInteractive: Spring {
        Spring(unchecked: 1, pow(2 * .pi / 0.15, 2), 4 * .pi * 0.86 / 0.15, 0, true)
    }
}
