import CRasterKernels
import Geometry

// Backdrop materials (DrawBackdrop, UIVisualEffectView's UIBlurEffect): the pixels already drawn
// behind a layer are blurred, saturated and tinted within the layer's shape, before its fill.
//
// Order, as Apple's UIImage+ImageEffects sample (WWDC 2013) applies a material: Gaussian blur,
// then the saturation matrix, then the tint over the result at its alpha. The blur reads the
// canvas with its edge pixels repeated beyond it (Core Animation's backdrop clamps at the edge),
// so a bar at the top of the screen does not darken toward the edge. The result is blended into
// the shape like an opaque image paint: coverage × opacity, source-over, with the layer's clips.
//
// A backdrop reads what is drawn before it on the same pixmap: inside a group (opacity, filters)
// that is the group's own offscreen, not the canvas behind the group.
extension Rasterizer {
    mutating func drawBackdrop(_ backdrop: DrawBackdrop, of rect: DrawRect, onto pixmap: inout Pixmap) {
        let paint = LayerPaint(fill: .white, border: rect.borderColor, opacity: rect.opacity)
        guard let outline = LayerOutline(of: rect, paint: paint, fillShows: true),
            let clip = resolveClips(rect.clips, on: pixmap)
        else { return }
        if let shadow = rect.shadow,
            let shadowBox = shadowRenderer.draw(
                shadow, of: outline.shape, hole: outline.hole, hasBorder: outline.hasBorder, paint: paint, clip: clip,
                coverage: &shapeCoverage, onto: &pixmap)
        {
            damage?.append(shadowBox)
        }
        let box = shapeCoverage.begin(
            outline.shape, hole: nil, clip: clip, canvasWidth: pixmap.width, canvasHeight: pixmap.height)
        guard !box.isEmpty else { return }
        damage?.append(box)
        var colours = layerBlur.backdrop(of: pixmap, box: box, backdrop)
        colours.withUnsafeMutableBufferPointer { colours in
            guard let base = colours.baseAddress else { return }
            blendSpans(box, border: 0, hasBorder: false, opacity: UInt32(paint.opacity), onto: &pixmap) {
                row, start, _ in UnsafePointer(base + row * box.width + start)
            }
        }
    }
}

extension LayerBlur {
    /// The material's colours for the pixels of `box` (packed premultiplied, row-major, box.width
    /// a row): `pixmap` blurred by σ with its edge pixels repeated beyond it, saturated, tinted
    /// (`fb_grid_resolve_material`).
    mutating func backdrop(of pixmap: Pixmap, box: IntRect, _ backdrop: DrawBackdrop) -> [UInt32] {
        let tint = backdrop.tint.premultiplied
        let saturation = Float(backdrop.saturation.isFinite ? backdrop.saturation : 1)
        let k = Int.clamping(Self.reach * backdrop.sigma, rounded: .up, to: 0...ShadowRenderer.maximumHalfWidth)
        if Self.decimation(backdrop.sigma) == 1, k > 0, backdrop.sigma.isFinite {
            return exactBackdrop(
                of: pixmap, box: box, sigma: backdrop.sigma, halfWidth: k, saturation: saturation, tint: tint)
        }
        let grid = blurredGrid(of: pixmap, box: box, sigma: backdrop.sigma, clampEdges: true)
        let p = grid.positions
        return [UInt32](unsafeUninitializedCapacity: box.width * box.height) { out, count in
            let bytes = UnsafeMutableRawPointer(out.baseAddress!).assumingMemoryBound(to: UInt8.self)
            fb_grid_resolve_material(
                grid.cells, grid.plane, grid.width, p.columns, p.columnWeights, p.rows, p.rowWeights, box.width,
                box.height, saturation, Float(tint.r), Float(tint.g), Float(tint.b), Float(tint.a), bytes)
            count = box.width * box.height
        }
    }

