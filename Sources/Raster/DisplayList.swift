import Geometry

/// Everything the rasterizer sees of one frame: an immutable list of rounded rectangles in pixel
/// space, each with the filled paths of its content (`DrawRect.content`), drawn in order (index 0
/// at the bottom) over the background.
///
/// The display list is the boundary between simulation and pixels: it knows nothing of scenes,
/// items or behaviours, and two equal display lists always rasterize to identical pixels, which is
/// what lets the pipeline skip unchanged frames.
public struct DisplayList: Equatable, Sendable {
    /// Canvas size in pixels.
    public var width: Int
    public var height: Int
    public var background: ColorRGBA8
    public var rects: [DrawRect]
    /// Subtrees composited as one (Groups.swift): each spans a run of `rects`, drawn into an
    /// offscreen first and composited once. Nested groups lie inside their parents' runs; ordered
    /// by where they start, parents before children. Empty for a flat list (every rect drawn
    /// straight onto the canvas).
    public var groups: [DrawGroup] = []

    public init(width: Int, height: Int, background: ColorRGBA8, rects: [DrawRect] = []) {
        precondition(width > 0 && height > 0, "display list size must be positive")
        self.width = width
        self.height = height
        self.background = background
        self.rects = rects
    }

    /// Removes the rects at `indexes` (ascending) and keeps every group over the rects that remain.
    public mutating func removeRects(at indexes: [Int]) {
        guard !indexes.isEmpty else { return }
        let dropped = Set(indexes)
        // newIndex[i]: how many kept rects come before old index i.
        var newIndex = [Int](repeating: 0, count: rects.count + 1)
        var kept: [DrawRect] = []
        kept.reserveCapacity(rects.count - dropped.count)
        for i in rects.indices {
            newIndex[i] = kept.count
            if !dropped.contains(i) { kept.append(rects[i]) }
        }
        newIndex[rects.count] = kept.count
        rects = kept
        groups = groups.compactMap { group in
            var moved = group
            moved.rects = newIndex[group.rects.lowerBound]..<newIndex[group.rects.upperBound]
            moved.mask = group.mask.map { newIndex[$0.lowerBound]..<newIndex[$0.upperBound] }
            return moved.rects.isEmpty ? nil : moved
        }
    }

    /// The rects as they would be drawn without groups, one for each of `rects` (same indexes):
    /// each faded by its groups' opacities, the masks' and projected groups' rects at opacity 0
    /// (what onion skins and figures that re-place rects draw).
    public var flattenedRects: [DrawRect] { flattened(keepingProjected: false) }

    /// `flattenedRects`, where `keepingProjected` keeps the rects of groups in perspective at
    /// their groups' opacities (still in their offscreens' pixels: `projectedPlacements` says
    /// where each goes on the canvas without perspective), and the groups `keepingGroups` picks
    /// leave their rects unfaded and their masks' rects shown (an exporter that composites those
    /// groups itself).
    public func flattened(keepingProjected: Bool, keepingGroups: (DrawGroup) -> Bool = { _ in false }) -> [DrawRect] {
        guard !groups.isEmpty else { return rects }
        var fade = [Double](repeating: 1, count: rects.count)
        var hidden = [Bool](repeating: false, count: rects.count)
        for group in groups {
            let kept = keepingGroups(group)
            if !kept {
                for i in group.rects.clamped(to: rects.indices) { fade[i] *= group.opacity }
            }
            if let mask = group.mask, !kept { for i in mask.clamped(to: rects.indices) { hidden[i] = true } }
            // A projected group's rects are in its offscreen's pixels, not the canvas's.
            if group.projection != nil && !keepingProjected {
                for i in group.extent.clamped(to: rects.indices) { hidden[i] = true }
            }
        }
        for i in rects.indices where hidden[i] { fade[i] = 0 }
        return rects.indices.map { i in
            var rect = rects[i]
            if fade[i] != 1 {
                rect.opacity *= fade[i]
                for k in rect.content.indices { rect.content[k].opacity *= fade[i] }
            }
            return rect
        }
    }

