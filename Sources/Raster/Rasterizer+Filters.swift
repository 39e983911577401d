import Geometry

// Filters: a group's offscreen run through its `DrawFilter` before it is composited
// (Rasterizer+Groups.swift), as SVG orders a group's effects: the filter, then its mask, then its
// opacity.
//
// The filter region (rounded out to whole pixels, clipped to the canvas) is copied out of the
// offscreen as the source graphic; each primitive makes an image of the region's size
// (FilterImage.swift) from the source or earlier results, in linear light or sRGB as it asks,
// and is cleared outside its subregion; the last result, in sRGB, replaces the offscreen's
// content, which is transparent outside the region afterwards. Everything is integer or
// fixed-order arithmetic on one thread: the bytes never depend on the machine or the thread count.
//
// Memory: a filter holds at most `DrawFilter.maximumPrimitives` results, each the region's size,
// and the region is at most the canvas: a file cannot make it allocate more than that. A result
// is given back after the last primitive that reads it, so a chain holds two or three at a time.
extension Rasterizer {
    /// Runs `filter` on `offscreen` (the group's drawing) and returns the box now holding the
    /// result; nil when nothing is left (an empty region, or a filter with no primitives, which
    /// SVG draws as nothing). The offscreen is transparent outside the box either way.
    static func applyFilter(_ filter: DrawFilter, to offscreen: inout Pixmap, drawn: [IntRect]) -> IntRect? {
        let canvas = IntRect(uncheckedX: 0, y: 0, width: offscreen.width, height: offscreen.height)
        let region = filter.region
        let box = IntRect.covering(
            minX: region.minX, minY: region.minY, maxX: region.maxX, maxY: region.maxY,
            canvasWidth: canvas.width, canvasHeight: canvas.height)
        var source = FilterImage(width: max(box.width, 1), height: max(box.height, 1))
        if !box.isEmpty {
            offscreen.data.withUnsafeBufferPointer { pixels in
                source.bytes.withUnsafeMutableBufferPointer { bytes in
                    for y in 0..<box.height {
                        let from = 4 * ((box.y + y) * canvas.width + box.x)
                        for k in 0..<(4 * box.width) { bytes[4 * y * box.width + k] = pixels[from + k] }
                    }
                }
            }
        }
        for drawnBox in drawn { offscreen.fill(drawnBox.intersection(canvas), with: .clear) }
        guard !box.isEmpty, !filter.primitives.isEmpty else { return nil }
        var run = FilterRun(source: source, origin: (box.x, box.y))
        let result = run.run(filter.primitives).converted(toLinear: false)
        offscreen.data.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<box.height {
                let to = 4 * ((box.y + y) * canvas.width + box.x)
                for k in 0..<(4 * box.width) { pixels[to + k] = result.bytes[4 * y * box.width + k] }
            }
        }
        return box
    }
}

/// The primitives of one filter run over the region's images.
struct FilterRun {
    let source: FilterImage
    /// The region's top-left pixel on the canvas: where subregions are measured from.
    let origin: (x: Int, y: Int)
    var results: [FilterImage] = []

    init(source: FilterImage, origin: (x: Int, y: Int)) {
        self.source = source
        self.origin = origin
    }

    /// The last primitive's result.
    mutating func run(_ primitives: [DrawFilter.Primitive]) -> FilterImage {
        let program = Array(primitives.prefix(DrawFilter.maximumPrimitives))
        // The last primitive that reads each result: past it the result's memory is given back,
        // so a chain holds a few images however long it is.
        var lastUse = Array(program.indices)
        for (i, p) in program.enumerated() {
            for case .result(let k) in Self.inputs(of: p.kind) where program.indices.contains(k) && k < i {
                lastUse[k] = max(lastUse[k], i)
            }
        }
        for (i, primitive) in program.enumerated() {
            var image = apply(primitive)
            image.clear(outside: subregion(primitive.subregion))
            results.append(image)
            for k in 0...i where lastUse[k] == i && k < program.count - 1 {
                results[k] = FilterImage(width: 0, height: 0)
            }
        }
        return results.last ?? source
    }