    /// `backdrop(of:box:_:)` below σ = 8 px: the bytes of the step-1 grid's path, streamed
    /// through a window of rows with the four channels interleaved (`fb_backdrop_exact`).
    private mutating func exactBackdrop(
        of pixmap: Pixmap, box: IntRect, sigma: Double, halfWidth k: Int, saturation: Float, tint: PremultipliedRGBA8
    ) -> [UInt32] {
        prepareKernel(sigma: sigma, halfWidth: k)
        let count = fb_blur_rgba_scratch_count(box.width, k)
        if scratch.count < count { scratch = [Float](repeating: 0, count: count) }
        return [UInt32](unsafeUninitializedCapacity: box.width * box.height) { out, written in
            let bytes = UnsafeMutableRawPointer(out.baseAddress!).assumingMemoryBound(to: UInt8.self)
            pixmap.data.withUnsafeBufferPointer { rgba in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    kernel.withUnsafeBufferPointer { weights in
                        fb_backdrop_exact(
                            rgba.baseAddress, pixmap.width, pixmap.height, box.x, box.y, box.width, box.height,
                            weights.baseAddress, k, saturation, Float(tint.r), Float(tint.g), Float(tint.b),
                            Float(tint.a), scratch.baseAddress, bytes)
                    }
                }
            }
            written = box.width * box.height
        }
    }

    /// Blurs of σ at least this many pixels run on a grid `decimation(σ)` times coarser.
    static let decimatedSigma = 8.0

    /// The grid step for σ: 1 (every pixel) below `decimatedSigma`, else ⌊σ/4⌋, which leaves a
    /// blur of about 4 grid steps to do on the coarse grid.
    static func decimation(_ sigma: Double) -> Int {
        sigma >= decimatedSigma ? Int(min(sigma / 4, 256)) : 1
    }

    /// A blurred grid over a box: four planes (r, g, b, a) of `width` × `plane / width` cells
    /// one after another, and where the box's pixel centres fall on it.
    struct BlurredGrid {
        var cells: [Float]
        var plane: Int
        var width: Int
        var positions: GridPositions
    }

    /// `pixmap` blurred by σ around `box`: beyond the pixmap its edge pixels repeat
    /// (`clampEdges`, a backdrop) or it is transparent (a filter).
    ///
    /// Below σ = 8 px the grid is the pixels themselves and the blur exact (the kernel at 4σ;
    /// every pixel falls on a cell, weight 0 for its neighbour). Wider blurs (materials are σ 40
    /// to 90 px on a 3× screen) run as iOS runs them, at a reduced resolution: the pixels are
    /// averaged in f × f blocks (f = ⌊σ/4⌋), blurred on that grid by the σ that makes the whole
    /// match σ (the block average adds (f² − 1)/12 to the variance, the bilinear interpolation
    /// back f²/6), and interpolated back to pixels by the resolvers. Against the exact Gaussian
    /// the result is within one level on a hard edge (BackdropTests: 0.9 at most), at a cost that
    /// no longer grows with σ: 1/f² of the pixels and a kernel of ~33 taps.
    mutating func blurredGrid(of pixmap: Pixmap, box: IntRect, sigma: Double, clampEdges: Bool) -> BlurredGrid {
        let f = Self.decimation(sigma)
        let k = Int.clamping(Self.reach * sigma, rounded: .up, to: 0...ShadowRenderer.maximumHalfWidth)
        let variance = sigma * sigma - Double(f * f - 1) / 12 - Double(f * f) / 6
        let coarseSigma = f > 1 ? max(variance, 0.25).squareRoot() / Double(f) : sigma
        let coarseReach = f > 1 ? Int((Self.reach * coarseSigma).rounded(.up)) : k
        // The grid starts `margin` cells before the box: the kernel's reach, and one more cell
        // for the interpolation's neighbour at the box's far edges.
        let margin = coarseReach + 1
        let (cw, ch) = ((box.width + f - 1) / f + 2 * margin, (box.height + f - 1) / f + 2 * margin)
        var cells = Self.averagedGrid(
            of: pixmap, originX: box.x - margin * f, originY: box.y - margin * f, step: f, width: cw, height: ch,
            clampEdges: clampEdges)
        let plane = cw * ch
        cells.withUnsafeMutableBufferPointer { cells in
            guard let base = cells.baseAddress else { return }
            for channel in 0..<4 {
                blur(base + channel * plane, width: cw, height: ch, halfWidth: coarseReach, sigma: coarseSigma)
            }
        }
        return BlurredGrid(
            cells: cells, plane: plane, width: cw,
            positions: Self.positions(width: cw, height: ch, step: f, offset: margin * f, box: box))
    }

    /// Four planes (r, g, b, a) of `width` × `height` cells one after another, cell (u, v) the
    /// mean of the step × step pixels from (originX + u·step, originY + v·step); pixels beyond the
    /// pixmap are its nearest edge pixel (`clampEdges`) or transparent (`fb_grid_average`).
    static func averagedGrid(
        of pixmap: Pixmap, originX ox: Int, originY oy: Int, step f: Int, width cw: Int, height ch: Int,
        clampEdges: Bool
    ) -> [Float] {
        [Float](unsafeUninitializedCapacity: 4 * cw * ch) { buffer, count in
            pixmap.data.withUnsafeBufferPointer { bytes in
                fb_grid_average(
                    bytes.baseAddress, pixmap.width, pixmap.height, ox, oy, f, cw, ch, clampEdges ? 1 : 0,
                    buffer.baseAddress)
            }
            count = 4 * cw * ch
        }
    }

    /// Where the box's pixel centres fall on a grid of cw × ch cells of `step` pixels starting
    /// `offset` pixels before the box's corner (`fb_grid_positions`), per column and per row.
    struct GridPositions {
        var columns: [Int32], columnWeights: [Float], rows: [Int32], rowWeights: [Float]
    }

    static func positions(width cw: Int, height ch: Int, step f: Int, offset: Int, box: IntRect) -> GridPositions {
        func along(_ cells: Int, _ count: Int) -> ([Int32], [Float]) {
            var index = [Int32](repeating: 0, count: count)
            var weight = [Float](repeating: 0, count: count)
            fb_grid_positions(cells, f, offset, count, &index, &weight)
            return (index, weight)
        }
        let (columns, columnWeights) = along(cw, box.width)
        let (rows, rowWeights) = along(ch, box.height)
        return GridPositions(columns: columns, columnWeights: columnWeights, rows: rows, rowWeights: rowWeights)
    }
}
