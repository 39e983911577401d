import CRasterKernels
import Geometry

/// How much of each pixel a shape covers, as fractions in [0, 1], over the box of pixels it can
/// touch (Skia's `Mask`, in Float rather than bytes so tests can see the exact values).
public struct CoverageMask: Equatable, Sendable {
    /// The pixels described, in canvas coordinates; every pixel outside has coverage 0.
    public let box: IntRect
    /// Row-major, `box.width` per row, each value in [0, 1].
    public let values: [Float]

    /// `values` must hold box.width × box.height coverages.
    public init(box: IntRect, values: [Float]) {
        precondition(values.count == box.width * box.height, "coverage mask size mismatch")
        self.box = box
        self.values = values
    }

    /// Coverage of canvas pixel (x, y): 0 outside `box`.
    public subscript(x x: Int, y y: Int) -> Float {
        box.contains(x: x, y: y) ? values[(y - box.y) * box.width + (x - box.x)] : 0
    }

    /// Σ coverage, in square pixels: the area of the shape's part inside the canvas.
    public var sum: Double { values.reduce(0) { $0 + Double($1) } }
}

/// Exact area coverage of `shape` on a canvasWidth × canvasHeight canvas, by the rasterizer's own
/// fast path (flattening + signed-area accumulation). With `hole`, the coverage of the region
/// between the two, max(shape − hole, 0) per pixel: how a border is covered. With `clips`, the
/// coverage of the part of that region inside every clip shape: exact area of the intersection
/// (the flattened outlines are clipped as polygons, see `ClipRegion`).
///
/// Error: the corners' flattening moves the boundary by at most `Flattening.tolerance`
/// (0.005 px) and keeps areas exact; the fixed-point edges round vertices to 1/1024 px. Measured
/// per pixel: ≤ 0.38/255 of the exact coverage; the sum over a shape fully inside the canvas
/// equals `shape.area` within (1 + √2)/2048 px² per pixel of perimeter (the grid's rounding).
public func coverage(
    of shape: RoundedRect, minus hole: RoundedRect? = nil, clippedTo clips: [RoundedRect] = [],
    canvasWidth: Int, canvasHeight: Int
) -> CoverageMask {
    precondition(canvasWidth > 0 && canvasHeight > 0, "canvas size must be positive")
    var scratch = ShapeCoverage()
    var region = ClipRegion()
    if !clips.isEmpty { region.set(clips, canvasWidth: canvasWidth, canvasHeight: canvasHeight) }
    let box = scratch.begin(
        shape, hole: hole, clip: clips.isEmpty ? nil : region,
        canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    var values = [Float](repeating: 0, count: box.width * box.height)
    scratch.sweepRows { row, spans in
        for span in spans {
            let value = hole == nil ? span.outer : borderCoverage(outer: span.outer, inner: span.inner)
            for i in Int(span.start)..<Int(span.end) { values[row * box.width + i] = value }
        }
    }
    return CoverageMask(box: box, values: values)
}

/// Coverage of the region between an outer and an inner shape (the inner lies inside the outer):
/// their difference, clamped at 0 against rounding.
@inline(__always)
func borderCoverage(outer: Float, inner: Float) -> Float { max(outer - inner, 0) }

/// A cell sum's magnitude as the coverage rules fold it, in cell units (FB_CELL_FULL = one
/// pixel): nonZero min(|sum|, 1); evenOdd |sum| folded into [0, 1] with period 2, so winding 1
/// covers, 2 does not, and a pixel half at winding 1 and half at 2 is 0.5 covered. Exact
/// integers, the C sweep's `cell_magnitude`.
@inline(__always)
func cellMagnitude(_ sum: Int32, evenOdd: Bool) -> UInt32 {
    let full = UInt32(FB_CELL_FULL)
    if evenOdd {
        let a = sum.magnitude & (2 * full - 1)
        return a > full ? 2 * full - a : a
    }
    return min(sum.magnitude, full)
}

/// A folded magnitude as the coverage fraction in [0, 1]: exact in Float (a multiple of 2⁻²¹).
@inline(__always)
func cellCoverage(_ magnitude: UInt32) -> Float { Float(magnitude) * (1 / Float(FB_CELL_FULL)) }

/// Columns start ..< end of one box row, all with the same coverage: the outer shape's and the
/// hole's (0 without a hole). What the sparse sweep hands the blitter.
struct CoverageSpan {
    var start: Int32
    var end: Int32
    var outer: Float
    var inner: Float
}

/// The scratch that turns one shape, and optionally the hole a border leaves, into rows of
/// coverage spans: owned by one thread, reused across shapes so that drawing allocates nothing
/// once the buffers have grown.
struct ShapeCoverage {
    private var outline: [Point] = []
    private var clipped: [Point] = []
    private var holeOutline: [Point] = []
    private var holeClipped: [Point] = []
    private var clipScratch: [Point] = []
    var outer = CoverageAccumulator()
    var inner = CoverageAccumulator()
    var holeIsEmpty = true
    /// True when `inner` holds a clip region's coverage, multiplied into the outer coverage after
    /// the fold (paths, PathCoverage.swift), rather than a border's hole.
    var innerIsClipMask = false
    /// True after `begin(path:...)`: the sweep folds by `fillRule` and takes the path kernel.
    var isPath = false
    private var spans: [CoverageSpan] = []
    /// How the outer coverage is folded from its winding sum; set by `begin(path:...)`
    /// (PathCoverage.swift), `.nonZero` for every other shape.
    var fillRule = FillRule.nonZero
    /// A path's flattening (PathCoverage.swift).
    var flattening = PathFlattening()

    /// Accumulates the shape and the hole (nil: no hole, inner coverage stays 0), both clipped to
    /// `clip` when given, and returns the box of canvas pixels they may cover; `sweepRows` then
    /// delivers the coverage. `marks: .rowExtents` (without a hole, for `sweepAndBlit` with a
    /// paint without border only) makes the C sweep cheaper.
    mutating func begin(
        _ shape: RoundedRect, hole: RoundedRect?, clip: ClipRegion? = nil,
        canvasWidth: Int, canvasHeight: Int, marks: CoverageAccumulator.Marks = .cells
    ) -> IntRect {
        var box = IntRect(uncheckedX: 0, y: 0, width: 0, height: 0)
        if !shape.isEmpty {
            shape.flattenedOutline(into: &outline)
            if let clip {
                clip.intersect(outline, into: &clipped, scratch: &clipScratch)
                swap(&outline, &clipped)
            }
            box = Self.pixelBox(of: outline, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        }
        return begin(polygon: outline, box: box, hole: hole, clip: clip, marks: marks)
    }

    /// Accumulates an already flattened polygon over `box` (the polygon's pixel box, or a box
    /// containing it), with an optional hole and marks as in `begin(_:hole:clip:)`.
    mutating func begin(
        polygon: [Point], box: IntRect, hole: RoundedRect? = nil, clip: ClipRegion? = nil,
        marks: CoverageAccumulator.Marks = .cells
    ) -> IntRect {
        // A hole takes the two-coverage sweep, which reads the outer cells' bits.
        outer.reset(box: box, marks: hole == nil ? marks : .cells)
        holeIsEmpty = true
        innerIsClipMask = false
        isPath = false
        fillRule = .nonZero
        if spans.count < box.width + 1 {
            spans = [CoverageSpan](
                repeating: CoverageSpan(start: 0, end: 0, outer: 0, inner: 0),
                count: box.width + 1)
        }
        guard !box.isEmpty, polygon.count >= 3 else {
            return IntRect(uncheckedX: box.x, y: box.y, width: 0, height: 0)
        }
        outer.addPolygon(polygon)
        if let hole, !hole.isEmpty {
            hole.flattenedOutline(into: &holeOutline)
            addHole(clip: clip, box: box)
        }
        return box
    }

    /// `begin(polygon:box:hole:clip:marks:)` with the hole already flattened (a projected
    /// border's inner edge): `holePolygon` nil or empty for none.
    mutating func begin(
        polygon: [Point], box: IntRect, holePolygon: [Point]?, clip: ClipRegion?,
        marks: CoverageAccumulator.Marks = .cells
    ) -> IntRect {
        let result = begin(
            polygon: polygon, box: box, hole: nil, clip: clip, marks: holePolygon == nil ? marks : .cells)
        guard !result.isEmpty, let holePolygon, holePolygon.count >= 3 else { return result }
        holeOutline.removeAll(keepingCapacity: true)
        holeOutline.append(contentsOf: holePolygon)
        addHole(clip: clip, box: box)
        return result
    }

    /// Accumulates `holeOutline`, cut to `clip`, as the inner coverage over `box`.
    private mutating func addHole(clip: ClipRegion?, box: IntRect) {
        if let clip {
            clip.intersect(holeOutline, into: &holeClipped, scratch: &clipScratch)
            swap(&holeOutline, &holeClipped)
        }
        if holeOutline.allSatisfy(\.isFinite) {
            inner.reset(box: box)
            inner.addPolygon(holeOutline)
            holeIsEmpty = false
        }
    }

    /// Sweeps every row of the box in order, calling `body(row, spans)` with the row's spans of
    /// non-zero coverage, in column order, columns relative to the box (rule 6 of
    /// CoverageAccumulator.swift: only cells that edges wrote are visited). Leaves the buffers
    /// clean for the next `begin`.
    @inline(__always)
    mutating func sweepRows(_ body: (Int, UnsafeBufferPointer<CoverageSpan>) -> Void) {
        let width = outer.box.width
        let height = outer.box.height
        let holeIsEmpty = self.holeIsEmpty
        let stride = outer.rowStride
        let words = outer.words
        let evenOdd = fillRule == .evenOdd
        let clipMask = innerIsClipMask
        guard width > 0 else { return }
        spans.withUnsafeMutableBufferPointer { spans in
            outer.withRaw { outerCells, outerBits in
                inner.withRaw { innerCells, innerBits in
                    for row in 0..<height {
                        let cellBase = row * stride
                        let bitBase = row * words
                        var outerSum: Int32 = 0
                        var innerSum: Int32 = 0
                        var count = 0
                        var column = -1
                        var outerValue: Float = 0
                        var innerValue: Float = 0
                        for word in 0..<words {
                            var bits = outerBits[bitBase + word]
                            outerBits[bitBase + word] = 0
                            if !holeIsEmpty || clipMask {
                                bits |= innerBits[bitBase + word]
                                innerBits[bitBase + word] = 0
                            }
                            while bits != 0 {
                                let c = word << 6 | bits.trailingZeroBitCount
                                bits &= bits &- 1
                                guard c < width else { break }
                                if column >= 0 && (outerValue != 0 || innerValue != 0) {
                                    spans[count] = CoverageSpan(
                                        start: Int32(column), end: Int32(c),
                                        outer: outerValue, inner: innerValue)
                                    count += 1
                                }
                                outerSum &+= outerCells[cellBase + c]
                                outerCells[cellBase + c] = 0
                                outerValue = cellCoverage(cellMagnitude(outerSum, evenOdd: evenOdd))
                                if clipMask {
                                    innerSum &+= innerCells[cellBase + c]
                                    innerCells[cellBase + c] = 0
                                    outerValue = outerValue * cellCoverage(cellMagnitude(innerSum, evenOdd: false))
                                }
                                if !holeIsEmpty {
                                    innerSum &+= innerCells[cellBase + c]
                                    innerCells[cellBase + c] = 0
                                    innerValue = cellCoverage(cellMagnitude(innerSum, evenOdd: false))
                                }
                                column = c
                            }
                        }
                        if column >= 0 && (outerValue != 0 || innerValue != 0) {
                            spans[count] = CoverageSpan(
                                start: Int32(column), end: Int32(width),
                                outer: outerValue, inner: innerValue)
                            count += 1
                        }
                        // The slack cells past the box (rule 3 of the accumulator) hold nothing a
                        // pixel shows; they are cleared here, marked or not.
                        outerCells[cellBase + width] = 0
                        outerCells[cellBase + width + 1] = 0
                        if !holeIsEmpty || clipMask {
                            innerCells[cellBase + width] = 0
                            innerCells[cellBase + width + 1] = 0
                        }
                        body(row, UnsafeBufferPointer(rebasing: spans[0..<count]))
                    }
                }
            }
        }
    }

    /// Sweeps every row like `sweepRows` and composites the spans with `paint` in C
    /// (Blitter.swift); `pixels` points at the box's top-left pixel, rows `rowStride` apart.
    /// `prefetch`: the canvas is larger than the caches keep, so the rows ahead are asked for.
    mutating func sweepAndBlit(
        _ paint: fb_paint, into pixels: UnsafeMutablePointer<UInt32>, rowStride: Int, prefetch: Bool
    ) {
        let width = outer.box.width
        let height = outer.box.height
        let holeIsEmpty = self.holeIsEmpty
        guard width > 0, height > 0 else { return }
        let stride = outer.rowStride
        let words = outer.words
        let isPath = self.isPath
        let readsInner = !holeIsEmpty || innerIsClipMask
        let evenOdd = fillRule == .evenOdd
        outer.withMarks { outerCells, outerBits, outerExtents in
            inner.withRaw { innerCells, innerBits in
                let rows = fb_coverage_rows(
                    outer_cells: outerCells, outer_bits: outerBits, outer_extents: outerExtents,
                    inner_cells: readsInner ? innerCells.baseAddress : nil,
                    inner_bits: readsInner ? innerBits.baseAddress : nil,
                    stride: stride, words: words, width: width)
                if isPath {
                    fb_sweep_and_blit_path(rows, 0, height, paint, pixels, rowStride, evenOdd, prefetch)
                } else {
                    fb_sweep_and_blit(rows, 0, height, paint, pixels, rowStride, prefetch)
                }
            }
        }
    }

    /// The canvas pixels touched by the polygon's bounding box; empty if a vertex is not finite.
    static func pixelBox(of points: [Point], canvasWidth: Int, canvasHeight: Int) -> IntRect {
        // min x, min y, max x, max y, from the kernel (four accumulators, one finite test).
        // A homogeneous tuple is laid out as four contiguous Doubles, and lives on the stack.
        var bounds = (0.0, 0.0, 0.0, 0.0)
        let finite = points.withUnsafeBufferPointer { points in
            points.withCoordinatePairs { xy in
                withUnsafeMutableBytes(of: &bounds) { out in
                    fb_point_bounds(xy, points.count, out.baseAddress!.assumingMemoryBound(to: Double.self))
                }
            }
        }
        guard finite else { return IntRect(uncheckedX: 0, y: 0, width: 0, height: 0) }
        return IntRect.covering(
            minX: bounds.0, minY: bounds.1, maxX: bounds.2, maxY: bounds.3,
            canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    }
}
