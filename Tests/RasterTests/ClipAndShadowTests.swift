import Determinism
import Geometry
import Raster
import Testing

// Clips (masksToBounds) and shadows. Clipped coverage is held to the reference like unclipped
// coverage; the rasterizer with clips is held to per-pixel compositing of clipped masks; shadows
// are checked by their defining properties (mass, offset, colour, ring-only for a clear fill).

/// A random rounded rect somewhere near the centre of a 48 × 40 canvas.
func randomShape(_ random: inout SplitMix64, spread: Double = 14) -> RoundedRect {
    let w = random.uniform(4, 36)
    let h = random.uniform(4, 36)
    return shape(
        w, h, radius: random.uniform(0, min(w, h) / 2), degrees: random.uniform(-180, 180),
        centre: 24 + random.uniform(-spread, spread), 20 + random.uniform(-spread, spread))
}

@Test(
    "clipped coverage matches the clipped reference within 1/255 (one clip and two nested)",
    arguments: [UInt64(1), 2, 3, 4, 5, 6])
func clippedCoverageMatchesReference(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let subject = randomShape(&random)
    let clips =
        seed % 2 == 0
        ? [randomShape(&random, spread: 6)]
        : [randomShape(&random, spread: 6), randomShape(&random, spread: 6)]
    let fast = coverage(of: subject, clippedTo: clips, canvasWidth: 48, canvasHeight: 40)
    let reference = coverageReference(of: subject, clippedTo: clips, canvasWidth: 48, canvasHeight: 40)
    let (worst, x, y) = maxDifference(fast, reference, width: 48, height: 40)
    #expect(worst <= 1.0 / 255, "worst \(worst * 255)/255 at (\(x), \(y))")
}

@Test("a clip equal to the shape leaves its coverage unchanged (exact area, not a product)")
func clipByItselfIsIdentity() {
    let s = shape(20, 14, radius: 5, degrees: 33, centre: 24.3, 19.6)
    let plain = coverage(of: s, canvasWidth: 48, canvasHeight: 40)
    let clipped = coverage(of: s, clippedTo: [s], canvasWidth: 48, canvasHeight: 40)
    #expect(maxDifference(plain, clipped, width: 48, height: 40).0 <= 1e-5)
}

/// Like `busyList`, with every rect clipped by one or two rotated rounded rects.
func clippedBusyList(seed: UInt64) -> DisplayList {
    var list = busyList(seed: seed)
    var random = SplitMix64(seed: seed &+ 1000)
    for i in list.rects.indices {
        let count = i % 3  // none, one, two nested
        list.rects[i].clips = (0..<count).map { _ in
            ClipShape(
                size: Size(random.uniform(20, 70), random.uniform(20, 60)), cornerRadius: random.uniform(0, 15),
                transform: AffineTransform(rotation: .degrees(random.uniform(-40, 40)))
                    .concatenating(AffineTransform(translationX: random.uniform(20, 76), y: random.uniform(15, 50))))
        }
    }
    return list
}

@Test(
    "with clips, the rasterizer gives the bytes of compositing clipped coverage per pixel",
    arguments: [UInt64(3), 8])
func clippedRasterizerEqualsPixelByPixel(seed: UInt64) {
    let list = clippedBusyList(seed: seed)
    #expect(firstDifference(Rasterizer.render(list), renderPixelByPixel(list)) == nil)
}

/// Sum of (255 − red) over a white canvas with a black shadow: the shadow's mass in byte units.
func shadowMass(_ pixmap: Pixmap) -> Int {
    var total = 0
    for y in 0..<pixmap.height { for x in 0..<pixmap.width { total += 255 - Int(pixmap[x: x, y: y].r) } }
    return total
}

@Test("a blurred shadow keeps the mass of the unblurred one and sits at its offset")
func shadowMassAndOffset() {
    func list(radius: Double) -> DisplayList {
        DisplayList(
            width: 80, height: 80, background: .white,
            rects: [
                DrawRect(
                    size: Size(20, 16), cornerRadius: 4, transform: placed(36, 36, degrees: 0), fill: .clear,
                    borderWidth: 20, borderColor: .clear,  // invisible layer: only the shadow shows…
                    shadow: DrawShadow(color: .black, opacity: 1, offset: Point(5, 3), radius: radius))
            ])
    }
    // …but an invisible layer casts no shadow (CA: the shadow is the layer's alpha).
    #expect(shadowMass(Rasterizer.render(list(radius: 6))) == 0)
    func opaque(radius: Double) -> DisplayList {
        var l = list(radius: radius)
        l.rects[0].fill = .white
        l.rects[0].borderWidth = 0
        return l
    }
    let hard = Rasterizer.render(opaque(radius: 0))
    let soft = Rasterizer.render(opaque(radius: 6))
    // Hard shadow: the layer hides [26, 46] × [28, 44]; the shadow shows at x 46 ..< 51 and y 44 ..< 47.
    #expect(hard[x: 48, y: 38].r == 0)
    #expect(hard[x: 38, y: 45].r == 0)
    #expect(hard[x: 52, y: 38].r == 255)
    // The blur spreads the shadow out: darker beyond the hard edge, lighter just inside it.
    #expect(soft[x: 53, y: 39].r < 255 && soft[x: 48, y: 38].r > 0)
}

