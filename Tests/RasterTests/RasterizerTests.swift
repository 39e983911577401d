import Determinism
import Foundation
import Geometry
import Raster
import Synchronization
import Testing

/// A rect of w × h pixels with its top-left corner at (x, y), no rotation.
func axisRect(
    x: Double, y: Double, w: Double, h: Double, fill: ColorRGBA8 = .white,
    radius: Double = 0, border: Double = 0, borderColor: ColorRGBA8 = .clear,
    opacity: Double = 1
) -> DrawRect {
    DrawRect(
        size: Size(w, h), cornerRadius: radius,
        transform: AffineTransform(translationX: x + w / 2, y: y + h / 2), fill: fill,
        borderWidth: border, borderColor: borderColor, opacity: opacity)
}

/// Red channel of every pixel, rows top to bottom.
func reds(_ pixmap: Pixmap) -> [[UInt8]] {
    (0..<pixmap.height).map { y in (0..<pixmap.width).map { x in pixmap[x: x, y: y].r } }
}

@Test("an axis-aligned rect on whole pixels covers 255 inside and 0 outside")
func integerRectIsExact() {
    let list = DisplayList(
        width: 8, height: 6, background: .black,
        rects: [axisRect(x: 2, y: 1, w: 4, h: 3)])
    let expected: [[UInt8]] = (0..<6).map { y in
        (0..<8).map { x in (2..<6).contains(x) && (1..<4).contains(y) ? 255 : 0 }
    }
    #expect(reds(Rasterizer.render(list)) == expected)
}

@Test("edges on half pixels give 128 on the edge pixels and 64 in the corners")
func halfPixelEdges() {
    // [1.5, 4.5] × [1.5, 3.5]: edge pixels are half covered, round(0.5·255) = 128; corner pixels
    // a quarter, round(63.75) = 64.
    let list = DisplayList(
        width: 6, height: 5, background: .black,
        rects: [axisRect(x: 1.5, y: 1.5, w: 3, h: 2)])
    #expect(
        reds(Rasterizer.render(list)) == [
            [0, 0, 0, 0, 0, 0],
            [0, 64, 128, 128, 64, 0],
            [0, 128, 255, 255, 128, 0],
            [0, 64, 128, 128, 64, 0],
            [0, 0, 0, 0, 0, 0],
        ])
}

@Test("opacity 0, a clear fill without border, and empty or degenerate shapes leave every pixel untouched")
func invisibleRectsDrawNothing() {
    let background = ColorRGBA8(r: 242, g: 242, b: 247)
    let singular = AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 5)
    let list = DisplayList(
        width: 10, height: 10, background: background,
        rects: [
            axisRect(x: 1, y: 1, w: 8, h: 8, fill: .black, opacity: 0),
            axisRect(x: 1, y: 1, w: 8, h: 8, fill: .clear),
            axisRect(x: 1, y: 1, w: 0, h: 8, fill: .black),
            axisRect(x: 1, y: 1, w: -3, h: 8, fill: .black),
            axisRect(x: 1, y: 1, w: .nan, h: 8, fill: .black),
            DrawRect(size: Size(5, 5), transform: singular, fill: .black),
            DrawRect(size: Size(5, 5), transform: AffineTransform(translationX: .infinity, y: 1), fill: .black),
            axisRect(x: 30, y: 1, w: 5, h: 5, fill: .black),
            axisRect(x: -30, y: -30, w: 5, h: 5, fill: .black),
        ])
    #expect(firstDifference(Rasterizer.render(list), Pixmap(width: 10, height: 10, background: background)) == nil)
}

