import CRasterKernels
import Geometry

// The first hot loop (its inner part in C, Sources/CRasterKernels): exact area coverage of a polygon by signed-area accumulation (font-rs,
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
//    box.width + 2): edges are clipped to the box first (`add_line` in accumulate.c).
// 4. Clipping is in Double; then edges are 22.10 fixed point (endpoints rounded to 1/1024 px once
//    per edge) walked with integer error accumulators into Int32 cells, FB_CELL_FULL (2²¹) being
//    one pixel of area. Integer sums are exact and associative, so a SIMD prefix sum gives the
//    scalar one's values; the boundary moves by ≤ 1/2048 px (rounding): measured ≤ 0.25/255.
// 5. Pure value type, no globals: one accumulator per thread, deterministic for a given input.
// 6. Sparse sweep: every cell an edge writes is marked in a per-row bitset. Between two marked
//    columns the prefix sum cannot change, so the sweep visits only marked cells and reports
//    constant-coverage spans (`CoverageSpan`): the interior of a shape costs nothing here, and the
//    blitter fills it in bulk. The values are the very prefix sums a dense sweep would compute
//    (the unmarked cells are zeros), so the bytes do not
//    depend on the sweep being sparse.
//
// The straightforward reference that a test holds this file to is `coverageReference`
// (CoverageReference.swift), which shares no code with it.

/// A per-shape buffer of signed-area cells over a box of pixels, in canvas coordinates.
struct CoverageAccumulator {
    private(set) var box = IntRect(uncheckedX: 0, y: 0, width: 0, height: 0)
    private var cells: [Int32] = []
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
    /// The loop is C (`fb_accumulate_polygon` in Sources/CRasterKernels), the same arithmetic the
    /// derivation at the top of this file describes.
    mutating func addPolygon(_ points: [Point]) {
        addPolygon(points[...])
    }

    /// `addPolygon` for a slice of a longer buffer (one contour of a path).
    mutating func addPolygon(_ points: ArraySlice<Point>) {
        guard points.count >= 3, !box.isEmpty else { return }
        let (x, y, width, height, stride, words) = (box.x, box.y, box.width, box.height, stride, words)
        points.withUnsafeBufferPointer { points in
            points.withCoordinatePairs { xy in
                cells.withUnsafeMutableBufferPointer { cells in
                    touched.withUnsafeMutableBufferPointer { touched in
                        fb_accumulate_polygon(
                            xy, points.count, Double(x), Double(y), height,
                            cells.baseAddress, touched.baseAddress, stride, words, width)
                    }
                }
            }
        }
    }

    /// Gives `body` the raw cells and touched bits for a sparse sweep (`ShapeCoverage.sweepRows`);
    /// the body must leave every cell it reads zero and every bit clear (rule 2).
    mutating func withRaw<R>(_ body: (UnsafeMutableBufferPointer<Int32>, UnsafeMutableBufferPointer<UInt64>) -> R) -> R
    {
        cells.withUnsafeMutableBufferPointer { cells in
            touched.withUnsafeMutableBufferPointer { touched in body(cells, touched) }
        }
    }

    var rowStride: Int { stride }
}