    static func inputs(of kind: DrawFilter.Kind) -> [DrawFilter.Input] {
        switch kind {
        case .gaussianBlur(let from, _, _), .offset(let from, _, _), .dropShadow(let from, _, _, _, _, _): return [from]
        case .flood, .image: return []
        case .composite(let first, let second, _): return [first, second]
        case .merge(let inputs): return inputs
        }
    }

    /// A subregion in the region's pixels, rounded out.
    func subregion(_ rect: Rect) -> IntRect {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else {
            return IntRect(uncheckedX: 0, y: 0, width: 0, height: 0)
        }
        let shifted = Rect(
            x: rect.minX - Double(origin.x), y: rect.minY - Double(origin.y), width: rect.width, height: rect.height)
        return IntRect.covering(
            minX: shifted.minX, minY: shifted.minY, maxX: shifted.maxX, maxY: shifted.maxY,
            canvasWidth: source.width, canvasHeight: source.height)
    }

    func input(_ input: DrawFilter.Input) -> FilterImage {
        switch input {
        case .sourceGraphic: return source
        case .sourceAlpha:
            var alpha = source
            for i in stride(from: 0, to: alpha.bytes.count, by: 4) {
                alpha.bytes[i] = 0
                alpha.bytes[i + 1] = 0
                alpha.bytes[i + 2] = 0
            }
            return alpha
        case .result(let k):
            // A result given back is never read again (`run`); the check keeps a bad index harmless.
            return results.indices.contains(k) && results[k].bytes.count == source.bytes.count ? results[k] : source
        }
    }

    private func apply(_ primitive: DrawFilter.Primitive) -> FilterImage {
        let linear = primitive.linearRGB
        switch primitive.kind {
        case .gaussianBlur(let from, let sx, let sy):
            let image = input(from)
            guard sx > 0 || sy > 0 else { return image }
            var blurred = image.converted(toLinear: linear)
            FilterBlur.blur(&blurred, sigmaX: sx, sigmaY: sy)
            return blurred
        case .offset(let from, let dx, let dy):
            return input(from).offset(dx: Self.pixels(dx), dy: Self.pixels(dy))
        case .flood(let color):
            var image = FilterImage(width: source.width, height: source.height)
            let p = PremultipliedRGBA8(color)
            for i in stride(from: 0, to: image.bytes.count, by: 4) {
                image.bytes[i] = p.r
                image.bytes[i + 1] = p.g
                image.bytes[i + 2] = p.b
                image.bytes[i + 3] = p.a
            }
            return image
        case .composite(let first, let second, let op):
            return FilterCompositing.composite(
                input(first).converted(toLinear: linear), input(second).converted(toLinear: linear), op)
        case .merge(let inputs):
            var image = FilterImage(width: source.width, height: source.height, linear: linear)
            for from in inputs {
                image = FilterCompositing.composite(input(from).converted(toLinear: linear), image, .over)
            }
            return image
        case .dropShadow(let from, let dx, let dy, let sx, let sy, let color):
            return FilterCompositing.dropShadow(
                input(from).converted(toLinear: linear), dx: Self.pixels(dx), dy: Self.pixels(dy), sigmaX: sx,
                sigmaY: sy, color: color)
        case .image(let image, let toPixels, let pixelated):
            return picture(image, toPixels: toPixels, pixelated: pixelated)
        }
    }

    /// An offset in whole pixels: truncated toward zero (resvg's rule, which its references show
    /// at fractional offsets), and kept within ±2²⁴ (beyond any canvas).
    static func pixels(_ d: Double) -> Int {
        guard d.isFinite else { return 0 }
        return Int(max(-16_777_216, min(16_777_216, d.rounded(.towardZero))))
    }
}
