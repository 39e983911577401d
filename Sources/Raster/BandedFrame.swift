import CRasterKernels
import Geometry

// Band-wise drawing of a whole frame (the C driver is `fb_draw_banded` in
// Sources/CRasterKernels/bands.c): every layer's outline is flattened, clipped and turned into
// fixed-point edges once; then the canvas is finished one band of rows at a time (background
// restored, each layer's rows in that band accumulated and swept, in drawing order).
//
// Why: drawing shape after shape streams each shape's box of canvas pixels through the caches,
// and at 1920×1080 (8 MB) the pixels a frame blends (~3.7 M) come back from memory for every
// shape that overlaps them. A band of `bandRows` rows (240 KB at 1080p) stays in L2 while every
// shape crossing it is composited.
//
// Rules:
// 1. The same bytes as `draw(_:onto:)` shape by shape: rows are independent in the sweep and
//    `fb_walk_edges_rows` gives a whole walk's cells row for row (held by BandedFrameTests on
//    random frames, with borders, clips and translucent backgrounds).
// 2. Only plain layers (solid fill and border, clips; no shadow, shaded fill or content paths) go
//    band-wise; a frame with any other item is drawn shape by shape.
// 3. Scratch grows to the frame's needs and is reused: no allocation per frame in steady state.
// 4. Under `Rasterizer.Banding.automatic` only frames where it pays go band-wise (`pays(for:)`):
//    measured on a quiet machine (Sources/Raster/README.md, "Band-wise frames"), banding cost
//    12 % on a 640 × 360 canvas (it fits in L2, so there is nothing to save, and each band
//    re-scans the shapes' edges) and 15 % with 16 rects at 1080p (most rows hold one shape, so a
//    band is not reused), and tied with 256 rects at 1080p, where it saves a third of the
//    last-level cache misses.

/// The scratch of one frame drawn band by band.
struct BandedFrame {
    /// Rows a band: 32 rows of a 1080p canvas are 240 KB, well inside a 1–2 MB L2 with the
    /// shapes' cells beside them. Not yet tuned by measurement (see Sources/Raster/README.md).
    static let bandRows = 32

    private var shapes: [fb_band_shape] = []
    private var edges: [fb_edge] = []
    private var edgeCount = 0
    private var tables: [UInt32] = []
    private var outline: [Point] = []
    private var clipped: [Point] = []
    private var clipScratch: [Point] = []
    private var outerCells: [Int32] = []
    private var outerBits: [UInt64] = []
    private var outerExtents: [Int32] = []
    private var innerCells: [Int32] = []
    private var innerBits: [UInt64] = []
    private var widest = 0

    /// Whether every item of `list` is a plain layer (rule 2): no layer's features need the
    /// general path (DrawRect+Needs.swift), and nothing is composited offscreen.
    static func accepts(_ list: DisplayList) -> Bool {
        list.groups.isEmpty && list.rects.allSatisfy { $0.needs.isEmpty }
    }

    /// Canvases of at most this many bytes are drawn shape by shape under `.automatic` (rule 4):
    /// 2 MiB, an L2's size, 512 × 1024 pixels.
    static let cacheBytes = 2 << 20

    /// Whether banding pays for `list` (rule 4): the canvas is larger than the cache, and the
    /// layers' areas add up to at least the canvas's, so the average pixel is drawn over at least
    /// once and a band is reused while it is in cache. The areas are the layers' sizes scaled by
    /// their transforms' determinants (the shapes' areas before rounding and clipping): a cheap
    /// estimate, which only chooses between two ways to the same bytes.
    static func pays(for list: DisplayList) -> Bool {
        let pixels = list.width * list.height
        guard 4 * pixels > cacheBytes else { return false }
        var drawn = 0.0
        // Indices, not `for rect in`: each element would be copied, its arrays retained.
        for i in list.rects.indices {
            let (size, t) = (list.rects[i].size, list.rects[i].transform)
            let area = size.width * size.height * abs(t.a * t.d - t.b * t.c)
            if area.isFinite { drawn += area }
            if drawn >= Double(pixels) { return true }
        }
        return false
    }

    mutating func begin() {
        shapes.removeAll(keepingCapacity: true)
        tables.removeAll(keepingCapacity: true)
        edgeCount = 0
        widest = 0
    }

    /// Appends the fixed-point edges of `polygon` over `box` and returns their range.
    private mutating func addEdges(of polygon: [Point], box: IntRect) -> (first: Int32, count: Int32) {
        let needed = edgeCount + 3 * polygon.count
        if edges.count < needed { edges.append(contentsOf: repeatElement(fb_edge(), count: needed - edges.count)) }
        let first = edgeCount
        let added = polygon.withUnsafeBufferPointer { points in
            points.withCoordinatePairs { xy in
                edges.withUnsafeMutableBufferPointer { edges in
                    fb_build_edges(
                        xy, points.count, Double(box.x), Double(box.y), box.height, box.width,
                        edges.baseAddress! + first)
                }
            }
        }
        edgeCount += added
        return (Int32(first), Int32(added))
    }

