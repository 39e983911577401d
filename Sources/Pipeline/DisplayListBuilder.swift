import Dynamics
import Geometry
import Icons
import Images
import Raster
import SceneModel
import Scrolling
import Shapes
import Timing

/// Turns item state (from the animator) and item paint (from the scene) into a display list.
package enum DisplayListBuilder {
    /// A layer's drawing transform, as Core Animation composes it: the item's own transform about
    /// its centre, then its centre position, then the canvas scale (points → pixels).
    static func transform(center: Point, itemTransform: AffineTransform, scale: Double) -> AffineTransform {
        itemTransform
            .concatenating(AffineTransform(translationX: center.x, y: center.y))
            .concatenating(AffineTransform(scaleX: scale, y: scale))
    }

    /// Whether this builder (items drawn from the animator's state, without the layer tree)
    /// draws `item` as the layer tree would: the item sets nothing beyond what it reads. Written
    /// as the item rebuilt from those properties alone, so an item using any other property,
    /// including one added to `Item` later, is drawn through the layer tree (SceneTiming) without a
    /// list of such features to keep.
    static func drawsPlain(_ item: Item) -> Bool {
        var plain = Item(
            id: item.id, size: item.size, center: item.center, rotation: item.rotation, fill: item.fill,
            cornerRadius: item.cornerRadius, border: item.border, opacity: item.opacity, zIndex: item.zIndex,
            dynamicKind: item.dynamicKind, collisionBounds: item.collisionBounds)
        plain.maskedCorners = item.maskedCorners
        plain.cornerCurve = item.cornerCurve
        plain.isHidden = item.isHidden
        // Without children and content these change nothing drawn.
        plain.allowsGroupOpacity = item.allowsGroupOpacity
        plain.tintColor = item.tintColor
        return plain == item
    }

    /// `label`, when given, is told each item rectangle's index in the list and its item's id.
    /// Draws only what `drawsPlain` accepts.
    static func build(
        canvas: Canvas, items: [Item], order: [Int], state: [DynamicItem], label: ((Int, String) -> Void)? = nil
    ) -> DisplayList {
        var list = DisplayList(
            width: canvas.pixelWidth, height: canvas.pixelHeight,
            background: canvas.background)
        list.rects.reserveCapacity(order.count)
        for index in order where !items[index].isHidden {
            let item = items[index]
            let live = state[index]
            var rect = DrawRect(
                size: item.size,
                cornerRadius: item.cornerRadius,
                transform: transform(
                    center: live.center, itemTransform: live.transform,
                    scale: canvas.scale),
                fill: item.fill,
                borderWidth: item.border?.width ?? 0,
                borderColor: item.border?.color ?? .clear,
                opacity: item.opacity)
            rect.maskedCorners = item.maskedCorners
            rect.cornerCurve = item.cornerCurve
            list.rects.append(rect)
            label?(list.rects.count - 1, item.id)
        }
        return list
    }
}

extension DisplayListBuilder {
    /// A shape layer's content: its fill, then its stroke's outline, in the item's bounds (origin
    /// at the top-left; the layer's transform maps the bounds' centre), with the presentation
    /// values of the animatable shape properties. Masked by the layer's own `masksToBounds` as
    /// Core Animation masks a layer's contents, so `clips` is what its children get.
    static func shapeContent(
        _ shape: ShapeSpec, size: Size, transform: AffineTransform, opacity: Double,
        clips: [ClipShape], value: (LayerProperty) -> AnimatableValue
    ) -> [DrawPath] {
        // Only a shape given by path data has a path value (the others follow the bounds' size).
        var path = shape.path(size: size)
        if case .path = shape.geometry, let presented = value(.path).pathValue, !presented.structure.isEmpty {
            path = presented.path
        }
        let toPixels = AffineTransform(translationX: -size.width / 2, y: -size.height / 2).concatenating(transform)
        var content: [DrawPath] = []
        let fill = value(.shapeFillColor).color?.rgba8 ?? shape.fillColor
        if fill.a > 0 {
            content.append(
                DrawPath(
                    path: path, transform: toPixels, fillRule: shape.fillRule, paint: .solid(fill),
                    opacity: opacity, clips: clips))
        }
        let strokeColor = value(.strokeColor).color?.rgba8 ?? shape.strokeColor
        var style = shape.stroke
        style.lineWidth = value(.lineWidth).scalar ?? style.lineWidth
        style.strokeStart = value(.strokeStart).scalar ?? style.strokeStart
        style.strokeEnd = value(.strokeEnd).scalar ?? style.strokeEnd
        style.lineDashPhase = value(.lineDashPhase).scalar ?? style.lineDashPhase
        if strokeColor.a > 0 && style.lineWidth > 0 {
            // Chords within Raster's 0.005 px of the curves, in path units: divided by the
            // largest stretch the transform gives a unit vector (its larger column length bounds it
            // within √2, on the safe side).
            let stretch = max(
                (toPixels.a * toPixels.a + toPixels.b * toPixels.b).squareRoot(),
                (toPixels.c * toPixels.c + toPixels.d * toPixels.d).squareRoot())
            guard stretch > 0, stretch.isFinite else { return content }
            let outline = Stroker.outline(of: path, style: style, tolerance: 0.005 / (stretch * 2.0.squareRoot()))
            var stroke = DrawPath(
                path: outline, transform: toPixels, fillRule: .nonZero, paint: .solid(strokeColor),
                opacity: opacity, clips: clips)
            stroke.stroke = StrokeSource(centerline: path, style: style)
            content.append(stroke)
        }
        return content
    }

