import Colors
import FuzzDriver
import Geometry
import Raster

#if canImport(Glibc)
    import Glibc
#endif

// libFuzzer harness of the rasterizer: the input decodes (`DisplayListDecoder`) into a display
// list on a canvas of at most 64 × 64 pixels (up to 6 rounded rectangles with borders, shadows,
// clips, gradient or image fills, and up to 3 content paths each: lines, quadratics, cubics,
// solid, gradient or image paints, glyph-keyed or not), which is drawn twice into one
// `FrameCanvas`, the second time without its last rectangle (the damage-restore path), under the
// banding the input picks. Every number comes from `FuzzBytes.double()`, which favours extremes:
// ±1e300, ±1e-300, subnormals, values at and past the Int64 and Int32 limits, infinities and NaN
// (no part of Raster's public API rejects a non-finite value, so the harness feeds them).
//
// What the harness keeps to, because the API documents it as the caller's promise: a gradient has
// 1-4 colours with as many non-decreasing locations in [0, 1]; images are 1-4 px a side with the
// bytes their size needs; a glyph key names one outline (each glyph-keyed path gets its own).
@_cdecl("LLVMFuzzerTestOneInput")
public func rasterFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var decoder = DisplayListDecoder(input: FuzzBytes(data, size))
    let (list, banding) = decoder.displayList()
    if printsDecodedLists {
        // Unbuffered (file descriptor 2), so the list shows even when the case then dies.
        var line = "\(banding) \(list)\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
    if FuzzDriver.guardsKnownCrashes, hitsKnownCrash(list) { return -1 }
    var rasterizer = Rasterizer(banding: banding)
    var canvas = FrameCanvas()
    rasterizer.render(list, into: &canvas)
    var next = list
    if !next.rects.isEmpty { next.rects.removeLast() }
    rasterizer.render(next, into: &canvas)
    guard canvas.rgba.count == 4 * list.width * list.height else {
        fatalError("canvas holds \(canvas.rgba.count) bytes for \(list.width)×\(list.height)")
    }
    return 0
}

/// FLIPBOOK_FUZZ_PRINT=1: each decoded list is printed, to read what a reproducer draws.
let printsDecodedLists = getenv("FLIPBOOK_FUZZ_PRINT") != nil

/// Guards: whether `list` reaches a known, unfixed failure in Raster (reproducers under
/// Tests/Fuzz/open/raster/, named by what they hit; README.md, "Guards"). Each clause goes when
/// its fix lands (check with FLIPBOOK_FUZZ_NO_GUARDS=1 on its reproducers). None is open: the
/// shadow masks are bounded by the canvas (`ShadowRenderer.maskSpan`) and huge clip outlines are
/// cut to it (`ClipRegion.cutThreshold`); their reproducers replay under Tests/Fuzz/crashers/raster/.
func hitsKnownCrash(_ list: DisplayList) -> Bool { false }

/// Reads a display list out of fuzz bytes; an exhausted input reads as zeros, so every input
/// decodes (to an empty list at worst).
struct DisplayListDecoder {
    var input: FuzzBytes
    /// Glyph ids handed out so far: each glyph-keyed path gets a fresh one.
    var glyphs: UInt32 = 0
    var images = 0

    mutating func displayList() -> (DisplayList, Rasterizer.Banding) {
        let width = 1 + input.below(64)
        let height = 1 + input.below(64)
        let banding = Rasterizer.Banding.allCases[input.below(Rasterizer.Banding.allCases.count)]
        var list = DisplayList(width: width, height: height, background: color())
        for _ in 0..<input.below(7) where !input.isExhausted { list.rects.append(rect()) }
        return (list, banding)
    }

