import CRasterKernels
import Geometry

// Groups: a run of rects composited as one (DrawGroup, Core Animation's offscreen pass).
//
// A group is drawn into an offscreen pixmap of the canvas's size, transparent where nothing was
// drawn, then composited over the canvas in one pass: pixel = (offscreen·opacity) over pixel,
// with Compositing.swift's rounding (`scaled(by:)`, then `sourceOver`). Only the box its rects
// drew (the union of their damage boxes) is composited and then cleared again, so a small group on
// a large canvas costs its own area, and an offscreen comes back transparent for the next group.
//
// A group with a blur filter (`DrawGroup.blur`) is blurred in its offscreen before compositing,
// over the drawn box grown by the kernel's reach (LayerBlur.swift).
//
// Offscreens are kept per nesting depth and reused from frame to frame (no allocation in steady
// state). Memory is bounded: at most `maximumGroupDepth` offscreens of the canvas's size (whose
// own size the scene limits bound); a group nested deeper is drawn straight, its rects faded by
// its opacity as a parent with `allowsGroupOpacity: false` fades them, and unblurred.
//
// A group seen in perspective (`DrawGroup.projection`) has an offscreen of its projection's size
// (the builder keeps it within `DrawProjection.maximumPixels`), which is warped onto its surface
// by ProjectedComposite.swift; past the depth limit it is left out.
extension Rasterizer {
    /// Offscreens a frame may hold at once: groups nested deeper draw without one.
    public static let maximumGroupDepth = 4

    /// Draws `list.rects` in order onto `pixmap`, each group through an offscreen.
    mutating func drawRects(of list: DisplayList, onto pixmap: inout Pixmap) {
        guard !list.groups.isEmpty else {
            for rect in list.rects { draw(rect, onto: &pixmap) }
            return
        }
        var next = 0
        drawRun(of: list, list.rects.indices, nextGroup: &next, depth: 0, fade: 1, onto: &pixmap)
    }

    /// Draws the rects in `run`, the groups that start inside it (from `nextGroup` on) through
    /// offscreens; `fade` multiplies every rect's opacity (the groups drawn straight past the
    /// depth limit).
    private mutating func drawRun(
        of list: DisplayList, _ run: Range<Int>, nextGroup next: inout Int, depth: Int, fade: Double,
        onto pixmap: inout Pixmap
    ) {
        var i = run.lowerBound
        while i < run.upperBound {
            // A group that starts before `i` overlaps one already drawn without nesting in it:
            // its rects were drawn, so it is skipped (the builder never makes one).
            while next < list.groups.count, list.groups[next].rects.lowerBound < i { next += 1 }
            guard next < list.groups.count, list.groups[next].rects.lowerBound == i else {
                draw(fade == 1 ? list.rects[i] : list.rects[i].faded(by: fade), onto: &pixmap)
                i += 1
                continue
            }
            let group = list.groups[next]
            next += 1
            let inner = group.rects.clamped(to: i..<run.upperBound)
            let extent = group.extent.clamped(to: i..<run.upperBound)
            let mask = group.mask.map { $0.clamped(to: inner.upperBound..<extent.upperBound) }
            let opacity = Self.opacityByte(group.opacity)
            // A mask takes a second offscreen, one level deeper.
            let deepest = depth + (mask == nil ? 0 : 1)
            if opacity == 0 || (group.projection != nil && deepest >= Self.maximumGroupDepth) {
                // Nothing of the group shows: neither it nor the groups inside it are drawn. (A
                // projected group past the depth limit is left out too: its rects are in its
                // offscreen's pixels, so drawing them straight would put them in the wrong place.)
            } else if (opacity == 255 && !(group.blur > 0) && mask == nil && group.projection == nil && !group.adds
                && !group.isolates && group.filter == nil && group.blendMode == .normal)
                || deepest >= Self.maximumGroupDepth
            {
                let straight = opacity == 255 ? fade : fade * group.opacity
                drawRun(of: list, inner, nextGroup: &next, depth: depth, fade: straight, onto: &pixmap)
            } else if let projection = group.projection, mask == nil, !(group.blur > 0), group.filter == nil,
                !group.adds, group.blendMode == .normal, Self.projectsExactly(list, inner, nextGroup: next)
            {
                let faded = fade == 1 ? opacity : Self.opacityByte(fade * group.opacity)
                drawProjectedExactly(
                    of: list, inner, projection: projection, opacity: faded, depth: depth, onto: &pixmap)
            } else {
                let faded = fade == 1 ? opacity : Self.opacityByte(fade * group.opacity)
                drawOffscreen(
                    of: list, inner, mask: mask, nextGroup: &next, depth: depth, opacity: faded,
                    effects: (group.blur, group.filter), projection: group.projection, adds: group.adds,
                    blend: group.blendMode, onto: &pixmap)
            }
            // The groups inside what was not drawn (the mask's, or all of a hidden group's) are skipped.
            while next < list.groups.count, list.groups[next].rects.lowerBound < extent.upperBound { next += 1 }
            i = extent.upperBound
        }
    }

