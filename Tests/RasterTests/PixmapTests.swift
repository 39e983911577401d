import Raster
import Testing

@Test("a new pixmap is transparent and fill premultiplies the colour into every pixel")
func fillPremultiplies() {
    var pixmap = Pixmap(width: 3, height: 2)
    #expect(pixmap.data == [UInt8](repeating: 0, count: 24))
    let colour = ColorRGBA8(r: 200, g: 100, b: 50, a: 128)
    pixmap.fill(colour)
    let p = colour.premultiplied
    #expect(pixmap.data == [UInt8]((0..<6).flatMap { _ in [p.r, p.g, p.b, p.a] }))
}

@Test("pixels are stored as r, g, b, a bytes, rows top to bottom")
func storageLayout() {
    var pixmap = Pixmap(width: 3, height: 2)
    pixmap[x: 2, y: 1] = PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 4)!
    #expect(Array(pixmap.data[20..<24]) == [1, 2, 3, 4])
    #expect(pixmap[x: 2, y: 1] == PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 4)!)
    #expect(pixmap.data.prefix(20).allSatisfy { $0 == 0 })
}

@Test("straightRGBA unpremultiplies each pixel, leaves opaque ones as they are and clears transparent ones")
func straightRGBAUnpremultiplies() {
    var pixmap = Pixmap(width: 3, height: 1)
    pixmap[x: 0, y: 0] = ColorRGBA8(r: 12, g: 34, b: 56).premultiplied
    pixmap[x: 1, y: 0] = PremultipliedRGBA8(r: 64, g: 32, b: 0, a: 128)!
    // round(64·255/128) = round(127.5) = 128, round(32·255/128) = round(63.75) = 64.
    #expect(pixmap.straightRGBA() == [12, 34, 56, 255, 128, 64, 0, 128, 0, 0, 0, 0])
}
