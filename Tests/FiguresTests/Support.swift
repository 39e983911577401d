import Figures
import Foundation
import PNG
import Raster
import SceneLoading
import SceneModel
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The repository root, found from this file's path (Tests/FiguresTests/Support.swift).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
let goldenSourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    .path

func recording(_ scene: String) throws -> MotionRecording {
    let path = repositoryRoot + "/scenes/" + scene
    return try MotionRecording(scene: try SceneLoader.load(path: path), file: path)
}

/// Golden images: exact, compared by decoded pixels. They depend on FreeType's version and the
/// DejaVu Sans file (glyph coverage), which a failure message names.
///
/// Re-record after an intended change:
///     FLIPBOOK_RECORD_GOLDENS=1 swift test --filter FiguresTests
/// A recording run writes into Tests/FiguresTests/Goldens and fails on purpose.
func assertGolden(_ pixmap: Pixmap, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let actual = try PNG.encode(rgba: pixmap.straightRGBA(), width: pixmap.width, height: pixmap.height)
    let goldenPath = goldenSourceFolder + "/" + name + ".png"
    if ProcessInfo.processInfo.environment["FLIPBOOK_RECORD_GOLDENS"] != nil {
        try PNG.writeAtomically(actual, to: goldenPath)
        Issue.record(
            "recorded \(goldenPath); run again without FLIPBOOK_RECORD_GOLDENS", sourceLocation: sourceLocation)
        return
    }
    guard let url = Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Goldens") else {
        Issue.record(
            "no golden \(name).png; record it with FLIPBOOK_RECORD_GOLDENS=1 swift test --filter FiguresTests",
            sourceLocation: sourceLocation)
        return
    }
    let expected = try PNG.decode(contentsOf: url.path)
    let decoded = try PNG.decode(actual)
    if expected == decoded { return }
    // Expected / diff / actual beside each other, for a reviewer.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-figure-failures").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try PNG.writeAtomically(actual, to: folder + "/\(name).actual.png")
    try PNG.writeAtomically(
        try PNG.encode(rgba: expected.rgba, width: expected.width, height: expected.height),
        to: folder + "/\(name).expected.png")
    var differing = 0
    if expected.width == decoded.width, expected.height == decoded.height {
        var diff = [UInt8](repeating: 255, count: decoded.rgba.count)
        for i in stride(from: 0, to: diff.count, by: 4) where expected.rgba[i..<i + 4] != decoded.rgba[i..<i + 4] {
            differing += 1
            diff[i] = 255
            diff[i + 1] = 0
            diff[i + 2] = 0
        }
        try PNG.writeAtomically(
            try PNG.encode(rgba: diff, width: decoded.width, height: decoded.height),
            to: folder + "/\(name).diff.png")
    }
    Issue.record(
        """
        \(name): \(decoded.width)×\(decoded.height) differs from the golden \(expected.width)×\(expected.height) \
        (\(differing) pixels); expected / diff / actual in \(folder). FreeType \(Font.freeTypeVersion), font \(Font.defaultPath). \
        If the change is intended: FLIPBOOK_RECORD_GOLDENS=1 swift test --filter FiguresTests
        """, sourceLocation: sourceLocation)
}

/// A small XML reading of SVG output through Foundation's parser: every element with its
/// attributes, in document order.
struct SVGElement {
    var name: String
    var attributes: [String: String]
    var text = ""
}

final class SVGReader: NSObject, XMLParserDelegate {
    private(set) var elements: [SVGElement] = []
    private var open: [Int] = []

    static func parse(_ svg: String) throws -> [SVGElement] {
        let reader = SVGReader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        return reader.elements
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append(SVGElement(name: name, attributes: attributes))
        open.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let last = open.last { elements[last].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }
}

extension Array where Element == SVGElement {
    func named(_ name: String) -> [SVGElement] { filter { $0.name == name } }
}
