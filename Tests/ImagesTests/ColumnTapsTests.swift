import CRasterKernels
import Geometry
import Images
import Testing

@testable import Raster

/// The smooth image sampler's column taps (`fb_image_sampler.column_taps`): a draw whose map does
/// not turn or shear the image computes each column's u taps once and reuses them on every row,
/// with the colours of computing them afresh at every pixel; a turned map never keeps them.
@Suite("Image column taps")
struct ColumnTapsTests {
    /// The colours `shader` gives each pixel of `rows` × `columns`, the rows asked in the order
    /// given and each row as two spans split at `split` (so a column's taps are first computed inside a span
    /// that starts elsewhere, and reused from a row asked before the ones above it).
    func colours(
        _ shader: inout Shader, columns: Range<Int>, rows: [Int], split: Int
    ) -> [Int: [UInt32]] {
        var result: [Int: [UInt32]] = [:]
        for y in rows {
            var row = [UInt32](repeating: 0, count: columns.count)
            row.withUnsafeMutableBufferPointer { out in
                let left = split - columns.lowerBound
                shader.shade(x: columns.lowerBound, y: y, count: left, into: out.baseAddress!)
                shader.shade(x: split, y: y, count: columns.count - left, into: out.baseAddress! + left)
            }
            result[y] = row
        }
        return result
    }

    static let maps: [(name: String, toPixels: AffineTransform, keeps: Bool)] = [
        ("shrunk 0.3", AffineTransform(a: 0.3, b: 0, c: 0, d: 0.3, tx: 1.25, ty: 0.5), true),
        ("enlarged 2.6 × 1.7", AffineTransform(a: 2.6, b: 0, c: 0, d: 1.7, tx: -3.4, ty: 0.75), true),
        ("mirrored and shrunk 0.45", AffineTransform(a: -0.45, b: 0, c: 0, d: 0.45, tx: 40.3, ty: 2), true),
        (
            "turned 17°, shrunk 0.37",
            AffineTransform(a: 0.37, b: 0, c: 0, d: 0.37, tx: 0, ty: 0)
                .concatenating(AffineTransform(rotation: .degrees(17)))
                .concatenating(AffineTransform(translationX: 14.3, y: 2.6)),
            false
        ),
    ]

    @Test(
        "with column taps every pixel has the colour it has without them, at every kernel level; only maps that do not turn keep them",
        arguments: 0..<4)
    func columnTapsGiveTheSameColours(index: Int) throws {
        let image = RasterImage(try ImageFile.load(path: fixture("photo.png")).sceneImage())
        let (name, toPixels, keeps) = Self.maps[index]
        let paint = Paint.image(ImagePaint(image: image, toPixels: toPixels))
        let columns = 3..<47
        for level in Array(Int32(FB_LEVEL_SCALAR)...fb_cpu_level()) {
            fb_force_kernel_level_on_this_thread(level)
            defer { fb_force_kernel_level_on_this_thread(-1) }
            var fresh = Shader(paint)
            var kept = Shader(paint, columns: columns)
            #expect(kept.keepsColumnTaps == keeps, "\(name)")
            let expected = colours(&fresh, columns: columns, rows: Array(0..<30), split: 20)
            let rows = [17, 3, 29, 0] + Array(4..<17) + [1, 2] + Array(18..<29)
            #expect(colours(&kept, columns: columns, rows: rows, split: 31) == expected, "\(name), level \(level)")
            #expect(expected.values.contains { $0.contains { $0 != 0 } }, "\(name): the image shows")
        }
    }

    @Test("a draw of one column, or a pixelated image, keeps no taps")
    func narrowOrPixelatedDrawsKeepNone() throws {
        let image = RasterImage(try ImageFile.load(path: fixture("photo.png")).sceneImage())
        let shrunk = AffineTransform(a: 0.3, b: 0, c: 0, d: 0.3, tx: 1.25, ty: 0.5)
        #expect(!Shader(.image(ImagePaint(image: image, toPixels: shrunk)), columns: 5..<6).keepsColumnTaps)
        #expect(
            !Shader(.image(ImagePaint(image: image, toPixels: shrunk, pixelated: true)), columns: 0..<40)
                .keepsColumnTaps)
        #expect(Shader(.image(ImagePaint(image: image, toPixels: shrunk)), columns: 0..<40).keepsColumnTaps)
    }
}
