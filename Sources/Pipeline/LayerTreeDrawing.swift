import Colors
import Geometry
import Raster
import SceneModel
import Timing

/// The display list of a scene that uses the layer tree or timing (`DisplayListBuilder.build(canvas:
/// order:timing:…)`): each layer placed in its parent, then painted, then its sublayers.
///
/// Placement is 2-D while every transform is: a child's centre is in its parent's bounds, the
/// child's own transform then that offset then the parent's. A layer with a 3-D part
/// (PresentedLayer.depth) or under a parent's `sublayerTransform` is placed by the 4×4 product
/// Core Animation forms (its transform about the anchor, its position and `zPosition`, the
/// parent's sublayer transform about the parent's anchor), flattened into the parent's plane.
/// Where that map is still affine (a turn without perspective foreshortens in the plane), the
/// layer is drawn like any other; where it is projective, it and its sublayers are drawn flat
/// into an offscreen of their own (a new `Surface`) that a `DrawProjection` maps onto the surface
/// below, so nested 3-D layers flatten into their parents' planes as without `CATransformLayer`.
struct LayerTreeDrawing {
    let canvas: Canvas
    let timing: SceneTiming
    let texts: SceneTexts?
    let images: PreparedImages
    let label: ((Int, String) -> Void)?
    var list: DisplayList
    /// While a transition draws a view's look before its block: every node's `isHidden` then.
    private var hiddenBefore: [Bool]? = nil

    init(
        canvas: Canvas, timing: SceneTiming, texts: SceneTexts?, images: PreparedImages,
        label: ((Int, String) -> Void)?, list: DisplayList
    ) {
        (self.canvas, self.timing, self.texts, self.images, self.label) = (canvas, timing, texts, images, label)
        self.list = list
    }

    /// Whether node `i` is hidden in the look being drawn.
    func isHidden(_ i: Int) -> Bool { hiddenBefore?[i] ?? timing.isHidden(i) }

    /// Where rects land: the canvas, or the offscreen of a layer seen in perspective.
    struct Surface {
        /// From the surface's root space (canvas points, or that layer's own space) to its pixels.
        var pixels: AffineTransform
        /// Pixels per point there: blur radii and shadows are given in pixels.
        var scale: Double
        /// Whether the surface reaches the canvas turned over (the offscreen of a layer seen
        /// from behind), for `isDoubleSided`.
        var turnedOver: Bool
    }

    /// The layer a layer is placed in.
    struct Parent {
        /// The parent's own space to the surface's root; nil at the top.
        var points: AffineTransform?
        var size: Size
        /// The parent's bounds' origin (a scroll view's content offset).
        var offset: Point
        /// The parent's `sublayerTransform` about its anchor point, in its own space; nil for none.
        var sublayer: Transform3D?

        static let top = Parent(points: nil, size: .zero, offset: .zero, sublayer: nil)
    }

    mutating func drawRoots(_ roots: [Int]) {
        let surface = Surface(
            pixels: AffineTransform(scaleX: canvas.scale, y: canvas.scale), scale: canvas.scale, turnedOver: false)
        for i in ordered(roots) { draw(i, in: .top, surface: surface, opacity: 1, clips: [], tint: nil) }
    }

    /// `layers` in drawing order: as given, or by `zPosition` (stably) where one is not 0, as
    /// Core Animation sorts sublayers by it.
    func ordered(_ layers: [Int]) -> [Int] {
        guard layers.count > 1 else { return layers }
        let depths = layers.map {
            timing.presentation(node: $0, .zPosition, at: timing.time).scalar ?? 0
        }
        guard depths.contains(where: { $0 != 0 }) else { return layers }
        return layers.indices.sorted { depths[$0] != depths[$1] ? depths[$0] < depths[$1] : $0 < $1 }.map { layers[$0] }
    }

    /// Places layer `i` in `parent` and draws it with its sublayers. `isHidden` (CALayer) hides
    /// the layer and its sublayers, and so does a time outside its active span.
    mutating func draw(
        _ i: Int, in parent: Parent, surface: Surface, opacity: Double, clips: [ClipShape], tint: ColorRGBA8?
    ) {
        guard timing.isVisible(i) else { return }
        if hiddenBefore == nil, let (run, progress) = timing.transition(ofNode: i) {
            drawTransition(
                i, run, progress: progress, in: parent, surface: surface, opacity: opacity, clips: clips, tint: tint)
            return
        }
        guard !isHidden(i) else { return }
        place(
            i, DisplayListBuilder.presentedLayer(i, timing: timing), in: parent, surface: surface, opacity: opacity,
            clips: clips, tint: tint)
    }

