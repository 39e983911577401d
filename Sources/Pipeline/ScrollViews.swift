import Geometry
import Raster
import SceneModel
import Scrolling

/// A scene's scroll views (`scroll:` items) as the simulation runs them: each one's motion,
/// made once from its scripted drags, asked for the offset and the indicator bars at each tick.
extension ScrollSpec {
    /// The motion of a scroll view of `bounds` size.
    func motion(bounds: Size) -> ScrollMotion {
        let rate = decelerationRate.rate
        let inset = contentInset
        let x = ScrollAxis(
            content: contentSize.width, leadingInset: inset[1], trailingInset: inset[3], dimension: bounds.width,
            alwaysBounces: alwaysBounceHorizontal, bounces: bounces, isPagingEnabled: isPagingEnabled, rate: rate)
        let y = ScrollAxis(
            content: contentSize.height, leadingInset: inset[0], trailingInset: inset[2], dimension: bounds.height,
            alwaysBounces: alwaysBounceVertical, bounces: bounces, isPagingEnabled: isPagingEnabled, rate: rate)
        return ScrollMotion(
            x: x, y: y, initialOffset: contentOffset,
            drags: drags.map { .init(at: $0.at, path: FingerPath(times: $0.times, points: $0.points)) },
            scrolls: setContentOffset.map { .init(at: $0.at, offset: $0.offset, animated: $0.animated) })
    }
}

extension DisplayListBuilder {
    /// Node `i`'s scroll indicator bars now, if it is a scroll view: rects in its bounds (not
    /// moving with the content), clipped like its children.
    static func scrollIndicators(
        _ i: Int, _ timing: SceneTiming, size: Size, transform: AffineTransform, _ opacity: Double,
        _ clips: [ClipShape]
    ) -> [DrawRect] {
        guard let spec = timing.nodes[i].item.scroll, spec.showsScrollIndicators, let motion = timing.scrollMotions[i]
        else { return [] }
        let boundsToPixels = AffineTransform(translationX: -size.width / 2, y: -size.height / 2).concatenating(
            transform)
        return ScrollIndicators.bars(of: motion, bounds: size, content: spec.contentSize, at: timing.time).map { bar in
            let centre = Point(bar.frame.midX, bar.frame.midY)
            return DrawRect(
                size: bar.frame.size, cornerRadius: ScrollIndicators.thickness / 2,
                transform: AffineTransform(translationX: centre.x, y: centre.y).concatenating(boundsToPixels),
                fill: .black, opacity: opacity * bar.opacity, clips: clips)
        }
    }
}