    /// For each rect inside groups in perspective, the affine map that places it on the canvas
    /// without perspective (its groups' `affineApproximation`s, innermost first); nil for the
    /// others, which are in the canvas's pixels already.
    public var projectedPlacements: [AffineTransform?] {
        var placements = [AffineTransform?](repeating: nil, count: rects.count)
        // Groups come parents first: an inner projection maps into its parent's offscreen.
        for group in groups {
            guard let projection = group.projection else { continue }
            let approximation = projection.affineApproximation
            for i in group.extent.clamped(to: rects.indices) {
                placements[i] = placements[i].map { approximation.concatenating($0) } ?? approximation
            }
        }
        return placements
    }
}

/// A run of a display list's rects composited as one layer subtree (Core Animation's offscreen
/// pass): they are drawn into a transparent offscreen, then the result is faded by `opacity` and
/// drawn over the canvas (`CALayer.allowsGroupOpacity`), so overlapping children of a faded
/// parent do not show through one another. The rects inside carry opacities relative to the group.
public struct DrawGroup: Equatable, Sendable {
    /// Indexes into `DisplayList.rects`.
    public var rects: Range<Int>
    /// The group's opacity in [0, 1] (NaN counts as 0), applied as the byte round(opacity·255).
    public var opacity: Double
    /// σ in pixels of a Gaussian blur of the group's composited content (a layer's
    /// `gaussianBlur` filter, LayerBlur.swift); 0 for none.
    public var blur: Double
    /// The rects of the group's mask (`CALayer.mask`), right after `rects`: drawn into an
    /// offscreen of their own, whose alpha multiplies the group's content; never drawn as
    /// themselves. Nil for none.
    public var mask: Range<Int>?
    /// A layer seen in perspective (`CATransform3D`): the group's rects (and mask) are drawn flat
    /// into an offscreen of the projection's size, in that offscreen's pixels, and the offscreen
    /// is mapped onto the canvas by the projection's homography. Nil for a group in the plane.
    public var projection: DrawProjection?
    /// Composited by adding, `pixel + offscreen·opacity` per channel (capped at 255), instead of
    /// over: two such groups at opacities 1 − p and p inside a transparent group give exactly
    /// the cross-fade `old·(1 − p) + new·p` of a transition.
    public var adds = false
    /// Drawn through a transparent offscreen even when nothing else asks for one: the backdrop
    /// of the adding groups inside (Core Animation's transparency layer), and of the blending
    /// groups inside (CSS's `isolation: isolate`), which then never see what is outside it.
    public var isolates = false
    /// How the group's offscreen mixes with what is below it (BlendModes.swift, CSS's
    /// `mix-blend-mode`); `.normal` (default) is source-over, Compositing.swift's path unchanged.
    /// Applied after the filter, mask and opacity. A group with another mode is always drawn
    /// through an offscreen.
    public var blendMode = BlendMode.normal
    /// An SVG filter run on the group's offscreen before its mask and opacity
    /// (Rasterizer+Filters.swift): what the group shows is the filter's result inside its
    /// region, nothing outside. Nil for none.
    public var filter: DrawFilter?

    public init(
        rects: Range<Int>, opacity: Double, blur: Double = 0, mask: Range<Int>? = nil,
        projection: DrawProjection? = nil
    ) {
        self.rects = rects
        self.opacity = opacity
        self.blur = blur
        self.mask = mask
        self.projection = projection
    }

    /// The rects the group takes in the list: its own and its mask's.
    public var extent: Range<Int> { rects.lowerBound..<max(rects.upperBound, mask?.upperBound ?? 0) }

