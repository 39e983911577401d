import CRasterKernels
import Geometry

// Perspective drawn exactly: a group in perspective whose run holds only layers and their
// content (no nested groups, no mask, blur or filter) is drawn onto its surface outline by
// outline, not warped from an offscreen.
//
// Every outline (a layer's rounded shape and its border's inner edge, a path, a glyph, a clip)
// is flattened in the layer's plane finely enough for the projection's largest stretch, cut to
// the part in front of the eye and taken through the homography (ProjectedPlane.swift). A
// projective map keeps lines straight, so the polygons are the projected outlines, and their
// coverage is the 2-D path's exact area coverage, with its rules: a layer's clips cut its
// outline as a polygon, a path's multiply its coverage.
//
// Colours that vary over a layer (gradients, images) are drawn into the group's offscreen in the
// plane, over the outline's box grown by two texels (so no edge of the paint is inside the
// outline), at one texel a canvas pixel where the projection stretches the layer most, and read
// back through the inverse homography: a GPU's perspective-correct texture lookup, one bilinear
// read at each canvas pixel's centre, as Core Animation's default filters (`linear`) sample a
// layer's backing store. The outline's exact coverage then cuts them.
//
// A layer with a shadow or a backdrop material (both blur in the plane) is drawn alone into the
// offscreen and warped (ProjectedComposite.swift), in its place in the run. A group faded as one
// is drawn onto a canvas-sized layer first, then composited at its opacity.
extension Rasterizer {
    /// Whether the group drawn over `run` (its mask, blur and filter already ruled out) can be
    /// drawn exactly: no group of the list starts inside it.
    static func projectsExactly(_ list: DisplayList, _ run: Range<Int>, nextGroup next: Int) -> Bool {
        next >= list.groups.count || list.groups[next].rects.lowerBound >= run.upperBound
    }

    /// Draws `run` of a group in perspective outline by outline onto `pixmap`, faded by `opacity`
    /// as one; `depth` is the group's nesting depth (its offscreen is the plane's texture, and the
    /// one below it the faded layer).
    mutating func drawProjectedExactly(
        of list: DisplayList, _ run: Range<Int>, projection: DrawProjection, opacity: UInt8, depth: Int,
        onto pixmap: inout Pixmap
    ) {
        guard let plane = ProjectedPlane(projection, canvasWidth: pixmap.width, canvasHeight: pixmap.height) else {
            return
        }
        var ancestors: ClipRegion?
        if !projection.clips.isEmpty {
            var region = ClipRegion()
            region.set(projection.clips, canvasWidth: pixmap.width, canvasHeight: pixmap.height)
            guard !region.isEmpty else { return }
            ancestors = region
        }
        while offscreens.count <= depth + 1 { offscreens.append(nil) }
        var texture = Self.takeOffscreen(&offscreens[depth], width: projection.width, height: projection.height)
        var surface = ProjectedSurface(plane: plane, projection: projection, ancestors: ancestors)
        if opacity == 255 {
            for i in run { drawProjected(list.rects[i], on: &surface, texture: &texture, onto: &pixmap) }
        } else {
            var layer = Self.takeOffscreen(&offscreens[depth + 1], width: pixmap.width, height: pixmap.height)
            let drawn = drawnInto(&layer) { rasterizer, layer in
                for i in run { rasterizer.drawProjected(list.rects[i], on: &surface, texture: &texture, onto: &layer) }
            }
            if let box = drawn.union?.intersection(layer.bounds), !box.isEmpty {
                Self.composite(layer, box: box, opacity: opacity, onto: &pixmap)
                damage?.append(box)
            }
            layer.clear(drawn)
            offscreens[depth + 1] = consume layer
        }
        offscreens[depth] = consume texture
    }

    /// One layer of the run: its body, then its content, each outline projected; a layer whose
    /// shadow or backdrop blurs in the plane is warped instead.
    private mutating func drawProjected(
        _ rect: DrawRect, on surface: inout ProjectedSurface, texture: inout Pixmap, onto target: inout Pixmap
    ) {
        if rect.shadow != nil || rect.backdrop != nil {
            let drawn = drawnInto(&texture) { rasterizer, texture in rasterizer.draw(rect, onto: &texture) }
            if let box = drawn.union?.intersection(texture.bounds), !box.isEmpty,
                let reached = Self.compositeProjected(
                    texture, box: box, projection: surface.projection, opacity: 255, clips: surface.projection.clips,
                    onto: &target)
            {
                damage?.append(reached)
            }
            texture.clear(drawn)
            return
        }
        drawProjectedBody(rect, on: &surface, texture: &texture, onto: &target)
        for command in rect.content { drawProjected(command, on: &surface, texture: &texture, onto: &target) }
    }

