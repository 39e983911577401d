import CRasterKernels
import Determinism
import Foundation
import Geometry
import Testing

@testable import Raster

/// How a test sweeps: a layer's fill (`fb_sweep_and_blit`) or a non-zero path's (the sweeps that
/// read row extents).
private enum Sweep: CaseIterable { case layer, pathNonZero }

/// One accumulation and sweep of `polygon` over a width × height box at (originX, originY), marked
/// by bits or by row extents, onto a copy of `pixels`: the pixels after, and whether the cells and
/// marks were all left zero.
private func sweep(
    _ polygon: [Double], originX: Double, originY: Double, width: Int, height: Int, paint: fb_paint,
    pixels: [UInt32], extents useExtents: Bool, by kind: Sweep
) -> (pixels: [UInt32], clean: Bool) {
    let stride = width + 2
    let words = (stride + 63) >> 6
    var cells = [Int32](repeating: 0, count: stride * height)
    var bits = [UInt64](repeating: 0, count: words * height)
    var extents = [Int32](repeating: 0, count: 4 * height)
    var out = pixels
    cells.withUnsafeMutableBufferPointer { cells in
        bits.withUnsafeMutableBufferPointer { bits in
            extents.withUnsafeMutableBufferPointer { extents in
                out.withUnsafeMutableBufferPointer { out in
                    if useExtents {
                        fb_accumulate_polygon_extents(
                            polygon, polygon.count / 2, originX, originY, height, cells.baseAddress,
                            extents.baseAddress, stride, width)
                    } else {
                        fb_accumulate_polygon(
                            polygon, polygon.count / 2, originX, originY, height, cells.baseAddress,
                            bits.baseAddress, stride, words, width)
                    }
                    let rows = fb_coverage_rows(
                        outer_cells: cells.baseAddress, outer_bits: bits.baseAddress,
                        outer_extents: useExtents ? extents.baseAddress : nil, inner_cells: nil, inner_bits: nil,
                        stride: stride, words: words, width: width)
                    switch kind {
                    case .layer: fb_sweep_and_blit(rows, 0, height, paint, out.baseAddress, width, false)
                    case .pathNonZero:
                        fb_sweep_and_blit_path(rows, 0, height, paint, out.baseAddress, width, false, false)
                    }
                }
            }
        }
    }
    let clean = cells.allSatisfy { $0 == 0 } && bits.allSatisfy { $0 == 0 } && extents.allSatisfy { $0 == 0 }
    return (out, clean)
}

/// Polygons of every kind the marks must survive: convex (a turned rounded rectangle's corners
/// flattened, and a thin sliver), concave (a star), self-intersecting (a bow tie and random
/// points), and each partly outside its box.
private func polygons(_ random: inout SplitMix64) -> [[Double]] {
    func u() -> Double { random.unit() }
    let cx = 10 + 60 * u()
    let cy = 10 + 40 * u()
    let turn = 6.3 * u()
    var shapes: [[Double]] = []
    var outline: [Point] = []
    RoundedRect(
        size: Size(10 + 80 * u(), 10 + 60 * u()), cornerRadius: 12 * u(),
        transform: AffineTransform(rotation: .radians(turn)).concatenating(AffineTransform(translationX: cx, y: cy))
    ).flattenedOutline(into: &outline)
    shapes.append(outline.flatMap { [$0.x, $0.y] })
    shapes.append([cx, cy, cx + 70 * u(), cy + 0.3 * u(), cx + 70 * u(), cy + 1 + 2 * u()])
    let points = 5 + Int(random.next() % 5)
    shapes.append(
        (0..<2 * points).flatMap { k -> [Double] in
            let r = k % 2 == 0 ? 30 + 20 * u() : 8 + 8 * u()
            let a = turn + Double(k) * .pi / Double(points)
            return [cx + r * cos(a), cy + r * sin(a)]
        })
    shapes.append([cx - 30, cy - 20, cx + 30, cy + 20, cx + 30, cy - 20, cx - 30, cy + 20])
    shapes.append((0..<12).flatMap { _ in [-10 + 100 * u(), -10 + 80 * u()] })
    return shapes
}

