import CRasterKernels
import Colors
import Determinism
import Geometry
import Raster
import Testing

/// Gradients (every kind, plain and dithered, under a turned map) draw the same bytes at every
/// instruction-set level of the kernels, and the bytes they drew before the gradient kernel got
/// an AVX2 build: the pins below were taken from the build before it.
@Suite("Gradient shading at every kernel level")
struct GradientLevelTests {
    static let pins: [String: String] = [
        "linear": "1f07de57b36c3f31", "linear dithered": "341f0a71d4ffea05",
        "radial": "97a9d10d4da29625", "radial dithered": "cb9a7f53052c89d9",
        "conic": "8a3d0e4c65f7eef7", "conic dithered": "187716f246d2c4c1",
    ]

    @Test(
        "every level gives the pinned bytes of linear, radial and conic gradients, plain and dithered",
        arguments: Gradient.Kind.allCases)
    func everyLevelGivesThePinnedBytes(kind: Gradient.Kind) {
        for dither in [false, true] {
            let name = kind.rawValue + (dither ? " dithered" : "")
            var gradient = Gradient(
                kind: kind,
                colors: [
                    ColorRGBA8(hex: "#FF3B30")!, ColorRGBA8(hex: "#34C75980")!, ColorRGBA8(hex: "#007AFF")!,
                    ColorRGBA8(hex: "#FFCC00")!,
                ],
                locations: [0, 0.3, 0.7, 1], startPoint: Point(0.2, 0.3), endPoint: Point(0.9, 0.8))
            gradient.dither = dither
            let toPixels = AffineTransform(rotation: .degrees(23))
                .concatenating(AffineTransform(translationX: 9.7, y: -3.2))
            let paint = GradientPaint(gradient: gradient, size: Size(44, 40), toPixels: toPixels)
            for level in Array(Int32(FB_LEVEL_SCALAR)...fb_cpu_level()) {
                fb_force_kernel_level_on_this_thread(level)
                defer { fb_force_kernel_level_on_this_thread(-1) }
                let pixmap = paintRect(.gradient(paint), width: 40, height: 36)
                #expect(FNV1a64.hexHash(pixmap.data) == Self.pins[name], "\(name), level \(level)")
            }
        }
    }
}
