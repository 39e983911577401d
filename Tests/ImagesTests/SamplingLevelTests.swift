import CRasterKernels
import Determinism
import Geometry
import Images
import Raster
import Testing

/// Area sampling (a shrunk image, straight and turned) draws the same bytes at every instruction-set
/// level of the kernels, and the bytes it drew before the sampler's channels became vectors: the
/// pins below were taken from that build.
@Suite("Image sampling at every kernel level")
struct SamplingLevelTests {
    static let cases: [(name: String, toPixels: AffineTransform, pinned: String)] = [
        ("shrunk 0.3", AffineTransform(a: 0.3, b: 0, c: 0, d: 0.3, tx: 1.25, ty: 0.5), "69515e82b601cc39"),
        (
            "turned 17°, shrunk 0.37",
            AffineTransform(a: 0.37, b: 0, c: 0, d: 0.37, tx: 0, ty: 0)
                .concatenating(AffineTransform(rotation: .degrees(17)))
                .concatenating(AffineTransform(translationX: 14.3, y: 2.6)),
            "ddaae5640f2f9721"
        ),
    ]

    @Test("every level gives the pinned bytes of a shrunk image and of a turned one", arguments: 0..<2)
    func everyLevelGivesThePinnedBytes(index: Int) throws {
        let file = try ImageFile.load(path: fixture("photo.png"))
        let image = RasterImage(file.sceneImage())
        let (name, toPixels, pinned) = Self.cases[index]
        let paint = ImagePaint(image: image, toPixels: toPixels)
        let levels = Array(Int32(FB_LEVEL_SCALAR)...fb_cpu_level())
        for level in levels {
            fb_force_kernel_level_on_this_thread(level)
            defer { fb_force_kernel_level_on_this_thread(-1) }
            let pixmap = paintRect(.image(paint), width: 40, height: 36)
            #expect(FNV1a64.hexHash(pixmap.data) == pinned, "\(name), level \(level)")
        }
    }
}
