import Geometry
import Testing

@testable import Raster

@Test("a shape's pixel box is the whole pixels around its vertices, odd and even counts alike, clamped to the canvas")
func pixelBoxCoversEveryVertex() {
    let odd = [Point(3.5, 2.25), Point(10.0, 7.0), Point(-1.5, 4.0)]
    #expect(
        ShapeCoverage.pixelBox(of: odd, canvasWidth: 100, canvasHeight: 100)
            == IntRect(uncheckedX: 0, y: 2, width: 10, height: 5))
    let even = odd + [Point(12.1, 0.9)]
    #expect(
        ShapeCoverage.pixelBox(of: even, canvasWidth: 100, canvasHeight: 100)
            == IntRect(uncheckedX: 0, y: 0, width: 13, height: 7))
    #expect(
        ShapeCoverage.pixelBox(of: even, canvasWidth: 11, canvasHeight: 5)
            == IntRect(uncheckedX: 0, y: 0, width: 11, height: 5))
    // The extreme vertex last, and alone in the odd tail: the kernel's tail step must see it.
    let tail = [Point(5, 5), Point(6, 6), Point(40.5, 41.5)]
    #expect(
        ShapeCoverage.pixelBox(of: tail, canvasWidth: 100, canvasHeight: 100)
            == IntRect(uncheckedX: 5, y: 5, width: 36, height: 37))
}

@Test("a vertex that is not finite, wherever it is, or no vertex at all, gives an empty pixel box")
func pixelBoxOfNonFiniteVerticesIsEmpty() {
    let empty = IntRect(uncheckedX: 0, y: 0, width: 0, height: 0)
    for bad in [Point(.nan, 1), Point(1, .infinity), Point(-.infinity, 2)] {
        for index in 0..<5 {
            var points = (0..<5).map { Point(Double($0), Double($0)) }
            points[index] = bad
            #expect(
                ShapeCoverage.pixelBox(of: points, canvasWidth: 64, canvasHeight: 64) == empty, "\(bad) at \(index)")
        }
    }
    #expect(ShapeCoverage.pixelBox(of: [], canvasWidth: 64, canvasHeight: 64) == empty)
}