    /// A transition on node `i` (`looks(of:_:progress:)`): a flip draws one look, turned about
    /// the anchor point in perspective; push, moveIn and reveal draw both, moved by the view's
    /// size; a cross-dissolve draws both, each into a group added onto a transparent one at
    /// 1 − p and p, which is exactly old·(1 − p) + new·p.
    private mutating func drawTransition(
        _ i: Int, _ run: ViewTransitionRun, progress p: Double, in parent: Parent, surface: Surface,
        opacity: Double, clips: [ClipShape], tint: ColorRGBA8?
    ) {
        let presented = DisplayListBuilder.presentedLayer(i, timing: timing)
        let looks = Self.looks(of: run.style, presented, progress: p)
        // Looks that slide stay within the view's bounds where it clips (masksToBounds).
        var clips = clips
        if case .flip = run.style {
        } else if let bounds = boundsClip(i, presented, in: parent, surface: surface) {
            clips.append(bounds)
        }
        let outer = list.groups.count
        let start = list.rects.count
        let fades = run.style == .crossDissolve
        if fades {
            var backdrop = DrawGroup(rects: start..<start, opacity: 1)
            backdrop.isolates = true
            list.groups.append(backdrop)
        }
        for look in looks {
            hiddenBefore = look.before ? run.before : nil
            defer { hiddenBefore = nil }
            guard !isHidden(i) else { continue }
            let groupIndex = list.groups.count
            let lookStart = list.rects.count
            if fades {
                var group = DrawGroup(rects: lookStart..<lookStart, opacity: look.opacity)
                group.adds = true
                list.groups.append(group)
            }
            place(i, look.turned, in: parent, surface: surface, opacity: opacity, clips: clips, tint: tint)
            if fades { list.groups[groupIndex].rects = lookStart..<list.rects.count }
        }
        if fades { list.groups[outer].rects = start..<list.rects.count }
    }

    /// The clip of node `i`'s own rounded bounds where it stays, when it clips its children
    /// (`masksToBounds`) and lies in its surface's plane; nil otherwise.
    private func boundsClip(
        _ i: Int, _ presented: DisplayListBuilder.PresentedLayer, in parent: Parent, surface: Surface
    ) -> ClipShape? {
        let item = timing.nodes[i].item
        let origin =
            parent.points == nil
            ? Point.zero : Point(parent.size.width / 2, parent.size.height / 2) + parent.offset
        guard item.masksToBounds,
            case .flat(let own)? = Self.placement(presented, origin: origin, sublayer: parent.sublayer)
        else { return nil }
        let points = parent.points.map { own.concatenating($0) } ?? own
        let radius = timing.presentation(item.id, .cornerRadius, at: timing.time).scalar ?? item.cornerRadius
        return DisplayListBuilder.clipsOfChildren(
            item, [], size: presented.size, cornerRadius: radius, transform: points.concatenating(surface.pixels)
        ).first
    }

    /// A transition's looks at progress `p`, bottom first: whether each is the look before the
    /// block, its opacity (all 1 but a cross-fade's, whose looks are added) and how it is placed.
    static func looks(
        of style: ViewTransition, _ presented: DisplayListBuilder.PresentedLayer, progress p: Double
    ) -> [(before: Bool, opacity: Double, turned: DisplayListBuilder.PresentedLayer)] {
        func moved(_ by: Double, _ direction: Point) -> DisplayListBuilder.PresentedLayer {
            var layer = presented
            layer.center =
                layer.center + Point(direction.x * presented.size.width, direction.y * presented.size.height) * by
            return layer
        }
        switch style {
        case .crossDissolve:
            return [(true, 1 - p, presented), (false, p, presented)]
        case .flip(let side):
            let flip = ViewTransitionRun.flip(from: side, at: p)
            var turned = presented
            turned.depth = (presented.depth ?? Transform3D(presented.plane))
                .concatenating(.rotation(.degrees(flip.x), axis: (1, 0, 0)))
                .concatenating(.rotation(.degrees(flip.y), axis: (0, 1, 0)))
                .concatenating(.perspective(distance: ViewTransitionRun.flipEyeDistance))
            return [(flip.showsBefore, 1, turned)]
        case .push(let side):
            let d = ViewTransitionRun.direction(from: side)
            return [(true, 1, moved(p, d)), (false, 1, moved(p - 1, d))]
        case .moveIn(let side):
            return [(true, 1, presented), (false, 1, moved(p - 1, ViewTransitionRun.direction(from: side)))]
        case .reveal(let side):
            return [(false, 1, presented), (true, 1, moved(p, ViewTransitionRun.direction(from: side)))]
        }
    }

