import Geometry
import Raster

/// Geometry's transform, not Foundation's (which has the same name): public declarations spell it `Geometry.AffineTransform`.
typealias AffineTransform = Geometry.AffineTransform

/// A figure resolved down to what both back ends can draw: shapes, placed frames, polylines and
/// text, in figure pixels, drawn in order over the background.
///
/// Every figure kind builds one of these and never touches pixels or SVG itself; `FigureRasterizer`
/// turns it into a `Pixmap` and `SVGWriter` into SVG text, so the PNG and the SVG of a figure can
/// only differ in how they are drawn, never in what they show.
public struct FigureDocument: Sendable {
    /// Size in pixels (the SVG's user units are the same pixels).
    public var width: Int
    public var height: Int
    public var background: ColorRGBA8
    public var elements: [FigureElement] = []

    public init(width: Int, height: Int, background: ColorRGBA8) {
        precondition(width > 0 && height > 0, "figure size must be positive, got \(width)×\(height)")
        self.width = width
        self.height = height
        self.background = background
    }

    public mutating func append(_ element: FigureElement) { elements.append(element) }
}

public enum FigureElement: Sendable {
    /// A rounded rectangle in figure pixels (also circles, bars and straight axis lines).
    case shape(DrawRect)
    /// A simulation frame (or several, for an onion skin) placed in the figure.
    case frame(PlacedFrame)
    case polyline(Polyline)
    case text(TextLabel)
}

/// A display list drawn into a viewport of the figure whose top-left corner is at whole pixels
/// `(x, y)`; the viewport is the list's own size, and nothing drawn in it leaks outside.
public struct PlacedFrame: Sendable {
    public var x: Int
    public var y: Int
    public var list: DisplayList

    public init(x: Int, y: Int, list: DisplayList) {
        self.x = x
        self.y = y
        self.list = list
    }
}

/// A line through points given in data units (seconds and points for a plot, canvas points for a
/// trail), with the transform that maps them to figure pixels. Keeping data and mapping apart is
/// what lets the SVG carry the data values themselves (a test reads them back).
public struct Polyline: Sendable {
    public var points: [Point]
    /// Data units → figure pixels.
    public var transform: Geometry.AffineTransform
    /// Stroke width in figure pixels, > 0.
    public var width: Double
    /// Opaque colours only: segments overlap at their joins.
    public var color: ColorRGBA8
    /// Dash and gap lengths in figure pixels; nil for a solid line.
    public var dash: (on: Double, off: Double)?
    /// Extra SVG attributes (`data-item`, `data-value`), in order; ignored by the PNG back end.
    public var attributes: [(String, String)]
    /// A rectangle in figure pixels the line is clipped to (a trail to its frame); nil: none.
    public var clip: Rect? = nil

    public init(
        points: [Point], transform: Geometry.AffineTransform = .identity, width: Double, color: ColorRGBA8,
        dash: (on: Double, off: Double)? = nil, attributes: [(String, String)] = []
    ) {
        precondition(width > 0, "polyline width must be positive, got \(width)")
        self.points = points
        self.transform = transform
        self.width = width
        self.color = color
        self.dash = dash
        self.attributes = attributes
    }
}

/// A run of text on one baseline.
public struct TextLabel: Sendable {
    public enum Anchor: String, Sendable { case start, middle, end }

    public var text: String
    /// The anchor point on the baseline, in figure pixels.
    public var position: Point
    /// Font size in pixels per em.
    public var size: Int
    public var color: ColorRGBA8
    public var anchor: Anchor

    public init(_ text: String, at position: Point, size: Int, color: ColorRGBA8, anchor: Anchor = .start) {
        self.text = text
        self.position = position
        self.size = size
        self.color = color
        self.anchor = anchor
    }
}

extension DrawRect {
    /// An axis-aligned rectangle given by its top-left corner in figure pixels.
    static func box(
        x: Double, y: Double, width: Double, height: Double, fill: ColorRGBA8,
        cornerRadius: Double = 0, borderWidth: Double = 0, borderColor: ColorRGBA8 = .clear
    ) -> DrawRect {
        DrawRect(
            size: Size(width, height), cornerRadius: cornerRadius,
            transform: AffineTransform(translationX: x + width / 2, y: y + height / 2),
            fill: fill, borderWidth: borderWidth, borderColor: borderColor)
    }

