import DynamicsTestSupport
import Foundation
import Geometry
import Testing

@testable import Dynamics

/// Spec dynamics §3.7: noise and turbulence fields (Gustavson srdnoise3), region set operations
/// and the 32-field limit.
struct NoiseFieldTests {
    static func sample(_ position: Point, velocity: Point = .zero, mass: Double = 1, time: Double = 0) -> FieldSample {
        FieldSample(position: position, velocity: velocity, mass: mass, charge: 0, deltaTime: 1.0 / 120, time: time)
    }

    static func force(_ field: FieldBehavior, _ s: FieldSample) -> Point? {
        if case .force(let f) = field.evaluate(s) { return f }
        return nil
    }

    static func bits(_ p: Point) -> [UInt64] { [p.x.bitPattern, p.y.bitPattern] }

    // MARK: The noise function

    /// Reference values from an independent Python port of the same algorithm; the tolerance
    /// covers the ports' different summation order only.
    static let references: [(x: Double, y: Double, z: Double, value: Double, dx: Double, dy: Double)] = [
        (3, 4, 0, 0.7244727366255155, -0.7195859053497864, -3.0689300411522593),
        (0.3, 0.4, 0, -0.02644439509319971, -2.0105067896890554, -2.129088442231217),
    ]

    @Test("srdnoise3 matches an independent port at fixed points")
    func referenceValues() {
        for r in Self.references {
            let n = SimplexNoise.srdnoise3(r.x, r.y, r.z, angle: 0)
            #expect(abs(n.value - r.value) <= 1e-12, "\(n.value)")
            #expect(abs(n.dx - r.dx) <= 1e-12, "\(n.dx)")
            #expect(abs(n.dy - r.dy) <= 1e-12, "\(n.dy)")
        }
    }

