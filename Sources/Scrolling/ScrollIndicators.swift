import Geometry

/// The bars UIScrollView draws while its content moves (`showsVerticalScrollIndicator`,
/// `showsHorizontalScrollIndicator`): where they are and how opaque, in the scroll view's own
/// bounds (origin at its top-left, not moving with the content). The numbers are this
/// project's reading of iOS screen recordings (Apple publishes none): 3 pt thick, 3 pt from the
/// edges, black at 35 %, at least 36 pt long, shorter as the content is rubber-banded, shown
/// while the finger drags or the content glides and faded out over 0.25 s from 0.1 s after.
public enum ScrollIndicators {
    public static let thickness = 3.0
    public static let inset = 3.0
    public static let minimumLength = 36.0
    /// Shortest a rubber band squeezes a bar to: a round dot.
    public static let squeezedLength = 3.0
    public static let alpha = 0.35
    public static let hold = 0.1
    public static let fade = 0.25

    /// One bar: its rectangle in the scroll view's bounds and its opacity (0 when hidden).
    public struct Bar: Equatable, Sendable {
        public var frame: Rect
        public var opacity: Double
    }

    /// The bars at `t`: vertical first, then horizontal, for the axes that scroll.
    public static func bars(of motion: ScrollMotion, bounds: Size, content: Size, at t: Double) -> [Bar] {
        let opacity = Self.opacity(of: motion, at: t)
        guard opacity > 0 else { return [] }
        let offset = motion.state(at: t).offset
        var bars: [Bar] = []
        if motion.y.scrolls {
            let (start, length) = place(offset.y, axis: motion.y, content: content.height, track: bounds.height)
            bars.append(
                Bar(
                    frame: Rect(x: bounds.width - inset - thickness, y: start, width: thickness, height: length),
                    opacity: opacity))
        }
        if motion.x.scrolls {
            let (start, length) = place(offset.x, axis: motion.x, content: content.width, track: bounds.width)
            bars.append(
                Bar(
                    frame: Rect(x: start, y: bounds.height - inset - thickness, width: length, height: thickness),
                    opacity: opacity))
        }
        return bars
    }

    /// Where a bar starts along its track and how long it is.
    static func place(_ offset: Double, axis: ScrollAxis, content: Double, track: Double) -> (Double, Double) {
        let room = max(track - 2 * inset, 0)
        let visible = content > 0 ? min(track / content, 1) : 1
        var length = min(max(room * visible, minimumLength), room)
        let span = axis.maxOffset - axis.minOffset
        let overshoot = max(axis.minOffset - offset, offset - axis.maxOffset, 0)
        length = max(length - overshoot, min(squeezedLength, room))
        let fraction = span > 0 ? min(max((offset - axis.minOffset) / span, 0), 1) : 0
        return (inset + fraction * (room - length), length)
    }

    /// 1 while the content moves under a finger or on its own, then fading to 0.
    static func opacity(of motion: ScrollMotion, at t: Double) -> Double {
        // A scroll that does not move the content (not animated) shows no bar.
        guard let stroke = motion.stroke(at: t), stroke.drag != nil || stroke.restTime > stroke.end else { return 0 }
        let end = stroke.restTime
        if t <= end + hold { return alpha }
        return alpha * max(0, 1 - (t - end - hold) / fade)
    }
}