    /// An icon's pieces fitted to the item's bounds (viewBox → bounds, centred, uniform scale),
    /// each filled, then its stroke's outline, in document order.
    ///
    /// Each piece carries a `GlyphKey` (the icon file's hash, 2 × piece index, + 1 for the stroke),
    /// so the rasterizer draws it through the glyph cache: flattened once per scale step, its mask
    /// reused while the icon's linear part and 1/64 px phase repeat. A stroke's outline is
    /// therefore cut for the cache's scale step (`GlyphKey.flatteningScale`), not the exact
    /// stretch: two items of one icon in one scale step must hand the cache the same outline.
    /// `package`: the icon fuzzer draws icons through this very function.
    ///
    /// With a `tint` (UIView's `tintColor`), the icon is a template image: every piece takes the
    /// tint's colour and keeps its own alpha (times the tint's). The glyph keys stay the same:
    /// the cache keeps coverage, not colour.
    package static func iconContent(
        _ icon: Icon, size: Size, transform: AffineTransform, opacity: Double,
        clips: [ClipShape], tint: ColorRGBA8? = nil, raster: (SceneImage) -> RasterImage = { RasterImage($0) }
    ) -> [DrawPath] {
        pieceContents(
            icon, size: size, transform: transform, opacity: opacity, clips: clips, tint: tint, raster: raster
        ).flatMap { $0 }
    }

    /// An icon with groups (`Icon.groups`: SVG's group opacity, clip paths and masks) as the
    /// display list draws groups: a rect per piece holding only its content, and a `DrawGroup`
    /// per icon group over the same indexes (counted from the first rect).
    package static func iconLayers(
        _ icon: Icon, size: Size, transform: AffineTransform, opacity: Double,
        clips: [ClipShape], tint: ColorRGBA8? = nil, raster: (SceneImage) -> RasterImage = { RasterImage($0) }
    ) -> (rects: [DrawRect], groups: [DrawGroup]) {
        // An icon is one picture (a UIImageView's image): faded as one, so that where its pieces
        // overlap the lower one does not show through.
        let fadedWhole = opacity < 1 && icon.pieces.count > 1
        let drawn = fadedWhole ? 1 : opacity
        let contents = pieceContents(
            icon, size: size, transform: transform, opacity: drawn, clips: clips, tint: tint, raster: raster)
        let rects = contents.map {
            DrawRect(size: Size(width: 0, height: 0), transform: transform, fill: .clear, opacity: drawn, content: $0)
        }
        let toPixels = icon.fitting(size)
            .concatenating(AffineTransform(translationX: -size.width / 2, y: -size.height / 2))
            .concatenating(transform)
        let groups = icon.groups.map {
            var group = DrawGroup(rects: $0.pieces, opacity: $0.opacity, mask: $0.mask)
            group.filter = $0.filter.map { IconFilterMapping.drawFilter($0, toPixels: toPixels, raster: raster) }
            group.blendMode = $0.blendMode
            group.isolates = $0.isolates
            return group
        }
        // An icon's blends mix with what the icon drew, never with the scene behind its item
        // (resvg draws each file on a transparent canvas, and an image view is one picture): an
        // icon that blends is drawn through an isolating group of its own.
        let blends = icon.groups.contains { $0.blendMode != .normal }
        guard fadedWhole || blends else { return (rects, groups) }
        var whole = DrawGroup(rects: 0..<rects.count, opacity: fadedWhole ? opacity : 1)
        whole.isolates = blends
        return (rects, [whole] + groups)
    }

