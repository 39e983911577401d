import Colors
import Geometry
import Icons
import SceneSyntax
import Shapes

/// An item's vector shape (`shape:`), drawn over its background as `CAShapeLayer` draws its path:
/// the fill, then the stroke on top, both in the item's bounds (origin at its top-left, y down).
public struct ShapeSpec: Equatable, Sendable {
    public enum Geometry: Equatable, Sendable {
        /// SVG path data, parsed; coordinates in the item's bounds.
        case path(Path)
        /// The ellipse inscribed in the bounds.
        case ellipse
        /// A regular polygon inscribed in the bounds' ellipse, first corner at the top.
        case polygon(sides: Int)
        /// A star with `points` tips on the bounds' ellipse and inner corners at `innerRadius`
        /// (a fraction of the outer radius).
        case star(points: Int, innerRadius: Double)
    }

    public var geometry: Geometry
    /// Default opaque black (`CAShapeLayer.fillColor`); `none` in files for no fill.
    public var fillColor: ColorRGBA8 = .black
    public var fillRule: FillRule = .nonZero
    /// Default none (clear): no stroke.
    public var strokeColor: ColorRGBA8 = .clear
    /// lineWidth, caps, joins, miter limit, dashes, strokeStart / strokeEnd.
    public var stroke = StrokeStyle()

    public init(geometry: Geometry) { self.geometry = geometry }

    /// The outline for an item of `size` (the helpers fit it; path data is used as written).
    public func path(size: Size) -> Path {
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        switch geometry {
        case .path(let p): return p
        case .ellipse: return ShapePaths.ellipse(in: bounds)
        case .polygon(let sides): return ShapePaths.polygon(sides: sides, in: bounds)
        case .star(let points, let inner): return ShapePaths.star(points: points, innerRadius: inner, in: bounds)
        }
    }

    /// Most dashes in `lineDashPattern`, most corners of a polygon or tips of a star.
    public static let maxDashPatternCount = 64
    public static let maxCorners = 1000
}

/// An icon file on an item: the path as the scene wrote it (relative to the scene's folder) and
/// the icon it holds.
public struct ItemIcon: Equatable, Sendable {
    public var file: String
    public var icon: Icon

    public init(file: String, icon: Icon) {
        self.file = file
        self.icon = icon
    }
}
