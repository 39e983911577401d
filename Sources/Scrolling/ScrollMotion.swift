import Foundation
import Geometry

/// A scroll view's content offset over time, driven by scripted drags: while a finger is down
/// the content follows it (rubber-banded past an edge); after it lifts, each axis glides,
/// bounces back or settles onto a page (`ScrollAxis.release`). A drag that lands while the
/// content still moves catches it where it is, as a finger on a gliding list stops it.
///
/// Every query is a pure function of the time: the same drags give the same offsets at the
/// same times, whatever asks.
public struct ScrollMotion: Equatable, Sendable {
    public struct Drag: Equatable, Sendable {
        /// Touch-down, seconds on the scene's clock.
        public var at: Double
        public var path: FingerPath
        public init(at: Double, path: FingerPath) {
            self.at = at
            self.path = path
        }
        public var end: Double { at + path.duration }
    }

    /// What the content is doing at a time.
    public enum Phase: Equatable, Sendable {
        case idle, dragging, decelerating
    }

    /// One drag's effect: where the finger caught the content, and what it did after lifting.
    struct Stroke: Equatable, Sendable {
        var drag: Drag
        /// Where the finger stood, in unbanded offsets, when it touched down.
        var caught: Point
        var startPage: (x: Int, y: Int)
        var releaseOffset: Point
        var releaseVelocity: Point
        var glide: (x: AxisGlide, y: AxisGlide)

        static func == (a: Stroke, b: Stroke) -> Bool {
            a.drag == b.drag && a.caught == b.caught && a.startPage == b.startPage && a.releaseOffset == b.releaseOffset
                && a.releaseVelocity == b.releaseVelocity && a.glide == b.glide
        }
    }

    public let x: ScrollAxis
    public let y: ScrollAxis
    public let initialOffset: Point
    let strokes: [Stroke]

    /// - Parameter drags: in time order, none starting before the previous one lifts.
    public init(x: ScrollAxis, y: ScrollAxis, initialOffset: Point, drags: [Drag]) {
        self.x = x
        self.y = y
        self.initialOffset = initialOffset
        var strokes: [Stroke] = []
        for drag in drags {
            let before = Self.settled(strokes.last, initial: initialOffset, at: drag.at)
            let caught = Point(x.unbanded(before.x), y.unbanded(before.y))
            var stroke = Stroke(
                drag: drag, caught: caught, startPage: (x.page(of: before.x), y.page(of: before.y)),
                releaseOffset: .zero, releaseVelocity: .zero,
                glide: (AxisGlide(pieces: [.rest(0)]), AxisGlide(pieces: [.rest(0)])))
            let travel = drag.path.position(at: drag.path.duration) - drag.path.position(at: 0)
            let raw = caught - Self.moved(travel, x: x, y: y)
            stroke.releaseOffset = Point(x.banded(raw.x), y.banded(raw.y))
            // The content moves against the finger, at the rubber band's share of its speed.
            let finger = Self.moved(drag.path.releaseVelocity, x: x, y: y)
            stroke.releaseVelocity = Point(-finger.x * x.bandSlope(raw.x), -finger.y * y.bandSlope(raw.y))
            stroke.glide = (
                x.release(
                    at: stroke.releaseOffset.x, velocity: stroke.releaseVelocity.x, startPage: stroke.startPage.x),
                y.release(at: stroke.releaseOffset.y, velocity: stroke.releaseVelocity.y, startPage: stroke.startPage.y)
            )
            strokes.append(stroke)
        }
        self.strokes = strokes
    }

    /// A finger's movement as the axes take it: nothing on an axis that does not scroll.
    static func moved(_ v: Point, x: ScrollAxis, y: ScrollAxis) -> Point {
        Point(x.scrolls ? v.x : 0, y.scrolls ? v.y : 0)
    }

    /// The offset after `stroke` (or the initial one) at `t`, the finger up.
    static func settled(_ stroke: Stroke?, initial: Point, at t: Double) -> Point {
        guard let stroke else { return initial }
        let local = t - stroke.drag.end
        return Point(stroke.glide.x.state(at: local).offset, stroke.glide.y.state(at: local).offset)
    }

