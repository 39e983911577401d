import CRasterKernels
import Testing

@testable import Raster

/// `pmulhrsw` on 16-bit lanes: (d·b + 2^14) >> 15, what the AVX2 and AVX-512 blends compute.
private func mulhrs(_ d: Int, _ b: Int) -> Int { (d * b + 16_384) >> 15 }

@Test("every pmulhrsw factor gives mul255 by its factor for all 256 operands, so blends by it keep their bytes")
func mulhrsFactorsReproduceMul255() {
    for x in 0..<256 {
        let b = Int(fb_mulhrs_factor(UInt32(x)))
        #expect(b <= 32_767, "factor \(x) does not fit a signed 16-bit lane")
        let wrong = (0..<256).filter { d in mulhrs(d, b) != Int(mul255(UInt32(d), UInt32(x))) }
        #expect(wrong.isEmpty, "factor \(x) (b = \(b)) is wrong for d = \(wrong.prefix(5))")
    }
}

@Test("each pmulhrsw factor is the smallest that works, as mul255_factors.c documents")
func mulhrsFactorsAreTheSmallest() {
    for x in 0..<256 {
        let b = Int(fb_mulhrs_factor(UInt32(x)))
        // Any smaller b is already wrong for some operand (most at d = 255).
        let smaller = (0..<b).first { c in
            (0..<256).reversed().allSatisfy { d in mulhrs(d, c) == Int(mul255(UInt32(d), UInt32(x))) }
        }
        #expect(smaller == nil, "factor \(x): \(smaller ?? 0) also works, below the table's \(b)")
    }
}