    /// One group: its run drawn into the offscreen of `depth`, run through its filter, blurred by
    /// σ = `blur` pixels, composited at `opacity` over `pixmap` (through `projection` when it has
    /// one), and the offscreen cleared.
    private mutating func drawOffscreen(
        of list: DisplayList, _ run: Range<Int>, mask: Range<Int>?, nextGroup next: inout Int, depth: Int,
        opacity: UInt8, effects: (blur: Double, filter: DrawFilter?), projection: DrawProjection?, adds: Bool,
        blend: BlendMode, onto pixmap: inout Pixmap
    ) {
        let blur = effects.blur
        // The group's own damage is what it drew; the canvas's records the composited box.
        let size: (width: Int, height: Int) = projection.map { ($0.width, $0.height) } ?? (pixmap.width, pixmap.height)
        let drawing = drawIntoOffscreen(
            of: list, run, nextGroup: &next, depth: depth, width: size.width, height: size.height)
        var offscreen = drawing.offscreen
        var drawn = drawing.drawn
        let bounds = IntRect(uncheckedX: 0, y: 0, width: offscreen.width, height: offscreen.height)
        if let filter = effects.filter {
            // The filter may draw where the content did not (a flood, a shadow), or nothing.
            let result = Self.applyFilter(filter, to: &offscreen, drawn: drawn)
            drawn = result.map { [$0] } ?? []
        }
        if var box = drawn.union?.intersection(bounds), !box.isEmpty {
            if blur > 0 { box = layerBlur.blur(&offscreen, box: box, sigma: blur) }
            if let mask {
                // CALayer.mask, after the filters: the content times the mask's alpha.
                box = drawMask(of: list, mask, nextGroup: &next, depth: depth + 1, over: box, of: &offscreen)
            }
            if let projection {
                let reached = Self.compositeProjected(
                    offscreen, box: box, projection: projection, opacity: opacity, clips: projection.clips,
                    onto: &pixmap)
                if let reached { damage?.append(reached) }
            } else if adds {
                Self.add(offscreen, box: box, opacity: opacity, onto: &pixmap)
                damage?.append(box)
            } else if blend != .normal {
                Self.blend(offscreen, box: box, opacity: opacity, mode: blend, onto: &pixmap)
                damage?.append(box)
            } else {
                Self.composite(offscreen, box: box, opacity: opacity, onto: &pixmap)
                damage?.append(box)
            }
            if blur > 0 {
                offscreen.fill(box, with: .clear)
            } else {
                offscreen.clear(drawn)
            }
        }
        offscreens[depth] = consume offscreen
    }

    /// Draws the mask's run into the offscreen of `depth`, multiplies every pixel of `box` in
    /// `content` by the mask's alpha there (0 where the mask drew nothing), clears the mask's
    /// offscreen again and returns the part of `box` the mask covers (the rest is transparent now).
    private mutating func drawMask(
        of list: DisplayList, _ run: Range<Int>, nextGroup next: inout Int, depth: Int, over box: IntRect,
        of content: inout Pixmap
    ) -> IntRect {
        let drawing = drawIntoOffscreen(
            of: list, run, nextGroup: &next, depth: depth, width: content.width, height: content.height)
        var mask = drawing.offscreen
        let drawn = drawing.drawn
        mask.data.withUnsafeBytes { maskBytes in
            content.withUnsafeMutablePixels { pixels, width in
                for y in box.y..<box.maxY {
                    for x in box.x..<box.maxX where pixels[y * width + x] != 0 {
                        let alpha = maskBytes[4 * (y * width + x) + 3]
                        pixels[y * width + x] =
                            PremultipliedRGBA8(packed: pixels[y * width + x]).scaled(by: alpha).packed
                    }
                }
            }
        }
        mask.clear(drawn)
        offscreens[depth] = consume mask
        return drawn.union.map { box.intersection($0) } ?? IntRect(uncheckedX: box.x, y: box.y, width: 0, height: 0)
    }

    /// Draws `run` into the offscreen of `depth` (taken out of `offscreens`, transparent, of
    /// `width` × `height`; nested groups go one level deeper) and returns it with the boxes drawn.
    /// The caller clears those boxes and puts the offscreen back.
    private mutating func drawIntoOffscreen(
        of list: DisplayList, _ run: Range<Int>, nextGroup next: inout Int, depth: Int, width: Int, height: Int
    ) -> (offscreen: Pixmap, drawn: [IntRect]) {
        while offscreens.count <= depth { offscreens.append(nil) }
        var offscreen = Self.takeOffscreen(&offscreens[depth], width: width, height: height)
        let drawn = drawnInto(&offscreen) { rasterizer, offscreen in
            rasterizer.drawRun(of: list, run, nextGroup: &next, depth: depth + 1, fade: 1, onto: &offscreen)
        }
        return (offscreen, drawn)
    }

