import BehaviorRules
import Geometry

/// A behaviour or item parameter that UIKit would reject (or that would trip one of Box2D's
/// assertions), reported by the throwing initializers and `validate(...)` functions of this module
/// so that a scene can name the offending value instead of crashing.
///
/// Every public setter that takes such a value checks it with the same rule and stops with
/// `precondition` (a broken invariant in the caller); scene code calls the throwing form first.
public struct DynamicsParameterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The parameter, as `Type.property` (e.g. `AttachmentBehavior.damping`).
    public let parameter: String
    /// What is wrong, with the offending value (e.g. "negative damping -0.5: must be >= 0").
    public let message: String

    public init(parameter: String, message: String) {
        self.parameter = parameter
        self.message = message
    }

    public var description: String { "\(parameter): \(message)" }
}

/// The shared rules behind every check (one wording for all behaviours).
enum Check {
    typealias Failure = DynamicsParameterError

    static func finite(_ value: Double, _ parameter: String) throws(Failure) {
        guard value.isFinite else { throw Failure(parameter: parameter, message: "non-finite value \(value)") }
    }

    static func finite(_ value: Point, _ parameter: String) throws(Failure) {
        guard value.isFinite else { throw Failure(parameter: parameter, message: "non-finite value \(value)") }
    }

    static func nonNegative(_ value: Double, _ parameter: String, _ what: String) throws(Failure) {
        try finite(value, parameter)
        guard value >= 0 else {
            throw Failure(parameter: parameter, message: "negative \(what) \(value): must be >= 0")
        }
    }

    static func positive(_ value: Double, _ parameter: String, _ what: String) throws(Failure) {
        try finite(value, parameter)
        guard value > 0 else { throw Failure(parameter: parameter, message: "\(what) \(value) must be > 0") }
    }

    static func unit(_ value: Double, _ parameter: String, _ what: String) throws(Failure) {
        try finite(value, parameter)
        guard (0...1).contains(value) else {
            throw Failure(parameter: parameter, message: "\(what) \(value) out of range 0...1")
        }
    }

    /// `value` under one of the shared `BehaviorRules`, in this module's words.
    static func rule(_ rule: ParameterRule, _ value: Double, _ parameter: String, _ what: String) throws(Failure) {
        switch rule {
        case .finite: try finite(value, parameter)
        case .nonNegative: try nonNegative(value, parameter, what)
        case .positive: try positive(value, parameter, what)
        case .unit: try unit(value, parameter, what)
        }
    }

    /// Runs a check whose failure is a programming error at this call site (a setter).
    static func require(_ body: () throws -> Void) {
        do { try body() } catch { preconditionFailure("\(error)") }
    }
}
