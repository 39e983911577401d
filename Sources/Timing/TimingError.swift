/// The one error type of the module: a programmer error at the boundary (a call made in the wrong
/// state, a value out of range), carrying everything the scene layer needs to point at the cause.
///
/// Apple raises `NSInternalInconsistencyException` for the illegal property-animator calls and
/// silently ignores or substitutes most bad media-timing values; Flipbook reports both as a
/// `TimingError` so a scene author sees *which call*, *when*, *in which state* and *what was expected*.
public struct TimingError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Kind: String, Sendable, Equatable {
        /// A call that is illegal in the object's current state (spec timing §4.2).
        case illegalState
        /// A value outside its documented range, or of the wrong kind for the property.
        case invalidValue
    }

    public var kind: Kind
    /// The API called, Apple-style: `"finishAnimation(at:)"`, `"KeyframeAnimation.keyTimes"`.
    public var call: String
    /// The host time of the call in seconds, when the call happens at a time.
    public var time: Double?
    /// The state the object was in (`"active (running)"`), or the offending value.
    public var state: String
    /// What would have been legal.
    public var expected: String

    public init(_ kind: Kind, call: String, time: Double? = nil, state: String, expected: String) {
        self.kind = kind
        self.call = call
        self.time = time
        self.state = state
        self.expected = expected
    }

    public var description: String {
        let at = time.map { " at t=\($0) s" } ?? ""
        switch kind {
        case .illegalState: return "\(call)\(at): illegal in state \(state); expected \(expected)"
        case .invalidValue: return "\(call)\(at): invalid value \(state); expected \(expected)"
        }
    }

    static func invalid(_ call: String, _ value: Any, expected: String, time: Double? = nil) -> TimingError {
        TimingError(.invalidValue, call: call, time: time, state: "\(value)", expected: expected)
    }
}

/// Rejects NaN and infinities, the usual first check of a boundary value.
func requireFinite(_ value: Double, _ call: @autoclosure () -> String) throws {
    guard value.isFinite else { throw TimingError.invalid(call(), value, expected: "a finite number") }
}
