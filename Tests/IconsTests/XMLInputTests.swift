import Foundation
import Testing

@testable import Icons

/// SVG bytes must be UTF-8 before libxml2 sees them (UTF-16 with its mark and single-byte
/// encodings transcoded first), nothing may follow the root element, and libxml2's errors reach
/// the user in words.
@Suite("SVG input: encodings, trailing content, parser errors")
struct XMLInputTests {
    private func failure(_ bytes: [UInt8]) -> String? {
        do {
            _ = try IconLoader.parse(Data(bytes), name: "x.svg")
            return nil
        } catch {
            return "\(error)"
        }
    }

    private let root = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="2" height="2"/></svg>"#

    @Test(
        "UTF-16 with either byte order mark is read as the same UTF-8 file; without one, or with an odd byte, it is refused before parsing"
    )
    func utf16() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + root
        let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let bare: [UInt8] = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let utf8 = try IconLoader.parse(Data(root.utf8), name: "x.svg")
        for bytes in [little, big] {
            #expect(
                XMLTranscoding.utf8(bytes)
                    == .success(Array(text.replacingOccurrences(of: "UTF-16", with: "UTF-8").utf8)))
            let icon = try IconLoader.parse(Data(bytes), name: "x.svg")
            #expect(icon.pieces == utf8.pieces && icon.viewBox == utf8.viewBox)
        }
        #expect(
            failure(bare) == "x.svg:1: the file starts with zero bytes, as UTF-16 or UTF-32 text does; expected UTF-8")
        #expect(failure(big + [0x3C]) == "x.svg:1: the file is UTF-16 by its byte order mark, but its text is not")
        // A lone high surrogate (D800) before the root.
        #expect(
            failure([0xFE, 0xFF, 0xD8, 0x00] + big.dropFirst(2))
                == "x.svg:1: the file is UTF-16 by its byte order mark, but its text is not")
        #expect(
            failure([0xFF, 0xFE, 0, 0] + Array(root.utf8))
                == "x.svg:1: the file is UTF-32 (by its byte order mark); expected UTF-8")
    }

    @Test(
        "a single-byte encoding the declaration names is transcoded to UTF-8, the declaration rewritten, lines kept; UTF-7 and multi-byte sets are refused in words"
    )
    func declaredEncodings() throws {
        // "Пр" in windows-1251 is CF F0, in KOI8-R F0 D2; "é" in ISO-8859-1 is E9.
        for (name, bytes, word) in [
            ("Windows-1251", [0xCF, 0xF0] as [UInt8], "Пр"), ("koi8-r", [0xF0, 0xD2], "Пр"),
            ("ISO-8859-1", [0xE9], "é"),
            ("iso-8859-15", [0xE9], "é"), ("windows-1255", [0xE0], "א"),
        ] {
            let head = "<?xml version='1.0' encoding='\(name)'?>\n<!-- "
            let tail: [UInt8] = Array((" -->\n" + root).utf8)
            let file: [UInt8] = Array(head.utf8) + bytes + tail
            let converted = XMLTranscoding.utf8(file)
            let expected = "<?xml version='1.0' encoding='UTF-8'?>\n<!-- \(word) -->\n" + root
            #expect(converted == .success(Array(expected.utf8)), "\(name)")
            let icon = try IconLoader.parse(Data(file), name: "x.svg")
            #expect(icon.pieces.count == 1)
        }
        // The error's line is the file's own: the transcoding adds no line.
        let broken = Array("<?xml version='1.0' encoding='windows-1252'?>\n\u{0}<svg/>".utf8)
        #expect(failure(broken)?.hasPrefix("x.svg:2: not well-formed XML") == true)
        for name in ["UTF-7", "EBCDIC", "Shift_JIS"] {
            let text = "<?xml version='1.0' encoding='\(name)'?>" + root
            #expect(
                failure(Array(text.utf8))
                    == "x.svg:1: the XML declaration says encoding=\"\(name)\"; expected UTF-8, UTF-16 with a byte order mark, or a single-byte encoding (windows-1250 to 1258, ISO-8859-1 to 16, KOI8-R, KOI8-U, macintosh)"
            )
        }
        for name in ["UTF-8", "utf-8", "US-ASCII"] {
            #expect(failure(Array(("<?xml version=\"1.0\" encoding=\"\(name)\"?>" + root).utf8)) == nil, "\(name)")
        }
        #expect(failure([0xEF, 0xBB, 0xBF] + Array(root.utf8)) == nil)
        #expect(failure(Array(root.utf8) + [0xC3]) == "x.svg:1: the file is not valid UTF-8; expected UTF-8 text")
    }

    @Test("a transcoded file's hash is its own bytes', not the UTF-8 it was read as")
    func transcodedHash() throws {
        let latin1 = Array("<?xml version='1.0' encoding='ISO-8859-1'?><!-- ".utf8) + [0xE9] + Array(" -->\(root)".utf8)
        let utf8 = Array("<?xml version='1.0' encoding='UTF-8'?><!-- é -->\(root)".utf8)
        let a = try IconLoader.parse(Data(latin1), name: "x.svg")
        let b = try IconLoader.parse(Data(utf8), name: "x.svg")
        #expect(a.pieces == b.pieces)
        #expect(a.hash != b.hash)
    }

    @Test(
        "a processing instruction, with or without data, is refused before parsing (Foundation's XMLParser crashes on one without); the XML declaration is read"
    )
    func processingInstructions() {
        // The fuzzer's reproducer: `<?xmlSiackgroun4?>` has a target and no data.
        let crasher: [UInt8] = Array("<?xmlSiackgroun4?><svg  ".utf8) + [0] + Array("nNg".utf8)
        #expect(
            failure(crasher) == "x.svg:1: processing instruction <?xmlSiackgroun4?> is not in the supported SVG subset")
        #expect(
            failure(Array(("<?xml version=\"1.0\"?>\n<?xml-stylesheet href=\"a.css\"?>" + root).utf8))
                == "x.svg:2: processing instruction <?xml-stylesheet?> is not in the supported SVG subset")
        #expect(failure([0xEF, 0xBB, 0xBF] + Array(("<?xml version=\"1.0\"?>" + root).utf8)) == nil)
    }

    @Test("an element after the root's end is refused; comments and whitespace after it are fine")
    func trailingContent() {
        let message =
            "not well-formed XML: the document ends early, or has content after its root element (libxml2 error 5)"
        #expect(failure(Array((root + "\n<rect width=\"9\" height=\"9\"/>").utf8)) == "x.svg:2: " + message)
        #expect(failure(Array((root + "trailing text").utf8)) == "x.svg:1: " + message)
        #expect(failure(Array((root + "\n<!-- exported by a tool </svg> -->\n").utf8)) == nil)
        let inside = root.replacingOccurrences(of: "<rect", with: "<!-- </svg> --><rect")
        #expect(failure(Array(inside.utf8)) == nil)
    }

    @Test("libxml2's errors are named in words with their number")
    func parserErrorsInWords() {
        #expect(
            failure(Array(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4" viewBox="0 0 5 5"/>"#.utf8))
                == "x.svg:1: not well-formed XML: an attribute given twice (libxml2 error 42)")
        // Foundation returns success for these with libxml2's error set; the error decides.
        #expect(
            failure(Array(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><g>"#.utf8))
                == "x.svg:1: not well-formed XML: the document ends early, or has content after its root element (libxml2 error 5)"
        )
        #expect(XMLEncodingCheck.words(NSError(domain: "NSXMLParserErrorDomain", code: 999)) == "libxml2 error 999")
    }
}
