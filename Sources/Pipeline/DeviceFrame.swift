import Geometry
import Raster
import SceneModel

/// Device framing (`canvas.screenCornerRadius`, `canvas.frame`): a plain bezel drawn last, over
/// everything, so a demo looks like a phone without any maker's artwork.
///
/// The bezel is the canvas minus the screen: the screen is the canvas inset by the frame's width
/// on every side, its corners rounded by `screenCornerRadius`. Drawn over the canvas's edges
/// (the canvas keeps its size and items keep their coordinates; keep content `width` points
/// from the edges). Without `frame:` the width is 0 and only the corners outside the rounded
/// screen are painted, black. Rejected: growing the canvas by the bezel, which would move every
/// pixel of every existing scene and every consumer's idea of the canvas size.
public enum DeviceFrame {
    /// Kappa for a quarter circle as one cubic (4/3·(√2 − 1)); radial error 0.027 % of the radius.
    static let kappa = 0.5522847498307936

    /// The bezel's rectangle for `canvas`, or nil when it draws nothing.
    public static func rect(for canvas: Canvas) -> DrawRect? {
        let width = canvas.frame?.width ?? 0
        let radius = canvas.screenCornerRadius
        guard canvas.frame != nil || radius > 0 else { return nil }
        let color = canvas.frame?.color ?? ColorRGBA8(r: 0, g: 0, b: 0, a: 255)
        let size = canvas.size
        var path = Path()
        // The outer edge, then the screen; even-odd leaves the band between them.
        path.move(to: Point(0, 0))
        path.line(to: Point(size.width, 0))
        path.line(to: Point(size.width, size.height))
        path.line(to: Point(0, size.height))
        path.close()
        path.append(
            roundedRect(
                Rect(x: width, y: width, width: size.width - 2 * width, height: size.height - 2 * width),
                radius: radius))
        let pixels = AffineTransform(scaleX: canvas.scale, y: canvas.scale)
        let bezel = DrawPath(path: path, transform: pixels, fillRule: .evenOdd, paint: .solid(color))
        return DrawRect(
            size: size,
            transform: AffineTransform(translationX: size.width / 2, y: size.height / 2).concatenating(pixels),
            fill: .clear, content: [bezel])
    }

    /// A rounded rectangle, clockwise from the top edge, corners as single cubics.
    static func roundedRect(_ r: Rect, radius: Double) -> Path {
        let rr = r.size.drawnCornerRadius(radius)
        let k = rr * (1 - kappa)
        let (x0, y0, x1, y1) = (r.origin.x, r.origin.y, r.origin.x + r.size.width, r.origin.y + r.size.height)
        var p = Path()
        p.move(to: Point(x0 + rr, y0))
        p.line(to: Point(x1 - rr, y0))
        if rr > 0 { p.cubic(to: Point(x1, y0 + rr), control1: Point(x1 - k, y0), control2: Point(x1, y0 + k)) }
        p.line(to: Point(x1, y1 - rr))
        if rr > 0 { p.cubic(to: Point(x1 - rr, y1), control1: Point(x1, y1 - k), control2: Point(x1 - k, y1)) }
        p.line(to: Point(x0 + rr, y1))
        if rr > 0 { p.cubic(to: Point(x0, y1 - rr), control1: Point(x0 + k, y1), control2: Point(x0, y1 - k)) }
        p.line(to: Point(x0, y0 + rr))
        if rr > 0 { p.cubic(to: Point(x0 + rr, y0), control1: Point(x0, y0 + k), control2: Point(x0 + k, y0)) }
        p.close()
        return p
    }
}