@Test(
    "row extents sweep to the bit marks' bytes for convex, concave and self-intersecting polygons, in and out of their box, at every kernel level, and leave cells and marks zero"
)
func rowExtentsGiveTheBitMarksBytes() {
    var random = SplitMix64(seed: 0xE47E_0016)
    // Comparisons that changed pixels, per kernel level: the same polygons draw alike at every
    // level, so each level's count is the same whatever levels this CPU has.
    var compared = [Int](repeating: 0, count: kernelLevels.count)
    for round in 0..<40 {
        let shapes = polygons(&random)
        // Boxes that hold the shape, cut it on any side, or are a single column or row.
        let width = [90, 40, 1, 77][round % 4]
        let height = [70, 25, 60, 1][round % 4]
        let originX = round % 3 == 0 ? 0 : 20 * random.unit() - 10
        let originY = round % 5 == 0 ? 0 : 20 * random.unit() - 10
        let alpha = UInt32([255, 153, 200, 0][round % 4])
        let fill = UInt32(alpha << 24 | (alpha / 2) << 16 | (alpha / 3) << 8 | alpha / 4)
        let paint = fb_paint(fill: fill, border: 0, interior: fill, opacity: 255, has_border: false)
        let pixels = (0..<width * height).map { _ in UInt32(truncatingIfNeeded: random.next()) | 0xFF00_0000 }
        for (levelIndex, level) in kernelLevels.enumerated() {
            fb_force_kernel_level_on_this_thread(level)
            defer { fb_force_kernel_level_on_this_thread(-1) }
            for (index, polygon) in shapes.enumerated() {
                for kind in Sweep.allCases {
                    let bits = sweep(
                        polygon, originX: originX, originY: originY, width: width, height: height, paint: paint,
                        pixels: pixels, extents: false, by: kind)
                    let extents = sweep(
                        polygon, originX: originX, originY: originY, width: width, height: height, paint: paint,
                        pixels: pixels, extents: true, by: kind)
                    let place = "round \(round), polygon \(index), level \(level), \(kind)"
                    #expect(extents.pixels == bits.pixels, "\(place)")
                    #expect(bits.clean && extents.clean, "\(place)")
                    if bits.pixels != pixels { compared[levelIndex] += 1 }
                }
            }
        }
    }
    // The polygons must actually draw: of 400 comparisons a level, 100 have a clear paint and some
    // polygons miss their box; 194 of the rest change pixels. The count is per level, so a CPU with
    // fewer kernel levels (AVX2 without AVX-512) asks the same of each level as one with more.
    #expect(compared == [Int](repeating: 194, count: kernelLevels.count))
}

@Test("a rectangle's row extents are its two sides' columns: down the right edge, up the left, rows it spans only")
func rowExtentsOfARectangle() {
    // Clockwise on screen: (2.5, 1) → (6.5, 1) → (6.5, 4) → (2.5, 4). The right side goes down and
    // writes cells 6 and 7 of rows 1–3; the left goes up and writes cells 2 and 3.
    let polygon = [2.5, 1, 6.5, 1, 6.5, 4, 2.5, 4]
    let (width, height) = (10, 5)
    var cells = [Int32](repeating: 0, count: (width + 2) * height)
    var extents = [Int32](repeating: 0, count: 4 * height)
    fb_accumulate_polygon_extents(polygon, 4, 0, 0, height, &cells, &extents, width + 2, width)
    let base = Int32(FB_EXTENT_BASE)
    let side: [Int32] = [base - 6, 8, base - 2, 4]
    #expect(extents == [0, 0, 0, 0] + side + side + side + [0, 0, 0, 0])
}