    /// Each piece's paths: its fill, then its stroke's outline, in pixels.
    private static func pieceContents(
        _ icon: Icon, size: Size, transform: AffineTransform, opacity: Double,
        clips: [ClipShape], tint: ColorRGBA8?, raster: (SceneImage) -> RasterImage
    ) -> [[DrawPath]] {
        // With currentColor in the file, the tint is SVG's `color` for those paints only.
        let tintsAll = !icon.usesCurrentColor
        func painted(_ colour: ColorRGBA8, follows: Bool) -> ColorRGBA8 {
            guard let tint, tintsAll || follows else { return colour }
            let alpha = (Int(colour.a) * Int(tint.a) + 127) / 255
            return ColorRGBA8(r: tint.r, g: tint.g, b: tint.b, a: UInt8(alpha))
        }
        let toPixels = icon.fitting(size)
            .concatenating(AffineTransform(translationX: -size.width / 2, y: -size.height / 2))
            .concatenating(transform)
        // `preserveAspectRatio` slice fills the item and cuts what reaches past it, as an SVG
        // viewport clips: the item's bounds join its clips.
        let clips =
            icon.aspectRatio.slice ? clips + [ClipShape(size: size, cornerRadius: 0, transform: transform)] : clips
        // nil exactly when the map is all zero or not finite: nothing to draw.
        guard let scale = GlyphKey.flatteningScale(of: toPixels) else {
            return [[DrawPath]](repeating: [], count: icon.pieces.count)
        }
        // FNV-1a 64 of the file, as 16 hex digits (0 only for a hash that does not parse), told
        // apart by part for the pieces of a layered file, and by the scene fonts its text is in.
        let font = (UInt64(icon.hash, radix: 16) ?? 0) ^ icon.part ^ icon.fontKey
        var contents: [[DrawPath]] = []
        // A gradient is laid in viewBox units; with a tint, its stops take the tint's colour and
        // keep their alpha (a template image's rule, as for colours).
        func paint(_ colour: ColorRGBA8, _ gradient: IconGradient?, follows: Bool, toPixels: AffineTransform) -> Paint {
            guard var g = gradient else { return .solid(painted(colour, follows: follows)) }
            g.gradient.colors = g.gradient.colors.map { painted($0, follows: false) }
            return .gradient(
                GradientPaint(
                    gradient: g.gradient, size: Size(width: 1, height: 1),
                    toPixels: g.toViewBox.concatenating(toPixels)))
        }
        for (index, piece) in icon.pieces.enumerated() {
            var content: [DrawPath] = []
            let toPixels = pixelAligned(piece.tile, toPixels)
            // An embedded picture fills its rectangle; a tint does not recolour a photo.
            if let image = piece.image {
                let picture = ImagePaint(
                    image: raster(image.image), toPixels: image.toViewBox.concatenating(toPixels),
                    pixelated: image.pixelated)
                content.append(
                    DrawPath(
                        path: piece.path, transform: toPixels, paint: .image(picture), opacity: opacity, clips: clips))
            } else if piece.fills {
                content.append(
                    DrawPath(
                        path: piece.path, transform: toPixels, fillRule: piece.fillRule,
                        paint: paint(
                            piece.fill, piece.fillGradient, follows: piece.fillFollowsTint, toPixels: toPixels),
                        opacity: opacity,
                        clips: clips,
                        glyph: GlyphKey(font: font, glyph: UInt32(truncatingIfNeeded: 2 * index))))
            }
            if piece.strokes {
                let outline = piece.strokeOutline(tolerance: 0.005 / (scale * 2.0.squareRoot()))
                content.append(
                    DrawPath(
                        path: outline, transform: toPixels, fillRule: .nonZero,
                        paint: paint(
                            piece.stroke, piece.strokeGradient, follows: piece.strokeFollowsTint, toPixels: toPixels),
                        opacity: opacity, clips: clips,
                        glyph: GlyphKey(font: font, glyph: UInt32(truncatingIfNeeded: 2 * index + 1))))
            }
            contents.append(content)
        }
        return contents
    }

