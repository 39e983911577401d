import Geometry

// The shadow of a layer with an image, or with a shadowPath.
//
// Core Animation derives a layer's shadow (without a shadowPath) from the alpha of the whole
// layer as composited: its background colour, its border and its contents. For a plain layer that
// alpha is its rounded shape (ShadowRenderer's shape mask, Shadow.swift); for a layer whose
// contents are an image it is the image's alpha as placed by contentMode and clipped by the
// corner radius when masksToBounds, so a transparent PNG icon casts the shadow of its opaque
// parts only. Such a layer is drawn here once more, at opacity 1, moved by the shadow's offset,
// into a scratch pixmap over the box it can cover; that pixmap's alpha is the shadow's mask.
//
// Only layers with an image take this path (`castsContentShadow`, from the needs their features
// declare in DrawRect+Needs.swift): every other layer keeps the shape mask, so their bytes do not
// change. The layer's content paths (image, the border band
// drawn over it, a shape, an icon, text) all count, as they all make up the composited alpha.
// The ancestors' clips are not applied to the moved copy: the shadow is clipped by them in place,
// as every shadow is (Shadow.swift).
//
// A `shadowPath` replaces the composited alpha: the path, filled non-zero in opaque black at the
// layer's transform moved by the offset, is the scratch pixmap's alpha (CALayer.shadowPath: "the
// shape of the layer's shadow", whatever the layer draws).

extension Rasterizer {
    /// Draws the shadow of `rect` from its composited alpha (see above), under everything drawn next.
    mutating func drawContentShadow(_ rect: DrawRect, onto pixmap: inout Pixmap) {
        guard let shadow = rect.shadow, shadow.offset.isFinite else { return }
        let opacity = LayerPaint(fill: .clear, border: .clear, opacity: rect.opacity).opacity
        guard opacity > 0, let clip = resolveClips(rect.clips, on: pixmap) else { return }

        // The box the moved layer can cover (the layer's bounds and its content's outlines), within
        // the canvas grown by the blur's reach: what lies further out cannot reach the canvas.
        let reach = Double(
            Int.clamping(
                ShadowRenderer.reach * shadow.sigma, rounded: .up, to: 0...ShadowRenderer.maximumHalfWidth))
        var box: Rect
        if let path = shadow.path {
            guard !path.isEmpty else { return }
            box = boundingBox(of: path.controlPointBounds, under: rect.transform)
        } else {
            box = boundingBox(
                of: Rect(
                    x: -rect.size.width / 2, y: -rect.size.height / 2, width: rect.size.width,
                    height: rect.size.height),
                under: rect.transform)
            for path in rect.content where !path.path.isEmpty {
                box = box.union(boundingBox(of: path.path.controlPointBounds, under: path.transform))
            }
        }
        let x0 = max((box.minX + shadow.offset.x).rounded(.down), -reach)
        let y0 = max((box.minY + shadow.offset.y).rounded(.down), -reach)
        let x1 = min((box.maxX + shadow.offset.x).rounded(.up), Double(pixmap.width) + reach)
        let y1 = min((box.maxY + shadow.offset.y).rounded(.up), Double(pixmap.height) + reach)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return }

        let move = AffineTransform(translationX: shadow.offset.x - x0, y: shadow.offset.y - y0)
        let (ox, oy) = (Int(x0), Int(y0))
        // Drawn into scratch, not the frame: no damage is recorded for it.
        var layer = Pixmap(width: Int(x1 - x0), height: Int(y1 - y0))
        let recording = damage
        damage = nil
        if let path = shadow.path {
            draw(
                DrawPath(path: path, transform: rect.transform.concatenating(move), paint: .solid(.black)),
                onto: &layer)
        } else {
            draw(Self.shadowBody(of: rect, moved: move), onto: &layer)
        }
        damage = recording
        if let shadowBox = shadowRenderer.draw(
            shadow, alpha: layer, at: (ox, oy), opacity: opacity, clip: clip, onto: &pixmap)
        {
            damage?.append(shadowBox)
        }
    }

    /// The layer at opacity 1 without its shadow and clips, and its content with only the clips
    /// the layer adds (its own bounds, with masksToBounds), everything (paints too: they are
    /// placed in pixels) moved by `move`, the offset into the scratch pixmap's coordinates.
    private static func shadowBody(of rect: DrawRect, moved move: AffineTransform) -> DrawRect {
        var body = rect
        body.shadow = nil
        body.opacity = 1
        body.clips = []
        body.transform = rect.transform.concatenating(move)
        body.fillPaint = rect.fillPaint?.moved(by: move)
        body.content = rect.content.map { path in
            var path = path
            let inherited = path.clips.starts(with: rect.clips) ? rect.clips.count : 0
            path.clips = path.clips.dropFirst(inherited).map { clip in
                var clip = clip
                clip.transform = clip.transform.concatenating(move)
                return clip
            }
            path.transform = path.transform.concatenating(move)
            path.paint = path.paint.moved(by: move)
            path.opacity = rect.opacity > 0 ? min(path.opacity / rect.opacity, 1) : 0
            return path
        }
        return body
    }
}

extension Paint {
    /// The paint of an outline moved by `t` (a shadow's offset, a figure's placement of a frame):
    /// gradients and images are placed in pixels, so they move with it; solid colours are unchanged.
    public func moved(by t: AffineTransform) -> Paint {
        switch self {
        case .solid: return self
        case .gradient(var g):
            g.toPixels = g.toPixels.concatenating(t)
            return .gradient(g)
        case .image(var i):
            i.toPixels = i.toPixels.concatenating(t)
            return .image(i)
        }
    }
}
