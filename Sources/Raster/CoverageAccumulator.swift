import Geometry

// The hot loop: exact area coverage of a polygon by signed-area accumulation (font-rs,
// stb_truetype v2, tiny-skia's analytic AA all share this idea).
//
// Every edge adds, to the cells of each pixel row it crosses, the change it makes to the coverage
// of that row from one column to the next; a prefix sum along the row then gives, for every pixel,
// the signed area of the polygon inside it, exactly (up to rounding). Winding is summed, so the
// coverage of a simple polygon is |sum| in [0, 1] whichever its orientation.
//
// Rules of this file:
// 1. No allocation per edge or per pixel: buffers belong to the caller and are reused across
//    shapes; `reset` only grows them.
// 2. Between shapes every cell is 0 and every touched bit is clear: the sweep zeroes each cell it
//    reads and clears each row's bits, including the two slack cells per row, so there is no
//    separate clearing pass.
// 3. Writes stay in rows 0 ..< box.height and columns 0 ... box.width + 1 (row stride
//    box.width + 2): edges are clipped to the box first (see `addLine`).
// 4. Geometry is in Double, accumulated values in Float: a cell holds a sum of a few terms of
//    magnitude ≤ 1, so Float's 2⁻²⁴ relative error leaves coverage within ~1e-6 of exact, far below
//    1/255, and halves the memory swept per pixel.
// 5. Pure value type, no globals: one accumulator per thread, deterministic for a given input.
// 6. Sparse sweep: every cell an edge writes is marked in a per-row bitset. Between two marked
//    columns the prefix sum cannot change, so the sweep visits only marked cells and reports
//    constant-coverage spans (`CoverageSpan`): the interior of a shape costs nothing here, and the
//    blitter fills it in bulk. The values are the very prefix sums a dense sweep would compute
//    (the unmarked cells are exact zeros, and x + 0 = x in IEEE arithmetic), so the bytes do not
//    depend on the sweep being sparse.
//
// The straightforward reference that a test holds this file to is `coverageReference`
// (CoverageReference.swift), which shares no code with it.

/// A per-shape buffer of signed-area cells over a box of pixels, in canvas coordinates.
struct CoverageAccumulator {
    private(set) var box = IntRect(uncheckedX: 0, y: 0, width: 0, height: 0)
    private var cells: [Float] = []
    /// One bit per cell, set where an edge wrote (rule 6); `words` UInt64s per row.
    private var touched: [UInt64] = []
    private var stride = 2
    private(set) var words = 1

    /// Prepares an all-zero buffer for the pixels of `box`.
    mutating func reset(box: IntRect) {
        self.box = box
        stride = box.width + 2
        words = (stride + 63) >> 6
        let needed = stride * box.height
        if cells.count < needed {
            // Rule 2 keeps the old cells zero, so growing just appends zeros.
            cells.append(contentsOf: repeatElement(0, count: needed - cells.count))
        }
        let neededWords = words * box.height
        if touched.count < neededWords {
            touched.append(contentsOf: repeatElement(0, count: neededWords - touched.count))
        }
    }

    /// Adds the closed polygon `points` (canvas pixel coordinates; the last point joins the first).
    mutating func addPolygon(_ points: [Point]) {
        guard points.count >= 3, !box.isEmpty else { return }
        let origin = Point(Double(box.x), Double(box.y))
        let width = Double(box.width), height = Double(box.height)
        let grid = Grid(stride: stride, words: words)
        cells.withUnsafeMutableBufferPointer { cells in
            touched.withUnsafeMutableBufferPointer { touched in
                let target = Target(cells: cells, touched: touched, grid: grid)
                var previous = points[points.count - 1] - origin
                for p in points {
                    let current = p - origin
                    Self.addLine(previous, current, width: width, height: height, into: target)
                    previous = current
                }
            }
        }
    }

    /// Gives `body` the raw cells and touched bits for a sparse sweep (`ShapeCoverage.sweepRows`);
    /// the body must leave every cell it reads zero and every bit clear (rule 2).
    mutating func withRaw<R>(_ body: (UnsafeMutableBufferPointer<Float>, UnsafeMutableBufferPointer<UInt64>) -> R) -> R {
        cells.withUnsafeMutableBufferPointer { cells in
            touched.withUnsafeMutableBufferPointer { touched in body(cells, touched) }
        }
    }

    var rowStride: Int { stride }

    /// The layout of the cell and bit buffers.
    struct Grid {
        let stride: Int
        let words: Int
    }

    /// Where an edge writes: cells and their touched bits.
    struct Target {
        let cells: UnsafeMutableBufferPointer<Float>
        let touched: UnsafeMutableBufferPointer<UInt64>
        let grid: Grid

        /// cells[row, column] += value, and the cell marked.
        @inline(__always)
        func add(_ value: Float, row: Int, column: Int) {
            cells[row * grid.stride + column] += value
            touched[row * grid.words + column >> 6] |= 1 << UInt64(column & 63)
        }

        /// Marks columns first ... last of `row` (first ≤ last).
        @inline(__always)
        func mark(row: Int, from first: Int, through last: Int) {
            let base = row * grid.words
            var word = first >> 6
            let lastWord = last >> 6
            var bits = ~UInt64(0) << UInt64(first & 63)
            while word < lastWord {
                touched[base + word] |= bits
                bits = ~UInt64(0)
                word += 1
            }
            touched[base + word] |= bits & (~UInt64(0) >> UInt64(63 - last & 63))
        }
    }

