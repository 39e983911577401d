import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The elements of an SVG document as one flat list of start and end events, and where each
/// element with an `id` begins and ends in it: what `<use>` copies and `url(#…)` paints with. A first pass over the file
/// collects them, because design tools write the definitions wherever they like (Figma puts
/// `<defs>` last, after the `<use>` that needs them), and the builder's pass can only go forwards.
///
/// The list holds each element once, so memory stays linear in the file however the ids nest; a
/// `<use>` replays a range of it. Nothing here judges the elements: the builder checks each as it
/// replays it, exactly as if it stood at the `<use>`.
struct SVGReferences {
    enum Event {
        case start(element: String, attributes: [String: String], line: Int)
        case end(element: String)
        /// Characters inside a `<text>` (a copied text keeps its words).
        case characters(String)
    }

    var events: [Event] = []
    /// The events of each id'd element, its start to its end; the first element wins an id.
    var ranges: [String: Range<Int>] = [:]
    /// The attributes of `inheritedAttributes` in effect at each id'd element (its own or its
    /// nearest ancestor's): what `currentColor` in a gradient's stops means, the `clip-rule` of
    /// a clip path's shapes and a filter's `color-interpolation-filters`, wherever they are used.
    var inherited: [String: [String: String]] = [:]
    static let inheritedAttributes = ["color", "clip-rule", "color-interpolation-filters"]

    /// The references of `data`, or an empty set when it has neither `<use` nor `url(`: a file
    /// that copies nothing and paints no gradient needs no first pass. Parse errors are the
    /// builder's to report; this pass only stops.
    static func collect(_ data: Data, maxElements: Int = IconLoader.maxElements) -> SVGReferences {
        guard data.range(of: Data("<use".utf8)) != nil || data.range(of: Data("url(".utf8)) != nil else {
            return SVGReferences()
        }
        let collector = Collector(maxElements: maxElements)
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = collector
        collector.parser = parser
        _ = parser.parse()
        return collector.references
    }

    private final class Collector: NSObject, XMLParserDelegate {
        weak var parser: XMLParser?
        let maxElements: Int
        var references = SVGReferences()
        /// The start index and id of every open element (id nil when it has none), and the
        /// inherited attributes in effect inside it.
        private var open: [(start: Int, id: String?, inherited: [String: String])] = []
        /// How many `<text>` elements are open: characters are kept only inside one.
        private var textDepth = 0

        init(maxElements: Int) { self.maxElements = maxElements }

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            // The builder refuses a file past this many elements; no need to hold more.
            guard references.events.count < 2 * maxElements else { return parser.abortParsing() }
            var inherited = open.last?.inherited ?? [:]
            for key in SVGReferences.inheritedAttributes { if let v = attributes[key] { inherited[key] = v } }
            open.append((references.events.count, attributes["id"], inherited))
            if let id = attributes["id"], !inherited.isEmpty, references.inherited[id] == nil {
                references.inherited[id] = inherited
            }
            references.events.append(.start(element: element, attributes: attributes, line: parser.lineNumber))
            if element == "text" { textDepth += 1 }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard textDepth > 0, references.events.count < 2 * maxElements else { return }
            references.events.append(.characters(string))
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            guard let (start, id, _) = open.popLast() else { return }
            references.events.append(.end(element: element))
            if element == "text" { textDepth -= 1 }
            if let id, references.ranges[id] == nil { references.ranges[id] = start..<references.events.count }
        }

        func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? { nil }
    }
}
