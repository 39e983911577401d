import Geometry

/// How much of each pixel a shape covers, as fractions in [0, 1], over the box of pixels it can
/// touch (Skia's `Mask`, in Float rather than bytes so tests can see the exact values).
public struct CoverageMask: Equatable, Sendable {
    /// The pixels described, in canvas coordinates; every pixel outside has coverage 0.
    public let box: IntRect
    /// Row-major, `box.width` per row, each value in [0, 1].
    public let values: [Float]

    /// Coverage of canvas pixel (x, y): 0 outside `box`.
    public subscript(x x: Int, y y: Int) -> Float {
        box.contains(x: x, y: y) ? values[(y - box.y) * box.width + (x - box.x)] : 0
    }

    /// Σ coverage, in square pixels: the area of the shape's part inside the canvas.
    public var sum: Double { values.reduce(0) { $0 + Double($1) } }
}

/// Exact area coverage of `shape` on a canvasWidth × canvasHeight canvas, by the rasterizer's own
/// fast path (flattening + signed-area accumulation). With `hole`, the coverage of the region
/// between the two, max(shape − hole, 0) per pixel: how a border is covered.
///
/// Error: the corners' flattening moves the boundary by at most `Flattening.tolerance`
/// (0.001 px) and keeps areas exact, so each pixel is within ~0.002 of its exact coverage and the
/// sum over a shape fully inside the canvas equals `shape.area` up to rounding.
public func coverage(of shape: RoundedRect, minus hole: RoundedRect? = nil,
                     canvasWidth: Int, canvasHeight: Int) -> CoverageMask {
    precondition(canvasWidth > 0 && canvasHeight > 0, "canvas size must be positive")
    var scratch = ShapeCoverage()
    let box = scratch.begin(shape, hole: hole, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    var values = [Float](repeating: 0, count: box.width * box.height)
    scratch.sweepRows { row, outer, inner in
        for i in 0..<box.width {
            values[row * box.width + i] = hole == nil ? outer[i] : borderCoverage(outer: outer[i], inner: inner[i])
        }
    }
    return CoverageMask(box: box, values: values)
}

/// Coverage of the region between an outer and an inner shape (the inner lies inside the outer):
/// their difference, clamped at 0 against rounding.
@inline(__always)
func borderCoverage(outer: Float, inner: Float) -> Float { max(outer - inner, 0) }

/// The scratch that turns one shape, and optionally the hole a border leaves, into rows of
/// coverage: owned by one thread, reused across shapes so that drawing allocates nothing once the
/// buffers have grown.
struct ShapeCoverage {
    private var outline: [Point] = []
    private var outer = CoverageAccumulator()
    private var inner = CoverageAccumulator()
    private var holeIsEmpty = true
    private var outerRow: [Float] = []
    private var innerRow: [Float] = []

    /// Accumulates the shape and the hole (nil: no hole, inner coverage stays 0) and returns the
    /// box of canvas pixels they may cover; `sweepRows` then delivers the coverage.
    mutating func begin(_ shape: RoundedRect, hole: RoundedRect?, canvasWidth: Int, canvasHeight: Int) -> IntRect {
        var box = IntRect(uncheckedX: 0, y: 0, width: 0, height: 0)
        if !shape.isEmpty {
            shape.flattenedOutline(into: &outline)
            box = pixelBox(of: outline, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        }
        outer.reset(box: box)
        holeIsEmpty = true
        if outerRow.count < box.width {
            outerRow = [Float](repeating: 0, count: box.width)
            innerRow = [Float](repeating: 0, count: box.width)
        }
        for i in 0..<box.width { innerRow[i] = 0 }
        guard !box.isEmpty else { return box }
        outer.addPolygon(outline)
        if let hole, !hole.isEmpty {
            hole.flattenedOutline(into: &outline)
            if outline.allSatisfy(\.isFinite) {
                inner.reset(box: box)
                inner.addPolygon(outline)
                holeIsEmpty = false
            }
        }
        return box
    }

    /// Sweeps every row of the box in order, calling `body(row, outer, inner)` with the outer
    /// shape's and the hole's coverage of that row (exactly `box.width` values each; the hole's
    /// are 0 when there is none). Leaves the buffers clean for the next `begin`.
    @inline(__always)
    mutating func sweepRows(_ body: (Int, UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>) -> Void) {
        let width = outer.box.width, height = outer.box.height, holeIsEmpty = self.holeIsEmpty
        outerRow.withUnsafeMutableBufferPointer { outerRow in
            innerRow.withUnsafeMutableBufferPointer { innerRow in
                let outerRow = UnsafeMutableBufferPointer(rebasing: outerRow[0 ..< width])
                let innerRow = UnsafeMutableBufferPointer(rebasing: innerRow[0 ..< width])
                for row in 0..<height {
                    outer.sweepRow(row, into: outerRow)
                    if !holeIsEmpty { inner.sweepRow(row, into: innerRow) }
                    body(row, UnsafeBufferPointer(outerRow), UnsafeBufferPointer(innerRow))
                }
            }
        }
    }

    /// The canvas pixels touched by the polygon's bounding box; empty if a vertex is not finite.
    private func pixelBox(of points: [Point], canvasWidth: Int, canvasHeight: Int) -> IntRect {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            guard p.isFinite else { return IntRect(uncheckedX: 0, y: 0, width: 0, height: 0) }
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return IntRect.covering(minX: minX, minY: minY, maxX: maxX, maxY: maxY,
                                canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    }
}
