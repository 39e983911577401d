import Geometry
import Images
import Raster
import SceneModel
import Timing

// Images (`image:`) and gradient fills as display-list paints.

extension DisplayListBuilder {
    /// An item's image as one filled rectangle (where `contentMode` places it in the bounds) with
    /// an image paint. Clipped like the item's other content: by its own rounded bounds when it
    /// masks to bounds (`clips` then holds them), otherwise only by its ancestors', so a
    /// `scaleAspectFill` image overflows an item that does not mask, as in UIKit.
    static func imageContent(
        _ image: ItemImage, size: Size, transform: AffineTransform, scale: Double,
        opacity: Double, clips: [ClipShape], images: PreparedImages
    ) -> [DrawPath] {
        imageContent(
            image, raster: images.raster(image.image), size: size, transform: transform, scale: scale,
            opacity: opacity, clips: clips)
    }

    /// An image whose pixels are ready (`raster`): a Lottie frame, drawn at `scale` pixels a point.
    static func imageContent(
        _ image: ItemImage, raster: RasterImage, size: Size, transform: AffineTransform, scale: Double,
        opacity: Double, clips: [ClipShape]
    ) -> [DrawPath] {
        let boundsToPixels = AffineTransform(translationX: -size.width / 2, y: -size.height / 2).concatenating(
            transform)
        let place = image.placement(in: size, scale: scale)
        guard place.width > 0, place.height > 0, place.width.isFinite, place.height.isFinite else { return [] }
        var path = Path()
        path.move(to: Point(place.minX, place.minY))
        path.line(to: Point(place.maxX, place.minY))
        path.line(to: Point(place.maxX, place.maxY))
        path.line(to: Point(place.minX, place.maxY))
        path.close()
        let paint = ImagePaint(
            image: raster,
            toPixels: image.textureToBounds(in: size, scale: scale).concatenating(boundsToPixels))
        return [DrawPath(path: path, transform: boundsToPixels, paint: .image(paint), opacity: opacity, clips: clips)]
    }

    /// A gradient fill over the bounds of `size` (the layer's unit square).
    static func gradientFill(_ gradient: Gradient, size: Size, transform: AffineTransform) -> Paint {
        let boundsToPixels = AffineTransform(translationX: -size.width / 2, y: -size.height / 2).concatenating(
            transform)
        return .gradient(GradientPaint(gradient: gradient, size: size, toPixels: boundsToPixels))
    }

    /// A gradient fill as presented now: its colours, locations and end points from the layer's
    /// presentation values (`colors`, `locations`, `startPoint`, `endPoint` animations). A value
    /// equal to the model's keeps the model's own, so an unanimated gradient draws exactly as
    /// written (a clear stop keeps its colour for SVG, which interpolates straight colours).
    /// Animated locations may lie outside 0…1, as Core Animation allows them (a shimmer moves
    /// stops from [−1, −0.5, 0] to [1, 1.5, 2]): the shader interpolates between the stops around
    /// t whatever their range. They are made non-decreasing (a running maximum), which an
    /// overshooting spring between two ordered lists may break and the shader relies on.
    static func presentedGradient(_ gradient: Gradient, _ value: (LayerProperty) -> AnimatableValue) -> Gradient {
        var g = gradient
        if let colors = value(.gradientColors).colorList, colors.count == g.colors.count,
            colors != ListValue(premultiplying: g.colors)
        {
            g.colors = colors.straightColors
        }
        if let locations = value(.gradientLocations).numberList, locations.count == g.locations.count,
            locations.elements != g.locations
        {
            var floor = -Double.infinity
            g.locations = locations.elements.map { v in
                floor = max(floor, v)
                return floor
            }
        }
        if let p = value(.gradientStartPoint).point { g.startPoint = p }
        if let p = value(.gradientEndPoint).point { g.endPoint = p }
        return g
    }

    /// A gradient canvas background: the colour behind it (the first stop when every stop is
    /// opaque, so frames keep the opaque-background fast paths; else clear), and a full-canvas
    /// rectangle filled with it, drawn first.
    static func background(_ canvas: Canvas) -> (ColorRGBA8, DrawRect?) {
        guard let gradient = canvas.backgroundGradient else { return (canvas.background, nil) }
        let width = Double(canvas.pixelWidth)
        let height = Double(canvas.pixelHeight)
        let size = Size(width, height)
        let transform = AffineTransform(translationX: width / 2, y: height / 2)
        var rect = DrawRect(size: size, transform: transform, fill: .clear)
        // The gradient's unit square is the canvas in points: the same geometry at any scale.
        rect.fillPaint = gradientFill(gradient, size: size, transform: transform)
        let opaque = gradient.colors.allSatisfy { $0.a == 255 }
        return (opaque ? gradient.colors[0] : .clear, rect)
    }
}

extension DisplayListBuilder {
    /// A layer's border as a filled band (even-odd: the bounds minus the bounds inset by `width`,
    /// corner radius max(r − width, 0), in the layer's corner curve), for items whose image must
    /// lie under the border as Core Animation draws `contents` (the rasterizer draws a rect's own
    /// border before its content).
    static func borderBand(
        size: Size, cornerRadius: Double, maskedCorners: CornerMask, cornerCurve: CornerCurve, width: Double,
        color: ColorRGBA8, transform: AffineTransform, opacity: Double, clips: [ClipShape]
    ) -> DrawPath? {
        guard width > 0, color.a > 0, size.width > 0, size.height > 0 else { return nil }
        let boundsToPixels = AffineTransform(translationX: -size.width / 2, y: -size.height / 2).concatenating(
            transform)
        let radius = size.drawnCornerRadius(cornerRadius)
        var path = Path()
        path.appendRoundedRect(
            x0: 0, y0: 0, x1: size.width, y1: size.height, radius: radius, corners: maskedCorners, curve: cornerCurve)
        path.appendRoundedRect(
            x0: width, y0: width, x1: size.width - width, y1: size.height - width, radius: max(radius - width, 0),
            corners: maskedCorners, curve: cornerCurve)
        return DrawPath(
            path: path, transform: boundsToPixels, fillRule: .evenOdd, paint: .solid(color), opacity: opacity,
            clips: clips)
    }
}
