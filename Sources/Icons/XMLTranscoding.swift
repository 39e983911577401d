import Foundation

/// A file in another encoding than UTF-8, turned into UTF-8 before any other check reads it.
///
/// Why before: the scans that keep DTDs, entities and processing instructions out read bytes
/// (`IconLoader`), and must see what the parser sees. So the file is decoded here once, into
/// UTF-8, and its XML declaration rewritten to say so; libxml2 then reads the same UTF-8 the scans
/// did. Transcoded: UTF-16 with a byte order mark (XML's own rule for telling it apart), and the
/// single-byte encodings a declaration names that Foundation converts (windows-1250 to 1258,
/// ISO-8859-1 to 16, KOI8-R and KOI8-U, Mac Roman). Anything else is left as it is, for
/// `XMLEncodingCheck` to refuse in words.
///
/// Size: each byte of a single-byte encoding is one character of the Basic Multilingual Plane,
/// at most 3 bytes of UTF-8; each 2-byte unit of UTF-16 is at most 3 bytes too (a surrogate
/// pair, 4 bytes in, is 4 out). The output is at most 3 × the input, which the loader has already
/// bounded by its budget (`maxOutputFactor`).
enum XMLTranscoding {
    /// How much larger than its input the UTF-8 can be (see above): 3, for a byte that becomes
    /// a 3-byte character. The loader checks the input against its budget before this runs.
    static let maxOutputFactor = 3

    /// The file's bytes as UTF-8 (unchanged when they need no conversion), or why they cannot be
    /// converted (a message naming the encoding).
    static func utf8(_ bytes: [UInt8]) -> Result<[UInt8], TranscodingError> {
        if let text = utf16(bytes) {
            guard let text else {
                return .failure(
                    TranscodingError(message: "the file is UTF-16 by its byte order mark, but its text is not"))
            }
            return .success(declaringUTF8(Array(text.utf8)))
        }
        guard !bytes.starts(with: [0xEF, 0xBB, 0xBF]), let declared = XMLEncodingCheck.declaredEncoding(bytes),
            !["utf-8", "utf8", "us-ascii", "ascii"].contains(declared.lowercased())
        else { return .success(bytes) }
        guard let encoding = singleByte(named: declared) else { return .success(bytes) }
        guard let text = String(bytes: bytes, encoding: encoding) else {
            return .failure(
                TranscodingError(
                    message:
                        "the XML declaration says encoding=\"\(declared)\", which this system cannot convert to UTF-8; save the file as UTF-8"
                ))
        }
        return .success(declaringUTF8(Array(text.utf8)))
    }

    struct TranscodingError: Error, Equatable {
        let message: String
    }

    /// The text of a file that starts with a UTF-16 byte order mark: nil when it has none, `.some(nil)`
    /// when its bytes are not UTF-16. A UTF-32 little-endian mark (`FF FE 00 00`) is not UTF-16.
    private static func utf16(_ bytes: [UInt8]) -> String?? {
        let bigEndian = bytes.starts(with: [0xFE, 0xFF])
        guard bigEndian || (bytes.starts(with: [0xFF, 0xFE]) && !bytes.starts(with: [0xFF, 0xFE, 0, 0])) else {
            return nil
        }
        guard bytes.count % 2 == 0 else { return .some(nil) }
        let units = stride(from: 2, to: bytes.count, by: 2).map { index -> UInt16 in
            let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            return UInt16(high) << 8 | UInt16(low)
        }
        // Strict: an unpaired surrogate is an error, not a replacement character.
        var text = ""
        var decoder = UTF16()
        var iterator = units.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
            case .emptyInput: return .some(text)
            case .error: return .some(nil)
            }
        }
    }

    /// The Foundation encoding of a single-byte character set by its IANA name (any case), nil for
    /// any other name. Encodings Foundation names have its constants; the rest are CoreFoundation's
    /// numbers (`kCFStringEncodingISOLatin3` = 0x0203…) in Foundation's space for them
    /// (0x8000_0000 | the CoreFoundation number, as `CFStringConvertEncodingToNSStringEncoding` gives).
    static func singleByte(named name: String) -> String.Encoding? {
        let name = name.lowercased()
        let foundation: [String: String.Encoding] = [
            "windows-1250": .windowsCP1250, "windows-1251": .windowsCP1251, "windows-1252": .windowsCP1252,
            "windows-1253": .windowsCP1253, "windows-1254": .windowsCP1254, "iso-8859-1": .isoLatin1,
            "latin1": .isoLatin1, "iso_8859-1": .isoLatin1, "iso-8859-2": .isoLatin2, "macintosh": .macOSRoman,
        ]
        if let encoding = foundation[name] { return encoding }
        let coreFoundation: UInt?
        if name.hasPrefix("windows-125"), let digit = UInt(name.dropFirst("windows-125".count)), (5...8).contains(digit)
        {
            coreFoundation = 0x0500 + digit  // 1255 Hebrew 0x0505 … 1258 Vietnamese 0x0508
        } else if name.hasPrefix("iso-8859-"), let part = UInt(name.dropFirst("iso-8859-".count)),
            (3...16).contains(part), part != 12
        {
            coreFoundation = 0x0200 + part  // ISO-8859-3 is 0x0203 … ISO-8859-16 0x0210
        } else {
            coreFoundation = ["koi8-r": 0x0A02, "koi8-u": 0x0A08][name]
        }
        return coreFoundation.map { String.Encoding(rawValue: 0x8000_0000 | $0) }
    }

    /// The same UTF-8 with its XML declaration's `encoding` (if it has one) saying UTF-8, and
    /// nothing else changed, so line numbers stay those of the file.
    private static func declaringUTF8(_ bytes: [UInt8]) -> [UInt8] {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard body.starts(with: Array("<?xml".utf8)), let end = body.firstIndex(of: UInt8(ascii: ">")),
            let key = body[..<end].firstRange(of: Array("encoding".utf8)),
            let open = body[key.upperBound..<end].firstIndex(where: {
                $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'")
            }),
            let close = body[(open + 1)..<end].firstIndex(of: body[open])
        else { return body }
        return Array(body[...open]) + Array("UTF-8".utf8) + Array(body[close...])
    }
}
