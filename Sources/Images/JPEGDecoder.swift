import CTurboJPEG

/// JPEG through libjpeg-turbo's TurboJPEG API: the header is read first (`tjDecompressHeader3`
/// parses the markers up to the frame header without allocating pixels), the size checked
/// against `ImageLimits`, then the image decompressed straight to RGBA with the accurate integer
/// IDCT (bit-exact between libjpeg-turbo's C and SIMD paths, so the bytes do not depend on the
/// CPU) and turned upright by its EXIF orientation.
///
/// CMYK and YCCK files (print workflows, Photoshop exports) are decompressed to CMYK and
/// converted here, as browsers do: Adobe's APP14 marker means the inks are stored inverted
/// (255 = no ink), so red = c·k/255; without it, red = (255 − c)(255 − k)/255. No ICC profile is
/// applied, as for every other image.
enum JPEGDecoder {
    static func decode(_ bytes: [UInt8], name: String, maxPixels: Int) throws(ImageError) -> DecodedImageFile {
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
        // A file cut before its frame header can still parse as a header of 0×0.
        guard width > 0, height > 0 else { throw .truncated(file: name, format: "JPEG") }
        try ImageFile.checkSize(Int(width), Int(height), name: name, maxPixels: maxPixels)
        let inks = colorspace == TJCS_CMYK.rawValue || colorspace == TJCS_YCCK.rawValue
        var rgba = [UInt8](repeating: 0, count: 4 * Int(width) * Int(height))
        // Stop on a warning (truncated or damaged data), and refuse progressive files of more than
        // 500 scans (a known way to make a small file cost minutes).
        let flags = TJFLAG_ACCURATEDCT | TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS
        let status = bytes.withUnsafeBufferPointer { source in
            rgba.withUnsafeMutableBufferPointer { out in
                tjDecompress2(
                    handle, source.baseAddress, UInt(bytes.count), out.baseAddress, width, 0, height,
                    Int32((inks ? TJPF_CMYK : TJPF_RGBA).rawValue), flags)
            }
        }
        guard status == 0 else { throw .corrupt(file: name, format: "JPEG", message: message(handle)) }
        if inks { convertInks(&rgba, inverted: hasAdobeMarker(bytes)) }
        let orientation = EXIFOrientation.read(from: bytes)
        let (w, h, upright) = orientation.apply(to: rgba, width: Int(width), height: Int(height))
        return DecodedImageFile(format: .jpeg, width: w, height: h, rgba: upright, hash: "")
    }

    /// CMYK (4 bytes a pixel, in place) to opaque RGBA; see the type's comment for the two forms.
    static func convertInks(_ pixels: inout [UInt8], inverted: Bool) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i + 3 < p.count {
                var (c, m, y, k) = (UInt32(p[i]), UInt32(p[i + 1]), UInt32(p[i + 2]), UInt32(p[i + 3]))
                if !inverted { (c, m, y, k) = (255 - c, 255 - m, 255 - y, 255 - k) }
                p[i] = UInt8((c * k + 127) / 255)
                p[i + 1] = UInt8((m * k + 127) / 255)
                p[i + 2] = UInt8((y * k + 127) / 255)
                p[i + 3] = 255
                i += 4
            }
        }
    }

    /// Whether an APP14 segment that starts with "Adobe" comes before the scan (segments walked by
    /// their lengths from the start of the file).
    static func hasAdobeMarker(_ bytes: [UInt8]) -> Bool {
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            if marker == 0xDA || marker == 0xD9 { return false }  // start of scan, end of image
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if marker == 0xEE, length >= 7, i + 9 <= bytes.count, Array(bytes[i + 4..<i + 9]) == Array("Adobe".utf8) {
                return true
            }
            i += 2 + length
        }
        return false
    }

    private static func message(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: text)
    }
}
