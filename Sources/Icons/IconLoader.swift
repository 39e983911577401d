import Colors
import Determinism
import Foundation
import Geometry
import Shapes
import Text

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Loads icons: the subset of SVG that icon sets use, parsed by a real XML parser (Foundation's
/// `XMLParser`, libxml2 underneath) and checked element by element.
///
/// Subset: `svg` (viewBox, width, height), `g` (transform), `path` (d), `rect` (x, y, width,
/// height, rx, ry), `circle`, `ellipse`, `line`, `polyline`, `polygon`; on any of them the
/// presentation attributes fill, fill-rule, stroke, stroke-width, stroke-linecap,
/// stroke-linejoin, stroke-miterlimit, stroke-dasharray, stroke-dashoffset (inherited down
/// groups) and transform. Anything else, element or attribute, is an `IconError` naming the file,
/// the line and the element: nothing is silently dropped. A value that does not parse is drawn
/// around as SVG says, with an `IconWarning` (IconBuilder+Recovery.swift).
///
/// Hostile files: at most `maxBytes`; UTF-16 with a byte order mark and the single-byte encodings
/// a declaration names are transcoded to UTF-8 first (`XMLTranscoding`), then UTF-8 (or ASCII)
/// only, checked on the bytes (BOM, the declaration's `encoding`, valid UTF-8) before the parser
/// sees them, since libxml2 would switch to another encoding where the byte scan for declarations
/// below cannot follow; any error
/// libxml2 reports fails the file (content after the root element among them); any `<!DOCTYPE` or `<!ENTITY` is refused before parsing,
/// so neither an entity-expansion bomb nor a reference to a local file (an external entity)
/// reaches the parser, and memory stays bounded by the file size; external entity resolution is
/// off in the parser as well. At most `maxElements` elements.
public enum IconLoader {
    /// How large a file may be, checked before it is read (bytes) and while it is parsed
    /// (elements, each copy a `<use>` makes counted).
    public struct Budget: Equatable, Sendable {
        public var maxBytes: Int
        public var maxElements: Int
        /// How errors name such a file.
        public var noun: String

        public init(maxBytes: Int, maxElements: Int, noun: String) {
            self.maxBytes = maxBytes
            self.maxElements = maxElements
            self.noun = noun
        }

        /// An icon: 256 KiB and 10,000 elements (icons are a few KiB).
        public static let icon = Budget(maxBytes: 256 * 1024, maxElements: 10_000, noun: "an icon")
        /// A screen from a design tool, read as layers: 4 MiB and 25,000 elements. A busy screen
        /// with its text as outlines is about 60 KB and 81 elements (its glyphs are long paths);
        /// 25,000 elements keep the pieces, which a pattern's tiles can double, within 64 MB.
        public static let design = Budget(maxBytes: 4 * 1024 * 1024, maxElements: 25_000, noun: "a design file")
    }

    /// Largest icon file, in bytes (`Budget.icon`).
    public static let maxBytes = Budget.icon.maxBytes
    /// Most elements in one icon (`Budget.icon`).
    public static let maxElements = Budget.icon.maxElements
    /// The most pixels an icon's embedded images may hold together (2048², 16 MiB decoded).
    public static let maxImagePixels = 2_048 * 2_048

    /// Reads and parses the file at `path`; `name` is how errors name it (as the scene wrote it).
    public static func load(path: String, name: String) throws -> Icon {
        try parse(read(path: path, name: name, budget: .icon), name: name)
    }

    /// `load`, with what the file is drawn without (`IconWarning`) appended to `warnings`; its
    /// `<text>` set in `fonts` (a scene's: its own faces, then the bundled ones), the bundled
    /// fonts when nil.
    public static func load(
        path: String, name: String, fonts: FontRegistry? = nil, warnings: inout [IconWarning]
    ) throws -> Icon {
        try parse(read(path: path, name: name, budget: .icon), name: name, fonts: fonts, warnings: &warnings)
    }

    /// Reads and parses the file at `path` as a tree of layers for an item of `itemSize`
    /// (`layers: { svg: }`): every drawn element with an `id` a layer (`IconLayerTree`).
    public static func loadLayers(path: String, name: String, itemSize: Size) throws -> IconLayerTree {
        var warnings: [IconWarning] = []
        return try loadLayers(path: path, name: name, itemSize: itemSize, warnings: &warnings)
    }

    /// `loadLayers`, with what the file is drawn without appended to `warnings`; its `<text>` set
    /// in `fonts` (the bundled fonts when nil).
    public static func loadLayers(
        path: String, name: String, itemSize: Size, fonts: FontRegistry? = nil, warnings: inout [IconWarning]
    ) throws -> IconLayerTree {
        try parseLayers(
            read(path: path, name: name, budget: .design), name: name, itemSize: itemSize, fonts: fonts,
            warnings: &warnings)
    }

    /// Parses SVG bytes (what `load` does after reading the file).
    public static func parse(_ data: Data, name: String, budget: Budget = .icon) throws -> Icon {
        var warnings: [IconWarning] = []
        return try parse(data, name: name, budget: budget, embedded: false, fonts: nil, warnings: &warnings)
    }

    /// `parse`, with what the file is drawn without appended to `warnings`; its `<text>` set in
    /// `fonts` (the bundled fonts when nil).
    public static func parse(
        _ data: Data, name: String, budget: Budget = .icon, fonts: FontRegistry? = nil, warnings: inout [IconWarning]
    ) throws -> Icon {
        try parse(data, name: name, budget: budget, embedded: false, fonts: fonts, warnings: &warnings)
    }

    /// `embedded`: the file is an SVG `<image>` inside another, which may embed no SVG itself.
    static func parse(
        _ data: Data, name: String, budget: Budget, embedded: Bool, fonts: FontRegistry?, warnings: inout [IconWarning]
    ) throws -> Icon {
        let (builder, viewBox, hash) = try build(
            data, name: name, budget: budget, layers: nil, embedded: embedded, fonts: fonts)
        warnings += builder.warnings
        return Icon(
            viewBox: viewBox, pieces: builder.pieces, groups: builder.sortedGroups, hash: hash,
            fontKey: fontKey(fonts), aspectRatio: builder.rootAspectRatio)
    }

    /// What tells the glyph cache which fonts an icon's text was set in: 0 for the bundled ones,
    /// else FNV-1a 64 of the content hashes of the scene's faces in their order (which one of
    /// a family's faces wins depends on it). The file's hash alone would let the same file set in
    /// other fonts draw the first scene's cached glyph masks.
    static func fontKey(_ fonts: FontRegistry?) -> UInt64 {
        guard let faces = fonts?.userFaces, !faces.isEmpty else { return 0 }
        var key = FNV1a64()
        for face in faces { key.combine(Array(face.contentHash.utf8)) }
        return key.value
    }

    /// Parses SVG bytes as a tree of layers (what `loadLayers` does after reading the file).
    public static func parseLayers(_ data: Data, name: String, itemSize: Size, budget: Budget = .design) throws
        -> IconLayerTree
    {
        var warnings: [IconWarning] = []
        return try parseLayers(data, name: name, itemSize: itemSize, budget: budget, warnings: &warnings)
    }

    /// `parseLayers`, with what the file is drawn without appended to `warnings`; its `<text>` set
    /// in `fonts` (the bundled fonts when nil).
    public static func parseLayers(
        _ data: Data, name: String, itemSize: Size, budget: Budget = .design, fonts: FontRegistry? = nil,
        warnings: inout [IconWarning]
    ) throws -> IconLayerTree {
        let (builder, viewBox, hash) = try build(
            data, name: name, budget: budget, layers: IconBuilder.LayerRecorder(itemSize: itemSize), fonts: fonts)
        warnings += builder.warnings
        let recorder = builder.layers ?? IconBuilder.LayerRecorder(itemSize: itemSize)
        var lines: [String: [Int]] = [:]
        for record in recorder.records { lines[record.id, default: []].append(record.line) }
        let repeated = lines.filter { $0.value.count > 1 }.map { (id: $0.key, lines: $0.value.sorted()) }
        if let (id, lines) = repeated.min(by: { $0.lines[0] < $1.lines[0] }) {
            throw IconError(
                file: name, line: lines.last,
                message:
                    "the id '\(id)' names the layers at lines \(lines.map(String.init).joined(separator: " and ")); expected each layer's id once"
            )
        }
        let assembly = LayerAssembly(
            pieces: builder.pieces, groups: builder.sortedGroups, records: recorder.records, hash: hash,
            fontKey: fontKey(fonts), itemSize: itemSize)
        return assembly.tree(top: recorder.top, viewBox: viewBox, aspectRatio: builder.rootAspectRatio)
    }

    private static func read(path: String, name: String, budget: Budget) throws -> Data {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let size = (attributes?[.size] as? NSNumber)?.intValue else {
            throw IconError(file: name, line: nil, message: "no such file")
        }
        guard size <= budget.maxBytes else {
            throw IconError(
                file: name, line: nil,
                message: "file is \(size) bytes; expected \(budget.noun) of at most \(budget.maxBytes) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw IconError(file: name, line: nil, message: "cannot read the file")
        }
        return data
    }

    /// The checks on the bytes, then the parse: the builder that read them, the viewBox, and the
    /// file's hash.
    private static func build(
        _ data: Data, name: String, budget: Budget, layers: IconBuilder.LayerRecorder?, embedded: Bool = false,
        fonts: FontRegistry?
    ) throws
        -> (
            IconBuilder, Rect, String
        )
    {
        guard data.count <= budget.maxBytes else {
            throw IconError(
                file: name, line: nil,
                message: "file is \(data.count) bytes; expected \(budget.noun) of at most \(budget.maxBytes) bytes")
        }
        let original = [UInt8](data)
        // Transcoded first, so the scans below and the parser read the same UTF-8; the output is
        // at most `XMLTranscoding.maxOutputFactor` × the budget just checked.
        let bytes: [UInt8]
        switch XMLTranscoding.utf8(original) {
        case .success(let utf8): bytes = utf8
        case .failure(let error): throw IconError(file: name, line: 1, message: error.message)
        }
        let data = bytes == original ? data : Data(bytes)
        if let problem = XMLEncodingCheck.problem(in: bytes) {
            throw IconError(file: name, line: 1, message: problem)
        }
        if let line = declarationLine(in: bytes) {
            throw IconError(
                file: name, line: line,
                message:
                    "a DTD or entity declaration (<!DOCTYPE or <!ENTITY) is not allowed in an icon: entities can expand without bound or read local files"
            )
        }
        // Foundation's XMLParser reads a processing instruction's data with strlen before any
        // delegate sees it, and libxml2 passes NULL for one without data (`<?name?>`): a crash.
        // Icons have none but the XML declaration, so they are refused here, before parsing.
        if let (line, target) = processingInstruction(in: bytes) {
            throw IconError(
                file: name, line: line,
                message: "processing instruction <?\(target)?> is not in the supported SVG subset")
        }
        let builder = IconBuilder(
            name: name, references: SVGReferences.collect(data, maxElements: budget.maxElements),
            maxElements: budget.maxElements)
        builder.layers = layers
        builder.isEmbedded = embedded
        if let fonts { builder.fonts = fonts }
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = builder
        builder.parser = parser
        let ok = parser.parse()
        if let error = builder.error { throw error }
        // Foundation on Linux can return true with libxml2's error set (a document that ends
        // inside an element, an unquoted attribute): the error decides.
        guard ok, parser.parserError == nil else {
            let reason = parser.parserError.map(XMLEncodingCheck.words) ?? "the parser stopped without saying why"
            throw IconError(file: name, line: parser.lineNumber, message: "not well-formed XML: \(reason)")
        }
        // libxml2 through Foundation on Linux may report success for a truncated document.
        guard builder.openElements == 0 else {
            throw IconError(
                file: name, line: parser.lineNumber,
                message: "not well-formed XML: \(builder.openElements) element(s) not closed at the end of the file")
        }
        guard let viewBox = builder.viewBox else {
            throw IconError(file: name, line: nil, message: "no <svg> root element")
        }
        var hash = FNV1a64()
        hash.combine(original)
        return (builder, viewBox, String(hash.value, radix: 16).leftPadded(to: 16))
    }

    /// The 1-based line and target of the first `<?` that is not the XML declaration (`<?xml` and
    /// a space at the very start, after a byte order mark), or nil. A `<?` inside a comment or
    /// CDATA counts too: the scan cannot tell, and no icon needs one there.
    static func processingInstruction(in bytes: [UInt8]) -> (line: Int, target: String)? {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        for i in bytes.indices {
            if bytes[i] == 0x0A { line += 1 }
            guard bytes[i] == 0x3C, i + 1 < bytes.count, bytes[i + 1] == 0x3F else { continue }
            let name = bytes[(i + 2)...].prefix { $0 > 0x20 && $0 != 0x3F && $0 != 0x3E }.prefix(40)
            let isDeclaration =
                i == start && Array(name) == Array("xml".utf8) && i + 5 < bytes.count
                && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i + 5])
            if !isDeclaration { return (line, String(decoding: name, as: UTF8.self)) }
        }
        return nil
    }

    /// The 1-based line of the first `<!DOCTYPE` or `<!ENTITY` (any case), or nil.
    static func declarationLine(in bytes: [UInt8]) -> Int? {
        var line = 1
        let needles: [[UInt8]] = [Array("<!doctype".utf8), Array("<!entity".utf8)]
        for i in bytes.indices {
            if bytes[i] == 0x0A {
                line += 1
                continue
            }
            guard bytes[i] == 0x3C else { continue }
            for needle in needles where i + needle.count <= bytes.count {
                var match = true
                for (k, b) in needle.enumerated() where bytes[i + k] | (b >= 0x61 ? 0x20 : 0) != b {
                    match = false
                    break
                }
                if match { return line }
            }
        }
        return nil
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
