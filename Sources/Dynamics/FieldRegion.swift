import Foundation
import Geometry

/// `UIRegion`: where a field acts, in points relative to the field's `position`.
/// Built through validating initializers: a radius or size that is negative or non-finite is
/// rejected.
///
/// Layout (spec §3.7): one primitive with an inversion flag, plus at most one second primitive
/// (with its own inversion flag) and the set operation joining them. A new operation *replaces*
/// the second slot, so `(a ∪ b) ∩ c` is `a ∩ c` — UIKit's behaviour, kept on purpose.
///
/// [GUESS] (spec silent): the second operand contributes only its first primitive and that
/// primitive's inversion flag (its own second slot is dropped, as the one-slot layout implies);
/// `inverse()` of a combined region is its exact complement by De Morgan (¬(a ∪ b) = ¬a ∩ ¬b,
/// ¬(a ∩ b) = ¬a ∪ ¬b, ¬(a − b) = ¬a ∪ b), which the layout can hold without a third flag.
public struct FieldRegion: Hashable, Sendable {
    enum Shape: Hashable, Sendable {
        case infinite
        case radius(Double)
        case size(Size)
    }
    /// How the second primitive joins the first.
    public enum Operation: Hashable, Sendable { case union, difference, intersection }
    struct Primitive: Hashable, Sendable {
        var shape: Shape
        var isInverted: Bool

        func contains(_ p: Point) -> Bool {
            let inside: Bool
            switch shape {
            case .infinite: inside = true
            case .radius(let r): inside = p.length <= r
            case .size(let s): inside = abs(p.x) <= s.width / 2 && abs(p.y) <= s.height / 2
            }
            return inside != isInverted
        }
    }

    let first: Primitive
    let second: (operation: Operation, primitive: Primitive)?

    /// True: the first primitive is complemented (for a region without a set operation: the
    /// field acts *outside* the shape).
    public var isInverted: Bool { first.isInverted }
    /// The set operation joining the second primitive, nil for a plain region.
    public var operation: Operation? { second?.operation }

    /// Everywhere (default).
    public static let infinite = FieldRegion(first: Primitive(shape: .infinite, isInverted: false), second: nil)

    /// A disc of `radius` pt (points at exactly `radius` are inside, [MEAS f_4]).
    public init(radius: Double) throws(DynamicsParameterError) {
        try Check.nonNegative(radius, "FieldRegion.radius", "radius")
        self.init(first: Primitive(shape: .radius(radius), isInverted: false), second: nil)
    }

    /// A rectangle of `size` pt centred on the field position.
    public init(size: Size) throws(DynamicsParameterError) {
        try Check.nonNegative(size.width, "FieldRegion.size", "width")
        try Check.nonNegative(size.height, "FieldRegion.size", "height")
        self.init(first: Primitive(shape: .size(size), isInverted: false), second: nil)
    }

    private init(first: Primitive, second: (operation: Operation, primitive: Primitive)?) {
        self.first = first
        self.second = second
    }

    public static func == (a: FieldRegion, b: FieldRegion) -> Bool {
        a.first == b.first && a.second?.operation == b.second?.operation && a.second?.primitive == b.second?.primitive
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(first)
        hasher.combine(second?.operation)
        hasher.combine(second?.primitive)
    }

    /// The complement.
    public func inverse() -> FieldRegion {
        var a = first
        a.isInverted.toggle()
        guard let (op, b) = second else { return FieldRegion(first: a, second: nil) }
        var notB = b
        notB.isInverted.toggle()
        switch op {
        case .union: return FieldRegion(first: a, second: (.intersection, notB))
        case .intersection: return FieldRegion(first: a, second: (.union, notB))
        case .difference: return FieldRegion(first: a, second: (.union, b))
        }
    }

    /// `union(with:)`: self's first primitive ∪ `other`'s first primitive (replaces any earlier
    /// second operand).
    public func union(with other: FieldRegion) -> FieldRegion {
        FieldRegion(first: first, second: (.union, other.first))
    }

    /// `difference(from:)`: self's first primitive minus `other`'s first primitive.
    public func difference(from other: FieldRegion) -> FieldRegion {
        FieldRegion(first: first, second: (.difference, other.first))
    }

    /// `intersection(with:)`: self's first primitive ∩ `other`'s first primitive.
    public func intersection(with other: FieldRegion) -> FieldRegion {
        FieldRegion(first: first, second: (.intersection, other.first))
    }

    /// Whether `p` (pt, relative to the field position) is inside.
    public func contains(_ p: Point) -> Bool {
        let a = first.contains(p)
        guard let (op, primitive) = second else { return a }
        let b = primitive.contains(p)
        switch op {
        case .union: return a || b
        case .difference: return a && !b
        case .intersection: return a && b
        }
    }
}

/// What a custom field (`FieldBehavior.custom`) is told about an item, once per sub-step.
public struct FieldSample: Sendable {
    /// The item's centre of mass, pt, in the animator's coordinates.
    public var position: Point
    /// Its velocity, pt/s.
    public var velocity: Point
    /// Its mass, kg (density·w·h/10⁴).
    public var mass: Double
    /// Its `ItemBehavior.charge`.
    public var charge: Double
    /// The sub-step length, s (1/120).
    public var deltaTime: Double
    /// Simulated time at the start of the sub-step, s: the animator's sub-steps so far × the
    /// sub-step length (from an integer count, so it never drifts). Noise fields animate with it.
    public var time: Double
}
