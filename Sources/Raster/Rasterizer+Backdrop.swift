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
    /// a row): `pixmap` blurred by σ with its edge pixels repeated beyond it, saturated, tinted.
    mutating func backdrop(of pixmap: Pixmap, box: IntRect, _ backdrop: DrawBackdrop) -> [UInt32] {
        let k = Int.clamping(Self.reach * backdrop.sigma, rounded: .up, to: 0...ShadowRenderer.maximumHalfWidth)
        let (w, h) = (box.width + 2 * k, box.height + 2 * k)
        var planes = [[Float]](repeating: [], count: 4)
        for channel in 0..<4 {
            planes[channel] = blurredPlane(width: w, height: h, halfWidth: k, sigma: backdrop.sigma) { x, y in
                let px = min(max(box.x - k + x, 0), pixmap.width - 1)
                let py = min(max(box.y - k + y, 0), pixmap.height - 1)
                return Float(pixmap.data[4 * (py * pixmap.width + px) + channel])
            }
        }
        let s = Float(backdrop.saturation.isFinite ? backdrop.saturation : 1)
        let tint = backdrop.tint.premultiplied
        let (tr, tg, tb, ta) = (Float(tint.r), Float(tint.g), Float(tint.b), Float(tint.a))
        var colours = [UInt32](repeating: 0, count: box.width * box.height)
        for y in 0..<box.height {
            for x in 0..<box.width {
                let i = (y + k) * w + x + k
                let (r, g, b, a) = (planes[0][i], planes[1][i], planes[2][i], min(max(planes[3][i], 0), 255))
                let luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
                func saturated(_ c: Float) -> Float { min(max(luminance + s * (c - luminance), 0), a) }
                let keep = 1 - ta / 255
                func byte(_ v: Float) -> UInt8 { UInt8(min(max(v, 0), 255) + 0.5) }
                let alpha = byte(ta + a * keep)
                let pixel = PremultipliedRGBA8(
                    unchecked: min(byte(tr + saturated(r) * keep), alpha), min(byte(tg + saturated(g) * keep), alpha),
                    min(byte(tb + saturated(b) * keep), alpha), alpha)
                colours[y * box.width + x] = pixel.packed
            }
        }
        return colours
    }
}
