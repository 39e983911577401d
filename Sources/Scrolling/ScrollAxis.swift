import Timing

/// One axis of a scroll view: where its offset may rest and how it moves past that.
public struct ScrollAxis: Equatable, Sendable {
    /// The smallest resting offset: minus the leading content inset.
    public var minOffset: Double
    /// The largest: the content's length plus the trailing inset, less the bounds' length; never
    /// under `minOffset` (content shorter than the bounds rests at `minOffset`).
    public var maxOffset: Double
    /// The bounds' length on this axis: the rubber band's `d` and the page size.
    public var dimension: Double
    /// Whether a drag moves the offset on this axis at all: content longer than the bounds, or
    /// `alwaysBounce…` on this axis (UIKit's rule).
    public var scrolls: Bool
    public var bounces: Bool
    public var isPagingEnabled: Bool
    /// Velocity kept per millisecond of a glide.
    public var rate: Double

    public init(
        content: Double, leadingInset: Double, trailingInset: Double, dimension: Double, alwaysBounces: Bool,
        bounces: Bool, isPagingEnabled: Bool, rate: Double
    ) {
        minOffset = -leadingInset
        maxOffset = max(minOffset, content + trailingInset - dimension)
        self.dimension = dimension
        scrolls = maxOffset > minOffset || (alwaysBounces && bounces)
        self.bounces = bounces
        self.isPagingEnabled = isPagingEnabled
        self.rate = rate
    }

    /// The offset a drag shows for a finger that would put it at `raw`: itself within the
    /// range, rubber-banded past an edge (held at the edge without `bounces`).
    public func banded(_ raw: Double) -> Double {
        if raw < minOffset {
            return bounces ? minOffset - ScrollPhysics.rubberBand(minOffset - raw, dimension: dimension) : minOffset
        }
        if raw > maxOffset {
            return bounces ? maxOffset + ScrollPhysics.rubberBand(raw - maxOffset, dimension: dimension) : maxOffset
        }
        return raw
    }

    /// The inverse of `banded`: where a finger catching content at `offset` stands.
    public func unbanded(_ offset: Double) -> Double {
        if offset < minOffset {
            return minOffset - ScrollPhysics.rubberBandTravel(minOffset - offset, dimension: dimension)
        }
        if offset > maxOffset {
            return maxOffset + ScrollPhysics.rubberBandTravel(offset - maxOffset, dimension: dimension)
        }
        return offset
    }

    /// How much of the finger's speed the content keeps at `raw` (less than 1 past an edge).
    public func bandSlope(_ raw: Double) -> Double {
        guard bounces else { return raw < minOffset || raw > maxOffset ? 0 : 1 }
        if raw < minOffset { return ScrollPhysics.rubberBandSlope(minOffset - raw, dimension: dimension) }
        if raw > maxOffset { return ScrollPhysics.rubberBandSlope(raw - maxOffset, dimension: dimension) }
        return 1
    }

    /// The page an offset is nearest to (pages are multiples of `dimension`, as UIKit pages).
    public func page(of offset: Double) -> Int {
        let page = (min(max(offset, minOffset), maxOffset) / dimension).rounded()
        guard dimension > 0, page.isFinite else { return 0 }
        return Int(page)
    }

    /// The offset of page `k`, held to the range.
    public func offset(ofPage k: Int) -> Double { min(max(Double(k) * dimension, minOffset), maxOffset) }

