import Geometry
import Raster
import SceneModel

// Images (`image:`) and gradient fills as display-list paints.

extension DisplayListBuilder {
    /// An item's image as one filled rectangle (where `contentMode` places it in the bounds) with
    /// an image paint. Clipped like the item's other content: by its own rounded bounds when it
    /// masks to bounds (`clips` then holds them), otherwise only by its ancestors', so a
    /// `scaleAspectFill` image overflows an item that does not mask, as in UIKit.
    static func imageContent(_ image: ItemImage, size: Size, transform: AffineTransform, scale: Double,
                             opacity: Double, clips: [ClipShape]) -> [DrawPath] {
        let boundsToPixels = AffineTransform(translationX: -size.width / 2, y: -size.height / 2).concatenating(transform)
        let place = image.placement(in: size, scale: scale)
        guard place.width > 0, place.height > 0, place.width.isFinite, place.height.isFinite else { return [] }
        var path = Path()
        path.move(to: Point(place.minX, place.minY))
        path.line(to: Point(place.maxX, place.minY))
        path.line(to: Point(place.maxX, place.maxY))
        path.line(to: Point(place.minX, place.maxY))
        path.close()
        let paint = ImagePaint(image: image.image,
                               toPixels: image.textureToBounds(in: size, scale: scale).concatenating(boundsToPixels))
        return [DrawPath(path: path, transform: boundsToPixels, paint: .image(paint), opacity: opacity, clips: clips)]
    }

    /// A gradient fill over the bounds of `size` (the layer's unit square).
    static func gradientFill(_ gradient: Gradient, size: Size, transform: AffineTransform) -> Paint {
        let boundsToPixels = AffineTransform(translationX: -size.width / 2, y: -size.height / 2).concatenating(transform)
        return .gradient(GradientPaint(gradient: gradient, size: size, toPixels: boundsToPixels))
    }

    /// A gradient canvas background: the colour behind it (the first stop when every stop is
    /// opaque, so frames keep the opaque-background fast paths; else clear), and a full-canvas
    /// rectangle filled with it, drawn first.
    static func background(_ canvas: Canvas) -> (ColorRGBA8, DrawRect?) {
        guard let gradient = canvas.backgroundGradient else { return (canvas.background, nil) }
        let width = Double(canvas.pixelWidth), height = Double(canvas.pixelHeight)
        let size = Size(width, height)
        let transform = AffineTransform(translationX: width / 2, y: height / 2)
        var rect = DrawRect(size: size, transform: transform, fill: .clear)
        // The gradient's unit square is the canvas in points: the same geometry at any scale.
        rect.fillPaint = gradientFill(gradient, size: size, transform: transform)
        let opaque = gradient.colors.allSatisfy { $0.a == 255 }
        return (opaque ? gradient.colors[0] : .clear, rect)
    }
}
