import Dynamics
import Geometry
import Raster
import SceneModel
import Timing

/// Turns item state (from the animator) and item paint (from the scene) into a display list.
enum DisplayListBuilder {
    /// A layer's drawing transform, as Core Animation composes it: the item's own transform about
    /// its centre, then its centre position, then the canvas scale (points → pixels).
    static func transform(center: Point, itemTransform: AffineTransform, scale: Double) -> AffineTransform {
        itemTransform
            .concatenating(AffineTransform(translationX: center.x, y: center.y))
            .concatenating(AffineTransform(scaleX: scale, y: scale))
    }

    static func build(canvas: Canvas, items: [Item], order: [Int], state: [DynamicItem]) -> DisplayList {
        var list = DisplayList(width: canvas.pixelWidth, height: canvas.pixelHeight,
                               background: canvas.background)
        list.rects.reserveCapacity(order.count)
        for index in order where !items[index].isHidden {
            let item = items[index]
            let live = state[index]
            var rect = DrawRect(
                size: item.size,
                cornerRadius: item.cornerRadius,
                transform: transform(center: live.center, itemTransform: live.transform,
                                     scale: canvas.scale),
                fill: item.fill,
                borderWidth: item.border?.width ?? 0,
                borderColor: item.border?.color ?? .clear,
                opacity: item.opacity)
            rect.maskedCorners = item.maskedCorners
            list.rects.append(rect)
        }
        return list
    }
}

extension DisplayListBuilder {
    /// The frame of a scene that uses the layer tree or timing: items drawn depth first (a
    /// parent, then its children in z order), each with its presentation values.
    ///
    /// Geometry (CALayer): a child's centre is in its parent's bounds, origin at the parent's
    /// top-left, so its offset from the parent's centre is `center − size/2`; the child's
    /// transform is its own local transform, then that offset, then the parent's transform.
    /// Local transform = scale, then the rotation beyond the model's, then the animator's
    /// transform (the rotation for a plain item), then translation — identity parts are skipped,
    /// so an item without animations is drawn exactly as `build(canvas:items:order:state:)` draws it.
    /// Opacity multiplies down the tree; `masksToBounds` adds the item's rounded bounds to its
    /// descendants' clips; a layer whose time is outside its active span (local time < 0 for a
    /// reversed layer, before its beginTime) is not drawn, and neither are its descendants.
    static func build(canvas: Canvas, order: [Int], timing: SceneTiming) -> DisplayList {
        var list = DisplayList(width: canvas.pixelWidth, height: canvas.pixelHeight, background: canvas.background)
        let t = timing.time
        let pixels = AffineTransform(scaleX: canvas.scale, y: canvas.scale)
        func draw(_ i: Int, parent: AffineTransform?, parentSize: Size, opacity: Double, clips: [ClipShape]) {
            // `isHidden` (CALayer.isHidden): neither the layer nor its sublayers are drawn.
            guard timing.isVisible(i), !timing.nodes[i].item.isHidden else { return }
            let node = timing.nodes[i]
            let id = node.item.id
            func value(_ p: LayerProperty) -> AnimatableValue { timing.presentation(id, p, at: t) }
            let presented = presentedLayer(i, timing: timing)
            let (center, size, local) = (presented.center, presented.size, presented.transform)
            let points: AffineTransform
            if let parent {
                points = local.concatenating(AffineTransform(translationX: center.x - parentSize.width / 2,
                                                             y: center.y - parentSize.height / 2)).concatenating(parent)
            } else {
                points = local.concatenating(AffineTransform(translationX: center.x, y: center.y))
            }
            let transform = points.concatenating(pixels)
            let cornerRadius = value(.cornerRadius).scalar ?? node.item.cornerRadius
            let drawnOpacity = opacity * presented.opacity
            let shadow = node.item.shadow.map { s in
                DrawShadow(color: s.color, opacity: s.opacity, offset: s.offset * canvas.scale, radius: s.radius * canvas.scale)
            }
            var rect = DrawRect(
                size: size, cornerRadius: cornerRadius, transform: transform,
                fill: value(.fillColor).color?.rgba8 ?? node.item.fill,
                borderWidth: value(.borderWidth).scalar ?? 0,
                borderColor: value(.borderColor).color?.rgba8 ?? .clear,
                opacity: drawnOpacity, shadow: shadow, clips: clips)
            rect.maskedCorners = node.item.maskedCorners
            list.rects.append(rect)
            let childClips = node.item.masksToBounds
                ? clips + [ClipShape(size: size, cornerRadius: cornerRadius, maskedCorners: node.item.maskedCorners,
                                     transform: transform)] : clips
            for child in node.children {
                draw(child, parent: points, parentSize: size, opacity: drawnOpacity, clips: childClips)
            }
        }
        for i in order { draw(timing.roots[i], parent: nil, parentSize: .zero, opacity: 1, clips: []) }
        return list
    }

    /// A layer's presentation geometry now, in its parent's space: centre, bounds size, its own
    /// transform (rotation, scale, translation) and opacity. One function for drawing and for the
    /// trace, so a traced value is exactly what was drawn.
    struct PresentedLayer {
        var center: Point
        var size: Size
        var transform: AffineTransform
        var opacity: Double
    }

    static func presentedLayer(_ i: Int, timing: SceneTiming) -> PresentedLayer {
        let node = timing.nodes[i]
        let id = node.item.id
        func value(_ p: LayerProperty) -> AnimatableValue { timing.presentation(id, p, at: timing.time) }
        let rotation = value(.rotation).angle ?? .zero
        let modelRotation = node.layer.modelValue(of: .rotation).angle ?? .zero
        let scale = value(.scale).point ?? Point(1, 1)
        let translation = value(.translation).point ?? .zero
        var local = node.dynamic?.transform ?? AffineTransform(rotation: modelRotation)
        if rotation != modelRotation { local = AffineTransform(rotation: rotation - modelRotation).concatenating(local) }
        if scale != Point(1, 1) { local = AffineTransform(scaleX: scale.x, y: scale.y).concatenating(local) }
        if translation != .zero { local = local.concatenating(AffineTransform(translationX: translation.x, y: translation.y)) }
        return PresentedLayer(center: value(.center).point ?? node.item.center, size: value(.size).size ?? node.item.size,
                              transform: local, opacity: value(.opacity).scalar ?? node.item.opacity)
    }
}
