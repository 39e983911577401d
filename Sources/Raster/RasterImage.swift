import CRasterKernels
import Geometry

/// A decoded image ready to sample: premultiplied sRGB pixels and their mipmap chain, built once
/// (per render: the pipeline decodes every image file once) and shared by every frame.
///
/// Level 0 is the image; level k + 1 halves level k (⌈w/2⌉ × ⌈h/2⌉, each texel the rounded mean
/// of the up to 2 × 2 it covers, on premultiplied channels), down to 1 × 1. Total memory
/// 4/3 of the image's 4 bytes per pixel. Immutable, so one instance is safe on every thread.
public final class RasterImage: Hashable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    /// What identifies the pixels (the file's hash): two images with equal identity and size are
    /// equal, so display lists compare cheaply.
    public let identity: String
    /// Whether every pixel is opaque (what fills a shape then leaves its alpha the shape's).
    public let isOpaque: Bool
    /// Every level's packed premultiplied pixels (four bytes in memory order), one after another.
    let texels: [UInt32]
    let offsets: [Int]
    let widths: [Int]
    let heights: [Int]

    /// From straight-alpha RGBA8 bytes (4·width·height of them, rows top to bottom), premultiplied
    /// with exact rounding. Width and height must be positive.
    public init(width: Int, height: Int, straightRGBA rgba: [UInt8], identity: String) {
        precondition(width > 0 && height > 0 && rgba.count == 4 * width * height, "image size mismatch")
        self.width = width
        self.height = height
        self.identity = identity
        isOpaque = stride(from: 3, to: rgba.count, by: 4).allSatisfy { rgba[$0] == 255 }
        var widths = [width]
        var heights = [height]
        var offsets = [0]
        var total = width * height
        while widths.last! > 1 || heights.last! > 1 {
            offsets.append(total)
            widths.append((widths.last! + 1) / 2)
            heights.append((heights.last! + 1) / 2)
            total += widths.last! * heights.last!
        }
        var texels = [UInt32](repeating: 0, count: total)
        texels.withUnsafeMutableBufferPointer { out in
            rgba.withUnsafeBufferPointer { fb_premultiply_rgba($0.baseAddress, width * height, out.baseAddress) }
            for k in 1..<widths.count {
                fb_downsample_half(
                    out.baseAddress! + offsets[k - 1], widths[k - 1], heights[k - 1],
                    out.baseAddress! + offsets[k])
            }
        }
        self.texels = texels
        self.offsets = offsets
        self.widths = widths
        self.heights = heights
    }

    /// The premultiplied pixel (x, y) of level 0.
    public subscript(x x: Int, y y: Int) -> PremultipliedRGBA8 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height) image")
        return PremultipliedRGBA8(packed: texels[y * width + x])
    }

    /// The number of mip levels (1 for a 1 × 1 image).
    public var levelCount: Int { widths.count }

    /// Premultiplied pixel (x, y) of mip level `level`.
    public func texel(level: Int, x: Int, y: Int) -> PremultipliedRGBA8 {
        PremultipliedRGBA8(packed: texels[offsets[level] + y * widths[level] + x])
    }

    public static func == (lhs: RasterImage, rhs: RasterImage) -> Bool {
        lhs === rhs || (lhs.identity == rhs.identity && lhs.width == rhs.width && lhs.height == rhs.height)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identity)
        hasher.combine(width)
        hasher.combine(height)
    }

    public var description: String { "RasterImage(\(width)×\(height), \(identity))" }
}

/// An image laid on the canvas: texel space [0, width] × [0, height] mapped to canvas pixels by
/// `toPixels`. Sampling follows the map (rules in shade_kernels.c): an exact copy when the map is a
/// whole-pixel translation, a one-texel box (bilinear interpolation) when enlarging, the area of
/// each pixel's footprint averaged on a mip level when shrinking, so a moving or scaling photo
/// does not shimmer.
public struct ImagePaint: Hashable, Sendable {
    public var image: RasterImage
    public var toPixels: AffineTransform
    /// Every pixel takes the one texel under its centre, whatever the map (SVG's and CSS's
    /// `image-rendering: pixelated`, `optimizeSpeed`, `crisp-edges`: a picture enlarged shows its
    /// texels as squares). False by default: sampled smoothly by the rules above.
    public var pixelated: Bool

    public init(image: RasterImage, toPixels: AffineTransform, pixelated: Bool = false) {
        self.image = image
        self.toPixels = toPixels
        self.pixelated = pixelated
    }

    /// How pixels are sampled under `toPixels`.
    public enum Sampling: Equatable, Sendable {
        /// Each pixel is one texel: the map is a translation by whole pixels.
        case exact
        /// Interpolated between the four nearest texels (enlarging, or a sub-pixel offset).
        case bilinear
        /// The area each pixel covers, averaged (shrinking in some direction).
        case area
        /// The texel under each pixel's centre (`pixelated`).
        case nearest
    }

    public var sampling: Sampling {
        let m = toPixels
        if m.a == 1, m.d == 1, m.b == 0, m.c == 0, m.tx == m.tx.rounded(), m.ty == m.ty.rounded() { return .exact }
        if pixelated { return .nearest }
        guard let inverse = m.inverted else { return .bilinear }
        let fu = (inverse.a * inverse.a + inverse.c * inverse.c).squareRoot()
        let fv = (inverse.b * inverse.b + inverse.d * inverse.d).squareRoot()
        return fu > 1 || fv > 1 ? .area : .bilinear
    }
}

extension RasterImage {
    /// Level 0 as straight-alpha RGBA8 bytes (unpremultiplied with exact rounding): what PNG stores.
    public func straightRGBA() -> [UInt8] { straightRGBA(level: 0).bytes }

    /// A mip level as straight-alpha RGBA8 bytes with its size: level k is the image shrunk 2^k
    /// times by area (a report's thumbnails).
    public func straightRGBA(level: Int) -> (width: Int, height: Int, bytes: [UInt8]) {
        precondition(level >= 0 && level < levelCount, "no mip level \(level) of \(levelCount)")
        let (w, h, start) = (widths[level], heights[level], offsets[level])
        var bytes = [UInt8](repeating: 0, count: 4 * w * h)
        for i in 0..<(w * h) {
            let c = PremultipliedRGBA8(packed: texels[start + i]).unpremultiplied()
            bytes[4 * i] = c.r
            bytes[4 * i + 1] = c.g
            bytes[4 * i + 2] = c.b
            bytes[4 * i + 3] = c.a
        }
        return (w, h, bytes)
    }
}