    /// The group over the same rects after `offset` more rects come before them (a list's groups
    /// appended to another list).
    public func shifted(by offset: Int) -> DrawGroup {
        var moved = self
        moved.rects = (rects.lowerBound + offset)..<(rects.upperBound + offset)
        moved.mask = mask.map { ($0.lowerBound + offset)..<($0.upperBound + offset) }
        return moved
    }
}

/// How a group seen in perspective reaches the canvas (ProjectedComposite.swift): its content is
/// drawn flat into a transparent offscreen of `width` × `height` pixels, then every canvas pixel
/// takes the average of `samples` × `samples` points of that offscreen, each found through the
/// inverse of `homography` and read bilinearly (perspective-correct, as a GPU samples a texture).
public struct DrawProjection: Equatable, Sendable {
    /// From the offscreen's pixel coordinates to the canvas's (the surface the group is drawn on).
    public var homography: Homography
    public var width: Int
    public var height: Int
    /// Sample points per canvas pixel along each axis.
    public var samples: Int
    /// The clips of the layer's ancestors (their `masksToBounds`), in the canvas's pixels: the
    /// projected picture shows only inside all of them.
    public var clips: [ClipShape] = []

    /// The affine map nearest the projection at the offscreen's middle: equal there, with the
    /// same derivative (what a renderer without perspective, such as SVG, can draw). The identity
    /// when the middle is behind the eye.
    public var affineApproximation: AffineTransform {
        let h = homography
        let p = Point(Double(width) / 2, Double(height) / 2)
        let (x, y, w) = h.homogeneous(p)
        guard w > Homography.nearW, let q = h.apply(to: p) else { return .identity }
        let w2 = w * w
        let (a, b) = ((h.m11 * w - x * h.m13) / w2, (h.m12 * w - y * h.m13) / w2)
        let (c, d) = ((h.m21 * w - x * h.m23) / w2, (h.m22 * w - y * h.m23) / w2)
        return AffineTransform(a: a, b: b, c: c, d: d, tx: q.x - (a * p.x + c * p.y), ty: q.y - (b * p.x + d * p.y))
    }

    /// The largest offscreen a projected group may ask for: 16 M pixels (64 MiB), four times a
    /// 1170 × 2532 canvas, kept at every nesting depth at most.
    public static let maximumPixels = 1 << 24

    public init(homography: Homography, width: Int, height: Int, samples: Int = 4) {
        self.homography = homography
        self.width = width
        self.height = height
        self.samples = samples
    }
}

/// One rounded rectangle with its paint, as Core Animation draws a layer: the fill covers the
/// whole rounded shape, the border lies inside it on top, and `opacity` fades the two as a group.
public struct DrawRect: Equatable, Sendable {
    /// Local box spans [−w/2, w/2] × [−h/2, h/2], in pixels before `transform`'s own scale.
    public var size: Size
    /// Corner radius in local units; values above min(w, h)/2 are clamped to it when drawn.
    public var cornerRadius: Double
    /// The corners `cornerRadius` rounds (`CALayer.maskedCorners`); default all four.
    public var maskedCorners: CornerMask = .all
    /// How the corners meet the sides (`CALayer.cornerCurve`); default circular.
    public var cornerCurve: CornerCurve = .circular
    /// Maps local coordinates to pixel coordinates (the centre goes to `transform.tx, ty`).
    public var transform: AffineTransform
    public var fill: ColorRGBA8
    /// A gradient (or image) filling the shape instead of `fill` (CAGradientLayer); nil (default)
    /// for the solid `fill`. Drawn by Rasterizer+Shading.swift, under the border as `fill` is.
    public var fillPaint: Paint? = nil
    /// Border width in local units, drawn inside the shape; 0 for none.
    public var borderWidth: Double
    public var borderColor: ColorRGBA8
    /// Group opacity in [0, 1].
    public var opacity: Double
    /// The layer's shadow, drawn under it; nil for none.
    public var shadow: DrawShadow?
    /// A material behind the layer (UIVisualEffectView's blur): what is already drawn within the
    /// layer's shape is blurred, saturated and tinted before the layer's fill; nil for none.
    public var backdrop: DrawBackdrop? = nil
    /// Shapes this rectangle is clipped to (its ancestors' `masksToBounds` bounds), all of which
    /// must cover a pixel for the rectangle to show there. Empty: no clipping.
    public var clips: [ClipShape]
    /// The layer's content (a shape layer's fill and stroke, a text layer's glyphs), drawn in
    /// order over the rectangle and its border. Each carries its own transform, opacity and clips
    /// in absolute terms (already multiplied down the tree), so this rectangle's fields do not
    /// affect them; an invisible rectangle (clear fill, no border) still draws its content.
    public var content: [DrawPath]