    /// The stroke under way at `t`: the last whose finger came down at or before it.
    func stroke(at t: Double) -> Stroke? { strokes.last { $0.drag.at <= t } }

    /// Offset, its velocity (points a second) and the phase at `t` seconds.
    public func state(at t: Double) -> (offset: Point, velocity: Point, phase: Phase) {
        guard let stroke = stroke(at: t) else { return (initialOffset, .zero, .idle) }
        if t <= stroke.drag.end {
            let path = stroke.drag.path
            let local = t - stroke.drag.at
            let raw = stroke.caught - Self.moved(path.position(at: local) - path.position(at: 0), x: x, y: y)
            // The content moves against the finger, at the rubber band's share of its speed.
            let finger = Self.moved(path.velocity(at: local), x: x, y: y)
            let velocity = Point(-finger.x * x.bandSlope(raw.x), -finger.y * y.bandSlope(raw.y))
            return (Point(x.banded(raw.x), y.banded(raw.y)), velocity, .dragging)
        }
        let local = t - stroke.drag.end
        let (sx, sy) = (stroke.glide.x.state(at: local), stroke.glide.y.state(at: local))
        let moving = local < max(stroke.glide.x.duration, stroke.glide.y.duration)
        return (Point(sx.offset, sy.offset), Point(sx.velocity, sy.velocity), moving ? .decelerating : .idle)
    }

    /// When the content is last at rest for good: the end of the last glide (0 without drags).
    public var restTime: Double {
        guard let last = strokes.last else { return 0 }
        return last.drag.end + max(last.glide.x.duration, last.glide.y.duration)
    }

    /// What UIScrollViewDelegate hears, in time order, with the times it hears it.
    public var events: [(time: Double, event: ScrollEvent)] {
        var events: [(Double, ScrollEvent)] = []
        for (i, stroke) in strokes.enumerated() {
            events.append((stroke.drag.at, .willBeginDragging))
            let target = Point(stroke.glide.x.restingOffset, stroke.glide.y.restingOffset)
            events.append((stroke.drag.end, .willEndDragging(velocity: stroke.releaseVelocity, target: target)))
            let end = stroke.drag.end + max(stroke.glide.x.duration, stroke.glide.y.duration)
            let interrupted = i + 1 < strokes.count && strokes[i + 1].drag.at < end
            if end > stroke.drag.end && !interrupted {
                events.append((end, .didEndDecelerating(offset: target)))
            }
            if !interrupted && (x.isPagingEnabled || y.isPagingEnabled) {
                let page = (x: x.page(of: target.x), y: y.page(of: target.y))
                if page != stroke.startPage {
                    events.append((end, .pageChanged(from: stroke.startPage, to: page)))
                }
            }
        }
        return events
    }
}

/// A scroll view delegate callback, as the trace writes it.
public enum ScrollEvent: Equatable, Sendable, CustomStringConvertible {
    case willBeginDragging
    /// Velocity in points a second (UIKit passes points a millisecond) and the resting offset.
    case willEndDragging(velocity: Point, target: Point)
    case didEndDecelerating(offset: Point)
    case pageChanged(from: (x: Int, y: Int), to: (x: Int, y: Int))

    public static func == (a: ScrollEvent, b: ScrollEvent) -> Bool { a.description == b.description }

    public var description: String {
        func text(_ p: Point) -> String { "(\(Self.number(p.x)), \(Self.number(p.y)))" }
        switch self {
        case .willBeginDragging: return "scrollViewWillBeginDragging"
        case .willEndDragging(let v, let target):
            return "scrollViewWillEndDragging velocity \(text(v)) pt/s target \(text(target))"
        case .didEndDecelerating(let offset): return "scrollViewDidEndDecelerating offset \(text(offset))"
        case .pageChanged(let from, let to): return "page (\(from.x), \(from.y)) → (\(to.x), \(to.y))"
        }
    }

    /// Two decimals, no "-0.00": what a reader compares.
    static func number(_ v: Double) -> String {
        let rounded = (v * 100).rounded() / 100
        let text = String(format: "%.2f", rounded == 0 ? 0 : rounded)
        return text
    }
}