    /// Places layer `i` (presented as `presented`) in `parent` and draws it with its sublayers.
    private mutating func place(
        _ i: Int, _ presented: DisplayListBuilder.PresentedLayer, in parent: Parent, surface: Surface,
        opacity: Double, clips: [ClipShape], tint: ColorRGBA8?
    ) {
        // A child's centre is in its parent's bounds, origin at the parent's top-left moved by
        // the bounds' origin (a scroll view's content offset).
        let origin =
            parent.points == nil
            ? Point.zero : Point(parent.size.width / 2, parent.size.height / 2) + parent.offset
        let own: AffineTransform
        switch Self.placement(presented, origin: origin, sublayer: parent.sublayer) {
        case .flat(let affine)?: own = affine
        case .projective(let flat)?:
            let toSurface = flat.concatenating(Homography(parent.points ?? .identity))
                .concatenating(Homography(surface.pixels))
            drawProjected(
                i, presented, toSurface: toSurface, surface: surface, opacity: opacity, clips: clips, tint: tint)
            return
        case nil: return
        }
        let points = parent.points.map { own.concatenating($0) } ?? own
        drawLayer(i, presented, points: points, surface: surface, opacity: opacity, clips: clips, tint: tint)
    }

    /// How a layer's own space (origin at the middle of its bounds) maps into its parent's.
    enum Placement {
        case flat(AffineTransform)
        /// In perspective: the map is projective.
        case projective(Homography)

        var homography: Homography {
            switch self {
            case .flat(let affine): return Homography(affine)
            case .projective(let h): return h
            }
        }
    }

    /// A layer's placement in its parent, whose bounds' origin sits at `origin` of the parent's
    /// own space. In the plane: the layer's transform, then its position. With depth, Core
    /// Animation's product: (point − anchor)·transform + (position, zPosition), then the parent's
    /// sublayer transform, with depth dropped in the parent's plane. Nil when it is not finite.
    static func placement(
        _ presented: DisplayListBuilder.PresentedLayer, origin: Point, sublayer: Transform3D?
    ) -> Placement? {
        let center = presented.center
        guard presented.depth != nil || sublayer != nil else {
            return .flat(
                presented.transform.concatenating(
                    AffineTransform(translationX: center.x - origin.x, y: center.y - origin.y)))
        }
        var m = presented.local3D.concatenating(
            .translation(center.x - origin.x, center.y - origin.y, presented.zPosition))
        if let sublayer { m = m.concatenating(sublayer) }
        let flat = m.flattened
        guard flat.isFinite else { return nil }
        return flat.affine.map(Placement.flat) ?? .projective(flat)
    }

    /// A layer seen in perspective: drawn with its sublayers into an offscreen in its own plane,
    /// at `oversampling` times the stretch the projection gives each of its axes (so the warp
    /// reads a prefiltered picture), within `planePixels`. Parts behind the eye are
    /// left out; a layer wholly behind it is not drawn. The clips of its ancestors cut the warped
    /// picture (`DrawProjection.clips`).
    private mutating func drawProjected(
        _ i: Int, _ presented: DisplayListBuilder.PresentedLayer, toSurface: Homography, surface: Surface,
        opacity: Double, clips: [ClipShape], tint: ColorRGBA8?
    ) {
        let reach = drawnReach(of: i, presented)
        let box = Rect(
            x: -presented.size.width / 2 - reach, y: -presented.size.height / 2 - reach,
            width: presented.size.width + 2 * reach, height: presented.size.height + 2 * reach)
        let probes = [
            Point(box.minX, box.minY), Point(box.maxX, box.minY), Point(box.minX, box.maxY), Point(box.maxX, box.maxY),
            Point(box.midX, box.midY),
        ]
        // Each local axis at its own largest stretch: a foreshortened axis gets fewer pixels.
        let stretches = probes.compactMap { toSurface.axisStretches(at: $0) }
        guard let stretchX = stretches.map(\.x).max(), let stretchY = stretches.map(\.y).max(),
            stretchX > 0, stretchY > 0, stretchX.isFinite, stretchY.isFinite
        else { return }
        let pad = 2.0
        var (scaleX, scaleY) = (Self.oversampling * stretchX, Self.oversampling * stretchY)
        let area = (box.width * scaleX + 2 * pad) * (box.height * scaleY + 2 * pad)
        let budget = planePixels
        if area > budget {
            let shrink = (budget / area).squareRoot() * 0.99
            (scaleX, scaleY) = (scaleX * shrink, scaleY * shrink)
        }
        let width = (box.width * scaleX + 2 * pad).rounded(.up)
        let height = (box.height * scaleY + 2 * pad).rounded(.up)
        guard width >= 1, height >= 1, width * height <= budget else { return }
        let flat = AffineTransform(translationX: -box.minX, y: -box.minY)
            .concatenating(AffineTransform(scaleX: scaleX, y: scaleY))
            .concatenating(AffineTransform(translationX: pad, y: pad))
        guard let back = flat.inverted else { return }
        let scale = (scaleX * scaleY).squareRoot()
        var projection = DrawProjection(
            homography: Homography(back).concatenating(toSurface), width: Int(width), height: Int(height))
        projection.clips = clips
        let inner = Surface(pixels: flat, scale: scale, turnedOver: surface.turnedOver != toSurface.turnsOver)
        drawLayer(
            i, presented, points: .identity, surface: inner, opacity: opacity, clips: [], tint: tint,
            projection: projection)
    }

