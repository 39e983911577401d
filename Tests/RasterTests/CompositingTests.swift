import Raster
import Testing

/// A spread of premultiplied destinations: corners of the cube and some odd values.
let destinations: [PremultipliedRGBA8] = [
    .transparent, ColorRGBA8.white.premultiplied, ColorRGBA8.black.premultiplied,
    PremultipliedRGBA8(r: 10, g: 200, b: 33, a: 200)!, PremultipliedRGBA8(r: 1, g: 0, b: 1, a: 1)!,
    ColorRGBA8(r: 242, g: 242, b: 247).premultiplied,
]

@Test("an opaque source replaces any destination")
func opaqueSourceReplaces() {
    let source = ColorRGBA8(r: 255, g: 149, b: 0).premultiplied
    for d in destinations { #expect(sourceOver(source, d) == source) }
}

@Test("a fully transparent source leaves any destination unchanged")
func transparentSourceKeeps() {
    for d in destinations { #expect(sourceOver(.transparent, d) == d) }
}

@Test("half-transparent red over white blends to exactly (255, 127, 127, 255)")
func handComputedSourceOver() {
    // Red at a = 128 premultiplies to (128, 0, 0, 128); 255 − 128 = 127 and
    // mul255(255, 127) = 127, so every channel gains 127.
    let source = ColorRGBA8(r: 255, g: 0, b: 0, a: 128).premultiplied
    #expect(source == PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 128)!)
    #expect(
        sourceOver(source, ColorRGBA8.white.premultiplied)
            == PremultipliedRGBA8(r: 255, g: 127, b: 127, a: 255)!)
}

@Test("a translucent colour over a translucent one blends to hand-computed bytes")
func handComputedTranslucentBlend() {
    // s = (60, 40, 20, 100), d = (10, 200, 33, 200); 255 − 100 = 155.
    // mul255(10, 155) = round(6.078) = 6, mul255(200, 155) = round(121.57) = 122,
    // mul255(33, 155) = round(20.06) = 20, mul255(200, 155) = 122.
    let s = PremultipliedRGBA8(r: 60, g: 40, b: 20, a: 100)!
    let d = PremultipliedRGBA8(r: 10, g: 200, b: 33, a: 200)!
    #expect(sourceOver(s, d) == PremultipliedRGBA8(r: 66, g: 162, b: 40, a: 222)!)
}

@Test("opacity becomes a byte round(opacity·255), clamped, with NaN as 0")
func opacityByte() {
    func byte(_ o: Double) -> UInt8 { LayerPaint(fill: .white, border: .black, opacity: o).opacity }
    #expect(byte(0.5) == 128)
    #expect(byte(1) == 255)
    #expect(byte(0.001) == 0)
    #expect(byte(2) == 255)
    #expect(byte(-1) == 0)
    #expect(byte(.nan) == 0)
}

@Test("a layer is border over fill, then faded as a group: hand-computed bytes")
func handComputedLayer() {
    // Fill #FF9500, black border, opacity 0.5 → 128, at a pixel with fill coverage 255 and
    // border coverage 128:
    //   border·128 = (0, 0, 0, 128); fill·255 = (255, 149, 0, 255)
    //   over: r = mul255(255, 127) = 127, g = mul255(149, 127) = round(74.21) = 74, b = 0,
    //         a = 128 + 127 = 255
    //   ·128: r = round(63.75) = 64, g = round(37.15) = 37, b = 0, a = 128
    //   over white: 127 added to each channel → (191, 164, 127, 255)
    let paint = LayerPaint(fill: ColorRGBA8(r: 255, g: 149, b: 0), border: .black, opacity: 0.5)
    let layer = paint.color(fillCoverage: 255, borderCoverage: 128)
    #expect(layer == PremultipliedRGBA8(r: 64, g: 37, b: 0, a: 128)!)
    #expect(
        sourceOver(layer, ColorRGBA8.white.premultiplied)
            == PremultipliedRGBA8(r: 191, g: 164, b: 127, a: 255)!)
}

@Test("coverage bytes round to nearest: 0.5 gives 128")
func coverageBytes() {
    #expect(coverageByte(0) == 0)
    #expect(coverageByte(0.5) == 128)
    #expect(coverageByte(1) == 255)
    #expect(coverageByte(0.4999) == 127)
    #expect(coverageByte(1.0 / 510 - 1e-6) == 0)
}