    /// The frame of a scene that uses the layer tree or timing: items drawn depth first (a
    /// parent, then its children in z order), each with its presentation values.
    ///
    /// Geometry (CALayer): a child's centre is in its parent's bounds, origin at the parent's
    /// top-left, so its offset from the parent's centre is `center − size/2`; the child's
    /// transform is its own local transform, then that offset, then the parent's transform.
    /// Local transform = scale, then the rotation beyond the model's, then the animator's
    /// transform (the rotation for a plain item), then translation — identity parts are skipped,
    /// so an item without animations is drawn exactly as `build(canvas:items:order:state:)` draws it.
    /// Opacity multiplies down the tree; `masksToBounds` adds the item's rounded bounds to its
    /// descendants' clips; a layer whose time is outside its active span (local time < 0 for a
    /// reversed layer, before its beginTime) is not drawn, and neither are its descendants.
    /// `label`, when given, is told each item rectangle's index in the list and its item's id.
    static func build(
        canvas: Canvas, order: [Int], timing: SceneTiming, texts: SceneTexts? = nil,
        images: PreparedImages, label: ((Int, String) -> Void)? = nil
    ) -> DisplayList {
        let (background, backgroundRect) = Self.background(canvas)
        var list = DisplayList(width: canvas.pixelWidth, height: canvas.pixelHeight, background: background)
        if let backgroundRect { list.rects.append(backgroundRect) }
        var drawing = LayerTreeDrawing(
            canvas: canvas, timing: timing, texts: texts, images: images, label: label, list: list)
        drawing.drawRoots(order.map { timing.roots[$0] })
        return drawing.list
    }

    /// What a layer's sublayers are clipped to: its ancestors' clips, and its own rounded bounds
    /// with `masksToBounds` or when it is a scroll view (UIScrollView's clipsToBounds is true).
    static func clipsOfChildren(
        _ item: Item, _ clips: [ClipShape], size: Size, cornerRadius: Double, transform: AffineTransform
    ) -> [ClipShape] {
        guard item.masksToBounds || item.scroll != nil else { return clips }
        return clips + [
            ClipShape(
                size: size, cornerRadius: cornerRadius, maskedCorners: item.maskedCorners,
                cornerCurve: item.cornerCurve, transform: transform)
        ]
    }

    /// The parts of a layer's rect its item gives directly: its corners, its backdrop material
    /// and its gradient fill (at the presented gradient values).
    static func finish(
        _ rect: inout DrawRect, of item: Item, scale: Double, value: (LayerProperty) -> AnimatableValue
    ) {
        rect.maskedCorners = item.maskedCorners
        rect.cornerCurve = item.cornerCurve
        rect.backdrop = item.backgroundEffect.map { effect in
            let material = effect.resolved
            return DrawBackdrop(sigma: material.radius * scale, saturation: material.saturation, tint: material.tint)
        }
        if let gradient = item.fillGradient {
            rect.fillPaint = gradientFill(
                presentedGradient(gradient, value), size: rect.size, transform: rect.transform)
        }
    }

    /// The σ in points of the item's blur filters as presented (`blurRadius`, animatable): an
    /// animated value (a spring may overshoot) is held between 0 and the key's largest radius,
    /// or the filters' own σ when several combine to more.
    static func blurSigma(_ presented: Double?, of item: Item) -> Double {
        let model = item.blurSigma
        guard let presented, presented != model else { return model }
        return presented.isFinite ? min(max(presented, 0), max(GaussianBlur.maximumRadius, model)) : model
    }

    /// A layer's shadow from its presentation values (`shadowOpacity`, `shadowRadius`,
    /// `shadowOffset`, `shadowColor`, each animatable); nil while its opacity is 0 (CA's default).
    /// A `shadowPath` (bounds coordinates) is given in the layer's local units, the box centred
    /// on the origin, for a layer of `size` points drawn at `scale`.
    static func presentedShadow(
        _ value: (LayerProperty) -> AnimatableValue, size: Size, scale: Double
    ) -> DrawShadow? {
        guard let opacity = value(.shadowOpacity).scalar, opacity > 0 else { return nil }
        let offset = value(.shadowOffset).point ?? Point(0, -3)
        var shadow = DrawShadow(
            color: value(.shadowColor).color?.rgba8 ?? .black, opacity: min(opacity, 1), offset: offset * scale,
            radius: max(value(.shadowRadius).scalar ?? 3, 0) * scale)
        if let path = value(.shadowPath).pathValue, !path.structure.isEmpty {
            shadow.path = path.path.applying(AffineTransform(translationX: -size.width / 2, y: -size.height / 2))
        }
        return shadow
    }

