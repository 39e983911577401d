import Determinism
import Foundation
import Geometry
import Raster
import Shapes

/// The `icons` workload: 200 icons of 24–48 px on a 1920×1080 canvas, a third each
/// filled hearts (cubic outlines), filled five-point stars (polygons) and stroked circle-checks
/// (a 2 px ring and a round-capped check at 24 px, scaled with the icon), moving along the
/// standard workload's Lissajous paths by sub-pixel amounts, a quarter of them turning.
///
/// Outlines, stroke outlines included, are built once in icon units (24 × 24) when the workload
/// is made; each frame only their transforms change. Each outline carries a `GlyphKey`
/// (`IconsWorkload.key`), so the rasterizer draws it through the glyph cache: it is flattened
/// once per scale step in icon units and kept in C, and each draw maps that polygon by the
/// transform, at its origin rounded to 1/64 px. Since every icon moves by sub-pixel amounts and
/// a quarter turn, nearly every draw still computes its coverage mask (accumulation and dense
/// sweep of the mapped polygon); only the curve flattening is shared across frames. Blend2D
/// flattens every call.
extension StandardWorkload {
    package static let icons = StandardWorkload(icons: 200)
}

enum IconsWorkload {
    struct Parameters {
        var size: Double
        var kind: Int
        var color: ColorRGBA8
        var fx, fy, phx, phy, ampx, ampy: Double
        var spin: Double
    }

    static let seed: UInt64 = 0x5EED_2026_1C0E

    /// The identity of an outline for the glyph cache: a fixed 64-bit tag of this workload's
    /// outline set ("icon set" in the style of a font file's hash) and kind × 2 + piece. The
    /// outlines never change, so one key always names one path (GlyphKey's promise).
    static func key(kind: Int, piece: Int) -> GlyphKey {
        GlyphKey(font: 0x1C0E_5E70_17C0_0001, glyph: UInt32(2 * kind + piece))
    }

    static func generate(count: Int) -> [Parameters] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { i in
            let size = 24 + 24 * rng.unit()
            let r = UInt8(floor(256 * rng.unit()))
            let g = UInt8(floor(256 * rng.unit()))
            let b = UInt8(floor(256 * rng.unit()))
            let fx = 1 + floor(3 * rng.unit())
            let fy = 1 + floor(3 * rng.unit())
            let phx = 2 * Double.pi * rng.unit()
            let phy = 2 * Double.pi * rng.unit()
            let ampx = 0.05 + 0.40 * rng.unit()
            let ampy = 0.05 + 0.40 * rng.unit()
            let spin = rng.unit() < 0.25 ? [-1.0, 1][Int(floor(2 * rng.unit()))] : 0
            return Parameters(
                size: size, kind: i % 3, color: ColorRGBA8(r: r, g: g, b: b), fx: fx, fy: fy,
                phx: phx, phy: phy, ampx: ampx / 8, ampy: ampy / 8, spin: spin)
        }
    }

    /// The outlines of each kind in a 24 × 24 box, with their fill rules.
    static let outlines: [[Path]] = {
        var heart = Path([.move(Point(12, 21.35))])
        heart.line(to: Point(10.55, 20.03))
        heart.cubic(to: Point(2, 8.5), control1: Point(5.4, 15.36), control2: Point(2, 12.28))
        heart.cubic(to: Point(7.5, 3), control1: Point(2, 5.42), control2: Point(4.42, 3))
        heart.cubic(to: Point(12, 5.09), control1: Point(9.24, 3), control2: Point(10.91, 3.81))
        heart.cubic(to: Point(16.5, 3), control1: Point(13.09, 3.81), control2: Point(14.76, 3))
        heart.cubic(to: Point(22, 8.5), control1: Point(19.58, 3), control2: Point(22, 5.42))
        heart.cubic(to: Point(13.45, 20.04), control1: Point(22, 12.28), control2: Point(18.6, 15.36))
        heart.close()
        let star = ShapePaths.star(points: 5, innerRadius: 0.45, in: Rect(x: 2, y: 2, width: 20, height: 20))
        let ring = Stroker.outline(
            of: ShapePaths.ellipse(in: Rect(x: 3, y: 3, width: 18, height: 18)),
            style: StrokeStyle(lineWidth: 2), tolerance: 0.002)
        let check = Stroker.outline(
            of: Path([.move(Point(7.5, 12.5)), .line(Point(10.5, 15.5)), .line(Point(16.5, 9))]),
            style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round), tolerance: 0.002)
        return [[heart], [star], [ring, check]]
    }()

    static func displayList(_ icons: [Parameters], frame f: Int) -> DisplayList {
        let canvasWidth = 1920.0
        let canvasHeight = 1080.0
        let t = Double(f) / Double(StandardWorkload.framesPerRun)
        var list = DisplayList(width: 1920, height: 1080, background: ColorRGBA8(r: 0xF2, g: 0xF2, b: 0xF7))
        list.rects = icons.enumerated().map { i, p in
            // Spread over the canvas on a 20 × 10 grid, each wandering a little around its cell.
            let cx = canvasWidth * ((Double(i % 20) + 0.5) / 20 + p.ampx * sin(2 * .pi * p.fx * t + p.phx))
            let cy = canvasHeight * ((Double(i / 20 % 10) + 0.5) / 10 + p.ampy * sin(2 * .pi * p.fy * t + p.phy))
            let transform = AffineTransform(translationX: -12, y: -12)
                .concatenating(AffineTransform(scaleX: p.size / 24, y: p.size / 24))
                .concatenating(AffineTransform(rotation: .radians(2 * .pi * p.spin * t)))
                .concatenating(AffineTransform(translationX: cx, y: cy))
            let content = outlines[p.kind].enumerated().map { piece, outline in
                DrawPath(
                    path: outline, transform: transform, paint: .solid(p.color), glyph: key(kind: p.kind, piece: piece))
            }
            return DrawRect(size: Size(1, 1), transform: transform, fill: .clear, content: content)
        }
        return list
    }
}
