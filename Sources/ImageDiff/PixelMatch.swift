/// The perceptual colour distance and anti-aliasing detection of pixelmatch
/// (Mapbox, https://github.com/mapbox/pixelmatch, ISC licence), ported to straight RGBA8 rows.
///
/// Rules of this file:
/// - Colours with alpha are blended over a checkerboard before they are compared (pixelmatch 7:
///   the background of byte offset k is 48 or 207 per channel, picked by k, k/φ and k/φ², so
///   the three channels alternate out of step). Over white (pixelmatch 5, and this file before),
///   a transparent pixel equals an opaque white one, so a card that vanished from a white
///   background reported "same"; over the checkerboard, a change of alpha alone is a change.
/// - Distances are squared YIQ distances (Kotsarenko & Ramos, "Measuring perceived color
///   difference using YIQ NTSC transmission color space in mobile applications", 2010):
///   `0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ²`. Red against cyan gives the largest one over all
///   RGB pairs, `maxSquaredDistance` = 35215 (pixelmatch's constant), so `sqrt(d / 35215)` is a
///   distance in 0…1 (black against white: 0.966): the unit of `ImageComparator.threshold`.
/// - A pixel over the threshold is anti-aliasing, not a change, when in either image it sits on
///   an edge between a darkest and a brightest neighbour, and that neighbour belongs to a flat
///   area (3+ identical neighbours) in both images: the edge moved, its colours did not.
enum PixelMatch {
    /// The largest squared YIQ distance, red (255, 0, 0) against cyan (0, 255, 255): pixelmatch's 35215.
    static let maxSquaredDistance = 35215.0

    /// `c` blended over white with opacity `alpha` (0…1): the ghost image of the diff picture.
    @inline(__always)
    static func blend(_ c: Double, _ alpha: Double) -> Double { 255 + (c - 255) * alpha }

    /// The checkerboard's channel value at byte offset `k` (pixelmatch 7's `rb`, `gb`, `bb`).
    @inline(__always)
    static func background(_ k: Int) -> (r: Double, g: Double, b: Double) {
        (
            48 + 159 * Double(k % 2),
            48 + 159 * Double(Int(Double(k) / 1.618033988749895) % 2),
            48 + 159 * Double(Int(Double(k) / 2.618033988749895) % 2)
        )
    }

    @inline(__always)
    static func y(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.29889531 + g * 0.58662247 + b * 0.11448223 }
    @inline(__always)
    static func i(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.59597799 - g * 0.27417610 - b * 0.32180189 }
    @inline(__always)
    static func q(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.21147017 - g * 0.52261711 + b * 0.31114694 }

    /// Squared YIQ distance between pixel `k` of `a` and pixel `m` of `b` (byte offsets), or with
    /// `brightnessOnly` the signed brightness difference `Y(a) − Y(b)`.
    @inline(__always)
    static func colorDelta(
        _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>,
        _ k: Int, _ m: Int, brightnessOnly: Bool
    ) -> Double {
        if a[k] == b[m] && a[k + 1] == b[m + 1] && a[k + 2] == b[m + 2] && a[k + 3] == b[m + 3] { return 0 }
        let r1 = Double(a[k])
        let g1 = Double(a[k + 1])
        let b1 = Double(a[k + 2])
        let a1 = Double(a[k + 3])
        let r2 = Double(b[m])
        let g2 = Double(b[m + 1])
        let b2 = Double(b[m + 2])
        let a2 = Double(b[m + 3])
        var dr = r1 - r2
        var dg = g1 - g2
        var db = b1 - b2
        if a1 < 255 || a2 < 255 {
            // Both blended over the same background: (c1·a1 + bg·(255 − a1)) − (c2·a2 + bg·(255 − a2)),
            // over 255.
            let bg = background(k)
            let da = a1 - a2
            dr = (r1 * a1 - r2 * a2 - bg.r * da) / 255
            dg = (g1 * a1 - g2 * a2 - bg.g * da) / 255
            db = (b1 * a1 - b2 * a2 - bg.b * da) / 255
        }
        // Y, I and Q are linear, so the difference of the two colours' YIQ is the YIQ of the difference.
        let dy = y(dr, dg, db)
        if brightnessOnly { return dy }
        let di = i(dr, dg, db)
        let dq = q(dr, dg, db)
        return 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
    }

    /// pixelmatch's `antialiased`: is pixel (x, y) of `image` on an anti-aliased edge, judged
    /// with the help of `other` (the second image) for the flat-area test?
    static func isAntialiased(
        _ image: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>,
        x x1: Int, y y1: Int, width: Int, height: Int
    ) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let center = (y1 * width + x1) * 4
        // The image border counts as one neighbour equal to the pixel.
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var least = 0.0
        var most = 0.0
        var leastX = 0
        var leastY = 0
        var mostX = 0
        var mostY = 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let delta = colorDelta(image, image, center, (y * width + x) * 4, brightnessOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < least {
                    least = delta
                    leastX = x
                    leastY = y
                } else if delta > most {
                    most = delta
                    mostX = x
                    mostY = y
                }
            }
        }
        // Not between a darker and a brighter neighbour: not an edge.
        if least == 0 || most == 0 { return false }
        return
            (hasManySiblings(image, x: leastX, y: leastY, width: width, height: height)
            && hasManySiblings(other, x: leastX, y: leastY, width: width, height: height))
            || (hasManySiblings(image, x: mostX, y: mostY, width: width, height: height)
                && hasManySiblings(other, x: mostX, y: mostY, width: width, height: height))
    }

    /// Three or more of the pixel's 8 neighbours (the border counting as one) have its exact colour.
    static func hasManySiblings(_ image: UnsafeBufferPointer<UInt8>, x x1: Int, y y1: Int, width: Int, height: Int)
        -> Bool
    {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let center = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let k = (y * width + x) * 4
                if image[center] == image[k] && image[center + 1] == image[k + 1]
                    && image[center + 2] == image[k + 2] && image[center + 3] == image[k + 3]
                {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}