    /// A layer's rounded shape and border, as `drawLayer` and `drawShadedLayer` draw them in the plane.
    private mutating func drawProjectedBody(
        _ rect: DrawRect, on surface: inout ProjectedSurface, texture: inout Pixmap, onto target: inout Pixmap
    ) {
        let solid = rect.fillPaint == nil
        let paint = LayerPaint(fill: solid ? rect.fill : .clear, border: rect.borderColor, opacity: rect.opacity)
        let fillShows = rect.fillPaint.map { !$0.isClear } ?? (paint.fill.a > 0)
        guard let outline = LayerOutline(of: rect, paint: paint, fillShows: fillShows),
            let clip = surface.region(of: rect.clips)
        else { return }
        outline.shape.flattenedOutline(into: &surface.inPlane, tolerance: surface.plane.tolerance)
        surface.plane.project(surface.inPlane, into: &surface.shape)
        var hole: [Point]?
        if let inset = outline.hole, !inset.isEmpty {
            inset.flattenedOutline(into: &surface.inPlane, tolerance: surface.plane.tolerance)
            surface.plane.project(surface.inPlane, into: &surface.hole)
            hole = surface.hole
        }
        if let clip {
            clip.intersect(surface.shape, into: &surface.cut, scratch: &surface.scratch)
            swap(&surface.shape, &surface.cut)
        }
        guard surface.shape.count >= 3 else { return }
        // The paint's texture first: drawing it takes the coverage scratch.
        var drawn: [IntRect] = []
        let read = TextureRead(
            local: rect.transform,
            box: Rect(
                x: -rect.size.width / 2, y: -rect.size.height / 2, width: rect.size.width, height: rect.size.height))
        if let fillPaint = rect.fillPaint {
            var grown = DrawRect(
                size: Self.grown(rect.size, by: Self.textureMargin / Self.textureScale, under: rect.transform),
                transform: read.toTexture, fill: .clear)
            grown.fillPaint = fillPaint.moved(by: read.scale)
            drawn = drawnInto(&texture) { rasterizer, texture in rasterizer.draw(grown, onto: &texture) }
        }
        let box = shapeCoverage.begin(
            polygon: surface.shape,
            box: ShapeCoverage.pixelBox(of: surface.shape, canvasWidth: target.width, canvasHeight: target.height),
            holePolygon: hole, clip: clip,
            // Row extents serve only the solid sweep (`sweepAndBlit`), as in `drawLayer`.
            marks: outline.hasBorder || !solid ? .cells : .rowExtents)
        if solid {
            sweep(box, paint.kernelPaint(hasBorder: outline.hasBorder), onto: &target)
        } else {
            blendTexture(
                texture, read: read, box: box, surface: surface, border: paint.border.packed,
                hasBorder: outline.hasBorder, opacity: paint.opacity, onto: &target)
            texture.clear(drawn)
        }
    }

