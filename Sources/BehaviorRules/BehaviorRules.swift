// The values UIKit Dynamics accepts for behaviour parameters (and Box2D, under it, can hold),
// stated once. `Dynamics` checks its setters and `validate(...)` functions with these rules, and
// `SceneModel` checks scene files with the same rules (in its own words, at the file's line), so
// a value a scene may write is exactly a value the Swift API takes.
//
// This module is a leaf: numbers and names only, no geometry and no engine.

/// Which numbers a parameter accepts. Every rule also requires a finite number.
public enum ParameterRule: Sendable, Equatable {
    /// Any finite number.
    case finite
    /// At least 0.
    case nonNegative
    /// Greater than 0.
    case positive
    /// 0 … 1 inclusive.
    case unit

    /// Whether `value` obeys the rule (NaN and ±infinity never do).
    public func accepts(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        switch self {
        case .finite: return true
        case .nonNegative: return value >= 0
        case .positive: return value > 0
        case .unit: return value >= 0 && value <= 1
        }
    }
}

/// The rules of each behaviour's parameters, by UIKit's property names.
public enum BehaviorRules {
    /// `UIAttachmentBehavior`.
    public enum Attachment {
        /// Rest length, pt: ≥ 0 (Box2D clamps to 0.5 pt). Scene files ask for > 0: a written 0 is a mistake.
        public static let length = ParameterRule.nonNegative
        /// Spring frequency, Hz: ≥ 0 (0 = rigid).
        public static let frequency = ParameterRule.nonNegative
        /// Damping ratio: ≥ 0.
        public static let damping = ParameterRule.nonNegative
        /// Pin friction torque, N·m: ≥ 0.
        public static let frictionTorque = ParameterRule.nonNegative
    }

    /// `UIDynamicItemBehavior`.
    public enum ItemProperties {
        /// Restitution: 0 … 1.
        public static let elasticity = ParameterRule.unit
        /// Friction coefficient: ≥ 0.
        public static let friction = ParameterRule.nonNegative
        /// Density: > 0 (a body needs a mass).
        public static let density = ParameterRule.positive
        /// Linear damping, 1/s: ≥ 0.
        public static let resistance = ParameterRule.nonNegative
        /// Angular damping, 1/s: ≥ 0.
        public static let angularResistance = ParameterRule.nonNegative
        /// Charge for electric and magnetic fields: any finite number.
        public static let charge = ParameterRule.finite
    }

    /// `UIFieldBehavior`.
    public enum Field {
        public static let strength = ParameterRule.finite
        public static let falloff = ParameterRule.finite
        /// Distances below it count as it, pt: ≥ 0.
        public static let minimumRadius = ParameterRule.nonNegative
        /// Noise and turbulence: 0 … 1.
        public static let smoothness = ParameterRule.unit
        /// Noise and turbulence, cells per second: ≥ 0.
        public static let animationSpeed = ParameterRule.nonNegative
    }

    /// `UISnapBehavior.damping`: 0 … 1.
    public static let snapDamping = ParameterRule.unit

    /// PhysicsKit's limit on field behaviours per animator: UIKit raises "Invalid Association" for
    /// the 33rd.
    public static let maximumFieldCount = 32
}