    /// Whether a layer's opacity makes it a group (`CALayer.allowsGroupOpacity`): its own opacity
    /// is below 1, the flag is on, and a sublayer is drawn (otherwise the sublayers are faded
    /// one by one). Layers with filters are groups whatever their opacity.
    static func composites(
        _ node: SceneTiming.Node, opacity: Double, drawn: Double, timing: SceneTiming, hidden: (Int) -> Bool
    ) -> Bool {
        node.item.allowsGroupOpacity && opacity < 1 && drawn > 0
            && node.children.contains(where: {
                timing.isVisible($0) && !hidden($0) && !timing.nodes[$0].item.isMask
            })
    }

    /// A layer's content over its fill, clipped like its sublayers: its image and its Lottie
    /// frame (`lottie`, drawn at its own scale; with the border over them, as Core Animation draws
    /// a border over the contents), a shape layer's fill and
    /// stroke, its icon (in the tint), then a text layer's glyphs. Returns the border the layer's
    /// rectangle still draws (none when it went over the image). An icon with groups comes apart
    /// as `iconLayers` (drawn after the layer's rect), and what follows it as `afterIcon`.
    static func layerContent(
        _ item: Item, size: Size, transform: AffineTransform, cornerRadius: Double, opacity: Double,
        clips: [ClipShape], childClips: [ClipShape], tint: ColorRGBA8?, scale: Double, images: PreparedImages,
        lottie: (image: ItemImage, raster: RasterImage, scale: Double)? = nil,
        texts: SceneTexts?, value: (LayerProperty) -> AnimatableValue
    ) -> (
        content: [DrawPath], iconLayers: (rects: [DrawRect], groups: [DrawGroup])?, afterIcon: [DrawPath],
        borderWidth: Double, borderColor: ColorRGBA8
    ) {
        var borderWidth = value(.borderWidth).scalar ?? 0
        let borderColor = value(.borderColor).color?.rgba8 ?? .clear
        var content =
            item.image.map {
                imageContent(
                    $0, size: size, transform: transform, scale: scale, opacity: opacity, clips: childClips,
                    images: images)
            } ?? []
        if let lottie {
            content += imageContent(
                lottie.image, raster: lottie.raster, size: size, transform: transform, scale: lottie.scale,
                opacity: opacity, clips: childClips)
        }
        if item.image != nil || lottie != nil,
            let band = borderBand(
                size: size, cornerRadius: cornerRadius, maskedCorners: item.maskedCorners,
                cornerCurve: item.cornerCurve, width: borderWidth,
                color: borderColor, transform: transform, opacity: opacity, clips: clips)
        {
            content.append(band)
            borderWidth = 0
        }
        content +=
            item.shape.map {
                shapeContent($0, size: size, transform: transform, opacity: opacity, clips: childClips, value: value)
            } ?? []
        var iconLayers: (rects: [DrawRect], groups: [DrawGroup])?
        if let icon = item.icon?.icon {
            // A faded icon of several pieces is a group too (`iconLayers`: one picture, faded once).
            if icon.groups.isEmpty && (opacity >= 1 || icon.pieces.count < 2) {
                content += iconContent(
                    icon, size: size, transform: transform, opacity: opacity, clips: childClips, tint: tint,
                    raster: images.raster)
            } else {
                iconLayers = Self.iconLayers(
                    icon, size: size, transform: transform, opacity: opacity, clips: childClips, tint: tint,
                    raster: images.raster)
            }
        }
        var textContent: [DrawPath] = []
        if let texts, item.text != nil {
            textContent = texts.content(
                for: item.id, size: size, itemToPixels: transform, color: value(.textColor).color?.rgba8 ?? .black,
                opacity: opacity, clips: childClips)
        }
        if iconLayers == nil { return (content + textContent, nil, [], borderWidth, borderColor) }
        return (content, iconLayers, textContent, borderWidth, borderColor)
    }

    /// A layer's presentation geometry now, in its parent's space: centre, bounds size, its own
    /// transform (rotation, scale, translation) and opacity. One function for drawing and for the
    /// trace, so a traced value is exactly what was drawn.
    struct PresentedLayer {
        var center: Point
        var size: Size
        var transform: AffineTransform
        var opacity: Double
        /// With any 3-D part (`rotationX`, `rotationY`, `transform3D`, `anchorPointZ`): the
        /// layer's transform as CATransform3D (`CALayer.transform`, about the anchor point), which
        /// then replaces `transform`. Nil in the plane.
        var depth: Transform3D? = nil
        /// From the bounds' middle to the anchor point (`anchorPoint`, `anchorPointZ`), which
        /// `depth` turns about.
        var anchorShift = (x: 0.0, y: 0.0, z: 0.0)
        /// `CALayer.zPosition`: added to the position's depth.
        var zPosition = 0.0
        /// `transform` without the anchor point's shift: scale, rotation, then translation.
        var plane = AffineTransform.identity