    /// One filled path (a shape's fill or stroke, a glyph, an icon's piece) in the plane.
    private mutating func drawProjected(
        _ command: DrawPath, on surface: inout ProjectedSurface, texture: inout Pixmap, onto target: inout Pixmap
    ) {
        let opacity = Self.opacityByte(command.opacity)
        guard opacity > 0, !command.paint.isClear, !command.path.isEmpty, command.transform.isFinite,
            let clip = surface.region(of: command.clips),
            surface.flattening.set(command.path, transform: command.transform, tolerance: surface.plane.tolerance)
        else { return }
        surface.contours.removeAll(keepingCapacity: true)
        surface.ends.removeAll(keepingCapacity: true)
        for k in 0..<surface.flattening.contourCount {
            surface.plane.project(surface.flattening.contour(k), into: &surface.cut)
            guard !surface.cut.isEmpty else { continue }
            surface.contours.append(contentsOf: surface.cut)
            surface.ends.append(surface.contours.count)
        }
        guard !surface.contours.isEmpty else { return }
        var drawn: [IntRect] = []
        let bounds = command.path.controlPointBounds
        let read = TextureRead(local: command.transform, box: bounds)
        if !command.paint.isSolid, let inverse = command.transform.inverted {
            // The margin in the path's units: texture pixels through the inverse's longest row.
            let unit = max(abs(inverse.a) + abs(inverse.c), abs(inverse.b) + abs(inverse.d))
            let margin = Self.textureMargin / Self.textureScale * unit
            var box = Path()
            box.move(to: Point(bounds.minX - margin, bounds.minY - margin))
            box.line(to: Point(bounds.maxX + margin, bounds.minY - margin))
            box.line(to: Point(bounds.maxX + margin, bounds.maxY + margin))
            box.line(to: Point(bounds.minX - margin, bounds.maxY + margin))
            box.close()
            let grown = DrawPath(path: box, transform: read.toTexture, paint: command.paint.moved(by: read.scale))
            drawn = drawnInto(&texture) { rasterizer, texture in rasterizer.draw(grown, onto: &texture) }
        }
        let box = shapeCoverage.begin(
            contours: surface.contours, ends: surface.ends, fillRule: command.fillRule, clip: clip,
            canvasWidth: target.width, canvasHeight: target.height)
        if case .solid(let color) = command.paint {
            let paint = LayerPaint(fill: color, border: .clear, opacity: command.opacity)
            sweep(box, paint.kernelPaint(hasBorder: false), onto: &target)
        } else {
            blendTexture(
                texture, read: read, box: box, surface: surface, border: 0, hasBorder: false, opacity: opacity,
                onto: &target)
            texture.clear(drawn)
        }
    }

    /// Texture pixels per plane pixel. The builder draws the plane at four times the largest
    /// stretch the projection gives (`LayerTreeDrawing.oversampling`, for the warp's edges,
    /// which the exact outlines do not need); a quarter of that is one texel a canvas pixel where
    /// the layer is stretched most, so a face-on layer's reads fall on its texels' centres, as a
    /// GPU's do on a layer drawn at the screen's scale.
    static let textureScale = 0.25
    /// How far, in texture pixels, a paint is drawn beyond the box its reads are clamped to: past
    /// the bilinear read's reach, so no read at the box's edge mixes in transparent texels.
    static let textureMargin = 2.0

    /// Sweeps the coverage just accumulated over `box`, each pixel's colour read from `texture`
    /// through the inverse homography (one point at the pixel's centre, perspective-correct), clamped
    /// to the paint's box (a GPU's clamp-to-edge) so that the outline's coverage alone makes its
    /// edges.
    private mutating func blendTexture(
        _ texture: Pixmap, read: TextureRead, box: IntRect, surface: ProjectedSurface, border: UInt32,
        hasBorder: Bool, opacity: UInt8, onto target: inout Pixmap
    ) {
        guard !box.isEmpty, let toLocal = read.local.inverted else { return }
        damage?.append(box)
        var params = fb_projected_read(
            width: texture.width, height: texture.height, inverse: surface.plane.inverse,
            forward: surface.plane.homography, toLocal: toLocal, clamp: read.box, toTexture: read.toTexture)
        texture.data.withUnsafeBytes { bytes in
            params.texels = UnsafePointer(bytes.bindMemory(to: UInt32.self).baseAddress)
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: box.width) { colours in
                guard let base = colours.baseAddress else { return }
                blendSpans(box, border: border, hasBorder: hasBorder, opacity: UInt32(opacity), onto: &target) {
                    row, start, count in
                    fb_projected_texture_span(&params, box.x + start, box.y + row, count, base)
                    return UnsafePointer(base)
                }
            }
        }
    }

    /// `size` grown on every side by `pixels` of the plane under `transform` (its local units).
    private static func grown(_ size: Size, by pixels: Double, under transform: AffineTransform) -> Size {
        let sx = (transform.a * transform.a + transform.b * transform.b).squareRoot()
        let sy = (transform.c * transform.c + transform.d * transform.d).squareRoot()
        guard sx > 0, sy > 0, sx.isFinite, sy.isFinite else { return size }
        return Size(size.width + 2 * pixels / sx, size.height + 2 * pixels / sy)
    }
}

