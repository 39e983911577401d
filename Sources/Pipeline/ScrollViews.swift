import Geometry
import Raster
import SceneModel
import Scrolling
import Timing

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

extension SceneTiming {
    /// A scroll view's child's value of `property` by where it is in the visible area
    /// (`scrollTransition:`), at `t`; nil when no scroll transition drives the property. The phase
    /// is the child's presented centre less the visible area's middle (content offset plus half
    /// the bounds), along the axis, over the distance.
    func scrollTransitionValue(_ i: Int, _ property: LayerProperty, at t: Double) -> AnimatableValue? {
        guard let spec = nodes[i].item.scrollTransitions.last(where: { $0.property == property }),
            let parent = nodes[i].parent, let scroll = nodes[parent].item.scroll
        else { return nil }
        let bounds = nodes[parent].layer.presentationValue(of: .size, at: t).size ?? nodes[parent].item.size
        let offset = scrollMotions[parent]?.state(at: t).offset ?? scroll.contentOffset
        let center = nodes[i].layer.presentationValue(of: .center, at: t).point ?? nodes[i].item.center
        let size = nodes[i].layer.presentationValue(of: .size, at: t).size ?? nodes[i].item.size
        let horizontal =
            spec.axis.map { $0 == .x }
            ?? (scroll.contentSize.width - bounds.width >= scroll.contentSize.height - bounds.height)
        let along = horizontal ? center.x - (offset.x + bounds.width / 2) : center.y - (offset.y + bounds.height / 2)
        let distance = spec.distance ?? (horizontal ? size.width : size.height)
        return spec.value(atPhase: along / distance)
    }
}