    /// Adds one layer (the geometry of `ShapeCoverage.begin`) and returns the box it may draw,
    /// empty when it draws nothing.
    mutating func add(
        _ shape: RoundedRect, hole: RoundedRect?, clip: ClipRegion?, paint: fb_paint,
        canvasWidth: Int, canvasHeight: Int
    ) -> IntRect {
        let empty = IntRect(uncheckedX: 0, y: 0, width: 0, height: 0)
        guard !shape.isEmpty else { return empty }
        shape.flattenedOutline(into: &outline)
        if let clip {
            clip.intersect(outline, into: &clipped, scratch: &clipScratch)
            swap(&outline, &clipped)
        }
        let box = ShapeCoverage.pixelBox(of: outline, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        guard !box.isEmpty, outline.count >= 3 else { return empty }
        let outer = addEdges(of: outline, box: box)
        var inner: (first: Int32, count: Int32) = (0, 0)
        var hasInner = false
        if let hole, !hole.isEmpty {
            hole.flattenedOutline(into: &outline)
            if let clip {
                clip.intersect(outline, into: &clipped, scratch: &clipScratch)
                swap(&outline, &clipped)
            }
            if outline.allSatisfy(\.isFinite) {
                inner = addEdges(of: outline, box: box)
                hasInner = true
            }
        }
        var table: Int32 = -1
        if !hasInner && !paint.has_border {
            table = Int32(tables.count)
            tables.append(contentsOf: repeatElement(0, count: 256))
            tables.withUnsafeMutableBufferPointer { tables in
                fb_build_colour_table(paint.fill, paint.opacity, tables.baseAddress! + Int(table))
            }
        }
        shapes.append(
            fb_band_shape(
                x: Int32(box.x), y: Int32(box.y), width: Int32(box.width), height: Int32(box.height),
                paint: paint, outer_first: outer.first, outer_count: outer.count,
                inner_first: inner.first, inner_count: inner.count, has_inner: hasInner, table: table))
        widest = max(widest, box.width)
        return box
    }

    /// Restores `restore` to `background` (packed premultiplied) and draws the shapes added since
    /// `begin`, band by band, onto `pixmap`.
    mutating func draw(restoring restore: [IntRect], background: UInt32, onto pixmap: inout Pixmap) {
        let rows = Self.bandRows
        let stride = widest + 2
        let words = (stride + 63) >> 6
        let hasInner = shapes.contains { $0.has_inner }
        // Cells and bits stay zero between uses (the sweep clears what it reads), so growing is
        // a new zero buffer of exactly the size needed (appending would double the capacity).
        grow(&outerCells, to: stride * rows)
        grow(&outerBits, to: words * rows)
        grow(&outerExtents, to: 4 * rows)
        if hasInner {
            grow(&innerCells, to: stride * rows)
            grow(&innerBits, to: words * rows)
        }
        let boxes = restore.map {
            fb_box(x: Int32($0.x), y: Int32($0.y), width: Int32($0.width), height: Int32($0.height))
        }
        let (shapeCount, canvasHeight) = (shapes.count, pixmap.height)
        pixmap.withUnsafeMutablePixels { pixels, width in
            shapes.withUnsafeBufferPointer { shapes in
                edges.withUnsafeBufferPointer { edges in
                    tables.withUnsafeBufferPointer { tables in
                        outerCells.withUnsafeMutableBufferPointer { outerCells in
                            outerBits.withUnsafeMutableBufferPointer { outerBits in
                                outerExtents.withUnsafeMutableBufferPointer { outerExtents in
                                    innerCells.withUnsafeMutableBufferPointer { innerCells in
                                        innerBits.withUnsafeMutableBufferPointer { innerBits in
                                            let scratch = fb_band_scratch(
                                                outer_cells: outerCells.baseAddress, outer_bits: outerBits.baseAddress,
                                                outer_extents: outerExtents.baseAddress,
                                                inner_cells: innerCells.baseAddress, inner_bits: innerBits.baseAddress)
                                            fb_draw_banded(
                                                shapes.baseAddress, shapeCount, edges.baseAddress, tables.baseAddress,
                                                boxes, boxes.count, background, pixels.baseAddress, width,
                                                canvasHeight, rows, scratch)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private func grow<T: FixedWidthInteger>(_ buffer: inout [T], to count: Int) {
        if buffer.count < count { buffer = [T](repeating: 0, count: count) }
    }
}

extension Rasterizer {
    /// Draws `list`'s layers band by band onto `pixmap`, after restoring `restore` to the
    /// background: the bytes of filling those boxes and calling `draw(_:onto:)` for each layer
    /// (BandedFrame.swift's rules). Each layer's box is recorded as damage as `draw` would.
    mutating func drawBanded(_ list: DisplayList, restoring restore: [IntRect], onto pixmap: inout Pixmap) {
        bandedFrame.begin()
        for rect in list.rects {
            let paint = LayerPaint(fill: rect.fill, border: rect.borderColor, opacity: rect.opacity)
            guard let outline = LayerOutline(of: rect, paint: paint, fillShows: paint.fill.a > 0),
                let clip = resolveClips(rect.clips, on: pixmap)
            else { continue }
            let box = bandedFrame.add(
                outline.shape, hole: outline.hole, clip: clip, paint: paint.kernelPaint(hasBorder: outline.hasBorder),
                canvasWidth: pixmap.width, canvasHeight: pixmap.height)
            if !box.isEmpty { damage?.append(box) }
        }
        bandedFrame.draw(
            restoring: restore, background: PremultipliedRGBA8(list.background).packed, onto: &pixmap)
    }
}
