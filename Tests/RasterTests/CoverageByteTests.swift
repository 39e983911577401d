import CRasterKernels
import Testing

@testable import Raster

@Test("the kernels' integer coverage byte equals Swift's Float one for every cell-sum magnitude")
func integerCoverageByteMatchesTheFloatExpressionEverywhere() {
    let full = UInt32(FB_CELL_FULL)
    var wrong: [UInt32] = []
    for v in 0...full where fb_magnitude_byte(v) != UInt32(coverageByte(Float(v) / Float(full))) {
        wrong.append(v)
    }
    #expect(wrong.isEmpty, "\(wrong.count) magnitudes differ, first \(wrong.prefix(5))")
}

@Test("the integer coverage byte keeps the Float's rounding of 255·v, which a plain round-half-up loses")
func integerCoverageByteLiftsTheFloatRoundedValues() {
    // 1,114,369·255 = 136·2^21 − 2^20 − 1: just below 135.5 exactly, but 255·v rounded to a
    // Float's 24 bits is 135.5, so Swift's byte is 136; (255·v + 2^20) >> 21 would give 135.
    #expect(coverageByte(Float(1_114_369) / Float(FB_CELL_FULL)) == 136)
    #expect(fb_magnitude_byte(1_114_369) == 136)
    #expect(fb_magnitude_byte(UInt32(FB_CELL_FULL)) == 255)
    #expect(fb_magnitude_byte(UInt32(FB_CELL_FULL / 2)) == 128)
    #expect(fb_magnitude_byte(0) == 0)
}