    /// The offscreen kept in `slot`, transparent, of `width` × `height` (a new one when it was
    /// missing or of another size).
    static func takeOffscreen(_ slot: inout Pixmap?, width: Int, height: Int) -> Pixmap {
        let kept = slot.take()
        if let kept, kept.width == width, kept.height == height { return kept }
        return Pixmap(width: width, height: height)
    }

    /// Draws with `body` into `offscreen` and returns the boxes it drew, leaving the canvas's
    /// damage as it was.
    mutating func drawnInto(_ offscreen: inout Pixmap, _ body: (inout Rasterizer, inout Pixmap) -> Void) -> [IntRect] {
        let outerDamage = damage
        damage = []
        body(&self, &offscreen)
        let drawn = damage ?? []
        damage = outerDamage
        return drawn
    }

    /// An opacity as the byte every blend uses: round(opacity·255), clamped, NaN as 0.
    static func opacityByte(_ opacity: Double) -> UInt8 {
        LayerPaint(fill: .clear, border: .clear, opacity: opacity).opacity
    }

    /// pixel = pixel + source·opacity for every pixel of `box`, each channel capped at 255 (the
    /// products exactly rounded, as `scaled(by:)`); adding premultiplied pixels keeps them
    /// premultiplied.
    static func add(_ source: Pixmap, box: IntRect, opacity: UInt8, onto destination: inout Pixmap) {
        combine(source, box: box, opacity: opacity, onto: &destination) { s, d in
            PremultipliedRGBA8(
                unchecked: UInt8(min(255, Int(s.r) + Int(d.r))), UInt8(min(255, Int(s.g) + Int(d.g))),
                UInt8(min(255, Int(s.b) + Int(d.b))), UInt8(min(255, Int(s.a) + Int(d.a))))
        }
    }

    /// pixel = (source·opacity) blended onto pixel by `mode` (BlendModes.swift) for every pixel of
    /// `box`; a transparent source pixel leaves the pixel alone, as the formula does.
    static func blend(_ source: Pixmap, box: IntRect, opacity: UInt8, mode: BlendMode, onto destination: inout Pixmap) {
        combine(source, box: box, opacity: opacity, onto: &destination) { s, d in blended(s, onto: d, mode: mode) }
    }

    /// pixel = combined(source·opacity, pixel) for every pixel of `box` whose source is not
    /// transparent: the walk `add` and `blend` share.
    @inline(__always)
    private static func combine(
        _ source: Pixmap, box: IntRect, opacity: UInt8, onto destination: inout Pixmap,
        _ combined: (PremultipliedRGBA8, PremultipliedRGBA8) -> PremultipliedRGBA8
    ) {
        source.data.withUnsafeBytes { sourceBytes in
            let sourcePixels = sourceBytes.bindMemory(to: UInt32.self)
            destination.withUnsafeMutablePixels { pixels, width in
                for y in box.y..<box.maxY {
                    for x in box.x..<box.maxX where sourcePixels[y * width + x] != 0 {
                        let s = PremultipliedRGBA8(packed: sourcePixels[y * width + x]).scaled(by: opacity)
                        pixels[y * width + x] = combined(s, PremultipliedRGBA8(packed: pixels[y * width + x])).packed
                    }
                }
            }
        }
    }

    /// pixel = (source·opacity) over pixel for every pixel of `box`, each product exactly rounded
    /// (Compositing.swift's order); a transparent source pixel leaves the pixel alone.
    static func composite(_ source: Pixmap, box: IntRect, opacity: UInt8, onto destination: inout Pixmap) {
        // fb_blend_shaded with full coverage and no border: (source·255)·opacity over the pixel,
        // Compositing.swift's rounding (·255 is exact).
        source.data.withUnsafeBytes { sourceBytes in
            let sourcePixels = sourceBytes.bindMemory(to: UInt32.self)
            destination.withUnsafeMutablePixels { pixels, width in
                guard let target = pixels.baseAddress, let from = sourcePixels.baseAddress else { return }
                for y in box.y..<box.maxY {
                    let start = y * width + box.x
                    fb_blend_shaded(target + start, from + start, box.width, 255, 0, 0, UInt32(opacity))
                }
            }
        }
    }
}

extension DrawRect {
    /// This rect with its opacity and its content's multiplied by `fade`.
    func faded(by fade: Double) -> DrawRect {
        var rect = self
        rect.opacity *= fade
        for i in rect.content.indices { rect.content[i].opacity *= fade }
        return rect
    }
}

extension Array where Element == IntRect {
    /// The smallest box holding every non-empty box; nil when there is none.
    var union: IntRect? {
        var result: (x0: Int, y0: Int, x1: Int, y1: Int)?
        for box in self where !box.isEmpty {
            guard let r = result else {
                result = (box.x, box.y, box.maxX, box.maxY)
                continue
            }
            result = (
                Swift.min(r.x0, box.x), Swift.min(r.y0, box.y), Swift.max(r.x1, box.maxX), Swift.max(r.y1, box.maxY)
            )
        }
        return result.map { IntRect(uncheckedX: $0.x0, y: $0.y0, width: $0.x1 - $0.x0, height: $0.y1 - $0.y0) }
    }
}