    /// A disc of diameter `diameter` centred at `center`.
    static func disc(
        center: Point, diameter: Double, fill: ColorRGBA8,
        borderWidth: Double = 0, borderColor: ColorRGBA8 = .clear
    ) -> DrawRect {
        DrawRect(
            size: Size(diameter, diameter), cornerRadius: diameter / 2,
            transform: AffineTransform(translationX: center.x, y: center.y),
            fill: fill, borderWidth: borderWidth, borderColor: borderColor)
    }

    /// A straight stroke from a to b with round caps: a capsule of the stroke's width.
    static func segment(from a: Point, to b: Point, width: Double, color: ColorRGBA8) -> DrawRect {
        let d = b - a
        let middle = (a + b) * 0.5
        return DrawRect(
            size: Size(d.length + width, width), cornerRadius: width / 2,
            transform: AffineTransform(rotation: Angle.direction(of: d))
                .concatenating(AffineTransform(translationX: middle.x, y: middle.y)),
            fill: color)
    }

    /// This rectangle seen through `view` (its transform, clips and shadow mapped), faded by
    /// `opacity`, its paint optionally mixed halfway toward `tint`.
    func placed(by view: AffineTransform, opacity fade: Double = 1, tint: ColorRGBA8? = nil) -> DrawRect {
        var copy = self
        copy.transform = transform.concatenating(view)
        copy.clips = clips.map { $0.moved(by: view) }
        copy.opacity = opacity * fade
        if var shadow {
            let scale = (view.a * view.a + view.b * view.b).squareRoot()
            shadow.offset = view.applyLinear(to: shadow.offset)
            shadow.radius *= scale
            copy.shadow = shadow
        }
        if var backdrop {
            backdrop.sigma *= (view.a * view.a + view.b * view.b).squareRoot()
            copy.backdrop = backdrop
        }
        if let tint {
            copy.fill = fill.mixed(toward: tint)
            copy.borderColor = borderColor.mixed(toward: tint)
        }
        copy.fillPaint = fillPaint?.moved(by: view)
        copy.content = content.map { path in
            var p = path
            p.transform = path.transform.concatenating(view)
            p.paint = path.paint.moved(by: view)
            p.clips = path.clips.map { $0.moved(by: view) }
            p.opacity = path.opacity * fade
            if let tint, case .solid(let c) = path.paint { p.paint = .solid(c.mixed(toward: tint)) }
            return p
        }
        return copy
    }
}

extension ColorRGBA8 {
    /// Halfway between this colour and `other` in r, g, b (rounded half up); alpha kept.
    func mixed(toward other: ColorRGBA8, amount: Double = 0.5) -> ColorRGBA8 {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            let from = Double(a)
            let to = Double(b)
            let value: Double = from + (to - from) * amount
            return UInt8(value.rounded())
        }
        return ColorRGBA8(r: mix(r, other.r), g: mix(g, other.g), b: mix(b, other.b), a: a)
    }
}

extension Rect {
    /// This rectangle as a clip shape (figure pixels, square corners).
    var clipShape: ClipShape {
        ClipShape(
            size: size, cornerRadius: 0,
            transform: AffineTransform(translationX: origin.x + size.width / 2, y: origin.y + size.height / 2))
    }
}

extension ClipShape {
    /// This clip seen through `view`: every field kept, its transform mapped.
    func moved(by view: AffineTransform) -> ClipShape {
        var moved = self
        moved.transform = transform.concatenating(view)
        return moved
    }
}

extension DisplayList {
    /// The rects as figures re-place them (onion skins, ghosts): `flattened(keepingProjected:)`,
    /// with the rects of layers in perspective moved onto the canvas by their projections'
    /// affine parts, so they show foreshortened, without perspective, instead of not at all.
    var figureRects: [DrawRect] {
        let rects = flattened(keepingProjected: true)
        let placements = projectedPlacements
        return rects.indices.map { i in placements[i].map { rects[i].placed(by: $0) } ?? rects[i] }
    }
}