    public init(
        size: Size, cornerRadius: Double = 0, transform: AffineTransform,
        fill: ColorRGBA8, borderWidth: Double = 0, borderColor: ColorRGBA8 = .clear,
        opacity: Double = 1, shadow: DrawShadow? = nil, clips: [ClipShape] = [],
        content: [DrawPath] = []
    ) {
        self.content = content
        self.size = size
        self.cornerRadius = cornerRadius
        self.transform = transform
        self.fill = fill
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.opacity = opacity
        self.shadow = shadow
        self.clips = clips
    }
}

/// A backdrop material (`UIBlurEffect`), applied to the pixels behind a layer within its shape:
/// a Gaussian blur of σ `sigma` pixels (the canvas extends by its edge pixels), then the
/// saturation matrix of factor `saturation` (Rec. 709 luminance, as Apple's `UIImage+ImageEffects`
/// sample applies it), then `tint` drawn over at its alpha.
public struct DrawBackdrop: Equatable, Sendable {
    public var sigma: Double
    public var saturation: Double
    public var tint: ColorRGBA8

    public init(sigma: Double, saturation: Double = 1, tint: ColorRGBA8 = .clear) {
        self.sigma = sigma
        self.saturation = saturation
        self.tint = tint
    }
}

/// A Core Animation layer shadow: the layer's shape (fill and border coverage), offset, blurred
/// by a Gaussian, in `color` at `opacity`.
public struct DrawShadow: Equatable, Sendable {
    public var color: ColorRGBA8
    /// `shadowOpacity`, 0...1.
    public var opacity: Double
    /// `shadowOffset` in pixels (already scaled from points), y down.
    public var offset: Point
    /// `shadowRadius` in pixels: Core Animation's blur radius (a Gaussian with σ = radius / 2).
    public var radius: Double
    /// `shadowPath` in the layer's local units (the box [−w/2, w/2] × [−h/2, h/2] that
    /// `transform` maps): the shadow's shape, filled non-zero and opaque; nil for the layer's alpha.
    public var path: Path? = nil

    public init(color: ColorRGBA8, opacity: Double, offset: Point, radius: Double) {
        self.color = color
        self.opacity = opacity
        self.offset = offset
        self.radius = radius
    }
}

/// A rounded rectangle that clips: the same geometry as `DrawRect` (local box
/// [−w/2, w/2] × [−h/2, h/2], radius clamped to min(w, h)/2, mapped by `transform` to pixels).
public struct ClipShape: Equatable, Sendable {
    public var size: Size
    public var cornerRadius: Double
    /// The corners `cornerRadius` rounds; default all four.
    public var maskedCorners: CornerMask
    /// How the corners meet the sides; default circular.
    public var cornerCurve: CornerCurve
    public var transform: AffineTransform

    public init(
        size: Size, cornerRadius: Double, maskedCorners: CornerMask = .all, cornerCurve: CornerCurve = .circular,
        transform: AffineTransform
    ) {
        self.size = size
        self.cornerRadius = cornerRadius
        self.maskedCorners = maskedCorners
        self.cornerCurve = cornerCurve
        self.transform = transform
    }
}
