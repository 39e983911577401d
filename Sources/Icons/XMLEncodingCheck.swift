import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What an SVG file's bytes must be before XML parsing starts, once `XMLTranscoding` has turned
/// the encodings it knows into UTF-8: UTF-8 (ASCII is a subset).
///
/// Why on the bytes: the guards that keep DTDs and entities out scan bytes for `<!DOCTYPE`; in
/// UTF-16 or UTF-7 that text has other bytes, and libxml2 would decode it and honour it. What
/// is left here (UTF-32, UTF-16 without its mark, UTF-7, multi-byte legacy sets) no design tool
/// writes.
enum XMLEncodingCheck {
    /// Why the bytes are not UTF-8 XML, or nil when they are.
    static func problem(in bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            return "the file is UTF-32 (by its byte order mark); expected UTF-8"
        }
        if bytes.prefix(4).contains(0) {
            return "the file starts with zero bytes, as UTF-16 or UTF-32 text does; expected UTF-8"
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if let declared = declaredEncoding(body),
            !["utf-8", "utf8", "us-ascii", "ascii"].contains(declared.lowercased())
        {
            return
                "the XML declaration says encoding=\"\(declared)\"; expected UTF-8, UTF-16 with a byte order mark, or a single-byte encoding (windows-1250 to 1258, ISO-8859-1 to 16, KOI8-R, KOI8-U, macintosh)"
        }
        if String(validating: body, as: UTF8.self) == nil {
            return "the file is not valid UTF-8; expected UTF-8 text"
        }
        return nil
    }

    /// The `encoding` of a leading `<?xml … ?>` declaration, if it names one.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)),
            let end = bytes.firstIndex(of: UInt8(ascii: ">")),
            let declaration = String(bytes: bytes[..<end], encoding: .ascii),
            let key = declaration.range(of: "encoding")
        else { return nil }
        let rest = declaration[key.upperBound...].drop(while: { $0 == " " || $0 == "=" })
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix(while: { $0 != quote }))
    }

    /// libxml2's error, through Foundation's code, in words.
    static func words(_ error: Error) -> String {
        let code = (error as NSError).code
        // libxml2's xmlParserErrors numbers, which Foundation passes on as the error's code.
        let known: [Int: String] = [
            4: "the document is empty",
            5: "the document ends early, or has content after its root element",
            9: "a character that XML does not allow",
            23: "an entity reference without its ';'",
            26: "a reference to an undeclared entity",
            31: "the encoding cannot be read",
            32: "the encoding is not supported",
            38: "a '<' inside an attribute's value",
            39: "an attribute's value is not quoted",
            40: "an attribute's value is not closed",
            41: "an attribute without a value",
            42: "an attribute given twice",
            45: "a comment is not closed",
            64: "an XML declaration not at the start of the file",
            68: "a name was expected",
            73: "a '>' was expected",
            76: "a start tag and its end tag do not match",
            77: "the end of a tag was expected",
            89: "entities that refer to themselves",
        ]
        return known[code].map { "\($0) (libxml2 error \(code))" } ?? "libxml2 error \(code)"
    }
}
