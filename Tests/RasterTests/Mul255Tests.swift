import Raster
import Testing

@Test("mul255 equals round(a·b/255) for all 65536 pairs")
func mul255IsExactlyRounded() {
    var mismatches = 0
    for a in 0...255 {
        for b in 0...255 {
            // Integer-exact rounding, halves up: ⌊(2ab + 255) / 510⌋.
            let expected = (2 * a * b + 255) / 510
            if Int(mul255(UInt8(a), UInt8(b))) != expected { mismatches += 1 }
        }
    }
    #expect(mismatches == 0)
}

@Test("mul255 by 255 is the identity and by 0 gives 0")
func mul255Identities() {
    for v in UInt8.min...UInt8.max {
        #expect(mul255(v, 255) == v)
        #expect(mul255(v, 0) == 0)
    }
}
