import CTurboJPEG

/// JPEG through libjpeg-turbo's TurboJPEG API: the header is read first (`tjDecompressHeader3`
/// parses the markers up to the frame header without allocating pixels), the size checked
/// against `ImageLimits`, then the image decompressed straight to RGBA with the accurate integer
/// IDCT (bit-exact between libjpeg-turbo's C and SIMD paths, so the bytes do not depend on the
/// CPU) and turned upright by its EXIF orientation.
enum JPEGDecoder {
    static func decode(_ bytes: [UInt8], name: String) throws(ImageError) -> DecodedImageFile {
        guard let handle = tjInitDecompress() else {
            throw .corrupt(file: name, format: "JPEG", message: "tjInitDecompress failed (out of memory?)")
        }
        defer { tjDestroy(handle) }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw .corrupt(file: name, format: "JPEG", message: message(handle)) }
        try ImageFile.checkSize(Int(width), Int(height), name: name)
        var rgba = [UInt8](repeating: 0, count: 4 * Int(width) * Int(height))
        // Stop on a warning (truncated or damaged data), and refuse progressive files of more than
        // 500 scans (a known way to make a small file cost minutes).
        let flags = TJFLAG_ACCURATEDCT | TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS
        let status = bytes.withUnsafeBufferPointer { source in
            rgba.withUnsafeMutableBufferPointer { out in
                tjDecompress2(
                    handle, source.baseAddress, UInt(bytes.count), out.baseAddress, width, 0, height,
                    Int32(TJPF_RGBA.rawValue), flags)
            }
        }
        guard status == 0 else { throw .corrupt(file: name, format: "JPEG", message: message(handle)) }
        let orientation = EXIFOrientation.read(from: bytes)
        let (w, h, upright) = orientation.apply(to: rgba, width: Int(width), height: Int(height))
        return DecodedImageFile(format: .jpeg, width: w, height: h, rgba: upright, hash: "")
    }

    private static func message(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: text)
    }
}
