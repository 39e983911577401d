/// The perceptual colour distance and anti-aliasing detection of pixelmatch
/// (Mapbox, https://github.com/mapbox/pixelmatch, ISC licence), ported to straight RGBA8 rows.
///
/// Rules of this file:
/// - Colours with alpha are blended over white before they are compared (pixelmatch's choice: a
///   transparent pixel looks like the page behind it).
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

    @inline(__always)
    static func blend(_ c: Double, _ alpha: Double) -> Double { 255 + (c - 255) * alpha }

    @inline(__always)
    static func y(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.29889531 + g * 0.58662247 + b * 0.11448223 }
    @inline(__always)
    static func i(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.59597799 - g * 0.27417610 - b * 0.32180189 }
    @inline(__always)
    static func q(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.21147017 - g * 0.52261711 + b * 0.31114694 }

    /// Squared YIQ distance between pixel `k` of `a` and pixel `m` of `b` (byte offsets), or with
    /// `brightnessOnly` the signed brightness difference `Y(a) − Y(b)`.
    @inline(__always)
    static func colorDelta(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>,
                           _ k: Int, _ m: Int, brightnessOnly: Bool) -> Double {
        if a[k] == b[m] && a[k + 1] == b[m + 1] && a[k + 2] == b[m + 2] && a[k + 3] == b[m + 3] { return 0 }
        var r1 = Double(a[k]), g1 = Double(a[k + 1]), b1 = Double(a[k + 2])
        var r2 = Double(b[m]), g2 = Double(b[m + 1]), b2 = Double(b[m + 2])
        let a1 = Double(a[k + 3]), a2 = Double(b[m + 3])
        if a1 < 255 { let t = a1 / 255; r1 = blend(r1, t); g1 = blend(g1, t); b1 = blend(b1, t) }
        if a2 < 255 { let t = a2 / 255; r2 = blend(r2, t); g2 = blend(g2, t); b2 = blend(b2, t) }
        let dy = y(r1, g1, b1) - y(r2, g2, b2)
        if brightnessOnly { return dy }
        let di = i(r1, g1, b1) - i(r2, g2, b2)
        let dq = q(r1, g1, b1) - q(r2, g2, b2)
        return 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
    }

    /// pixelmatch's `antialiased`: is pixel (x, y) of `image` on an anti-aliased edge, judged
    /// with the help of `other` (the second image) for the flat-area test?
    static func isAntialiased(_ image: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>,
                              x x1: Int, y y1: Int, width: Int, height: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let center = (y1 * width + x1) * 4
        // The image border counts as one neighbour equal to the pixel.
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var least = 0.0, most = 0.0
        var leastX = 0, leastY = 0, mostX = 0, mostY = 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let delta = colorDelta(image, image, center, (y * width + x) * 4, brightnessOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < least {
                    least = delta; leastX = x; leastY = y
                } else if delta > most {
                    most = delta; mostX = x; mostY = y
                }
            }
        }
        // Not between a darker and a brighter neighbour: not an edge.
        if least == 0 || most == 0 { return false }
        return (hasManySiblings(image, x: leastX, y: leastY, width: width, height: height)
                && hasManySiblings(other, x: leastX, y: leastY, width: width, height: height))
            || (hasManySiblings(image, x: mostX, y: mostY, width: width, height: height)
                && hasManySiblings(other, x: mostX, y: mostY, width: width, height: height))
    }

    /// Three or more of the pixel's 8 neighbours (the border counting as one) have its exact colour.
    static func hasManySiblings(_ image: UnsafeBufferPointer<UInt8>, x x1: Int, y y1: Int, width: Int, height: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let center = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let k = (y * width + x) * 4
                if image[center] == image[k] && image[center + 1] == image[k + 1]
                    && image[center + 2] == image[k + 2] && image[center + 3] == image[k + 3] {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}