    /// One edge, in box coordinates (the box spans [0, width] × [0, height]).
    ///
    /// Clipping: the parts above and below the box touch no row of it and are dropped. The part
    /// right of x = width only changes columns ≥ width, so it is dropped too. The part left of x = 0
    /// still covers every pixel to its right: it is replaced by its projection on x = 0, a vertical
    /// edge with the same y extent, which changes every column ≥ 0 by the same amount.
    private static func addLine(_ p0: Point, _ p1: Point, width: Double, height: Double,
                                into target: Target) {
        // Orient downwards; `direction` remembers the winding sign. Horizontal edges add no area.
        guard p0.y != p1.y else { return }
        let (top, bottom, direction): (Point, Point, Double) = p0.y < p1.y ? (p0, p1, 1) : (p1, p0, -1)
        guard bottom.y > 0, top.y < height else { return }
        let dxdy = (bottom.x - top.x) / (bottom.y - top.y)
        let lo = min(top.x, bottom.x), hi = max(top.x, bottom.x)
        // x on the edge, exact at its endpoints and kept within its x range despite rounding.
        func x(at y: Double) -> Double {
            y == bottom.y ? bottom.x : min(max(top.x + (y - top.y) * dxdy, lo), hi)
        }

        // Cut where the edge crosses x = 0 and x = width (at most two cuts, sorted by y), then
        // keep, project or drop each of the up to three pieces by where its middle lies.
        var cutA = bottom.y, cutB = bottom.y
        if dxdy != 0 {
            let y0 = top.y - top.x / dxdy, yW = top.y + (width - top.x) / dxdy
            if y0 > top.y && y0 < bottom.y { cutA = y0 }
            if yW > top.y && yW < bottom.y { cutB = yW }
            if cutA > cutB { swap(&cutA, &cutB) }
        }
        var yStart = top.y
        for piece in 0..<3 {
            let yEnd = piece == 0 ? cutA : piece == 1 ? cutB : bottom.y
            guard yEnd > yStart else { continue }
            let xMid = x(at: (yStart + yEnd) / 2)
            if xMid <= 0 {
                addPiece(x0: 0, y0: yStart, x1: 0, y1: yEnd, direction: direction,
                         height: height, into: target)
            } else if xMid < width {
                addPiece(x0: min(max(x(at: yStart), 0), width), y0: yStart,
                         x1: min(max(x(at: yEnd), 0), width), y1: yEnd, direction: direction,
                         height: height, into: target)
            }
            yStart = yEnd
        }
    }

    /// A downward edge piece with both x in [0, width]: walks the rows it crosses (clipped to
    /// [0, height]) and adds each row's share.
    @inline(__always)
    private static func addPiece(x0: Double, y0: Double, x1: Double, y1: Double, direction: Double,
                                 height: Double, into target: Target) {
        let yStart = max(y0, 0), yEnd = min(y1, height)
        guard yStart < yEnd else { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        let lo = min(x0, x1), hi = max(x0, x1)
        // Interpolating from the piece's start at every row boundary (rather than stepping x)
        // keeps rounding from accumulating along tall edges.
        func x(at y: Double) -> Double { y == y1 ? x1 : min(max(x0 + (y - y0) * dxdy, lo), hi) }
        var row = Int(yStart.rounded(.down))
        let endRow = Int(yEnd.rounded(.up))
        var yTop = yStart, xTop = x(at: yStart)
        while row < endRow {
            let yBottom = min(Double(row + 1), yEnd)
            let xBottom = x(at: yBottom)
            addRowSpan(xTop, xBottom, area: direction * (yBottom - yTop), row: row, into: target)
            yTop = yBottom; xTop = xBottom
            row += 1
        }
    }

    /// The part of an edge inside one pixel row: it runs from x = xa to x = xb over a height whose
    /// signed value is `area` (height × winding direction).
    ///
    /// Derivation. Within the row, the edge adds to column i the area of its own band to the right
    /// of the edge inside the column: area·g(i), where g(i) is the mean over the edge's x values u
    /// (uniform on [lo, hi], as x is linear in y) of clamp(i + 1 − u, 0, 1). Writing
    /// clamp(z, 0, 1) = ramp(z) − ramp(z − 1) gives g(i) = (R(i + 1) − R(i)) / (hi − lo) with
    /// R(v) = ∫ ramp(v − u) du over [lo, hi]: 0 below lo, (v − lo)²/2 on [lo, hi],
    /// (hi − lo)·(v − (lo + hi)/2) above hi. g is 0 before column ⌊lo⌋ and 1 from column ⌈hi⌉,
    /// and cell i receives area·(g(i) − g(i − 1)), so the prefix sum restores area·g(i).
    /// When the edge stays inside one column the mean is simply at its midpoint.
    @inline(__always)
    private static func addRowSpan(_ xa: Double, _ xb: Double, area: Double, row: Int,
                                   into target: Target) {
        let lo = min(xa, xb), hi = max(xa, xb)
        let i0 = Int(lo.rounded(.down)), i1 = Int(hi.rounded(.up))
        if i1 <= i0 + 1 {
            let fraction = (lo + hi) / 2 - Double(i0)
            target.add(Float(area * (1 - fraction)), row: row, column: i0)
            target.add(Float(area * fraction), row: row, column: i0 + 1)
            return
        }
        let span = hi - lo, inverseSpan = 1 / span, mid = (lo + hi) / 2
        func r(_ v: Double) -> Double {
            v <= lo ? 0 : v >= hi ? span * (v - mid) : (v - lo) * (v - lo) / 2
        }
        target.mark(row: row, from: i0, through: i1)
        let base = row * target.grid.stride, cells = target.cells
        var rLeft = 0.0, gPrevious = 0.0
        for i in i0..<i1 {
            let rRight = r(Double(i + 1))
            let g = (rRight - rLeft) * inverseSpan
            cells[base + i] += Float(area * (g - gPrevious))
            gPrevious = g
            rLeft = rRight
        }
        cells[base + i1] += Float(area * (1 - gPrevious))
    }
}
