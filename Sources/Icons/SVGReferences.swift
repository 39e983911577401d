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
///
/// The pass also settles what only the whole document decides, before anything is drawn: each
/// element's namespace, the `<style>` sheets (which style elements before them too), the uses
/// that copy themselves and the cycles of clip paths, masks and patterns. So it runs for every
/// file, and each file is parsed twice.
struct SVGReferences {
    enum Event {
        case start(element: String, attributes: [String: String], line: Int)
        case end(element: String)
        /// Characters inside a `<text>` (a copied text keeps its words), and those that are not all
        /// whitespace elsewhere outside a `<style>` (what a `<tref>` may name, SVG 1.1; the builder
        /// refuses them where a copy replays them, as where they stand).
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

    /// The event index of each element's start, in document order: where the builder's own
    /// parse finds the element's name and attributes as this pass resolved them (its namespace,
    /// the sheet's declarations).
    var startEvents: [Int] = []
    /// The `<use>` elements (their start events) that copy themselves, directly or through what
    /// they copy: in error, and not drawn (SVGReferences+Cycles.swift).
    var recursiveUses: Set<Int> = []
    /// A `<style>` sheet that could not be read, and its line: the builder refuses the file.
    var sheetFailure: (message: String, line: Int)?
    /// What the first pass set aside, with lines: an `@import`, a sheet of another type, a
    /// reference that closed a cycle. The builder records them as warnings.
    var notes: [(message: String, line: Int)] = []
    /// The sheets' declarations, and the lists of them (indexes, one per property) elements won:
    /// an element's `sheetKey` attribute is its list's index (SVGReferences+Styles.swift).
    var sheetDeclarations: [SVGStyleSheet.Declaration] = []
    var cascades: [[Int]] = []

    /// The SVG namespace: elements in it (by a prefix or the default namespace) are SVG's;
    /// elements of another namespace, and everything inside them, are not drawn.
    static let svgNamespace = "http://www.w3.org/2000/svg"

    /// The elements of `data`, resolved: names without their SVG prefix (another namespace's keep
    /// a prefix, so the builder passes over them), the sheets' declarations in each element's
    /// attributes (`sheetKey`), the recursive uses found. Parse errors are the builder's to report;
    /// this pass only stops.
    static func collect(_ data: Data, maxElements: Int = IconLoader.maxElements) -> SVGReferences {
        let collector = Collector(maxElements: maxElements)
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = collector
        collector.parser = parser
        _ = parser.parse()
        var references = collector.references
        references.applySheets(collector.sheets, tree: collector.tree)
        references.findRecursiveUses()
        references.cutReferenceCycles()
        return references
    }

    private final class Collector: NSObject, XMLParserDelegate {
        weak var parser: XMLParser?
        let maxElements: Int
        var references = SVGReferences()
        /// The start index and id of every open element (id nil when it has none), the inherited
        /// attributes in effect inside it, its resolved name, and the namespaces declared in scope.
        private var open: [(start: Int, id: String?, inherited: [String: String], name: String, ordinal: Int)] = []
        private var namespaces: [[String: String]] = [[:]]
        /// How many `<text>` elements are open: characters are kept only inside one.
        private var textDepth = 0
        /// The `<style>` sheets (text, line, type) and the one being read.
        var sheets: [(text: String, line: Int, type: String?)] = []
        private var sheetText: String?
        /// Per start event (by its ordinal): its parent's and previous sibling's ordinals.
        var tree = SheetTree()
        /// The ordinal of the last element closed at each open depth: the next one's previous sibling.
        private var lastChild: [Int?] = [nil]

        init(maxElements: Int) { self.maxElements = maxElements }

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            // The builder refuses a file past this many elements; no need to hold more.
            guard references.startEvents.count <= maxElements else { return parser.abortParsing() }
            let name = resolvedName(element, attributes)
            var inherited = open.last?.inherited ?? [:]
            for key in SVGReferences.inheritedAttributes { if let v = attributes[key] { inherited[key] = v } }
            let ordinal = references.startEvents.count
            tree.parents.append(open.last?.ordinal)
            tree.previous.append(lastChild[lastChild.count - 1])
            lastChild[lastChild.count - 1] = ordinal
            lastChild.append(nil)
            open.append((references.events.count, attributes["id"], inherited, name, ordinal))
            if let id = attributes["id"], !inherited.isEmpty, references.inherited[id] == nil {
                references.inherited[id] = inherited
            }
            references.startEvents.append(references.events.count)
            references.events.append(.start(element: name, attributes: attributes, line: parser.lineNumber))
            if name == "text" { textDepth += 1 }
            if name == "style" { sheetText = "" }
        }

        /// `element` without the prefix that puts it in SVG's namespace, or with one (its own, or
        /// `other:`) when it is in another namespace. A file that declares no namespace is read as
        /// SVG, as icon files written for the web often are.
        private func resolvedName(_ element: String, _ attributes: [String: String]) -> String {
            var scope = namespaces[namespaces.count - 1]
            for (key, value) in attributes where key == "xmlns" || key.hasPrefix("xmlns:") {
                scope[key == "xmlns" ? "" : String(key.dropFirst(6))] = value
            }
            namespaces.append(scope)
            let parts = element.split(separator: ":", maxSplits: 1)
            let (prefix, local) = parts.count == 2 ? (String(parts[0]), String(parts[1])) : ("", element)
            switch scope[prefix] {
            case SVGReferences.svgNamespace?: return local
            case nil: return element
            case _?: return prefix.isEmpty ? "other:" + local : element
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if sheetText != nil { sheetText! += string }
            // Bounded by the file's size, as the elements are by the budget.
            guard textDepth > 0 || (sheetText == nil && !string.allSatisfy(\.isWhitespace)) else { return }
            references.events.append(.characters(string))
        }

        // swift-format-ignore: AlwaysUseLowerCamelCase
        // (XMLParserDelegate's own parameter name)
        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            if sheetText != nil, let text = String(data: CDATABlock, encoding: .utf8) { sheetText! += text }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            guard let (start, id, _, name, _) = open.popLast() else { return }
            namespaces.removeLast()
            lastChild.removeLast()
            references.events.append(.end(element: name))
            if name == "text" { textDepth -= 1 }
            if name == "style", let text = sheetText,
                case .start(_, let attributes, let line) = references.events[start]
            {
                sheets.append((text, line, attributes["type"]))
                sheetText = nil
            }
            if let id, references.ranges[id] == nil { references.ranges[id] = start..<references.events.count }
        }

        func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? { nil }
    }
}
