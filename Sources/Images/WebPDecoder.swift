import CWebP

/// WebP through libwebp: the features are read first (`WebPGetFeatures` parses the RIFF header
/// and the bitstream's frame header without decoding), the size checked against `ImageLimits`,
/// then the image decoded straight to straight-alpha RGBA into a buffer of that size. VP8 and
/// VP8L decoding is exactly specified, so the bytes do not depend on the CPU or the libwebp
/// version. Animated WebP is refused (a still image is what an `image:` item draws).
enum WebPDecoder {
    static func decode(_ bytes: [UInt8], name: String, maxPixels: Int) throws(ImageError) -> DecodedImageFile {
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer {
            WebPGetFeaturesInternal($0.baseAddress, $0.count, &features, WEBP_DECODER_ABI_VERSION)
        }
        switch status {
        case VP8_STATUS_OK: break
        case VP8_STATUS_NOT_ENOUGH_DATA: throw .truncated(file: name, format: "WebP")
        default: throw .corrupt(file: name, format: "WebP", message: message(status))
        }
        guard features.has_animation == 0 else {
            throw .corrupt(
                file: name, format: "WebP",
                message: "it is an animated WebP; expected a still image (export one frame as a PNG or a still WebP)")
        }
        let (width, height) = (Int(features.width), Int(features.height))
        try ImageFile.checkSize(width, height, name: name, maxPixels: maxPixels)
        var rgba = [UInt8](repeating: 0, count: 4 * width * height)
        let decoded = bytes.withUnsafeBufferPointer { source in
            rgba.withUnsafeMutableBufferPointer { out in
                WebPDecodeRGBAInto(source.baseAddress, source.count, out.baseAddress, out.count, Int32(4 * width))
            }
        }
        // A file whose header parses but whose data ends early decodes to nothing.
        guard decoded != nil else { throw .truncated(file: name, format: "WebP") }
        return DecodedImageFile(format: .webp, width: width, height: height, rgba: rgba, hash: "")
    }

    private static func message(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: return "out of memory"
        case VP8_STATUS_INVALID_PARAM: return "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: return "the bitstream is damaged"
        case VP8_STATUS_UNSUPPORTED_FEATURE: return "it uses a feature libwebp does not support"
        case VP8_STATUS_SUSPENDED: return "decoding was suspended"
        case VP8_STATUS_USER_ABORT: return "decoding was aborted"
        default: return "status \(status.rawValue)"
        }
    }
}
