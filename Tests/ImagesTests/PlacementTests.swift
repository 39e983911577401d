import Geometry
import Images
import PNG
import Pipeline
import Raster
import Testing

@Suite("Image paints: exact placement and resampling against Pillow")
struct PlacementTests {
    private func photo() throws -> (DecodedImageFile, RasterImage) {
        let file = try ImageFile.load(path: fixture("photo.png"))
        return (file, RasterImage(file.sceneImage()))
    }

    @Test("an image placed 1:1 at whole pixels is copied byte for byte")
    func exactCopy() throws {
        let (file, image) = try photo()
        let paint = ImagePaint(image: image, toPixels: AffineTransform(translationX: 3, y: 5))
        #expect(paint.sampling == .exact)
        let pixmap = paintRect(.image(paint), width: 110, height: 80, rect: Rect(x: 3, y: 5, width: 96, height: 64))
        var copied: [UInt8] = []
        for y in 5..<69 { copied += pixmap.data[4 * (y * 110 + 3)..<4 * (y * 110 + 99)] }
        #expect(copied == file.rgba)
        // Outside the image nothing is drawn.
        #expect(
            pixmap[x: 2, y: 5] == .transparent && pixmap[x: 99, y: 68] == .transparent
                && pixmap[x: 3, y: 4] == .transparent)
    }

    @Test("a translucent image 1:1 keeps its premultiplied pixels exactly")
    func translucentCopy() throws {
        let file = try ImageFile.load(path: fixture("rgba8.png"))
        let image = RasterImage(file.sceneImage())
        let pixmap = paintRect(.image(ImagePaint(image: image, toPixels: .identity)), width: 13, height: 7)
        for y in 0..<7 { for x in 0..<13 { #expect(pixmap[x: x, y: y] == image[x: x, y: y]) } }
        // And those are the file's straight pixels premultiplied, round(c·a/255) per channel.
        for y in 0..<7 {
            for x in 0..<13 {
                let o = 4 * (y * 13 + x)
                let a = Int(file.rgba[o + 3])
                func p(_ c: UInt8) -> UInt8 { UInt8((Int(c) * a * 2 + 255) / 510) }
                #expect(
                    image[x: x, y: y]
                        == PremultipliedRGBA8(
                            r: p(file.rgba[o]), g: p(file.rgba[o + 1]), b: p(file.rgba[o + 2]), a: UInt8(a)))
            }
        }
    }

    /// Renders photo.png scaled to `width` × `height` (scaleToFill) and compares with Pillow's file.
    private func compare(_ reference: String, width: Int, height: Int) throws -> (
        max: Int, mean: Double, sampling: ImagePaint.Sampling
    ) {
        let (_, image) = try photo()
        let paint = ImagePaint(
            image: image, toPixels: AffineTransform(scaleX: Double(width) / 96, y: Double(height) / 64))
        let pixmap = paintRect(.image(paint), width: width, height: height)
        let expected = try PNG.decode(contentsOf: fixture(reference))
        let d = difference(pixmap.straightRGBA(), expected.rgba)
        return (d.max, d.mean, paint.sampling)
    }

    // Tolerances: Pillow computes its filter weights in 22-bit fixed point and rounds once; we
    // weigh in doubles: at most 1 level apart when enlarging and for the exact 2× box.
    @Test("enlarging 2× and 1.5× is bilinear: within 1 level of Pillow's BILINEAR everywhere")
    func enlarge() throws {
        let twice = try compare("photo-bilinear-2x.png", width: 192, height: 128)
        #expect(twice.sampling == .bilinear && twice.max <= 1, "\(twice)")
        let half = try compare("photo-bilinear-1.5x.png", width: 144, height: 96)
        #expect(half.max <= 1, "\(half)")
    }

    @Test("shrinking 2× averages each pixel's area: within 1 level of Pillow's BOX")
    func shrinkHalf() throws {
        let d = try compare("photo-box-half.png", width: 48, height: 32)
        #expect(d.sampling == .area && d.max <= 1, "\(d)")
    }

    // Past 2× the footprint is averaged on a mip level (level k holds 2^k × 2^k texels), exactly
    // where the footprint's edges fall on the level's texel edges (whole-number ratios here), so
    // only the levels' own rounding (one per level) separates us from Pillow's exact box.
    @Test("shrinking 3×4, 6×8 and 8× through mipmaps matches Pillow's BOX within the levels' rounding")
    func shrinkMore() throws {
        for (name, width, height) in [
            ("photo-box-3x4.png", 32, 16), ("photo-box-6x8.png", 16, 8), ("photo-box-eighth.png", 12, 8),
        ] {
            let d = try compare(name, width: width, height: height)
            #expect(d.sampling == .area && d.max <= 2, "\(name): \(d)")
        }
    }

    // At a fractional ratio (64 → 21 rows, 3.05×) Pillow's BOX weighs each source pixel 0 or 1 by
    // whether its centre lies in the footprint, where we weigh the overlapping fraction (the exact
    // area): pixels differ where a sharp edge crosses a footprint's boundary. Measured: at most 14
    // levels at the discs' edges, mean 0.35.
    @Test("shrinking by a fractional ratio stays within Pillow's point-sampled box's own error")
    func shrinkFractional() throws {
        let d = try compare("photo-box-fractional.png", width: 32, height: 21)
        #expect(d.max <= 16 && d.mean <= 0.5, "\(d)")
    }

    @Test("a shrinking image moved by a fraction of a pixel changes smoothly (no shimmer)")
    func noShimmer() throws {
        let (_, image) = try photo()
        // 96 px → 24 px, moved by 0.25 px steps: each pixel's change is bounded by the share of
        // its footprint that moved (a quarter pixel of 4 texels = one texel column of 16).
        var previous: Pixmap? = nil
        var worst = 0
        for step in 0..<5 {
            let shift = Double(step) * 0.25
            let paint = ImagePaint(
                image: image, toPixels: AffineTransform(a: 0.25, b: 0, c: 0, d: 0.25, tx: shift, ty: 0))
            let pixmap = paintRect(
                .image(paint), width: 26, height: 16, rect: Rect(x: shift, y: 0, width: 24, height: 16))
            if let previous {
                for y in 1..<15 {
                    for x in 2..<23 {
                        let a = previous[x: x, y: y]
                        let b = pixmap[x: x, y: y]
                        worst = max(worst, abs(Int(a.g) - Int(b.g)), abs(Int(a.r) - Int(b.r)))
                    }
                }
            }
            previous = pixmap
        }
        #expect(worst <= 40, "\(worst)")
    }
}
