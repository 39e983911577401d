import Geometry

// `feImage`: the picture drawn into a transparent image of the filter region exactly as an image
// piece is drawn on the canvas (a rectangle filled with an `ImagePaint`, anti-aliased at its
// edges, sampled by the same kernels), so a picture looks the same through a filter as outside
// one. The run then clears it outside the primitive's subregion, as every result.
extension FilterRun {
    /// `image` with texel space mapped to canvas pixels by `toPixels`, in the region's pixels
    /// (sRGB, premultiplied).
    func picture(_ image: RasterImage, toPixels: AffineTransform, pixelated: Bool) -> FilterImage {
        let (w, h) = (source.width, source.height)
        // The region's pixels are the canvas's moved by the region's origin.
        let local = toPixels.concatenating(AffineTransform(translationX: -Double(origin.x), y: -Double(origin.y)))
        guard local.isFinite, local.inverted != nil else { return FilterImage(width: w, height: h) }
        let texels = Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
        let outline = Path([
            .move(Point(texels.minX, texels.minY)), .line(Point(texels.maxX, texels.minY)),
            .line(Point(texels.maxX, texels.maxY)), .line(Point(texels.minX, texels.maxY)), .close,
        ])
        let paint = ImagePaint(image: image, toPixels: local, pixelated: pixelated)
        var canvas = Pixmap(width: w, height: h)
        var rasterizer = Rasterizer(banding: .never)
        rasterizer.draw(DrawPath(path: outline, transform: local, paint: .image(paint)), onto: &canvas)
        return FilterImage(width: w, height: h, bytes: canvas.data, linear: false)
    }
}
