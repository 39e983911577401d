import Raster
import Testing

@Test("premultiplying rounds every channel to round(c·a/255)")
func premultiplyRoundsExactly() {
    var mismatches = 0
    for a in 0...255 {
        for c in 0...255 {
            let p = ColorRGBA8(r: UInt8(c), g: UInt8(255 - c), b: UInt8(c / 2), a: UInt8(a)).premultiplied
            func expected(_ c: Int) -> UInt8 { UInt8((2 * c * a + 255) / 510) }
            if p.r != expected(c) || p.g != expected(255 - c) || p.b != expected(c / 2) || p.a != UInt8(a) {
                mismatches += 1
            }
        }
    }
    #expect(mismatches == 0)
}

@Test("unpremultiplying rounds every channel to round(c·255/a), halves up")
func unpremultiplyRoundsExactly() {
    var mismatches = 0
    for a in 1...255 {
        for c in 0...a {
            let p = PremultipliedRGBA8(r: UInt8(c), g: 0, b: UInt8(a), a: UInt8(a))!
            // The quotient is exactly representable when it is a tie, so Double rounds it right.
            let expected = UInt8((Double(c) * 255 / Double(a)).rounded(.toNearestOrAwayFromZero))
            let u = p.unpremultiplied()
            if u.r != expected || u.g != 0 || u.b != 255 || u.a != UInt8(a) { mismatches += 1 }
        }
    }
    #expect(mismatches == 0)
}

@Test("premultiplying an unpremultiplied colour gives back every valid premultiplied colour")
func premultipliedRoundTripIsExact() {
    var mismatches = 0
    for a in 0...255 {
        for c in 0...a {
            let p = PremultipliedRGBA8(r: UInt8(c), g: UInt8(a - c), b: UInt8(c / 3), a: UInt8(a))!
            if p.unpremultiplied().premultiplied != p { mismatches += 1 }
        }
    }
    #expect(mismatches == 0)
}

@Test("a straight colour survives premultiplying and back exactly when opaque, within 127.5/a + 1/2 otherwise")
func straightRoundTripBound() {
    var violations = 0
    for a in 1...255 {
        for x in 0...255 {
            let back = Int(ColorRGBA8(r: UInt8(x), g: 0, b: 0, a: UInt8(a)).premultiplied.unpremultiplied().r)
            let bound = a == 255 ? 0 : 127.5 / Double(a) + 0.5
            if Double(abs(back - x)) > bound { violations += 1 }
        }
    }
    #expect(violations == 0)
}

@Test("a fully transparent colour unpremultiplies to all zeros whatever its channels were")
func transparentUnpremultipliesToZero() {
    #expect(ColorRGBA8(r: 255, g: 10, b: 99, a: 0).premultiplied == .transparent)
    #expect(PremultipliedRGBA8.transparent.unpremultiplied() == .clear)
}

@Test("the checked initializer rejects a channel above alpha")
func checkedInitializerRejectsInvalid() {
    #expect(PremultipliedRGBA8(r: 11, g: 0, b: 0, a: 10) == nil)
    #expect(PremultipliedRGBA8(r: 0, g: 0, b: 11, a: 10) == nil)
    #expect(PremultipliedRGBA8(r: 10, g: 10, b: 10, a: 10) != nil)
}
