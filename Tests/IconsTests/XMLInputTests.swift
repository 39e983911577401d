import Foundation
import Testing

@testable import Icons

/// SVG bytes must be UTF-8 before libxml2 sees them, nothing may follow the root element, and
/// libxml2's errors reach the user in words.
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

    @Test("UTF-16 with either byte order mark, or without one, is refused before parsing")
    func utf16() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + root
        let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let bare: [UInt8] = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(failure(little) == "x.svg:1: the file is UTF-16 (by its byte order mark); expected UTF-8")
        #expect(failure(big) == "x.svg:1: the file is UTF-16 (by its byte order mark); expected UTF-8")
        #expect(
            failure(bare) == "x.svg:1: the file starts with zero bytes, as UTF-16 or UTF-32 text does; expected UTF-8")
    }

    @Test("a declaration naming UTF-7 or Latin-1 is refused; UTF-8, ASCII and a UTF-8 BOM are read")
    func declaredEncodings() {
        for name in ["UTF-7", "ISO-8859-1", "EBCDIC"] {
            let text = "<?xml version='1.0' encoding='\(name)'?>" + root
            #expect(
                failure(Array(text.utf8)) == "x.svg:1: the XML declaration says encoding=\"\(name)\"; expected UTF-8")
        }
        for name in ["UTF-8", "utf-8", "US-ASCII"] {
            #expect(failure(Array(("<?xml version=\"1.0\" encoding=\"\(name)\"?>" + root).utf8)) == nil, "\(name)")
        }
        #expect(failure([0xEF, 0xBB, 0xBF] + Array(root.utf8)) == nil)
        #expect(failure(Array(root.utf8) + [0xC3]) == "x.svg:1: the file is not valid UTF-8; expected UTF-8 text")
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