    /// The most pixels the offscreen of a layer in perspective takes: what `oversampling` along
    /// each axis gives a layer filling the canvas, within `DrawProjection.maximumPixels` (and at
    /// least 256 × 256). A layer close to the eye stretches without bound; its plane beyond this
    /// would be pixels the canvas cannot show, drawn every frame (16 M of them for a 96 px canvas
    /// took 30 s a render under the fuzzer's sanitizer).
    var planePixels: Double {
        let canvasPixels =
            (canvas.size.width * canvas.scale).rounded(.up) * (canvas.size.height * canvas.scale).rounded(.up)
        return min(
            Double(DrawProjection.maximumPixels), max(Self.oversampling * Self.oversampling * canvasPixels, 65_536))
    }

    /// Offscreen pixels per canvas pixel of a layer in perspective, along each of its axes where
    /// the projection stretches it most: the warp's bilinear read then blurs a quarter of a canvas pixel, and a
    /// projected edge stays within 12 levels of a 16 × 16 supersampled one (Transform3DTests; 3 gives 15).
    static let oversampling = 4.0

    /// How far beyond its bounds a layer draws, in its points: its shadow and its blur.
    private func drawnReach(of i: Int, _ presented: DisplayListBuilder.PresentedLayer) -> Double {
        let node = timing.nodes[i]
        func value(_ p: LayerProperty) -> AnimatableValue { timing.presentation(node: i, p, at: timing.time) }
        var reach = 3 * DisplayListBuilder.blurSigma(value(.blurRadius).scalar, of: node.item)
        if let opacity = value(.shadowOpacity).scalar, opacity > 0 {
            let offset = value(.shadowOffset).point ?? Point(0, -3)
            reach += abs(offset.x) + abs(offset.y) + 3 * max(value(.shadowRadius).scalar ?? 3, 0)
        }
        return reach.isFinite ? min(reach, 10_000) : 0
    }

