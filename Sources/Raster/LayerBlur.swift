import CRasterKernels

/// A Gaussian blur of a pixmap's premultiplied pixels (a layer's `gaussianBlur` filter): each
/// channel, as Floats, through the shadows' separable kernel (`gaussianKernel`, the Gaussian
/// integrated over each pixel, reaching ⌈4σ⌉ pixels each side), then rounded back to bytes; the
/// four channels interleaved and the rows streamed through a window that stays in cache
/// (`fb_blur_rgba`, the bits of `fb_blur_separable` on one channel's plane at a time). Within one level of a double-precision Gaussian: the 6·10⁻⁵ of its
/// mass beyond 4σ is 0.02 of a level (shadows reach 3σ, 0.27 %, which for a step is 0.7 of a
/// level: fine for a soft shadow, not for a picture seen sharp through the blur). From σ = 8 px on
/// the blur runs on a coarser grid (`blurredGrid`, Rasterizer+Backdrop.swift), also within one
/// level. Blurring premultiplied values is what compositing them asks for: a transparent pixel
/// contributes nothing to its neighbours' colour.
///
/// Deterministic: the kernel is plain IEEE arithmetic and the C passes sum in a fixed order with
/// no fused operations, so every machine and kernel level gives the same bytes.
struct LayerBlur {
    var scratch: [Float] = []
    private var temp: [Float] = []
    var kernel: [Float] = []
    private var kernels = GaussianKernels()

    /// The kernel reaches ⌈reach·σ⌉ pixels each side.
    static let reach = 4.0

    /// Blurs the pixels of `box` in `pixmap` by a Gaussian of σ = `sigma` pixels, everything
    /// outside `box` taken as transparent, and writes the result over `box` grown by the kernel's
    /// reach (clipped to the pixmap), which it returns. σ ≤ 0 leaves the pixmap alone.
    mutating func blur(_ pixmap: inout Pixmap, box: IntRect, sigma: Double) -> IntRect {
        let k = Int.clamping(Self.reach * sigma, rounded: .up, to: 0...ShadowRenderer.maximumHalfWidth)
        guard k > 0, sigma.isFinite, !box.isEmpty else { return box }
        let x0 = max(box.x - k, 0)
        let y0 = max(box.y - k, 0)
        let region = IntRect(
            uncheckedX: x0, y: y0, width: min(box.maxX + k, pixmap.width) - x0,
            height: min(box.maxY + k, pixmap.height) - y0)
        // Wide blurs on a coarser grid (`blurredGrid`), written back over the region.
        if Self.decimation(sigma) > 1 {
            let grid = blurredGrid(of: pixmap, box: region, sigma: sigma, clampEdges: false)
            let p = grid.positions
            let stride = 4 * pixmap.width
            pixmap.data.withUnsafeMutableBufferPointer { bytes in
                fb_grid_resolve_store(
                    grid.cells, grid.plane, grid.width, p.columns, p.columnWeights, p.rows, p.rowWeights, region.width,
                    region.height, bytes.baseAddress! + region.y * stride + 4 * region.x, stride)
            }
            return region
        }
        prepareKernel(sigma: sigma, halfWidth: k)
        let count = fb_blur_rgba_scratch_count(region.width, k)
        if scratch.count < count { scratch = [Float](repeating: 0, count: count) }
        let stride = 4 * pixmap.width
        pixmap.data.withUnsafeMutableBufferPointer { bytes in
            scratch.withUnsafeMutableBufferPointer { scratch in
                kernel.withUnsafeBufferPointer { weights in
                    fb_blur_rgba(
                        bytes.baseAddress! + region.y * stride + 4 * region.x, stride, region.width, region.height,
                        weights.baseAddress!, k, box.y - y0, box.maxY - y0, scratch.baseAddress!)
                }
            }
        }
        return region
    }

    mutating func prepareKernel(sigma: Double, halfWidth k: Int) {
        kernel = kernels.kernel(sigma: sigma, halfWidth: k)
    }

    /// A width × height plane of `source(x, y)` blurred by σ, valid in the columns and rows
    /// within `halfWidth` of the edges (the rest is undefined): the blur's values there need no
    /// input beyond the plane.
    mutating func blurredPlane(
        width w: Int, height h: Int, halfWidth k: Int, sigma: Double, source: (Int, Int) -> Float
    ) -> [Float] {
        var plane = [Float](unsafeUninitializedCapacity: w * h) { buffer, count in
            for y in 0..<h { for x in 0..<w { buffer[y * w + x] = source(x, y) } }
            count = w * h
        }
        blur(&plane, width: w, height: h, halfWidth: k, sigma: sigma)
        return plane
    }

    /// Blurs a width × height plane in place, as `blurredPlane` does.
    mutating func blur(_ plane: inout [Float], width w: Int, height h: Int, halfWidth k: Int, sigma: Double) {
        plane.withUnsafeMutableBufferPointer { plane in
            guard let base = plane.baseAddress else { return }
            blur(base, width: w, height: h, halfWidth: k, sigma: sigma)
        }
    }

    /// Blurs the width × height floats at `plane` in place.
    mutating func blur(
        _ plane: UnsafeMutablePointer<Float>, width w: Int, height h: Int, halfWidth k: Int, sigma: Double
    ) {
        guard k > 0, sigma.isFinite, w > 2 * k, h > 2 * k else { return }
        prepareKernel(sigma: sigma, halfWidth: k)
        if temp.count < w * h { temp = [Float](repeating: 0, count: w * h) }
        temp.withUnsafeMutableBufferPointer { temp in
            kernel.withUnsafeBufferPointer { weights in
                guard let t = temp.baseAddress, let wts = weights.baseAddress else { return }
                fb_blur_separable(plane, t, w, h, wts, k, 0, h, k, w - k, k, h - k)
            }
        }
    }
}
