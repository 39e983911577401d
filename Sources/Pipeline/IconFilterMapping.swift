import Geometry
import Icons
import Raster

/// An icon's SVG filter (`IconFilter`, in the filtered element's user space) as the rasterizer
/// runs it (`DrawFilter`, in the canvas's pixels), under the map `toPixels` from viewBox units to
/// the canvas.
///
/// The rasterizer filters in the canvas's axes, where SVG (and resvg) filter in the element's
/// user space: the two agree exactly for a transform that only scales and translates, which is
/// every icon an item draws upright. Under a rotation or skew each length goes where the
/// transform takes it: an offset is the transformed vector (exact), a region or subregion the
/// box around the transformed rectangle (larger than the turned one), and a blur the Gaussian
/// whose variance along each canvas axis is the transformed Gaussian's (its σx² and σy² mapped
/// by the linear part: a blur along a turned axis becomes a wider one along both).
enum IconFilterMapping {
    static func drawFilter(_ filter: IconFilter, toPixels: AffineTransform) -> DrawFilter {
        let t = filter.toViewBox.concatenating(toPixels)
        func box(_ r: Rect) -> Rect { bounds(of: r, under: t) }
        func sigmas(_ x: Double, _ y: Double) -> (Double, Double) {
            // Diagonal of M·diag(σx², σy²)·Mᵀ: the variances along the canvas's axes.
            let vx = t.a * t.a * x * x + t.c * t.c * y * y
            let vy = t.b * t.b * x * x + t.d * t.d * y * y
            return (vx.squareRoot(), vy.squareRoot())
        }
        func input(_ i: IconFilterPrimitive.Input) -> DrawFilter.Input {
            switch i {
            case .sourceGraphic: return .sourceGraphic
            case .sourceAlpha: return .sourceAlpha
            case .result(let k): return .result(k)
            }
        }
        let primitives = filter.primitives.map { p -> DrawFilter.Primitive in
            let kind: DrawFilter.Kind
            switch p.kind {
            case .gaussianBlur(let from, let x, let y):
                let (sx, sy) = sigmas(x, y)
                kind = .gaussianBlur(input(from), sigmaX: sx, sigmaY: sy)
            case .offset(let from, let dx, let dy):
                let v = t.applyLinear(to: Point(dx, dy))
                kind = .offset(input(from), dx: v.x, dy: v.y)
            case .flood(let color):
                kind = .flood(color)
            case .composite(let first, let second, let op):
                kind = .composite(input(first), input(second), compositeOperator(op))
            case .merge(let inputs):
                kind = .merge(inputs.map(input))
            case .dropShadow(let from, let dx, let dy, let x, let y, let color):
                let v = t.applyLinear(to: Point(dx, dy))
                let (sx, sy) = sigmas(x, y)
                kind = .dropShadow(input(from), dx: v.x, dy: v.y, sigmaX: sx, sigmaY: sy, color: color)
            }
            return DrawFilter.Primitive(kind: kind, subregion: box(p.subregion), linearRGB: p.linearRGB)
        }
        return DrawFilter(region: box(filter.region), primitives: primitives)
    }

    private static func compositeOperator(_ op: IconFilterPrimitive.CompositeOperator) -> DrawFilter.CompositeOperator {
        switch op {
        case .over: return .over
        case .in: return .in
        case .out: return .out
        case .atop: return .atop
        case .xor: return .xor
        case .arithmetic(let k1, let k2, let k3, let k4): return .arithmetic(k1: k1, k2: k2, k3: k3, k4: k4)
        }
    }

    /// The box around `r`'s four corners under `t`.
    static func bounds(of r: Rect, under t: AffineTransform) -> Rect {
        let corners = [
            Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY),
        ].map { t.apply(to: $0) }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
