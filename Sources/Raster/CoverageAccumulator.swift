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
// 6. Sparse sweep: every cell an edge writes is marked, by one of two kinds of `Marks`. Between
//    marked columns the prefix sum cannot change, so the sweep visits only marked cells and reports
//    constant-coverage spans (`CoverageSpan`): the interior of a shape costs nothing here, and the
//    blitter fills it in bulk. The values are the very prefix sums a dense sweep would compute
//    (the unmarked cells are zeros), so the bytes do not depend on the sweep being sparse, nor on
//    the kind of marks.
//
// The straightforward reference that a test holds this file to is `coverageReference`
// (CoverageReference.swift), which shares no code with it.

/// A per-shape buffer of signed-area cells over a box of pixels, in canvas coordinates.
struct CoverageAccumulator {
    /// How written cells are marked for the sweep (rule 6).
    enum Marks {
        /// A bit per cell: any shape, any number of polygons, every sweep.
        case cells
        /// Row extents (raster_kernels.h): per row, the columns written by edges going down and by
        /// edges going up, as two ranges. For one convex polygon those are the two sides' bands,
        /// and the C sweep has no bit words to scan; only for a plain fill (one polygon, no hole,
        /// no border), swept by `ShapeCoverage.sweepAndBlit`.
        case rowExtents
    }

    private(set) var box = IntRect(uncheckedX: 0, y: 0, width: 0, height: 0)
    private(set) var marks = Marks.cells
    private var cells: [Int32] = []
    /// One bit per cell, set where an edge wrote (rule 6); `words` UInt64s per row.
    private var touched: [UInt64] = []
    /// Four Int32 a row under `.rowExtents`.
    private var extents: [Int32] = []
    private var stride = 2
    private(set) var words = 1

    /// Prepares an all-zero buffer for the pixels of `box`, marked by `marks`.
    mutating func reset(box: IntRect, marks: Marks = .cells) {
        self.box = box
        self.marks = marks
        stride = box.width + 2
        words = (stride + 63) >> 6
        let needed = stride * box.height
        // Rule 2 keeps the old cells zero, so growing is a new zero buffer of exactly the size
        // needed: appending would double the capacity, 128 MB of cells for the 64 MiB offscreen
        // of a layer in perspective (the render fuzzer's malloc limit found it).
        if cells.count < needed { cells = [Int32](repeating: 0, count: needed) }
        switch marks {
        case .cells:
            let neededWords = words * box.height
            if touched.count < neededWords { touched = [UInt64](repeating: 0, count: neededWords) }
        case .rowExtents:
            let neededExtents = 4 * box.height
            if extents.count < neededExtents { extents = [Int32](repeating: 0, count: neededExtents) }
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
        let marks = self.marks
        points.withUnsafeBufferPointer { points in
            points.withCoordinatePairs { xy in
                cells.withUnsafeMutableBufferPointer { cells in
                    switch marks {
                    case .cells:
                        touched.withUnsafeMutableBufferPointer { touched in
                            fb_accumulate_polygon(
                                xy, points.count, Double(x), Double(y), height,
                                cells.baseAddress, touched.baseAddress, stride, words, width)
                        }
                    case .rowExtents:
                        extents.withUnsafeMutableBufferPointer { extents in
                            fb_accumulate_polygon_extents(
                                xy, points.count, Double(x), Double(y), height,
                                cells.baseAddress, extents.baseAddress, stride, width)
                        }
                    }
                }
            }
        }
    }

    /// Gives `body` the raw cells and touched bits for a sparse sweep (`ShapeCoverage.sweepRows`);
    /// the body must leave every cell it reads zero and every bit clear (rule 2). Marks: `.cells`.
    mutating func withRaw<R>(_ body: (UnsafeMutableBufferPointer<Int32>, UnsafeMutableBufferPointer<UInt64>) -> R) -> R
    {
        precondition(marks == .cells, "the bit sweep needs cells marked by bits")
        return cells.withUnsafeMutableBufferPointer { cells in
            touched.withUnsafeMutableBufferPointer { touched in body(cells, touched) }
        }
    }

    /// Gives `body` the raw cells, bits and row extents (nil under `.cells`) for the C sweep,
    /// which leaves them all zero (rule 2).
    mutating func withMarks<R>(
        _ body: (UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<UInt64>?, UnsafeMutablePointer<Int32>?) -> R
    ) -> R {
        let marks = self.marks
        return cells.withUnsafeMutableBufferPointer { cells in
            touched.withUnsafeMutableBufferPointer { touched in
                extents.withUnsafeMutableBufferPointer { extents in
                    body(cells.baseAddress, touched.baseAddress, marks == .rowExtents ? extents.baseAddress : nil)
                }
            }
        }
    }

    var rowStride: Int { stride }
}