    /// Paints layer `i` at `points` (its own space to the surface's root) and draws its sublayers.
    /// A layer composited as one (group opacity, filters, a mask, a projection) is drawn, with
    /// its sublayers, at opacity 1 inside its group, which is faded by the layer's opacity.
    private mutating func drawLayer(
        _ i: Int, _ presented: DisplayListBuilder.PresentedLayer, points: AffineTransform, surface: Surface,
        opacity: Double, clips: [ClipShape], tint inheritedTint: ColorRGBA8?, projection: DrawProjection? = nil
    ) {
        let node = timing.nodes[i]
        let transform = points.concatenating(surface.pixels)
        // CALayer.isDoubleSided: a layer showing its back is not drawn, nor are its sublayers.
        if !node.item.isDoubleSided && ((transform.determinant < 0) != surface.turnedOver) { return }
        // UIView.tintColor: a view without its own takes its superview's.
        let tint = node.item.tintColor ?? inheritedTint
        let (id, t, scale) = (node.item.id, timing.time, surface.scale)
        let timing = timing
        func value(_ p: LayerProperty) -> AnimatableValue { timing.presentation(node: i, p, at: t) }
        let size = presented.size
        let cornerRadius = value(.cornerRadius).scalar ?? node.item.cornerRadius
        let drawnOpacity = opacity * presented.opacity
        let blur = DisplayListBuilder.blurSigma(value(.blurRadius).scalar, of: node.item) * scale
        let mask = node.children.first { timing.nodes[$0].item.isMask }
        let group =
            DisplayListBuilder.composites(
                node, opacity: presented.opacity, drawn: drawnOpacity, timing: timing, hidden: isHidden)
            || blur > 0 || mask != nil || projection != nil
        let ownOpacity = group ? 1 : drawnOpacity
        let childClips = DisplayListBuilder.clipsOfChildren(
            node.item, clips, size: size, cornerRadius: cornerRadius, transform: transform)
        // A Lottie frame is drawn at the pixels a point of the layer covers on this surface.
        let pixelsPerPoint = max(scale, abs(transform.determinant).squareRoot())
        let lottie = node.item.lottie.flatMap { animation in
            images.lottie.frame(
                animation, of: id, at: node.layer.localTime(at: t), size: size, pixelsPerPoint: pixelsPerPoint
            ).map { ($0.image, $0.raster, pixelsPerPoint) }
        }
        let (content, iconLayers, afterIcon, borderWidth, borderColor) = DisplayListBuilder.layerContent(
            node.item, size: size, transform: transform, cornerRadius: cornerRadius, opacity: ownOpacity,
            clips: clips, childClips: childClips, tint: tint, scale: scale, images: images, lottie: lottie,
            texts: texts, value: value)
        var rect = DrawRect(
            size: size, cornerRadius: cornerRadius, transform: transform,
            fill: value(.fillColor).color?.rgba8 ?? node.item.fill,
            borderWidth: borderWidth, borderColor: borderColor, opacity: ownOpacity,
            shadow: DisplayListBuilder.presentedShadow(value, size: size, scale: scale), clips: clips,
            content: content)
        DisplayListBuilder.finish(&rect, of: node.item, scale: scale, value: value)
        if group {
            list.groups.append(
                DrawGroup(
                    rects: list.rects.count..<list.rects.count, opacity: drawnOpacity, blur: blur,
                    projection: projection))
        }
        let (groupIndex, start) = (list.groups.count - 1, list.rects.count)
        list.rects.append(rect)
        label?(list.rects.count - 1, id)
        if let iconLayers { appendIcon(iconLayers, then: afterIcon, like: rect) }
        let offset = timing.contentOffset(ofNode: i)
        let sublayer = Self.aboutAnchor(
            value(.sublayerTransform).transform ?? node.item.sublayerTransform, of: node.item, size: size, value: value)
        let inside = Parent(points: points, size: size, offset: offset, sublayer: sublayer)
        for child in ordered(node.children.filter { $0 != mask }) {
            draw(child, in: inside, surface: surface, opacity: ownOpacity, clips: childClips, tint: tint)
        }
        list.rects += DisplayListBuilder.scrollIndicators(
            i, timing, size: size, transform: transform, ownOpacity, childClips)
        if group { list.groups[groupIndex].rects = start..<list.rects.count }
        if let mask {
            // CALayer.mask: in this layer's bounds, as a child, drawn after the group's content.
            let maskStart = list.rects.count
            let bounds = Parent(points: points, size: size, offset: offset, sublayer: nil)
            draw(mask, in: bounds, surface: surface, opacity: 1, clips: [], tint: nil)
            list.groups[groupIndex].mask = maskStart..<list.rects.count
        }
    }

    /// An icon's own groups after its layer's rect (their indexes moved to where its rects land),
    /// then the layer's content that goes over the icon (its text) in a rect of its own.
    private mutating func appendIcon(
        _ icon: (rects: [DrawRect], groups: [DrawGroup]), then afterIcon: [DrawPath], like rect: DrawRect
    ) {
        let offset = list.rects.count
        list.rects += icon.rects
        list.groups += icon.groups.map { $0.shifted(by: offset) }
        if !afterIcon.isEmpty {
            list.rects.append(
                DrawRect(
                    size: Size(width: 0, height: 0), transform: rect.transform, fill: .clear, opacity: rect.opacity,
                    content: afterIcon))
        }
    }

    /// A `sublayerTransform` as it applies to the children's positions in the layer's own space
    /// (origin at its middle): about the layer's anchor point. Nil for the identity.
    static func aboutAnchor(
        _ transform: Transform3D, of item: Item, size: Size, value: (LayerProperty) -> AnimatableValue
    ) -> Transform3D? {
        guard !transform.isIdentity else { return nil }
        let anchor = value(.anchorPoint).point ?? item.anchorPoint
        let z = value(.anchorPointZ).scalar ?? 0
        let a = ((anchor.x - 0.5) * size.width, (anchor.y - 0.5) * size.height, z)
        return Transform3D.translation(-a.0, -a.1, -a.2).concatenating(transform).concatenating(
            .translation(a.0, a.1, a.2))
    }
}
