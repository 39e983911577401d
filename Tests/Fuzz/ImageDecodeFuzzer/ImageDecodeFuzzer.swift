import CTurboJPEG
import CWebP
import FuzzDriver
import Geometry
import Images
import Raster

// libFuzzer harness of image decoding through `Images` (`ImageFile.decode`: format sniffing,
// `ImageLimits` on the header, libpng through the PNG module's reader, libjpeg-turbo through
// TurboJPEG, EXIF orientation, libwebp), then what the pipeline builds from a decoded image
// (`RasterImage`: premultiplied pixels and mipmaps) drawn into a small box. The only acceptable failure is an
// `ImageError`; a crash, a precondition, an ASan report, a decoded size that disagrees with the
// pixels, or an allocation over -malloc_limit_mb fails the run.
//
// One bound of the harness's own: an image whose header claims more than `maxHarnessPixels`
// but stays within `ImageLimits` is legal (up to 40 MP, 160 MB of pixels) and is skipped (the
// input returns -1, so libFuzzer keeps it out of the corpus), since decoding it costs a second
// and more than the malloc limit. Headers over `ImageLimits` still go to the decoder: those must
// be refused before anything is allocated, which the malloc limit checks.
let maxHarnessPixels = 1 << 20

@_cdecl("LLVMFuzzerTestOneInput")
public func imageDecodeFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let (width, height) = declaredSize(bytes), width > 0, height > 0, width <= ImageLimits.maxSide,
        height <= ImageLimits.maxSide, width * height <= ImageLimits.maxPixels, width * height > maxHarnessPixels
    {
        return -1
    }
    let image: DecodedImageFile
    do {
        image = try ImageFile.decode(bytes, name: "fuzz")
    } catch {
        // `decode` throws only ImageError (typed throws); nothing to check beyond not crashing.
        return 0
    }
    guard image.width > 0, image.height > 0, image.rgba.count == 4 * image.width * image.height,
        image.width * image.height <= ImageLimits.maxPixels
    else {
        fatalError("decoded \(image.width)×\(image.height) with \(image.rgba.count) bytes")
    }
    let raster = RasterImage(
        width: image.width, height: image.height, straightRGBA: image.sceneImage().straightRGBA,
        identity: image.hash)
    // Drawn as an `image:` item draws it: sampled through the mipmaps into a 24 × 16 px box.
    var square = Path()
    square.move(to: Point(0, 0))
    square.line(to: Point(24, 0))
    square.line(to: Point(24, 16))
    square.line(to: Point(0, 16))
    square.close()
    let toPixels = AffineTransform(scaleX: 24 / Double(image.width), y: 16 / Double(image.height))
    var pixmap = Pixmap(width: 32, height: 32, background: .white)
    var rasterizer = Rasterizer()
    rasterizer.draw(
        DrawPath(path: square, transform: .identity, paint: .image(ImagePaint(image: raster, toPixels: toPixels))),
        onto: &pixmap)
    return 0
}

/// The width and height the header claims: PNG's IHDR (right after the signature), JPEG's frame
/// header as TurboJPEG reads it, or WebP's features as libwebp reads them; nil for anything else.
func declaredSize(_ bytes: [UInt8]) -> (Int, Int)? {
    if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }
    if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer {
            WebPGetFeaturesInternal($0.baseAddress, $0.count, &features, WEBP_DECODER_ABI_VERSION)
        }
        return status == VP8_STATUS_OK ? (Int(features.width), Int(features.height)) : nil
    }
    guard bytes.starts(with: [0xFF, 0xD8, 0xFF]), let handle = tjInitDecompress() else { return nil }
    defer { tjDestroy(handle) }
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    let status = bytes.withUnsafeBufferPointer {
        tjDecompressHeader3(handle, $0.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
    }
    return status == 0 ? (Int(width), Int(height)) : nil
}

@main
enum ImageDecodeFuzzerMain {
    static func main() { FuzzDriver.run { imageDecodeFuzzOne($0, $1) } }
}
