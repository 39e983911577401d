import Foundation
import Geometry

/// A scroll view's content offset over time, driven by scripted drags and programmatic scrolls:
/// while a finger is down the content follows it (rubber-banded past an edge); after it lifts,
/// each axis glides, bounces back or settles onto a page (`ScrollAxis.release`);
/// `setContentOffset(_:animated:)` moves it to an offset. A drag or a scroll that begins while the
/// content still moves catches it where it is, as a finger on a gliding list stops it.
///
/// Every query is a pure function of the time: the same inputs give the same offsets at the same
/// times, whatever asks.
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

    /// `setContentOffset(_:animated:)` at a time.
    public struct Scroll: Equatable, Sendable {
        public var at: Double
        public var offset: Point
        public var animated: Bool
        public init(at: Double, offset: Point, animated: Bool) {
            self.at = at
            self.offset = offset
            self.animated = animated
        }
    }

    /// How long an animated `setContentOffset` takes, and on what curve: UIKit does not say;
    /// 0.3 s ease-in-ease-out is this project's reading of iOS recordings.
    public static let scrollAnimationDuration = 0.3

    /// What the content is doing at a time.
    public enum Phase: Equatable, Sendable {
        case idle, dragging, decelerating, animating
    }

    /// One input's effect: where it caught the content, and what the content did after it.
    struct Stroke: Equatable, Sendable {
        /// The finger; nil for a programmatic scroll.
        var drag: Drag?
        var scroll: Scroll?
        /// Where the finger stood, in unbanded offsets, when it touched down.
        var caught: Point
        var startPage: (x: Int, y: Int)
        var releaseVelocity: Point
        var glide: (x: AxisGlide, y: AxisGlide)

        /// When the input begins, and when the content is on its own (the finger lifts; a scroll
        /// begins and ends there).
        var start: Double { drag?.at ?? scroll?.at ?? 0 }
        var end: Double { drag?.end ?? scroll?.at ?? 0 }
        /// When the content is at rest after it.
        var restTime: Double { end + max(glide.x.duration, glide.y.duration) }
        var target: Point { Point(glide.x.restingOffset, glide.y.restingOffset) }

        static func == (a: Stroke, b: Stroke) -> Bool {
            a.drag == b.drag && a.scroll == b.scroll && a.caught == b.caught && a.startPage == b.startPage
                && a.releaseVelocity == b.releaseVelocity && a.glide == b.glide
        }
    }

    public let x: ScrollAxis
    public let y: ScrollAxis
    public let initialOffset: Point
    let strokes: [Stroke]

    /// - Parameters:
    ///   - drags: in time order, none starting before the previous one lifts.
    ///   - scrolls: programmatic scrolls, none while a finger is down.
    public init(x: ScrollAxis, y: ScrollAxis, initialOffset: Point, drags: [Drag], scrolls: [Scroll] = []) {
        self.x = x
        self.y = y
        self.initialOffset = initialOffset
        // Inputs in time order; a drag before a scroll at the same time (it came down first).
        var inputs: [(time: Double, rank: Int, drag: Drag?, scroll: Scroll?)] = []
        for drag in drags { inputs.append((drag.at, 0, drag, nil)) }
        for scroll in scrolls { inputs.append((scroll.at, 1, nil, scroll)) }
        inputs = inputs.enumerated().sorted { a, b in
            (a.element.time, a.element.rank, a.offset) < (b.element.time, b.element.rank, b.offset)
        }.map(\.element)
        var strokes: [Stroke] = []
        for (at, _, drag, scroll) in inputs {
            let before = Self.settled(strokes.last, initial: initialOffset, at: at)
            var stroke = Stroke(
                drag: drag, scroll: scroll, caught: Point(x.unbanded(before.x), y.unbanded(before.y)),
                startPage: (x.page(of: before.x), y.page(of: before.y)), releaseVelocity: .zero,
                glide: (AxisGlide(pieces: [.rest(before.x)]), AxisGlide(pieces: [.rest(before.y)])))
            if let drag { Self.release(&stroke, drag, x: x, y: y) }
            if let scroll {
                let duration = scroll.animated ? Self.scrollAnimationDuration : 0
                stroke.glide = (
                    AxisGlide.eased(from: before.x, to: scroll.offset.x, duration: duration),
                    AxisGlide.eased(from: before.y, to: scroll.offset.y, duration: duration)
                )
            }
            strokes.append(stroke)
        }
        self.strokes = strokes
    }

    /// Where a drag leaves the content when the finger lifts, and what each axis does after.
    private static func release(_ stroke: inout Stroke, _ drag: Drag, x: ScrollAxis, y: ScrollAxis) {
        let travel = drag.path.position(at: drag.path.duration) - drag.path.position(at: 0)
        let raw = stroke.caught - Self.moved(travel, x: x, y: y)
        let offset = Point(x.banded(raw.x), y.banded(raw.y))
        // The content moves against the finger, at the rubber band's share of its speed.
        let finger = Self.moved(drag.path.releaseVelocity, x: x, y: y)
        stroke.releaseVelocity = Point(-finger.x * x.bandSlope(raw.x), -finger.y * y.bandSlope(raw.y))
        stroke.glide = (
            x.release(at: offset.x, velocity: stroke.releaseVelocity.x, startPage: stroke.startPage.x),
            y.release(at: offset.y, velocity: stroke.releaseVelocity.y, startPage: stroke.startPage.y)
        )
    }

    /// A finger's movement as the axes take it: nothing on an axis that does not scroll.
    static func moved(_ v: Point, x: ScrollAxis, y: ScrollAxis) -> Point {
        Point(x.scrolls ? v.x : 0, y.scrolls ? v.y : 0)
    }

    /// The offset after `stroke` (or the initial one) at `t`, no finger down.
    static func settled(_ stroke: Stroke?, initial: Point, at t: Double) -> Point {
        guard let stroke else { return initial }
        let local = t - stroke.end
        return Point(stroke.glide.x.state(at: local).offset, stroke.glide.y.state(at: local).offset)
    }

    /// The input under way at `t`: the last that began at or before it.
    func stroke(at t: Double) -> Stroke? { strokes.last { $0.start <= t } }

    /// Offset, its velocity (points a second) and the phase at `t` seconds.
    public func state(at t: Double) -> (offset: Point, velocity: Point, phase: Phase) {
        guard let stroke = stroke(at: t) else { return (initialOffset, .zero, .idle) }
        if let drag = stroke.drag, t <= drag.end {
            let path = drag.path
            let local = t - drag.at
            let raw = stroke.caught - Self.moved(path.position(at: local) - path.position(at: 0), x: x, y: y)
            // The content moves against the finger, at the rubber band's share of its speed.
            let finger = Self.moved(path.velocity(at: local), x: x, y: y)
            let velocity = Point(-finger.x * x.bandSlope(raw.x), -finger.y * y.bandSlope(raw.y))
            return (Point(x.banded(raw.x), y.banded(raw.y)), velocity, .dragging)
        }
        let local = t - stroke.end
        let (sx, sy) = (stroke.glide.x.state(at: local), stroke.glide.y.state(at: local))
        let moving = t < stroke.restTime
        let phase: Phase = !moving ? .idle : stroke.drag == nil ? .animating : .decelerating
        return (Point(sx.offset, sy.offset), Point(sx.velocity, sy.velocity), phase)
    }

    /// When the content is last at rest for good: the end of the last glide (0 without inputs).
    public var restTime: Double { strokes.last?.restTime ?? 0 }

    /// What UIScrollViewDelegate hears, in time order, with the times it hears it.
    public var events: [(time: Double, event: ScrollEvent)] {
        var events: [(Double, ScrollEvent)] = []
        for (i, stroke) in strokes.enumerated() {
            let interrupted = i + 1 < strokes.count && strokes[i + 1].start < stroke.restTime
            if let scroll = stroke.scroll {
                events.append((scroll.at, .setContentOffset(scroll.offset, animated: scroll.animated)))
                if scroll.animated && !interrupted {
                    events.append((stroke.restTime, .didEndScrollingAnimation(offset: stroke.target)))
                }
                continue
            }
            events.append((stroke.start, .willBeginDragging))
            events.append((stroke.end, .willEndDragging(velocity: stroke.releaseVelocity, target: stroke.target)))
            if stroke.restTime > stroke.end && !interrupted {
                events.append((stroke.restTime, .didEndDecelerating(offset: stroke.target)))
            }
            if !interrupted && (x.isPagingEnabled || y.isPagingEnabled) {
                let page = (x: x.page(of: stroke.target.x), y: y.page(of: stroke.target.y))
                if page != stroke.startPage {
                    events.append((stroke.restTime, .pageChanged(from: stroke.startPage, to: page)))
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
    /// `setContentOffset(_:animated:)` called, and the end of its animation.
    case setContentOffset(Point, animated: Bool)
    case didEndScrollingAnimation(offset: Point)

    public static func == (a: ScrollEvent, b: ScrollEvent) -> Bool { a.description == b.description }

    public var description: String {
        func text(_ p: Point) -> String { "(\(Self.number(p.x)), \(Self.number(p.y)))" }
        switch self {
        case .willBeginDragging: return "scrollViewWillBeginDragging"
        case .willEndDragging(let v, let target):
            return "scrollViewWillEndDragging velocity \(text(v)) pt/s target \(text(target))"
        case .didEndDecelerating(let offset): return "scrollViewDidEndDecelerating offset \(text(offset))"
        case .pageChanged(let from, let to): return "page (\(from.x), \(from.y)) → (\(to.x), \(to.y))"
        case .setContentOffset(let offset, let animated):
            return "setContentOffset(\(text(offset)), animated: \(animated))"
        case .didEndScrollingAnimation(let offset): return "scrollViewDidEndScrollingAnimation offset \(text(offset))"
        }
    }

    /// Two decimals, no "-0.00": what a reader compares.
    static func number(_ v: Double) -> String {
        let rounded = (v * 100).rounded() / 100
        let text = String(format: "%.2f", rounded == 0 ? 0 : rounded)
        return text
    }
}