    @Test("The analytic derivative equals the central difference of the noise")
    func derivative() {
        let e = 1e-6
        for k in 0..<50 {
            let x = -7.3 + 0.377 * Double(k)
            let y = 2.1 - 0.291 * Double(k)
            let z = 0.05 * Double(k)
            for angle in [0.0, 1.1] {
                let n = SimplexNoise.srdnoise3(x, y, z, angle: angle)
                let fx =
                    (SimplexNoise.srdnoise3(x + e, y, z, angle: angle).value
                        - SimplexNoise.srdnoise3(x - e, y, z, angle: angle).value) / (2 * e)
                let fy =
                    (SimplexNoise.srdnoise3(x, y + e, z, angle: angle).value
                        - SimplexNoise.srdnoise3(x, y - e, z, angle: angle).value) / (2 * e)
                let fz =
                    (SimplexNoise.srdnoise3(x, y, z + e, angle: angle).value
                        - SimplexNoise.srdnoise3(x, y, z - e, angle: angle).value) / (2 * e)
                #expect(
                    abs(n.dx - fx) <= 1e-6 && abs(n.dy - fy) <= 1e-6 && abs(n.dz - fz) <= 1e-6, "at (\(x), \(y), \(z))")
            }
        }
    }

    @Test("Each rotation partner v is perpendicular to its gradient u and as long")
    func gradientTable() {
        for (u, v) in zip(SimplexNoise.gradientU, SimplexNoise.gradientV) {
            #expect(abs(u.0 * v.0 + u.1 * v.1 + u.2 * v.2) <= 1e-15)
            #expect(abs((u.0 * u.0 + u.1 * u.1 + u.2 * u.2) - (v.0 * v.0 + v.1 * v.1 + v.2 * v.2)) <= 1e-15)
        }
        #expect(SimplexNoise.permutation.sorted() == Array(0...255))
    }

    // MARK: The noise field

    @Test("A noise field is deterministic: the same inputs give the same force bits")
    func deterministic() throws {
        let a = FieldBehavior.noiseField(smoothness: 0.3, animationSpeed: 2)
        let b = FieldBehavior.noiseField(smoothness: 0.3, animationSpeed: 2)
        for k in 0..<20 {
            let s = Self.sample(Point(37.5 * Double(k), -11 * Double(k)), time: Double(k) / 120)
            let fa = try #require(Self.force(a, s))
            let fb = try #require(Self.force(b, s))
            #expect(Self.bits(fa) == Self.bits(fb))
        }
        // And through the animator: two identical worlds end bit-identical.
        func run() -> [UInt64] {
            let item = DynamicItem(identifier: "n", bounds: Size(100, 100), center: Point(300, 400), kind: .plain)
            let animator = DynamicAnimator()
            let field = FieldBehavior.noiseField(smoothness: 0, animationSpeed: 1)
            field.addItem(item)
            animator.addBehavior(field)
            for _ in 1...30 { animator.step(Scenes.tick) }
            return Self.bits(item.center) + Self.bits(animator.linearVelocity(for: item))
        }
        #expect(run() == run())
    }

    @Test("A noise field is continuous: the largest force change shrinks with the move (no jumps)")
    func continuous() throws {
        let field = FieldBehavior.noiseField(smoothness: 0, animationSpeed: 1)
        // 4 000 points 0.25 pt apart along a slanted line: crosses many simplex boundaries.
        func largestChange(move: Double) throws -> Double {
            var largest = 0.0
            for k in 0..<4000 {
                let p = Point(-500 + 0.25 * Double(k), 123 + 0.1 * Double(k))
                let f0 = try #require(Self.force(field, Self.sample(p, time: 0.3)))
                let f1 = try #require(Self.force(field, Self.sample(p + Point(move, move), time: 0.3)))
                largest = max(largest, f0.distance(to: f1))
            }
            return largest
        }
        // |∇(n·∇n)| stays below 40 N per lattice unit (= per m at smoothness 0): a move of
        // √2·10⁻⁴ pt = 1.41·10⁻⁶ m changes the force by < 6·10⁻⁵ N, and 100× less for a 100×
        // smaller move — a discontinuity would not shrink.
        let coarse = try largestChange(move: 1e-4)
        let fine = try largestChange(move: 1e-6)
        #expect(coarse <= 6e-5, "largest change \(coarse)")
        #expect(fine <= 6e-7, "largest change \(fine)")
        #expect(coarse > 0 && fine > 0)
    }

    @Test("The noise force scales with strength and falloff")
    func strengthAndFalloff() throws {
        let field = FieldBehavior.noiseField(smoothness: 0, animationSpeed: 0)
        let s = Self.sample(Point(200, 0))  // r = 2 m from the field at the origin
        let base = try #require(Self.force(field, s))
        #expect(base != .zero)
        field.strength = 2
        #expect(try #require(Self.force(field, s)) == base * 2)
        field.strength = -0.5
        #expect(try #require(Self.force(field, s)) == base * -0.5)
        field.strength = 1
        field.falloff = 2  // fall = 2⁻² exactly
        #expect(try #require(Self.force(field, s)) == base * 0.25)
        // The base force is n·∇n in lattice units, with k = 2^(−4σ) per metre.
        let n = SimplexNoise.srdnoise3(2, 0, 0, angle: 0)
        #expect(base == Point(n.dx, n.dy) * n.value)
    }

    @Test("A noise field is off when |strength| < 2⁻¹⁵ and on at 2⁻¹⁵")
    func tinyStrength() {
        let field = FieldBehavior.noiseField(smoothness: 0, animationSpeed: 0)
        let s = Self.sample(Point(200, 0))
        field.strength = 1.0 / 65536
        #expect(field.evaluate(s) == .none)
        field.strength = -1.0 / 65536
        #expect(field.evaluate(s) == .none)
        field.strength = 1.0 / 32768
        #expect(Self.force(field, s).map { $0 != .zero } == true)
    }

    @Test("Smoothness stretches the pattern by 2^(4σ); animation speed scales time; speed 0 freezes it")
    func smoothnessAndSpeed() throws {
        let smooth = FieldBehavior.noiseField(smoothness: 0.25, animationSpeed: 0)
        let sharp = FieldBehavior.noiseField(smoothness: 0, animationSpeed: 0)
        let p = Point(317, -45)
        #expect(
            try #require(Self.force(smooth, Self.sample(p))) == (try #require(Self.force(sharp, Self.sample(p * 0.5)))))
        #expect(
            try #require(Self.force(sharp, Self.sample(p, time: 0)))
                == (try #require(Self.force(sharp, Self.sample(p, time: 10)))))
        let fast = FieldBehavior.noiseField(smoothness: 0, animationSpeed: 4)
        let slow = FieldBehavior.noiseField(smoothness: 0, animationSpeed: 1)
        #expect(
            try #require(Self.force(fast, Self.sample(p, time: 0.25)))
                == (try #require(Self.force(slow, Self.sample(p, time: 1)))))
        #expect(
            try #require(Self.force(fast, Self.sample(p, time: 0.25)))
                != (try #require(Self.force(fast, Self.sample(p, time: 0)))))
    }

    @Test("A turbulence field is the noise force × m·|v|² (v in m/s, m in kg)")
    func turbulence() throws {
        let noise = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1)
        let turbulence = FieldBehavior.turbulenceField(smoothness: 0.5, animationSpeed: 1)
        let p = Point(250, 130)
        let n = try #require(Self.force(noise, Self.sample(p, time: 0.5)))
        // m 2 kg, v (300, 400) pt/s = (3, 4) m/s: m·|v|² = 50.
        #expect(
            try #require(Self.force(turbulence, Self.sample(p, velocity: Point(300, 400), mass: 2, time: 0.5))) == n
                * 50)
        #expect(
            try #require(Self.force(turbulence, Self.sample(p, velocity: Point(600, 800), mass: 2, time: 0.5))) == n
                * 200)
        #expect(
            try #require(Self.force(turbulence, Self.sample(p, velocity: Point(300, 400), mass: 6, time: 0.5))) == n
                * 150)
        #expect(try #require(Self.force(turbulence, Self.sample(p, mass: 2, time: 0.5))) == .zero)
    }

    @Test("In the animator one sub-step of noise changes the velocity by h·F/m, F sampled at time 0")
    func oneSubStep() throws {
        let item = DynamicItem(identifier: "n", bounds: Size(100, 100), center: Point(300, 400), kind: .plain)
        let animator = DynamicAnimator()
        let material = ItemBehavior(items: [item])
        material.resistance = 0
        material.density = 2
        animator.addBehavior(material)
        let field = FieldBehavior.noiseField(smoothness: 0, animationSpeed: 3)
        field.addItem(item)
        animator.addBehavior(field)
        let f = try #require(Self.force(field, Self.sample(Point(300, 400), mass: 2, time: 0)))
        animator.step(Scenes.tick)  // the first tick is one sub-step
        let h = Double(Float(1.0 / 120))
        let a = animator.linearVelocity(for: item) * (1 / h)  // pt/s²
        let expected = f * (100 / 2)
        #expect(a.distance(to: expected) <= 1e-3 * max(1, expected.length), "a \(a) vs \(expected)")
    }

    @Test("Fields see the simulated time: sub-step count × h")
    func sampleTime() {
        final class Log { var times: [Double] = [] }
        let log = Log()
        let item = DynamicItem(identifier: "t", bounds: Size(100, 100), center: Point(300, 400), kind: .plain)
        let animator = DynamicAnimator()
        let field = FieldBehavior(
            kind: .custom { s in
                log.times.append(s.time)
                return .zero
            })
        field.addItem(item)
        animator.addBehavior(field)
        for _ in 1...3 { animator.step(Scenes.tick) }
        let h = Double(Float(1.0 / 120))
        #expect(log.times == [0, h, 2 * h, 3 * h, 4 * h])
    }

    static let badParameters: [(Double, Double, String)] = [
        (-0.1, 0, "FieldBehavior.smoothness: smoothness -0.1 out of range 0...1"),
        (1.5, 0, "FieldBehavior.smoothness: smoothness 1.5 out of range 0...1"),
        (.nan, 0, "FieldBehavior.smoothness: non-finite value nan"),
        (0, -1, "FieldBehavior.animationSpeed: negative animation speed -1.0: must be >= 0"),
        (0, .infinity, "FieldBehavior.animationSpeed: non-finite value inf"),
    ]

    @Test("Smoothness outside 0...1 and negative or non-finite animation speeds are rejected", arguments: badParameters)
    func validation(smoothness: Double, speed: Double, message: String) {
        #expect(throws: DynamicsParameterError.self) {
            try FieldBehavior.validate(smoothness: smoothness, animationSpeed: speed)
        }
        do {
            try FieldBehavior.validate(smoothness: smoothness, animationSpeed: speed)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("Smoothness 0 and 1 and any finite speed ≥ 0 are accepted")
    func validRange() throws {
        try FieldBehavior.validate(smoothness: 0, animationSpeed: 0)
        try FieldBehavior.validate(smoothness: 1, animationSpeed: 1e6)
    }

    // MARK: Regions

    /// a: disc r 10; b: 40×4 bar; c: 4×40 bar. Points: centre (all), (15, 0) (b only),
    /// (8, 5) (a only), (0, 15) (c only), (30, 30) (none).
    static let points = [Point(0, 0), Point(15, 0), Point(8, 5), Point(0, 15), Point(30, 30)]

    static func truth(_ r: FieldRegion) -> [Bool] { points.map(r.contains) }

    @Test("Region set operations follow their truth tables; a new operation replaces the second operand")
    func regionOperations() throws {
        let a = try FieldRegion(radius: 10)
        let b = try FieldRegion(size: Size(40, 4))
        let c = try FieldRegion(size: Size(4, 40))
        #expect(Self.truth(a) == [true, false, true, false, false])
        #expect(Self.truth(b) == [true, true, false, false, false])
        #expect(Self.truth(c) == [true, false, false, true, false])
        #expect(Self.truth(a.union(with: b)) == [true, true, true, false, false])
        #expect(Self.truth(a.difference(from: b)) == [false, false, true, false, false])
        #expect(Self.truth(a.intersection(with: b)) == [true, false, false, false, false])
        #expect(Self.truth(a.union(with: c)) == [true, false, true, true, false])
        // (a ∪ b) ∩ c = a ∩ c (UIKit's one second slot).
        #expect(a.union(with: b).intersection(with: c) == a.intersection(with: c))
        #expect(Self.truth(a.union(with: b).intersection(with: c)) == [true, false, false, false, false])
        // The second operand brings its first primitive only: a ∪ (b ∩ c) = a ∪ b.
        #expect(a.union(with: b.intersection(with: c)) == a.union(with: b))
        // Inverted operands.
        #expect(Self.truth(a.inverse().union(with: b)) == [true, true, false, true, true])
        #expect(Self.truth(a.union(with: b.inverse())) == [true, false, true, true, true])
        #expect(Self.truth(FieldRegion.infinite.difference(from: a)) == [false, true, false, true, true])
        #expect(Self.truth(a.intersection(with: .infinite)) == Self.truth(a))
    }

    @Test("The inverse of a combined region is its exact complement")
    func regionInverse() throws {
        let a = try FieldRegion(radius: 10)
        let b = try FieldRegion(size: Size(40, 4))
        #expect(Self.truth(a.union(with: b).inverse()) == [false, false, false, true, true])
        #expect(Self.truth(a.intersection(with: b).inverse()) == [false, true, true, true, true])
        #expect(Self.truth(a.difference(from: b).inverse()) == [true, true, false, true, true])
        for r in [a.union(with: b), a.intersection(with: b), a.difference(from: b), a.inverse().union(with: b)] {
            #expect(Self.truth(r.inverse().inverse()) == Self.truth(r))
            #expect(Self.truth(r.inverse()) == Self.truth(r).map { !$0 })
        }
        #expect(a.operation == nil && a.union(with: b).operation == .union)
        #expect(!a.isInverted && a.inverse().isInverted)
    }

    @Test("A radius-50 region holds distance 50, not 50.001 [MEAS f_4]")
    func regionEdge() throws {
        let r = try FieldRegion(radius: 50)
        #expect(r.contains(Point(30, 40)))
        #expect(!r.contains(Point(30.0006, 40.0008)))
        #expect(r.union(with: .infinite.inverse()).contains(Point(30, 40)))
        #expect(!r.union(with: .infinite.inverse()).contains(Point(30.0006, 40.0008)))
    }

    // MARK: The 32-field limit

    @Test("At most 32 fields act per animator: the 33rd is registered but exerts no force")
    func fieldLimit() {
        let item = DynamicItem(identifier: "f", bounds: Size(100, 100), center: Point(300, 400), kind: .plain)
        let animator = DynamicAnimator()
        let material = ItemBehavior(items: [item])
        material.resistance = 0
        animator.addBehavior(material)
        let fields = (0..<33).map { _ in FieldBehavior.linearGravityField(direction: Point(0, 1)) }
        for f in fields {
            f.addItem(item)
            animator.addBehavior(f)
        }
        #expect(fields.map(\.isBeyondFieldLimit) == Array(repeating: false, count: 32) + [true])
        #expect(animator.behaviors.count == 34)
        animator.step(Scenes.tick)  // one sub-step of 32 × 100 pt/s²
        let h = Double(Float(1.0 / 120))
        #expect(
            abs(animator.linearVelocity(for: item).y / h - 3200) <= 0.5, "\(animator.linearVelocity(for: item).y / h)")

        // Freeing a slot does not promote the 33rd (UIKit never associated it); re-adding does.
        animator.removeBehavior(fields[0])
        #expect(fields[32].isBeyondFieldLimit)
        animator.removeBehavior(fields[32])
        #expect(!fields[32].isBeyondFieldLimit)
        animator.addBehavior(fields[32])
        #expect(!fields[32].isBeyondFieldLimit)
        animator.addBehavior(fields[0])
        #expect(fields[0].isBeyondFieldLimit)
    }

    @Test("validate(fieldCount:) accepts 32 fields and names the limit for 33")
    func fieldCountValidation() throws {
        #expect(DynamicAnimator.maximumFieldCount == 32)
        try DynamicAnimator.validate(fieldCount: 0)
        try DynamicAnimator.validate(fieldCount: 32)
        do {
            try DynamicAnimator.validate(fieldCount: 33)
            Issue.record("33 fields accepted")
        } catch {
            #expect(error.description == "DynamicAnimator.fieldCount: 33 field behaviors: at most 32 per animator")
        }
    }
}
