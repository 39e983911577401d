import Geometry

/// How a path's ends look when stroked (`CAShapeLayerLineCap`).
public enum LineCap: String, Hashable, Sendable, CaseIterable {
    /// The stroke stops square at the end point.
    case butt
    /// A half disk of diameter lineWidth around the end point.
    case round
    /// The stroke runs on by lineWidth / 2 past the end point, square.
    case square
}

/// How a path's corners look when stroked (`CAShapeLayerLineJoin`).
public enum LineJoin: String, Hashable, Sendable, CaseIterable {
    /// The outer edges run on until they meet, unless that point is further than
    /// miterLimit × lineWidth / 2 from the corner, when the corner is bevelled.
    case miter
    /// A disk of diameter lineWidth around the corner.
    case round
    /// The outer edges' ends joined by a straight line.
    case bevel
}

/// A stroke's parameters, Core Animation's `CAShapeLayer` names and meanings.
public struct StrokeStyle: Hashable, Sendable {
    /// Stroke width in path units, ≥ 0 (0 strokes nothing). Default 1.
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    /// The largest ratio miter length / lineWidth drawn as a miter (Core Graphics' rule: a
    /// corner of angle θ between the segments has ratio 1 / sin(θ/2)). ≥ 1; default 10.
    public var miterLimit: Double
    /// Lengths of dashes and gaps in path units, alternating from a dash; empty or all zero: solid.
    /// An odd count repeats the pattern twice (SVG's rule), as Core Graphics does.
    public var lineDashPattern: [Double]
    /// How far into the pattern the path's start lies, in path units. Default 0.
    public var lineDashPhase: Double
    /// The stroked part of the path as fractions of its length, 0 ≤ strokeStart ≤ strokeEnd ≤ 1
    /// (values are clamped into that order). Defaults 0 and 1.
    public var strokeStart: Double
    public var strokeEnd: Double

    public init(
        lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
        lineDashPattern: [Double] = [], lineDashPhase: Double = 0, strokeStart: Double = 0, strokeEnd: Double = 1
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.lineDashPattern = lineDashPattern
        self.lineDashPhase = lineDashPhase
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
    }
}
