import Determinism
import ImageDiff
import PNG
import Testing

@Suite("Image comparison: exact and perceptual (pixelmatch) modes")
struct ImageComparatorTests {
    /// A dark bar over columns 4..<12 of a 32×16 white image; `actual` moves its right edge half a
    /// pixel right (column 12 half covered) and turns one pixel of the flat white area orange.
    func edgeShiftAndOnePixel() -> (DecodedImage, DecodedImage) {
        var expected = Canvas(32, 16, white)
        expected.columns(4, 12, dark)
        var actual = expected
        actual.columns(12, 13, halfDark)
        actual.set(24, 8, (255, 149, 0))
        return (expected.image, actual.image)
    }

    @Test("exact mode counts every changed pixel, the anti-aliased edge included")
    func exactCountsEverything() {
        let (expected, actual) = edgeShiftAndOnePixel()
        let (d, mask) = ImageComparator.exact.compare(expected, actual)
        #expect(d.exactDifferingPixels == 17)
        #expect(d.differingPixels == 17)
        #expect(d.maxChannelDelta == 255)  // white → (255, 149, 0): blue drops by 255
        #expect(mask.filter { $0 == PixelDifference.different }.count == 17)
    }

    @Test("perceptual mode ignores a half-pixel edge shift and still catches a one-pixel colour change in a flat area")
    func perceptualIgnoresAntialiasing() {
        let (expected, actual) = edgeShiftAndOnePixel()
        let (d, mask) = ImageComparator.perceptual.compare(expected, actual)
        #expect(d.perceptualDifferingPixels == 1)
        #expect(d.antialiasedPixels == 16)
        #expect(d.differingPixels == 1)
        #expect(mask[8 * 32 + 24] == PixelDifference.different)
        #expect(mask[3 * 32 + 12] == PixelDifference.antialiased)
    }

    @Test("with anti-aliasing detection off, perceptual mode counts the shifted edge")
    func antialiasingDetectionOff() {
        let (expected, actual) = edgeShiftAndOnePixel()
        let (d, _) = ImageComparator(mode: .perceptual, detectAntialiasing: false).compare(expected, actual)
        #expect(d.perceptualDifferingPixels == 17)
        #expect(d.antialiasedPixels == 0)
    }

    @Test("the threshold is a fraction of the largest YIQ distance: at 0.1 grey may move 26 levels, not 27")
    func thresholdOnGrey() {
        let base = Canvas(4, 4, (128, 128, 128)).image
        let up26 = Canvas(4, 4, (154, 154, 154)).image
        let up27 = Canvas(4, 4, (155, 155, 155)).image
        let at01 = ImageComparator(mode: .perceptual, threshold: 0.1)
        #expect(at01.compare(base, up26).0.perceptualDifferingPixels == 0)
        #expect(at01.compare(base, up26).0.exactDifferingPixels == 16)
        #expect(at01.compare(base, up27).0.perceptualDifferingPixels == 16)
        // 0 counts any change; 1 (red against cyan) lets even black against white through.
        let one = Canvas(4, 4, (129, 128, 128)).image
        #expect(ImageComparator(mode: .perceptual, threshold: 0).compare(base, one).0.perceptualDifferingPixels == 16)
        let black = Canvas(4, 4, (0, 0, 0)).image
        let whiteImage = Canvas(4, 4, white).image
        #expect(
            ImageComparator(mode: .perceptual, threshold: 1).compare(black, whiteImage).0.perceptualDifferingPixels == 0
        )
    }

    @Test("black against white is 0.966 of the largest distance, red against cyan exactly 1")
    func distanceUnit() {
        let black = Canvas(2, 2, (0, 0, 0)).image
        let whiteImage = Canvas(2, 2, white).image
        let d = ImageComparator.exact.compare(black, whiteImage).0
        #expect(abs(d.maxPerceptualDistance - 0.96594) < 1e-5)
        #expect(d.maxChannelDelta == 255)
        let red = Canvas(2, 2, (255, 0, 0)).image
        let cyan = Canvas(2, 2, (0, 255, 255)).image
        #expect(abs(ImageComparator.exact.compare(red, cyan).0.maxPerceptualDistance - 1) < 1e-4)
    }

    @Test("identical images have no differing pixels in any mode")
    func identical() {
        let (expected, _) = edgeShiftAndOnePixel()
        for comparator in [ImageComparator.exact, .perceptual] {
            let (d, mask) = comparator.compare(expected, expected)
            #expect(
                d
                    == {
                        var z = PixelDifference(width: 32, height: 16)
                        z.mode = comparator.mode
                        return z
                    }())
            #expect(mask.allSatisfy { $0 == PixelDifference.same })
        }
    }

    @Test("the difference image marks differing pixels red and anti-aliasing yellow; the triptych is three wide")
    func pictures() {
        let (expected, actual) = edgeShiftAndOnePixel()
        let (_, mask) = ImageComparator.perceptual.compare(expected, actual)
        let diff = DiffImages.difference(expected: expected, mask: mask)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(diff.rgba[((y * 32 + x) * 4)..<((y * 32 + x) * 4 + 4)]) }
        #expect(pixel(24, 8) == [255, 0, 0, 255])
        #expect(pixel(12, 0) == [255, 200, 0, 255])
        #expect(pixel(0, 0) == [255, 255, 255, 255])  // white stays white
        let triptych = DiffImages.triptych([expected, diff, actual], gap: 8)
        #expect(triptych.width == 32 * 3 + 16 && triptych.height == 16)
    }
}

@Suite("Pixel hashes")
struct PixelHashTests {
    @Test("the frame hash is the project's FNV-1a 64 of the decoded RGBA bytes")
    func sameAsDeterminism() {
        var canvas = Canvas(17, 5, (1, 2, 3))
        canvas.set(3, 4, (200, 100, 50))
        #expect(FrameRecord.hash(canvas.image) == FNV1a64.hash(canvas.rgba))
    }
}