@Test("a ring hides its own hard shadow but not its blurred one, and a clear fill casts none")
func shadowMassIsConserved() {
    func list(radius: Double) -> DisplayList {
        // A clear fill with an opaque border: the ring casts the shadow; offset far enough that
        // the layer (a thin ring) hides little, and the ring itself is drawn in white.
        DisplayList(
            width: 96, height: 96, background: .white,
            rects: [
                DrawRect(
                    size: Size(30, 24), cornerRadius: 6, transform: placed(48, 48, degrees: 20), fill: .clear,
                    borderWidth: 3, borderColor: .white,
                    shadow: DrawShadow(color: .black, opacity: 0.5, offset: Point(0, 0), radius: radius))
            ])
    }
    let hard = shadowMass(Rasterizer.render(list(radius: 0)))
    let soft = shadowMass(Rasterizer.render(list(radius: 8)))
    // The ring hides its own hard shadow except on its anti-aliased edges (partly covered pixels
    // let the equally partial shadow through); the blurred one spreads inside and outside it.
    #expect(soft > 4 * hard)
    // A clear fill casts no shadow: the ring's centre gets only the blur's tail of the ring.
    let centre = Rasterizer.render(list(radius: 2))[x: 48, y: 48]
    #expect(centre == ColorRGBA8.white.premultiplied)
}

@Test("a shadow's colour is shadowColor × shadowOpacity × layer opacity, exactly rounded")
func shadowColour() {
    let list = DisplayList(
        width: 40, height: 20, background: .white,
        rects: [
            DrawRect(
                size: Size(10, 10), transform: placed(10, 10, degrees: 0), fill: ColorRGBA8(r: 0, g: 0, b: 255),
                opacity: 0.6,
                shadow: DrawShadow(color: ColorRGBA8(r: 255, g: 0, b: 0), opacity: 0.5, offset: Point(20, 0), radius: 0)
            )
        ])
    let pixmap = Rasterizer.render(list)
    // Red at 128 (0.5), × 153 (0.6): mul255(128, 153) = 77 → (77, 0, 0, 77) over white.
    let a: UInt8 = mul255(128, 153)
    let expected = sourceOver(PremultipliedRGBA8(r: a, g: 0, b: 0, a: a)!, ColorRGBA8.white.premultiplied)
    #expect(pixmap[x: 30, y: 10] == expected)
}

@Test("a shadow is clipped by the layer's clips")
func shadowIsClipped() {
    let clip = ClipShape(size: Size(20, 40), cornerRadius: 0, transform: AffineTransform(translationX: 10, y: 20))
    let list = DisplayList(
        width: 40, height: 40, background: .white,
        rects: [
            DrawRect(
                size: Size(10, 10), transform: placed(10, 20, degrees: 0), fill: .white,
                shadow: DrawShadow(color: .black, opacity: 1, offset: Point(8, 0), radius: 4), clips: [clip])
        ])
    let pixmap = Rasterizer.render(list)
    #expect(pixmap[x: 18, y: 20].r < 128)
    for y in 0..<40 { for x in 20..<40 { #expect(pixmap[x: x, y: y] == ColorRGBA8.white.premultiplied) } }
}

@Test("renderStraightRGBA gives the bytes of render(_:).straightRGBA(), opaque or transparent background")
func straightEntryPoint() {
    var rasterizer = Rasterizer()
    var bytes: [UInt8] = []
    for seed: UInt64 in [3, 4] {
        var list = busyList(seed: seed)
        if seed == 4 { list.background = ColorRGBA8(r: 10, g: 200, b: 30, a: 90) }
        rasterizer.renderStraightRGBA(list, into: &bytes)
        #expect(bytes == Rasterizer.render(list).straightRGBA())
        #expect(bytes == Rasterizer.renderStraightRGBA(list))
    }
}
