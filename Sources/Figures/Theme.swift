import Geometry
import Raster

/// The look shared by every figure: sizes in figure pixels, colours from Apple's system palette
/// (the scenes use it too), so figures sit well next to the frames they describe.
enum Theme {
    static let paper = ColorRGBA8(r: 255, g: 255, b: 255)
    static let ink = ColorRGBA8(r: 28, g: 28, b: 30)  // label
    static let secondaryInk = ColorRGBA8(r: 99, g: 99, b: 102)  // secondary label
    static let rule = ColorRGBA8(r: 199, g: 199, b: 204)  // panel and cell outlines
    static let grid = ColorRGBA8(r: 235, g: 235, b: 240)  // gridlines
    static let animatorEvent = ColorRGBA8(r: 142, g: 142, b: 147)
    static let behaviorEvent = ColorRGBA8(r: 175, g: 82, b: 222)

    /// Series colours in order; the first few are the most distinguishable.
    static let series: [ColorRGBA8] = [
        ColorRGBA8(r: 0, g: 122, b: 255),  // blue
        ColorRGBA8(r: 255, g: 149, b: 0),  // orange
        ColorRGBA8(r: 52, g: 199, b: 89),  // green
        ColorRGBA8(r: 255, g: 45, b: 85),  // pink
        ColorRGBA8(r: 88, g: 86, b: 214),  // indigo
        ColorRGBA8(r: 90, g: 200, b: 250),  // teal
        ColorRGBA8(r: 162, g: 132, b: 94),  // brown
    ]
    static func seriesColor(_ index: Int) -> ColorRGBA8 { series[index % series.count] }

    static let margin = 16.0
    static let titleSize = 15
    static let labelSize = 12
    static let tickSize = 11

    /// A deterministic decimal: `value` with `decimals` places, a true minus sign, no "−0".
    static func format(_ value: Double, decimals: Int) -> String {
        let text = String(format: "%.\(max(decimals, 0))f", value)
        if text.hasPrefix("-") {
            let magnitude = String(text.dropFirst())
            return magnitude.allSatisfy({ $0 == "0" || $0 == "." }) ? magnitude : "\u{2212}" + magnitude
        }
        return text
    }
}

/// How a figure shows frames: which part of the canvas (in points) at how many figure pixels per
/// point.
public struct FrameViewport: Equatable, Sendable {
    /// The visible part of the canvas, in canvas points.
    public var crop: Rect
    /// Figure pixels per canvas point, > 0 (the canvas's own `scale` gives full resolution).
    public var pixelsPerPoint: Double

    public init(crop: Rect, pixelsPerPoint: Double) {
        precondition(
            pixelsPerPoint > 0 && pixelsPerPoint.isFinite, "pixels per point must be positive, got \(pixelsPerPoint)")
        self.crop = crop
        self.pixelsPerPoint = pixelsPerPoint
    }

    public var pixelWidth: Int { max(1, Int((crop.size.width * pixelsPerPoint).rounded())) }
    public var pixelHeight: Int { max(1, Int((crop.size.height * pixelsPerPoint).rounded())) }

    /// Canvas points → viewport pixels.
    public var pointTransform: Geometry.AffineTransform {
        AffineTransform(translationX: -crop.origin.x, y: -crop.origin.y)
            .concatenating(AffineTransform(scaleX: pixelsPerPoint, y: pixelsPerPoint))
    }

    /// Display-list pixels (canvas points × `canvasScale`) → viewport pixels.
    func listTransform(canvasScale: Double) -> AffineTransform {
        AffineTransform(scaleX: 1 / canvasScale, y: 1 / canvasScale).concatenating(pointTransform)
    }

    /// `bounds` grown by `padding` points on every side and kept inside the canvas.
    public static func around(_ bounds: Rect, padding: Double, canvas: Size) -> Rect {
        let minX = max(0, bounds.origin.x - padding)
        let minY = max(0, bounds.origin.y - padding)
        let maxX = min(canvas.width, bounds.origin.x + bounds.size.width + padding)
        let maxY = min(canvas.height, bounds.origin.y + bounds.size.height + padding)
        return Rect(x: minX, y: minY, width: max(maxX - minX, 1), height: max(maxY - minY, 1))
    }
}

extension MotionRecording {
    /// The frames at `layers` drawn into one viewport-sized display list over the canvas
    /// background: each layer's rectangles faded and tinted as given, in order.
    func viewportList(
        _ viewport: FrameViewport,
        layers: [(tick: Int, opacity: Double, tint: ColorRGBA8?)]
    ) -> DisplayList {
        let view = viewport.listTransform(canvasScale: scene.canvas.scale)
        var list = DisplayList(
            width: viewport.pixelWidth, height: viewport.pixelHeight,
            background: scene.canvas.background)
        let scale = (view.a * view.a + view.b * view.b).squareRoot()
        for layer in layers {
            let frame = frames[layer.tick]
            guard layer.opacity == 1, layer.tint == nil else {
                // A faded or tinted layer (a ghost) fades each rect, its groups flattened.
                list.rects += frame.figureRects.map { $0.placed(by: view, opacity: layer.opacity, tint: layer.tint) }
                continue
            }
            // A solid frame keeps its groups (opacity, blur, masks), moved along with its rects.
            let offset = list.rects.count
            // A projected group's rects are in its offscreen's pixels: its projection moves instead.
            // `nested`: inside a projected group after its first rect, where a group's own
            // projection is to that offscreen, not to the canvas.
            var inOffscreen = [Bool](repeating: false, count: frame.rects.count)
            var nested = inOffscreen
            for group in frame.groups where group.projection != nil {
                for i in group.extent.clamped(to: frame.rects.indices) {
                    inOffscreen[i] = true
                    nested[i] = nested[i] || i > group.rects.lowerBound
                }
            }
            list.rects += frame.rects.indices.map {
                inOffscreen[$0] ? frame.rects[$0] : frame.rects[$0].placed(by: view)
            }
            list.groups += frame.groups.map { group in
                var moved = group.shifted(by: offset)
                let start = min(group.rects.lowerBound, frame.rects.count - 1)
                if let projection = group.projection, !nested[start] {
                    moved.projection?.homography = projection.homography.concatenating(Homography(view))
                } else if !inOffscreen[start] {
                    moved.blur *= scale
                    moved.filter = group.filter?.placed(by: view)
                }
                return moved
            }
        }
        return list
    }
}
