import Foundation
import Geometry
import PNG
import Raster

/// The committed fixtures (made by Tests/Tools/make_image_fixtures.py).
let fixtures: String = Bundle.module.resourceURL!.appendingPathComponent("Fixtures").path

func fixture(_ name: String) -> String { fixtures + "/" + name }

/// A canvas of `width` × `height` with one rectangle [0, w] × [0, h] (pixels) painted with `paint`,
/// over a transparent background.
func paintRect(_ paint: Paint, width: Int, height: Int, rect: Rect? = nil) -> Pixmap {
    let r = rect ?? Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    var path = Path()
    path.move(to: Point(r.minX, r.minY))
    path.line(to: Point(r.maxX, r.minY))
    path.line(to: Point(r.maxX, r.maxY))
    path.line(to: Point(r.minX, r.maxY))
    path.close()
    let holder = DrawRect(
        size: Size(1, 1), transform: AffineTransform(translationX: -10, y: -10), fill: .clear,
        content: [DrawPath(path: path, paint: paint)])
    return Rasterizer.render(DisplayList(width: width, height: height, background: .clear, rects: [holder]))
}

/// Largest and mean absolute difference of two equally sized RGBA byte arrays.
func difference(_ a: [UInt8], _ b: [UInt8]) -> (max: Int, mean: Double) {
    precondition(a.count == b.count)
    var worst = 0
    var total = 0
    for i in 0..<a.count {
        let d = abs(Int(a[i]) - Int(b[i]))
        worst = max(worst, d)
        total += d
    }
    return (worst, Double(total) / Double(a.count))
}
