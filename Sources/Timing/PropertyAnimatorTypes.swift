import Geometry

// The values `PropertyAnimator` takes and reports (spec timing §4).

/// `UIViewAnimatingState`.
public enum AnimatingState: String, Sendable {
    case inactive, active, stopped
}

/// `UIViewAnimatingPosition`.
public enum AnimatingPosition: String, Sendable, CaseIterable {
    case end, start, current
}

/// One property change made by an animation block: `target` names the view (layer), `from` is
/// the value the host had when the block ran (its presentation value), `to` the new model value.
public struct AnimatorChange: Hashable, Sendable {
    public var target: String
    public var property: LayerProperty
    public var from: AnimatableValue
    public var to: AnimatableValue

    public init(target: String, property: LayerProperty, from: AnimatableValue, to: AnimatableValue) throws {
        try requireKind(from, property.kind, "AnimatorChange(\(target).\(property.rawValue)).from")
        try requireKind(to, property.kind, "AnimatorChange(\(target).\(property.rawValue)).to")
        self.target = target
        self.property = property
        self.from = from
        self.to = to
    }
}

/// The animator's completion: at which position, at what host time, and how many completion
/// handlers ran. Emitted exactly once per finish (never by `stopAnimation(true)`).
public struct AnimatorEvent: Hashable, Sendable {
    public var position: AnimatingPosition
    public var time: Double
    public var handlersRun: Int
}
