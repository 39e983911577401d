import Dynamics
import Geometry
import Raster
import SceneModel

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
        for index in order {
            let item = items[index]
            let live = state[index]
            list.rects.append(DrawRect(
                size: item.size,
                cornerRadius: item.cornerRadius,
                transform: transform(center: live.center, itemTransform: live.transform,
                                     scale: canvas.scale),
                fill: item.fill,
                borderWidth: item.border?.width ?? 0,
                borderColor: item.border?.color ?? .clear,
                opacity: item.opacity))
        }
        return list
    }
}
