// Damage-rect rendering: a frame buffer that remembers which pixels its last frame drew, so the
// next frame over the same opaque background restores only those pixels instead of refilling the
// whole canvas (what browsers and Core Animation's compositor do between frames).
//
// Rules of this file:
// 1. The bytes never depend on the buffer's history: after `Rasterizer.render(_:into:)` a canvas
//    holds exactly `Rasterizer.render(list).straightRGBA()`. Outside the damage boxes of the last
//    frame every pixel is the background (the previous frame drew nothing there), so refilling the
//    boxes and drawing the new list gives the full render's pixels. Tests hold the two equal over
//    sequences of random lists, shadows, clips, borders, size and background changes.
// 2. Only an opaque background is restored incrementally. A translucent one is unpremultiplied in
//    place after drawing, so the buffer no longer holds the premultiplied pixels a later frame would
//    blend onto: those frames are drawn in full.
// 3. The pixels are read-only from outside, so nothing but the rasterizer can break rule 1.

/// A reusable frame buffer of straight-alpha RGBA8 bytes (what PNG and ffmpeg's `rgba` take) that
/// `Rasterizer.render(_:into:)` redraws with damage tracking. Give each worker thread its own and
/// render frame after frame into it.
public struct FrameCanvas: Sendable {
    /// The last frame's pixels: 4 bytes per pixel in r, g, b, a order, row-major, no padding;
    /// straight alpha (equal to premultiplied when the background is opaque). Empty before the
    /// first render.
    public internal(set) var rgba: [UInt8] = []
    public internal(set) var width = 0
    public internal(set) var height = 0
    /// The background the buffer was drawn over, nil when the buffer holds no reusable frame.
    var background: ColorRGBA8?
    /// The pixels the last frame drew over the background, as boxes that may overlap.
    var damage: [IntRect] = []
    /// How the last render went, for benchmarks and tests.
    public internal(set) var lastRender = Statistics()

    public init() {}

    /// What one render did.
    public struct Statistics: Equatable, Sendable {
        /// True when only the last frame's damage was restored; false for a full background fill.
        public var incremental = false
        /// Background pixels written before drawing (the restored area, or the whole canvas).
        public var restoredPixels = 0

        public init(incremental: Bool = false, restoredPixels: Int = 0) {
            self.incremental = incremental
            self.restoredPixels = restoredPixels
        }
    }

    /// Keeps the buffer's memory but forgets its frame, so the next render clears the whole canvas
    /// (what a renderer without damage tracking does every frame; the bench compares the two).
    public mutating func forgetFrame() {
        background = nil
        damage.removeAll(keepingCapacity: true)
    }

    /// Whether a frame of `list` can start from this buffer by restoring the damage only.
    func canRestore(for list: DisplayList) -> Bool {
        list.background.a == 255 && background == list.background
            && width == list.width && height == list.height && rgba.count == 4 * width * height
    }

    /// Restoring more than this share of the canvas box by box costs more than one straight fill
    /// (overlapping boxes are written twice). Unit: fraction of the canvas; range (0, 1].
    static let restoreLimit = 0.5
}

extension Pixmap {
    /// Fills `box` (inside the pixmap) with `color`, premultiplied.
    mutating func fill(_ box: IntRect, with color: ColorRGBA8) {
        let packed = PremultipliedRGBA8(color).packed
        withUnsafeMutablePixels { pixels, width in
            guard let base = pixels.baseAddress else { return }
            for y in box.y..<box.maxY {
                (base + y * width + box.x).update(repeating: packed, count: box.width)
            }
        }
    }
}
