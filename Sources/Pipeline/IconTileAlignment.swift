import Geometry
import Icons

extension DisplayListBuilder {
    /// `toPixels` for a piece of a pattern tile, moved so the tile starts on a pixel edge: when
    /// the tile is written upright (`IconTile.writtenUpright`), stays upright in pixels (not
    /// turned, skewed or mirrored by the item) and is a whole number of pixels wide and high,
    /// each tile then covers whole pixels and tiles meet without the seam
    /// two anti-aliased edges leave inside a pixel. The move is what resvg's picture shows: it
    /// draws one tile into a pixmap and repeats it, sampled nearest-neighbour under a translation
    /// (tiny-skia's pattern shader), so a tile whose origin falls at x + ½ px starts at x
    /// (round half down: ⌈o − ½⌉). Any other map leaves `toPixels` as it is.
    static func pixelAligned(_ tile: IconTile?, _ toPixels: AffineTransform) -> AffineTransform {
        guard let tile, tile.writtenUpright else { return toPixels }
        let m = tile.toViewBox.concatenating(toPixels)
        func whole(_ v: Double) -> Bool { v >= 1 && abs(v - v.rounded()) <= 1e-9 * max(v, 1) }
        guard abs(m.b) <= 1e-9 * m.a, abs(m.c) <= 1e-9 * m.d, whole(m.a), whole(m.d), m.tx.isFinite, m.ty.isFinite
        else { return toPixels }
        let dx = (m.tx - 0.5).rounded(.up) - m.tx
        let dy = (m.ty - 0.5).rounded(.up) - m.ty
        return toPixels.concatenating(AffineTransform(translationX: dx, y: dy))
    }
}
