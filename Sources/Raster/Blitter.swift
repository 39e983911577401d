import CRasterKernels

// The second hot loop: compositing a shape's coverage rows onto the pixmap. The loop itself is C
// (Sources/CRasterKernels: the sparse sweep and the span blends, AVX2 where the CPU has it); this
// file hands it the paint and the buffers.
//
// Rules:
// 1. Byte-identical to the straightforward per-pixel path of Compositing.swift (`coverageByte`,
//    `LayerPaint.color`, `sourceOver`); the test "the rasterizer gives the bytes of compositing
//    every pixel with the per-pixel functions" holds the two equal, and the kernel tests hold the
//    SSE2 and AVX2 blends to the scalar formula on every length and alignment.
// 2. Pixels are `UInt32`s holding the four bytes in memory order; every operation treats the four
//    bytes alike, so neither which byte is red nor endianness matters.
// 3. Work per span, not per pixel: the sweep hands over runs of equal coverage, so the layer
//    colour is computed once per run; opaque colours are stored, translucent ones blended 8 (AVX2)
//    or 4 (SSE2) pixels per instruction.

extension LayerPaint {
    /// The paint as the kernel takes it.
    func kernelPaint(hasBorder: Bool) -> fb_paint {
        fb_paint(
            fill: fill.packed, border: border.packed,
            interior: color(fillCoverage: 255, borderCoverage: 0).packed,
            opacity: UInt32(opacity), has_border: hasBorder)
    }
}

/// The instruction sets the C kernels chose on this CPU. They are picked at run time and give the
/// same bytes whichever runs, but not the same speed: benchmark figures name them.
public enum RasterKernels {
    /// A level of the kernels, from the portable C up (`fb_kernel_level`'s numbers).
    public enum Level: String, CaseIterable, Sendable {
        case scalar, sse2, avx2, avx512

        var number: Int32 { Int32(Self.allCases.firstIndex(of: self)!) }
    }

    /// Runs every thread's kernels at `level` or lower (the CPU's highest when it lacks `level`),
    /// so one machine can time each level; nil lifts the cap. The bytes do not change: each level
    /// gives the scalar formula's. Call it before drawing starts.
    public static func cap(at level: Level?) {
        fb_cap_kernel_level(level?.number ?? -1)
    }

    /// `colour` source-over every pixel of `box` within `pixmap`, a row at a
    /// time by the span blend the plain sweep uses for a run of one coverage at this thread's level
    /// (AVX-512, AVX2 or SSE2; rows under 4 pixels scalar): the least a translucent pixel of a
    /// shape costs, which the bench's blend floor adds up.
    package static func blend(_ colour: PremultipliedRGBA8, over box: IntRect, in pixmap: inout Pixmap) {
        let box = box.intersection(pixmap.bounds)
        guard !box.isEmpty else { return }
        let colour = colour.packed
        let level = fb_current_kernel_level()
        pixmap.withUnsafeMutablePixels { pixels, rowLength in
            for y in box.y..<box.maxY {
                let row = pixels.baseAddress! + y * rowLength + box.x
                if box.width < 4 || level < FB_LEVEL_SSE2 {
                    fb_blend_run_scalar(row, box.width, colour)
                } else if level >= FB_LEVEL_AVX512 {
                    fb_blend_run_avx512(row, box.width, colour)
                } else if level >= FB_LEVEL_AVX2 {
                    fb_blend_run_avx2(row, box.width, colour)
                } else {
                    fb_blend_run_sse2(row, box.width, colour)
                }
            }
        }
    }

    public static var selection: String {
        #if arch(x86_64) || arch(i386)
            let names = ["scalar", "SSE2", "AVX2", "AVX-512"]
            let level = Int(fb_current_kernel_level())
            let cpu = Int(fb_cpu_level())
            let cap = level < cpu ? " (capped by --kernel-level; the CPU has \(names[cpu]))" : ""
            return "edge pixels and span blends \(names[level])\(cap), accumulation 22.10 fixed point"
        #else
            return "portable C (no x86 kernels on this CPU)"
        #endif
    }
}