/// What the exact drawing of one group in perspective works with: its plane, the ancestors'
/// clips on the canvas, and the scratch its outlines pass through.
struct ProjectedSurface {
    var plane: ProjectedPlane
    let projection: DrawProjection
    /// The ancestors' `masksToBounds` on the canvas; nil for none.
    let ancestors: ClipRegion?
    var flattening = PathFlattening()
    /// An outline flattened in the plane, before it is projected.
    var inPlane: [Point] = []
    var shape: [Point] = []
    var hole: [Point] = []
    var cut: [Point] = []
    var scratch: [Point] = []
    var contours: [Point] = []
    var ends: [Int] = []
    private var clipOutline: [Point] = []
    private var projectedClip: [Point] = []
    /// The last clips resolved and their region, as layers under one parent share them.
    private var lastClips: [ClipShape] = []
    private var lastRegion: ClipRegion?? = .some(nil)

    init(plane: ProjectedPlane, projection: DrawProjection, ancestors: ClipRegion?) {
        self.plane = plane
        self.projection = projection
        self.ancestors = ancestors
        lastRegion = .some(ancestors)
    }

    /// The region on the canvas that `clips` (in the plane) and the ancestors' clips leave:
    /// `.some(nil)` for no clip at all, nil when they leave nothing.
    mutating func region(of clips: [ClipShape]) -> ClipRegion?? {
        guard clips != lastClips else { return lastRegion }
        lastClips = clips
        guard !clips.isEmpty else {
            lastRegion = .some(ancestors)
            return lastRegion
        }
        var inPlane = ClipRegion()
        inPlane.set(
            clips, canvasWidth: projection.width, canvasHeight: projection.height, tolerance: plane.tolerance)
        plane.project(inPlane.points, into: &projectedClip)
        if let ancestors {
            ancestors.intersect(projectedClip, into: &clipOutline, scratch: &scratch)
            swap(&projectedClip, &clipOutline)
        }
        let region = ClipRegion(convex: projectedClip)
        lastRegion = region.isEmpty ? nil : .some(region)
        return lastRegion
    }
}

extension Pixmap {
    /// The whole pixmap as a box.
    var bounds: IntRect { IntRect(uncheckedX: 0, y: 0, width: width, height: height) }

    /// Makes the parts of `boxes` within the pixmap transparent again (an offscreen after use).
    mutating func clear(_ boxes: [IntRect]) {
        for box in boxes { fill(box.intersection(bounds), with: .clear) }
    }
}

/// Where a shaded paint's texture is read: the paint's own box in its local units (a layer's
/// bounds, a path's control-point box), which `local` maps into the plane.
struct TextureRead {
    let local: AffineTransform
    let box: Rect
    /// The plane → texture scale.
    var scale: AffineTransform { AffineTransform(scaleX: Rasterizer.textureScale, y: Rasterizer.textureScale) }
    /// Local units → texture pixels.
    var toTexture: AffineTransform { local.concatenating(scale) }
}

extension fb_projected_read {
    /// The kernel's description of reading a `width` × `height` texture (its texels set by the
    /// caller, while it holds them): canvas → plane by `inverse` (W checked through `forward`),
    /// plane → local units by `toLocal`, clamped to `clamp`, → texture pixels by `toTexture`.
    init(
        width: Int, height: Int, inverse: Homography, forward: Homography, toLocal: AffineTransform, clamp: Rect,
        toTexture: AffineTransform
    ) {
        self.init()
        self.width = width
        (box_x0, box_y0, box_x1, box_y1) = (0, 0, width, height)
        self.inverse = (
            inverse.m11, inverse.m12, inverse.m13, inverse.m21, inverse.m22, inverse.m23, inverse.m31, inverse.m32,
            inverse.m33
        )
        forward_w = (forward.m13, forward.m23, forward.m33)
        near_w = Homography.nearW
        to_local = (toLocal.a, toLocal.b, toLocal.c, toLocal.d, toLocal.tx, toLocal.ty)
        self.clamp = (clamp.minX, clamp.minY, clamp.maxX, clamp.maxY)
        to_texture = (toTexture.a, toTexture.b, toTexture.c, toTexture.d, toTexture.tx, toTexture.ty)
    }
}

extension Paint {
    var isSolid: Bool {

        if case .solid = self { return true }
        return false
    }
}
