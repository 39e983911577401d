import CRasterKernels
import Determinism
import Foundation
import Geometry
import Testing

@testable import Raster

/// `fb_projected_texture_span` (a layer in perspective read from its texture, one pixel a vector
/// lane, 4, 8 or 16 a step by kernel level) gives the bytes of its Swift definition,
/// `ProjectedSampler.textureColour`, at every kernel level: for cards turned toward and away from
/// the eye, partly behind it, and read beyond the texture and the clamp box. The definition is
/// one bilinear read at the pixel's centre, with a GPU's 8 bits of subtexel precision.
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
                    // Spans of 77 and 123 pixels, so every level's step and its tail run.
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

    /// The colours `textureColour` gives over `width` × 1 canvas pixels for a flat layer whose
    /// texture lies `offset` texels right of the canvas, at one texel a pixel.
    static func flatRow(_ texture: Pixmap, offset: Double, width: Int) -> [UInt32] {
        let forward = Homography(AffineTransform(translationX: -offset, y: 0))
        let inverse = forward.inverted!
        return texture.data.withUnsafeBytes { bytes in
            let sampler = ProjectedSampler(
                texels: bytes.bindMemory(to: UInt32.self), width: texture.width, box: texture.bounds,
                inverse: inverse, forward: forward)
            return (0..<width).map {
                sampler.textureColour(
                    x: $0, y: 0, toLocal: .identity,
                    clamp: Rect(x: 0, y: 0, width: Double(texture.width), height: Double(texture.height)),
                    toTexture: .identity)
            }
        }
    }

    @Test("a face-on layer at one texel a pixel shows its texels exactly: every read falls on a texel's centre")
    func faceOnReadsAreTheTexels() {
        let texture = Self.texture(seed: 0xFACE)
        let row = Self.flatRow(texture, offset: 0, width: 63)
        let texels = texture.data.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self).prefix(63)) }
        #expect(row == texels)
    }

    @Test("half a texel across, a read is the two texels' mean rounded half up; a quarter, 3 : 1 of them")
    func subtexelWeights() {
        var texture = Pixmap(width: 2, height: 2)
        // (10, 20, 31, 255) beside (11, 40, 0, 255), on both rows.
        for (i, bytes) in [[10, 20, 31, 255], [11, 40, 0, 255], [10, 20, 31, 255], [11, 40, 0, 255]].enumerated() {
            for (c, b) in bytes.enumerated() { texture.data[4 * i + c] = UInt8(b) }
        }
        func pixel(_ packed: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: packed >> (8 * $0)) } }
        // Pixel 0's centre at texel x = 1.0: half way between the two texels' centres.
        #expect(pixel(Self.flatRow(texture, offset: 0.5, width: 1)[0]) == [11, 30, 16, 255])
        // At x = 0.75: a quarter of the way, 49152 : 16384 of 2^16.
        #expect(pixel(Self.flatRow(texture, offset: 0.25, width: 1)[0]) == [10, 25, 23, 255])
        // 1/1024 of a texel past the centre is below the subtexel step: the first texel alone.
        #expect(pixel(Self.flatRow(texture, offset: 1.0 / 1024, width: 1)[0]) == [10, 20, 31, 255])
    }
}
