import CRasterKernels
import Geometry

/// Draws display lists into pixmaps: the background, then each `DrawRect` in order (its shadow,
/// its body, then its content paths).
///
/// A `Rasterizer` is only scratch memory (outline points, accumulation buffers, coverage rows)
/// that grows to the largest shape seen and is reused, so drawing allocates nothing in steady
/// state. It is a value type with no shared state: give each thread its own (or call the static
/// `Rasterizer.render(_:)`), and the output depends only on the display list, never on the
/// thread or on what the rasterizer drew before.
public struct Rasterizer: Sendable {
    var shapeCoverage = ShapeCoverage()
    var clipRegion = ClipRegion()
    var shadowRenderer = ShadowRenderer()
    var bandedFrame = BandedFrame()
    /// Offscreens of groups, one per nesting depth, transparent between uses (Rasterizer+Groups.swift).
    var offscreens: [Pixmap?] = []
    /// Scratch of the groups' blur filters.
    var layerBlur = LayerBlur()
    /// The boxes drawn since `render(_:into:)` (FrameCanvas) began a frame; nil when not recording.
    var damage: [IntRect]? = nil
    /// Glyph masks for `DrawPath`s with a `glyph` key (GlyphCache.swift); never changes a byte.
    public internal(set) var glyphCache = GlyphCache()
    /// Sampled colours of images that stand still (ShadeCache.swift); never changes a byte.
    var shadeCache = ShadeCache()
    /// When a frame of plain layers is drawn band by band (BandedFrame.swift); never changes a byte.
    public var banding: Banding

    /// When `render(_:into:)` draws a frame band by band instead of layer after layer: two ways to
    /// the same bytes, which differ only in speed.
    public enum Banding: String, CaseIterable, Sendable {
        /// Band-wise where it measured faster: canvases over 2 MiB whose layers add up to at least
        /// the canvas's area (BandedFrame.swift, rule 4).
        case automatic
        /// Every frame of plain layers band-wise (what the tests use on small canvases).
        case always
        /// Never band-wise.
        case never
    }

    public init(banding: Banding = .automatic) {
        self.banding = banding
    }

    /// Whether `list` is drawn band by band under `banding`.
    func drawsBandWise(_ list: DisplayList) -> Bool {
        switch banding {
        case .never: return false
        case .always: return BandedFrame.accepts(list)
        case .automatic: return BandedFrame.accepts(list) && BandedFrame.pays(for: list)
        }
    }

    /// Renders `list` into a new pixmap of its size, with fresh scratch: safe to call from any
    /// number of threads at once.
    public static func render(_ list: DisplayList) -> Pixmap {
        var rasterizer = Rasterizer()
        var pixmap = Pixmap(width: list.width, height: list.height)
        rasterizer.render(list, into: &pixmap)
        return pixmap
    }

    /// Renders `list` as straight-alpha RGBA8 bytes (what PNG and ffmpeg's `rgba` take): the same
    /// bytes as `render(list).straightRGBA()`, with fresh scratch, safe from any thread.
    public static func renderStraightRGBA(_ list: DisplayList) -> [UInt8] {
        var rasterizer = Rasterizer()
        var bytes: [UInt8] = []
        rasterizer.renderStraightRGBA(list, into: &bytes)
        return bytes
    }

    /// Renders `list` as straight-alpha RGBA8 bytes into `bytes`, reusing its storage when it
    /// holds 4·width·height bytes and nobody else shares it (the fast path for a worker that
    /// renders frame after frame). The same bytes as `render(list).straightRGBA()`, cheaper: the
    /// pixels are drawn in place, and over an opaque background (every pixel stays at alpha 255,
    /// so premultiplied and straight bytes are equal) there is no conversion pass at all;
    /// otherwise one in-place pass by table.
    public mutating func renderStraightRGBA(_ list: DisplayList, into bytes: inout [UInt8]) {
        // A canvas that holds no frame: the whole background is filled, in `bytes`' storage.
        var canvas = FrameCanvas()
        swap(&canvas.rgba, &bytes)
        render(list, into: &canvas)
        swap(&canvas.rgba, &bytes)
    }