@Test("a border is drawn inside the shape over the fill, and a border wider than the shape fills it")
func borderPlacement() {
    let fill = ColorRGBA8(r: 0, g: 0, b: 255)
    let border = ColorRGBA8(r: 255, g: 0, b: 0)
    let list = DisplayList(
        width: 12, height: 12, background: .white,
        rects: [
            axisRect(x: 1, y: 1, w: 10, h: 10, fill: fill, border: 2, borderColor: border)
        ])
    let pixmap = Rasterizer.render(list)
    #expect(pixmap[x: 0, y: 5] == ColorRGBA8.white.premultiplied)
    #expect(pixmap[x: 1, y: 5] == border.premultiplied)
    #expect(pixmap[x: 2, y: 5] == border.premultiplied)
    #expect(pixmap[x: 3, y: 5] == fill.premultiplied)
    #expect(pixmap[x: 8, y: 8] == fill.premultiplied)
    #expect(pixmap[x: 9, y: 5] == border.premultiplied)

    let thick = DisplayList(
        width: 12, height: 12, background: .white,
        rects: [
            axisRect(x: 1, y: 1, w: 10, h: 10, fill: fill, border: 6, borderColor: border)
        ])
    let all = Rasterizer.render(thick)
    for y in 1..<11 { for x in 1..<11 { #expect(all[x: x, y: y] == border.premultiplied) } }
}

@Test("a translucent border and fill fade together by the group opacity")
func groupOpacity() {
    // Opaque fill and border at opacity 0.5: border pixels are the border at half alpha over the
    // background, never a mix of border and fill.
    let list = DisplayList(
        width: 10, height: 10, background: .white,
        rects: [
            axisRect(
                x: 0, y: 0, w: 10, h: 10, fill: ColorRGBA8(r: 0, g: 0, b: 255), border: 2,
                borderColor: .black, opacity: 0.5)
        ])
    let pixmap = Rasterizer.render(list)
    // Black at 128 over white: 0 + mul255(255, 127) = 127.
    #expect(pixmap[x: 0, y: 5] == PremultipliedRGBA8(r: 127, g: 127, b: 127, a: 255)!)
    // Blue (0, 0, 255) at 128 → (0, 0, 128, 128), over white: (127, 127, 255, 255).
    #expect(pixmap[x: 5, y: 5] == PremultipliedRGBA8(r: 127, g: 127, b: 255, a: 255)!)
}

@Test("rects are drawn in list order, each over the ones before")
func drawingOrder() {
    let red = ColorRGBA8(r: 255, g: 0, b: 0)
    let blue = ColorRGBA8(r: 0, g: 0, b: 255, a: 128)
    let list = DisplayList(
        width: 4, height: 1, background: .white,
        rects: [
            axisRect(x: 0, y: 0, w: 3, h: 1, fill: red),
            axisRect(x: 1, y: 0, w: 3, h: 1, fill: blue),
        ])
    let pixmap = Rasterizer.render(list)
    #expect(pixmap[x: 0, y: 0] == red.premultiplied)
    // Blue (0, 0, 128, 128) over red: r = mul255(255, 127) = 127, b = 128, a = 255.
    #expect(pixmap[x: 1, y: 0] == PremultipliedRGBA8(r: 127, g: 0, b: 128, a: 255)!)
    // Over white: (127, 127, 255, 255).
    #expect(pixmap[x: 3, y: 0] == PremultipliedRGBA8(r: 127, g: 127, b: 255, a: 255)!)
}

/// A busy frame: overlapping translucent, rotated, bordered, partly off-canvas rects.
func busyList(seed: UInt64, width: Int = 96, height: Int = 64) -> DisplayList {
    var random = SplitMix64(seed: seed)
    var rects: [DrawRect] = []
    for _ in 0..<24 {
        let w = random.uniform(1, 50)
        let h = random.uniform(1, 50)
        let t = AffineTransform(rotation: .degrees(random.uniform(-180, 180)))
            .concatenating(
                AffineTransform(
                    translationX: random.uniform(-10, Double(width) + 10),
                    y: random.uniform(-10, Double(height) + 10)))
        // A third of the colours and opacities opaque, so that the opaque shortcuts run too.
        func colour() -> ColorRGBA8 {
            ColorRGBA8(
                r: UInt8(random.next() & 255), g: UInt8(random.next() & 255),
                b: UInt8(random.next() & 255),
                a: random.unit() < 1.0 / 3 ? 255 : UInt8(random.next() & 255))
        }
        rects.append(
            DrawRect(
                size: Size(w, h), cornerRadius: random.uniform(0, 20), transform: t,
                fill: colour(), borderWidth: random.unit() < 0.5 ? 0 : random.uniform(0, 6),
                borderColor: colour(), opacity: random.unit() < 1.0 / 3 ? 1 : random.unit()))
    }
    return DisplayList(
        width: width, height: height, background: ColorRGBA8(r: 242, g: 242, b: 247),
        rects: rects)
}

/// The straightforward path the rasterizer's row blitter is held to: coverage masks from
/// `coverage(of:clippedTo:)`, then every pixel of the canvas composited on its own with `coverageByte`,
/// `LayerPaint.color` and `sourceOver`.
func renderPixelByPixel(_ list: DisplayList) -> Pixmap {
    var pixmap = Pixmap(width: list.width, height: list.height, background: list.background)
    for rect in list.rects {
        let paint = LayerPaint(fill: rect.fill, border: rect.borderColor, opacity: rect.opacity)
        let shape = RoundedRect(size: rect.size, cornerRadius: rect.cornerRadius, transform: rect.transform)
        let clips = rect.clips.map {
            RoundedRect(size: $0.size, cornerRadius: $0.cornerRadius, transform: $0.transform)
        }
        let fill = coverage(of: shape, clippedTo: clips, canvasWidth: list.width, canvasHeight: list.height)
        let border =
            rect.borderWidth > 0 && paint.border.a > 0
            ? coverage(
                of: shape, minus: shape.inset(by: rect.borderWidth), clippedTo: clips,
                canvasWidth: list.width, canvasHeight: list.height)
            : nil
        for y in 0..<list.height {
            for x in 0..<list.width {
                let cf = coverageByte(fill[x: x, y: y])
                let cb = border.map { coverageByte($0[x: x, y: y]) } ?? 0
                pixmap[x: x, y: y] = sourceOver(
                    paint.color(fillCoverage: cf, borderCoverage: cb),
                    pixmap[x: x, y: y])
            }
        }
    }
    return pixmap
}

@Test(
    "the rasterizer gives the bytes of compositing every pixel with the per-pixel functions",
    arguments: [UInt64(3), 5, 8, 13])
func rasterizerEqualsPixelByPixel(seed: UInt64) {
    let list = busyList(seed: seed)
    #expect(firstDifference(Rasterizer.render(list), renderPixelByPixel(list)) == nil)
}

@Test("blending over every destination byte with every source alpha gives exactly mul255's bytes")
func blendingIsExactForEveryByte() {
    // Columns of opaque colours put every byte value 0 … 255 in the red, green and blue channels;
    // then row y gets black at alpha y, which leaves c + 0 → mul255(c, 255 − y) in each channel.
    func channels(_ x: Int) -> (UInt8, UInt8, UInt8) { (UInt8(x), UInt8(255 - x), UInt8((x * 7) & 255)) }
    var rects: [DrawRect] = []
    for x in 0..<256 {
        let (r, g, b) = channels(x)
        rects.append(axisRect(x: Double(x), y: 0, w: 1, h: 256, fill: ColorRGBA8(r: r, g: g, b: b)))
    }
    for y in 0..<256 {
        rects.append(axisRect(x: 0, y: Double(y), w: 256, h: 1, fill: ColorRGBA8(r: 0, g: 0, b: 0, a: UInt8(y))))
    }
    let pixmap = Rasterizer.render(DisplayList(width: 256, height: 256, background: .white, rects: rects))
    var mismatches = 0
    for y in 0..<256 {
        let inverse = UInt8(255 - y)
        for x in 0..<256 {
            let (r, g, b) = channels(x)
            let expected = PremultipliedRGBA8(
                r: mul255(r, inverse), g: mul255(g, inverse),
                b: mul255(b, inverse), a: 255)
            if pixmap[x: x, y: y] != expected { mismatches += 1 }
        }
    }
    #expect(mismatches == 0)
}

@Test("a reused rasterizer and pixmap give the same pixels as fresh ones")
func reuseIsInvisible() {
    var rasterizer = Rasterizer()
    var pixmap = Pixmap(width: 7, height: 3)
    rasterizer.render(busyList(seed: 1, width: 200, height: 150), into: &pixmap)
    #expect(pixmap.width == 200 && pixmap.height == 150)
    for seed: UInt64 in 2...4 {
        let list = busyList(seed: seed)
        rasterizer.render(list, into: &pixmap)
        #expect(firstDifference(pixmap, Rasterizer.render(list)) == nil)
    }
}

@Test("rendering on several threads at once gives the same pixels as rendering serially")
func threadSafety() {
    let lists = (10..<18).map { busyList(seed: UInt64($0)) }
    let serial = lists.map(Rasterizer.render)
    let results = Mutex<[Int: Pixmap]>([:])
    DispatchQueue.concurrentPerform(iterations: lists.count) { i in
        let pixmap = Rasterizer.render(lists[i])
        results.withLock { $0[i] = pixmap }
    }
    let pixmaps = results.withLock { $0 }
    for i in lists.indices {
        #expect(pixmaps[i].flatMap { firstDifference($0, serial[i]) } == nil)
        #expect(pixmaps[i] != nil)
    }
}

@Test("every pixel stays premultiplied (r, g, b ≤ a) after heavy blending")
func invariantHolds() {
    var list = busyList(seed: 99)
    list.background = .clear
    let pixmap = Rasterizer.render(list)
    var violations = 0
    for i in Swift.stride(from: 0, to: pixmap.data.count, by: 4) {
        let a = pixmap.data[i + 3]
        if pixmap.data[i] > a || pixmap.data[i + 1] > a || pixmap.data[i + 2] > a { violations += 1 }
    }
    #expect(violations == 0)
}

/// FNV-1a over the pixmap's bytes: a fingerprint of the exact output.
func fnv1a(_ bytes: [UInt8]) -> UInt64 { FNV1a64.hash(bytes) }

@Test("a busy frame hashes to its committed value (any change to rasterization shows here)")
func determinismHash() {
    let hash = fnv1a(Rasterizer.render(busyList(seed: 2025)).data)
    #expect(hash == 0x1A91_C1E2_1D92_D144, "hash is 0x\(String(hash, radix: 16, uppercase: true))")
}