        /// The layer's own space to its parent's before the position: `depth` about the anchor.
        var local3D: Transform3D {
            guard let depth else { return Transform3D(transform) }
            return Transform3D.translation(anchorShift.x, anchorShift.y, anchorShift.z).concatenating(depth)
        }
    }

    ///
    /// With `model`, the same geometry from the model values alone (what a view's `frame` and
    /// `convertPoint:` read in UIKit, before animations present on top).
    static func presentedLayer(_ i: Int, timing: SceneTiming, model: Bool = false) -> PresentedLayer {
        // The node's fields read in place: a copy of the node (its item, path and layer) for
        // every layer every frame was a measurable part of drawing a large scene.
        let layer = timing.nodes[i].layer
        func value(_ p: LayerProperty) -> AnimatableValue {
            model ? layer.modelValue(of: p) : timing.presentation(node: i, p, at: timing.time)
        }
        let rotation = value(.rotation).angle ?? .zero
        let modelRotation = layer.modelValue(of: .rotation).angle ?? .zero
        let scale = value(.scale).point ?? Point(1, 1)
        let translation = value(.translation).point ?? .zero
        var local = timing.nodes[i].dynamic?.transform ?? AffineTransform(rotation: modelRotation)
        if rotation != modelRotation {
            local = AffineTransform(rotation: rotation - modelRotation).concatenating(local)
        }
        if scale != Point(1, 1) { local = AffineTransform(scaleX: scale.x, y: scale.y).concatenating(local) }
        let turned = local
        if translation != .zero {
            local = local.concatenating(AffineTransform(translationX: translation.x, y: translation.y))
        }
        let size = value(.size).size ?? timing.nodes[i].item.size
        // CALayer.anchorPoint: the bounds move so that the anchor sits at the position (`center`),
        // before the transform turns and scales them about it.
        let anchor = value(.anchorPoint).point ?? timing.nodes[i].item.anchorPoint
        let shift = Point((0.5 - anchor.x) * size.width, (0.5 - anchor.y) * size.height)
        if anchor != Point(0.5, 0.5) {
            local = AffineTransform(translationX: shift.x, y: shift.y).concatenating(local)
        }
        // The model centre of an item the animator moves is its dynamic item's, written in this
        // step's write-back (the layer hears of it at the next timing pass).
        let modelCenter = model && timing.nodes[i].isBehaviorDriven ? timing.nodes[i].dynamic?.center : nil
        var presented = PresentedLayer(
            center: modelCenter ?? value(.center).point ?? timing.nodes[i].item.center, size: size,
            transform: local, opacity: value(.opacity).scalar ?? timing.nodes[i].item.opacity)
        presented.zPosition = value(.zPosition).scalar ?? 0
        presented.plane =
            translation == .zero
            ? turned : turned.concatenating(AffineTransform(translationX: translation.x, y: translation.y))
        let anchorZ = value(.anchorPointZ).scalar ?? 0
        presented.anchorShift = (shift.x, shift.y, -anchorZ)
        presented.depth = depth(
            modelTransform3D: timing.nodes[i].item.transform3D, turned: turned, translation: translation,
            anchorZ: anchorZ, value: value)
        return presented
    }

    /// A layer's transform in 3-D (`CALayer.transform`), when it has a 3-D part: the plane's
    /// scale and rotation (`turned`), `rotationX`, `rotationY`, `transform3D`, then the translation.
    private static func depth(
        modelTransform3D: Transform3D, turned: AffineTransform, translation: Point, anchorZ: Double,
        value: (LayerProperty) -> AnimatableValue
    ) -> Transform3D? {
        let rotationX = value(.rotationX).angle ?? .zero
        let rotationY = value(.rotationY).angle ?? .zero
        let transform3D = value(.transform3D).transform ?? modelTransform3D
        guard rotationX != .zero || rotationY != .zero || anchorZ != 0 || !transform3D.isIdentity else {
            return nil
        }
        var m = Transform3D(turned)
        if rotationX != .zero { m = m.concatenating(.rotation(rotationX, axis: (1, 0, 0))) }
        if rotationY != .zero { m = m.concatenating(.rotation(rotationY, axis: (0, 1, 0))) }
        if !transform3D.isIdentity { m = m.concatenating(transform3D) }
        return m.concatenating(.translation(translation.x, translation.y, 0))
    }
}