    /// Renders `list` into `canvas` as straight-alpha RGBA8 bytes, with damage tracking: when the
    /// canvas holds the previous frame over the same opaque background, only the boxes that frame
    /// drew are restored before drawing (rules in FrameCanvas.swift). The bytes are exactly
    /// `Rasterizer.render(list).straightRGBA()` whatever the canvas held before.
    public mutating func render(_ list: DisplayList, into canvas: inout FrameCanvas) {
        shadeCache.beginFrame()
        let count = 4 * list.width * list.height
        let pixels = list.width * list.height
        let restorable = canvas.canRestore(for: list)
        let restoredArea = restorable ? canvas.damage.reduce(0) { $0 + $1.width * $1.height } : pixels
        let incremental = restorable && Double(restoredArea) <= FrameCanvas.restoreLimit * Double(pixels)
        var storage: [UInt8] = []
        swap(&storage, &canvas.rgba)
        if storage.count != count {
            // A buffer of the wrong size is never restored but filled whole below (every byte
            // written before any is read), so zeroing it first would be one more 8 MB pass at 1080p.
            storage = [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        }
        // `consume` moves the buffer along, so it stays uniquely referenced and is drawn in place.
        var pixmap = Pixmap(width: list.width, height: list.height, adopting: consume storage)
        var boxes: [IntRect] = []
        swap(&boxes, &canvas.damage)
        let restore = incremental ? boxes : [IntRect(uncheckedX: 0, y: 0, width: list.width, height: list.height)]
        boxes.removeAll(keepingCapacity: true)
        damage = consume boxes
        if drawsBandWise(list) {
            drawBanded(list, restoring: restore, onto: &pixmap)
        } else {
            for box in restore { pixmap.fill(box, with: list.background) }
            drawRects(of: list, onto: &pixmap)
        }
        canvas.damage = damage ?? []
        damage = nil
        canvas.rgba = (consume pixmap).data
        canvas.width = list.width
        canvas.height = list.height
        canvas.lastRender = FrameCanvas.Statistics(
            incremental: incremental,
            restoredPixels: incremental ? restoredArea : pixels)
        if list.background.a == 255 {
            canvas.background = list.background
        } else {
            Pixmap.unpremultiplyInPlace(&canvas.rgba)
            canvas.background = nil
        }
    }

    /// Renders `list` into `pixmap`, reusing its storage when the sizes match (otherwise the
    /// pixmap is replaced by one of the list's size). Every pixel is overwritten.
    public mutating func render(_ list: DisplayList, into pixmap: inout Pixmap) {
        shadeCache.beginFrame()
        if pixmap.width != list.width || pixmap.height != list.height {
            pixmap = Pixmap(width: list.width, height: list.height)
        }
        if drawsBandWise(list) {
            drawBanded(
                list, restoring: [IntRect(uncheckedX: 0, y: 0, width: list.width, height: list.height)], onto: &pixmap)
        } else {
            pixmap.fill(list.background)
            drawRects(of: list, onto: &pixmap)
        }
    }

    /// Composites one rounded rectangle onto `pixmap`, with Core Animation's layer semantics:
    /// the fill covers the whole rounded shape, the border is the band between the shape and the
    /// shape inset by `borderWidth`, drawn over the fill, and opacity fades both as one group.
    /// Shapes partly or wholly outside the pixmap, empty or degenerate ones are all fine.
    public mutating func draw(_ rect: DrawRect, onto pixmap: inout Pixmap) {
        var rect = rect
        if rect.castsContentShadow {
            // An image layer's shadow follows the image's alpha (Rasterizer+ContentShadow.swift).
            drawContentShadow(rect, onto: &pixmap)
            rect.shadow = nil
        }
        if let backdrop = rect.backdrop {
            // The layer's shadow, then the material, then its fill (Rasterizer+Backdrop.swift).
            drawBackdrop(backdrop, of: rect, onto: &pixmap)
            rect.shadow = nil
        }
        if rect.fillPaint != nil { drawShadedLayer(rect, onto: &pixmap) } else { drawLayer(rect, onto: &pixmap) }
        drawContent(rect.content, onto: &pixmap)
    }

    /// Composites one filled path onto `pixmap`: `paint` × coverage (folded by the fill rule) ×
    /// opacity, source-over, clipped to `command.clips`. Empty, degenerate, non-finite and
    /// off-canvas paths draw nothing.
    public mutating func draw(_ command: DrawPath, onto pixmap: inout Pixmap) {
        guard case .solid(let color) = command.paint else { return drawShaded(command, onto: &pixmap) }
        let paint = LayerPaint(fill: color, border: .clear, opacity: command.opacity)
        guard paint.opacity > 0, paint.fill.a > 0, !command.path.isEmpty else { return }
        // The common glyph or icon (unclipped, or well inside its clips) goes straight to the
        // cache, before the copy below.
        if let glyph = command.glyph, command.clips.isEmpty || Self.clipsHold(command) {
            guard command.transform.isFinite else { return }
            if drawGlyph(command, key: glyph, color: color, opacity: paint.opacity, onto: &pixmap) { return }
        }
        var command = command
        if let glyph = command.glyph {
            guard command.transform.isFinite else { return }
            // Clipped glyphs, and those too big for a mask, are filled as paths, at the origin the
            // cache would use.
            guard let (key, x, y) = GlyphCache.place(glyph, transform: command.transform) else { return }
            command.transform.tx = Double(x) + Double(key.phaseX) / GlyphCache.phaseSteps
            command.transform.ty = Double(y) + Double(key.phaseY) / GlyphCache.phaseSteps
        }
        guard let box = beginCoverage(of: command, canvasWidth: pixmap.width, canvasHeight: pixmap.height) else {
            return
        }
        sweep(box, paint.kernelPaint(hasBorder: false), onto: &pixmap)
    }

    /// Whether `command`'s clips hold all of it (its outline's control points under its
    /// transform, grown by a pixel for the cache's rounding of the origin), so that clipping
    /// would change nothing (`ClipRegion.contain`).
    static func clipsHold(_ command: DrawPath) -> Bool {
        guard command.transform.isFinite else { return false }
        let box = boundingBox(of: command.path.controlPointBounds, under: command.transform)
        return ClipRegion.contain(command.clips, box: box.insetBy(dx: -1, dy: -1))
    }

    private mutating func drawLayer(_ rect: DrawRect, onto pixmap: inout Pixmap) {
        let paint = LayerPaint(fill: rect.fill, border: rect.borderColor, opacity: rect.opacity)
        guard let outline = LayerOutline(of: rect, paint: paint, fillShows: paint.fill.a > 0),
            let clip = resolveClips(rect.clips, on: pixmap)
        else { return }
        if let shadow = rect.shadow,
            let shadowBox = shadowRenderer.draw(
                shadow, of: outline.shape, hole: outline.hole, hasBorder: outline.hasBorder, paint: paint,
                clip: clip, coverage: &shapeCoverage, onto: &pixmap)
        {
            damage?.append(shadowBox)
        }
        // A fill alone (one coverage, the colour table's sweep) is marked by row extents.
        let box = shapeCoverage.begin(
            outline.shape, hole: outline.hole, clip: clip,
            canvasWidth: pixmap.width, canvasHeight: pixmap.height,
            marks: outline.hasBorder ? .cells : .rowExtents)
        sweep(box, paint.kernelPaint(hasBorder: outline.hasBorder), onto: &pixmap)
    }

    /// The last step of every layer and path: records `box` as damage and sweeps the coverage just
    /// accumulated into it with `kernelPaint`.
    mutating func sweep(_ box: IntRect, _ kernelPaint: fb_paint, onto pixmap: inout Pixmap) {
        guard !box.isEmpty else { return }
        damage?.append(box)
        let prefetch = pixmap.width * pixmap.height * 4 > Self.cachedCanvasBytes
        pixmap.withUnsafeMutablePixels { pixels, width in
            guard let base = pixels.baseAddress else { return }
            shapeCoverage.sweepAndBlit(
                kernelPaint, into: base + box.y * width + box.x, rowStride: width, prefetch: prefetch)
        }
    }

    /// Canvases up to this size stay in a core's cache (L2 is 1–2 MiB on current x86 servers), so
    /// the sweep does not prefetch rows into them: 640 × 360 (0.9 MiB) is swept 2–4 % faster
    /// without the hints, 1920 × 1080 about a quarter slower (perf samples).
    static let cachedCanvasBytes = 1 << 20
}

extension Rasterizer {
    /// Starts the coverage of a path command inside its clips (one convex region); nil when the
    /// clips leave nothing. Solid and shaded paints both start here.
    mutating func beginCoverage(of command: DrawPath, canvasWidth: Int, canvasHeight: Int) -> IntRect? {
        guard let clip = resolveClips(command.clips, canvasWidth: canvasWidth, canvasHeight: canvasHeight) else {
            return nil
        }
        return shapeCoverage.begin(
            path: command.path, transform: command.transform, fillRule: command.fillRule,
            clip: clip, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    }
}

extension Rasterizer {
    /// The one convex region a layer's or path's clips leave: `.some(nil)` without clips,
    /// `.some(region)` with them, nil when they leave nothing (the command draws nothing).
    mutating func resolveClips(_ clips: [ClipShape], on pixmap: Pixmap) -> ClipRegion?? {
        resolveClips(clips, canvasWidth: pixmap.width, canvasHeight: pixmap.height)
    }

    mutating func resolveClips(_ clips: [ClipShape], canvasWidth: Int, canvasHeight: Int) -> ClipRegion?? {
        guard !clips.isEmpty else { return .some(nil) }
        clipRegion.set(clips, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        return clipRegion.isEmpty ? nil : .some(clipRegion)
    }
}