    mutating func rect() -> DrawRect {
        var rect = DrawRect(
            size: Size(width: input.double(), height: input.double()), cornerRadius: input.double(),
            transform: transform(), fill: color(), borderWidth: input.double(), borderColor: color(),
            opacity: input.double())
        rect.maskedCorners = CornerMask(rawValue: input.byte() & 15)
        switch input.below(4) {
        case 2: rect.fillPaint = .gradient(gradient())
        case 3: rect.fillPaint = .image(image())
        default: break
        }
        if input.bool() {
            rect.shadow = DrawShadow(
                color: color(), opacity: input.double(), offset: Point(input.double(), input.double()),
                radius: input.double())
        }
        rect.clips = (0..<input.below(3)).map { _ in clip() }
        rect.content = (0..<input.below(4)).map { _ in drawPath() }
        return rect
    }

    mutating func clip() -> ClipShape {
        ClipShape(
            size: Size(width: input.double(), height: input.double()), cornerRadius: input.double(),
            maskedCorners: CornerMask(rawValue: input.byte() & 15), transform: transform())
    }

    mutating func drawPath() -> DrawPath {
        let path = self.path()
        let transform = transform()
        let fillRule: FillRule = input.bool() ? .evenOdd : .nonZero
        let paint: Paint
        switch input.below(6) {
        case 4: paint = .gradient(gradient())
        case 5: paint = .image(image())
        default: paint = .solid(color())
        }
        var command = DrawPath(
            path: path, transform: transform, fillRule: fillRule, paint: paint, opacity: input.double())
        if input.below(4) == 0 { command.clips = [clip()] }
        if input.bool() {
            command.glyph = GlyphKey(font: 0xF022, glyph: glyphs)
            glyphs += 1
        }
        return command
    }

    mutating func path() -> Path {
        var path = Path()
        for _ in 0..<input.below(24) where !input.isExhausted {
            switch input.below(5) {
            case 0: path.move(to: point())
            case 1: path.line(to: point())
            case 2: path.quad(to: point(), control: point())
            case 3: path.cubic(to: point(), control1: point(), control2: point())
            default: path.close()
            }
        }
        return path
    }

    mutating func point() -> Point { Point(input.double(), input.double()) }

    /// Half the transforms are a translation, a scale or a rotation (what layers mostly have), the
    /// rest any six numbers.
    mutating func transform() -> AffineTransform {
        switch input.below(4) {
        case 0: return AffineTransform(translationX: input.double(), y: input.double())
        case 1:
            return AffineTransform(scaleX: input.double(), y: input.double())
                .concatenating(AffineTransform(translationX: input.double(), y: input.double()))
        case 2:
            return AffineTransform(rotation: .radians(input.double()))
                .concatenating(AffineTransform(translationX: input.double(), y: input.double()))
        default:
            return AffineTransform(
                a: input.double(), b: input.double(), c: input.double(), d: input.double(), tx: input.double(),
                ty: input.double())
        }
    }

    mutating func color() -> ColorRGBA8 {
        ColorRGBA8(r: input.byte(), g: input.byte(), b: input.byte(), a: input.byte())
    }

    mutating func gradient() -> GradientPaint {
        let count = 1 + input.below(4)
        let colors = (0..<count).map { _ in color() }
        let locations = (0..<count).map { _ in Double(input.byte()) / 255 }.sorted()
        let kind = Gradient.Kind.allCases[input.below(Gradient.Kind.allCases.count)]
        let gradient = Gradient(
            kind: kind, colors: colors, locations: locations, startPoint: point(), endPoint: point(),
            dither: input.bool())
        return GradientPaint(
            gradient: gradient, size: Size(width: input.double(), height: input.double()), toPixels: transform())
    }

    mutating func image() -> ImagePaint {
        let width = 1 + input.below(4)
        let height = 1 + input.below(4)
        var bytes = Array(input.take(4 * width * height))
        bytes += [UInt8](repeating: 0x80, count: 4 * width * height - bytes.count)
        images += 1
        let image = RasterImage(width: width, height: height, straightRGBA: bytes, identity: "fuzz-\(images)")
        return ImagePaint(image: image, toPixels: transform())
    }
}

@main
enum RasterFuzzerMain {
    static func main() { FuzzDriver.run { rasterFuzzOne($0, $1) } }
}