    /// What the offset does after the finger lifts at `offset` with the content moving at
    /// `velocity` points a second, having started the drag on page `startPage`.
    public func release(at offset: Double, velocity: Double, startPage: Int) -> AxisGlide {
        guard scrolls else { return AxisGlide(pieces: [.rest(offset)]) }
        if isPagingEnabled {
            // The page nearest the projected rest, at most one page from where the drag began.
            let projected = offset + ScrollPhysics.project(velocity: velocity, rate: rate)
            let page = min(max(self.page(of: projected), startPage - 1), startPage + 1)
            let target = self.offset(ofPage: page)
            return AxisGlide.spring(
                to: target, from: offset, velocity: velocity, response: ScrollPhysics.pagingResponse, after: 0)
        }
        if offset < minOffset || offset > maxOffset {
            let edge = offset < minOffset ? minOffset : maxOffset
            return AxisGlide.spring(
                to: edge, from: offset, velocity: velocity, response: ScrollPhysics.bounceResponse, after: 0)
        }
        let duration = ScrollPhysics.glideDuration(velocity, rate: rate)
        let glide = AxisGlide.Piece.glide(start: offset, velocity: velocity, rate: rate)
        let edge = velocity > 0 ? maxOffset : minOffset
        if let hit = ScrollPhysics.glideTime(from: offset, velocity: velocity, rate: rate, to: edge), hit < duration {
            guard bounces else { return AxisGlide(pieces: [glide, .rest(edge)], starts: [0, hit]) }
            let speed = ScrollPhysics.glideVelocity(velocity, rate: rate, at: hit)
            var bounce = AxisGlide.spring(
                to: edge, from: edge, velocity: speed, response: ScrollPhysics.bounceResponse, after: hit)
            bounce.pieces.insert(glide, at: 0)
            bounce.starts.insert(0, at: 0)
            return bounce
        }
        let rest = offset + ScrollPhysics.glideDistance(velocity, rate: rate, at: duration)
        return duration > 0
            ? AxisGlide(pieces: [glide, .rest(rest)], starts: [0, duration]) : AxisGlide(pieces: [.rest(offset)])
    }
}

/// An axis's motion after release: pieces one after another, times in seconds from the release.
public struct AxisGlide: Equatable, Sendable {
    public enum Piece: Equatable, Sendable {
        /// v(t) = velocity·rate^(1000t) from `start`.
        case glide(start: Double, velocity: Double, rate: Double)
        /// A critically damped spring onto `target`, from `target + displacement` at `velocity`.
        case spring(target: Double, displacement: Double, velocity: Double, omega: Double)
        case rest(Double)
        /// `setContentOffset(_:animated:)`: from one offset to another on ease-in-ease-out.
        case eased(from: Double, to: Double, duration: Double)
    }

    public var pieces: [Piece]
    /// When each piece begins, seconds after release; the last is when the axis comes to rest.
    public var starts: [Double]

    public init(pieces: [Piece], starts: [Double] = [0]) {
        self.pieces = pieces
        self.starts = starts
    }

    static func spring(to target: Double, from offset: Double, velocity: Double, response: Double, after start: Double)
        -> AxisGlide
    {
        let omega = ScrollPhysics.omega(response: response)
        let settle = ScrollPhysics.springSettleTime(x0: offset - target, v0: velocity, omega: omega)
        return AxisGlide(
            pieces: [
                .spring(target: target, displacement: offset - target, velocity: velocity, omega: omega), .rest(target),
            ],
            starts: [start, start + settle])
    }

    /// From `from` to `to` in `duration` seconds on Core Animation's ease-in-ease-out curve (at
    /// once for 0), then at rest.
    static func eased(from: Double, to: Double, duration: Double) -> AxisGlide {
        guard duration > 0, from != to else { return AxisGlide(pieces: [.rest(to)]) }
        return AxisGlide(pieces: [.eased(from: from, to: to, duration: duration), .rest(to)], starts: [0, duration])
    }

    /// When the axis is at rest, seconds after release.
    public var duration: Double { starts[starts.count - 1] }

    /// Where the axis comes to rest.
    public var restingOffset: Double {
        if case .rest(let x) = pieces[pieces.count - 1] { return x }
        return 0
    }

    /// Offset and velocity `t` seconds after release.
    public func state(at t: Double) -> (offset: Double, velocity: Double) {
        var i = 0
        while i + 1 < starts.count && starts[i + 1] <= t { i += 1 }
        let local = t - starts[i]
        switch pieces[i] {
        case .glide(let start, let velocity, let rate):
            return (
                start + ScrollPhysics.glideDistance(velocity, rate: rate, at: local),
                ScrollPhysics.glideVelocity(velocity, rate: rate, at: local)
            )
        case .spring(let target, let displacement, let velocity, let omega):
            let s = ScrollPhysics.criticalSpring(x0: displacement, v0: velocity, omega: omega, at: local)
            return (target + s.position, s.velocity)
        case .rest(let x):
            return (x, 0)
        case .eased(let from, let to, let duration):
            let curve = MediaTimingFunction.easeInEaseOut
            let x = local / duration
            // The velocity column's slope: a central difference over a thousandth of the duration.
            let h = 1e-3
            let (x0, x1) = (max(x - h, 0), min(x + h, 1))
            let slope = (curve.evaluate(x1) - curve.evaluate(x0)) / (x1 - x0)
            return (from + (to - from) * curve.evaluate(x), (to - from) * slope / duration)
        }
    }
}
