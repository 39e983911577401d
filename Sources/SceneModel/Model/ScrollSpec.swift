import Geometry
import Timing

/// An item that is a `UIScrollView` (`scroll:`): its children are content, placed in content
/// coordinates and moved by `contentOffset` (the bounds' origin), clipped to the item's bounds;
/// scripted drags scroll it, and it glides, bounces and pages when the finger lifts.
public struct ScrollSpec: Equatable, Sendable {
    /// `UIScrollView.DecelerationRate`: velocity kept per millisecond of a glide.
    public enum Deceleration: Equatable, Sendable {
        case normal, fast
        case rate(Double)

        public var rate: Double {
            switch self {
            case .normal: return 0.998
            case .fast: return 0.99
            case .rate(let r): return r
            }
        }
    }

    /// A scripted drag on the scroll view: the finger comes down at `at` (seconds) and follows
    /// `points` at `times` (seconds after `at`), lifting at the last.
    public struct Drag: Equatable, Sendable {
        public var at: Double
        public var times: [Double]
        public var points: [Point]

        public init(at: Double = 0, times: [Double] = [], points: [Point] = []) {
            self.at = at
            self.times = times
            self.points = points
        }

        public var end: Double { at + (times.last ?? 0) }
    }

    /// `setContentOffset(_:animated:)` at a time: the content moves to `offset` (animated over
    /// 0.3 s, or at once).
    public struct OffsetChange: Equatable, Sendable {
        public var at: Double
        public var offset: Point
        public var animated: Bool

        public init(at: Double = 0, offset: Point = .zero, animated: Bool = true) {
            self.at = at
            self.offset = offset
            self.animated = animated
        }
    }

    public var contentSize: Size
    /// `UIEdgeInsets`: top, left, bottom, right, in points.
    public var contentInset: [Double]
    public var contentOffset: Point
    public var bounces: Bool
    public var alwaysBounceVertical: Bool
    public var alwaysBounceHorizontal: Bool
    public var isPagingEnabled: Bool
    public var decelerationRate: Deceleration
    public var showsScrollIndicators: Bool
    public var drags: [Drag]
    public var setContentOffset: [OffsetChange]

    public init(
        contentSize: Size = .zero, contentInset: [Double] = [0, 0, 0, 0], contentOffset: Point = .zero,
        bounces: Bool = true, alwaysBounceVertical: Bool = false, alwaysBounceHorizontal: Bool = false,
        isPagingEnabled: Bool = false, decelerationRate: Deceleration = .normal, showsScrollIndicators: Bool = true,
        drags: [Drag] = [], setContentOffset: [OffsetChange] = []
    ) {
        self.contentSize = contentSize
        self.contentInset = contentInset
        self.contentOffset = contentOffset
        self.bounces = bounces
        self.alwaysBounceVertical = alwaysBounceVertical
        self.alwaysBounceHorizontal = alwaysBounceHorizontal
        self.isPagingEnabled = isPagingEnabled
        self.decelerationRate = decelerationRate
        self.showsScrollIndicators = showsScrollIndicators
        self.drags = drags
        self.setContentOffset = setContentOffset
    }

    /// When the last scripted finger lifts or the last scroll is asked for (0 without either).
    public var lastInput: Double { (drags.map(\.end) + setContentOffset.map(\.at)).max() ?? 0 }
}

/// A property of a scroll view's child that follows where the child is in the visible area, as
/// a `scrollViewDidScroll` that sets each cell's transform does (cover flow, a parallax, cards
/// that shrink toward the edges; SwiftUI's `scrollTransition`): the child's distance from the
/// visible area's middle along `axis`, over `distance`, is its phase in [−1, 1], and `values`,
/// spread evenly over [−1, 1], are interpolated at that phase.
public struct ScrollTransitionSpec: Equatable, Sendable {
    public enum Axis: String, CaseIterable, Sendable { case x, y }

    public var property: LayerProperty
    /// At least two, for phases −1 … 1 evenly.
    public var values: [AnimatableValue]
    /// Points from the middle at which the phase reaches ±1; nil: the child's own size along the axis.
    public var distance: Double?
    /// Nil: the axis the scroll view's content is longer along (x when it is as long both ways).
    public var axis: Axis?

    public init(property: LayerProperty, values: [AnimatableValue], distance: Double? = nil, axis: Axis? = nil) {
        self.property = property
        self.values = values
        self.distance = distance
        self.axis = axis
    }

    /// The value at `phase` (clamped to [−1, 1]).
    public func value(atPhase phase: Double) -> AnimatableValue {
        let clamped = phase.isFinite ? min(max(phase, -1), 1) : 0
        let position = (clamped + 1) / 2 * Double(values.count - 1)
        let k = min(Int(position.rounded(.down)), values.count - 2)
        return .interpolate(values[k], values[k + 1], position - Double(k))
    }
}
