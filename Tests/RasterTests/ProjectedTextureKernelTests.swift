import CRasterKernels
import Determinism
import Foundation
import Geometry
import Testing

@testable import Raster

/// `fb_projected_texture_span` (a layer in perspective read from its texture, four points a
/// pixel in vector lanes, two pixels a vector with AVX-512) gives the bytes of its Swift definition,
/// `ProjectedSampler.textureColour`, at every kernel level: for cards turned toward and away from
/// the eye, partly behind it, and read beyond the texture and the clamp box.
@Suite("Texture reads of layers in perspective")
struct ProjectedTextureKernelTests {
    /// A 64 × 48 texture of seeded premultiplied texels, a quarter of them transparent.
    static func texture(seed: UInt64) -> Pixmap {
        var rng = SplitMix64(seed: seed)
        var pixmap = Pixmap(width: 64, height: 48)
        for i in 0..<(64 * 48) {
            let a = UInt8(truncatingIfNeeded: rng.next())
            guard a > 63 else { continue }
            func channel() -> UInt8 { UInt8(rng.next() % (UInt64(a) + 1)) }
            let (r, g, b) = (channel(), channel(), channel())
            pixmap.data[4 * i] = r
            pixmap.data[4 * i + 1] = g
            pixmap.data[4 * i + 2] = b
            pixmap.data[4 * i + 3] = a
        }
        return pixmap
    }

    /// A card 120 × 90 turned by `degrees` about its vertical axis and seen from `distance` px,
    /// centred on (100, 80): plane (offscreen) pixels → canvas.
    static func card(degrees: Double, distance d: Double) -> Homography {
        let angle = degrees * .pi / 180
        let (s, c) = (sin(angle), cos(angle))
        let (cx, cy) = (100.0, 80.0)
        let wx = s / d
        let turned = Homography(
            m11: c + cx * wx, m12: cy * wx, m13: wx, m21: 0, m22: 1, m23: 0, m31: cx, m32: cy, m33: 1)
        return Homography(AffineTransform(translationX: -60, y: -45)).concatenating(turned)
    }

    /// Seen from 45 px, the cards at 89.5° and 140° reach behind the eye.
    @Test(
        "every level reads the Swift definition's bytes",
        arguments: [(0.0, 400.0), (35, 400), (-62, 400), (89.5, 45), (140, 45)])
    func kernelMatchesDefinition(degrees: Double, distance: Double) throws {
        let texture = Self.texture(seed: 0x7E57_0000 + UInt64(degrees.magnitude))
        let forward = Self.card(degrees: degrees, distance: distance)
        let inverse = try #require(forward.inverted)
        // Local units: the card's box centred on 0, half a texel per unit, as `TextureRead` has it.
        let toLocal = AffineTransform(translationX: -60, y: -45)
        let clamp = Rect(x: -58, y: -43, width: 116, height: 86)
        let toTexture = AffineTransform(translationX: 62, y: 47).concatenating(AffineTransform(scaleX: 0.5, y: 0.5))
        let width = 200
        let height = 160
        var expected = [UInt32](repeating: 0, count: width * height)
        texture.data.withUnsafeBytes { bytes in
            let sampler = ProjectedSampler(
                texels: bytes.bindMemory(to: UInt32.self), width: texture.width, box: texture.bounds,
                inverse: inverse, forward: forward)
            for y in 0..<height {
                for x in 0..<width {
                    expected[y * width + x] = sampler.textureColour(
                        x: x, y: y, toLocal: toLocal, clamp: clamp, toTexture: toTexture)
                }
            }
        }
        #expect(expected.contains { $0 != 0 }, "the card shows")
        var params = fb_projected_read(
            width: texture.width, height: texture.height, inverse: inverse, forward: forward, toLocal: toLocal,
            clamp: clamp, toTexture: toTexture)
        for level in Array(Int32(FB_LEVEL_SCALAR)...fb_cpu_level()) {
            fb_force_kernel_level_on_this_thread(level)
            defer { fb_force_kernel_level_on_this_thread(-1) }
            var got = [UInt32](repeating: 0, count: width * height)
            texture.data.withUnsafeBytes { bytes in
                params.texels = UnsafePointer(bytes.bindMemory(to: UInt32.self).baseAddress)
                got.withUnsafeMutableBufferPointer { out in
                    // Spans of odd and even lengths, so the two-pixel step and its tail both run.
                    for y in 0..<height {
                        fb_projected_texture_span(&params, 0, y, 77, out.baseAddress! + y * width)
                        fb_projected_texture_span(&params, 77, y, width - 77, out.baseAddress! + y * width + 77)
                    }
                }
            }
            let mismatches = zip(got, expected).filter { $0 != $1 }.count
            #expect(mismatches == 0, "level \(level): \(mismatches) pixels differ at \(degrees)°")
        }
    }
}
