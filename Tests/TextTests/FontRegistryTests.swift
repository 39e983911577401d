import Foundation
import Testing

@testable import Text

@Suite("Font registry, fallback and bidi")
struct FontRegistryTests {
    @Test("an unknown family is an error listing the available families with a suggestion")
    func unknownFamily() {
        let registry = FontRegistry()
        #expect(throws: TextError.unknownFamily("Intr", available: ["DejaVu Sans", "Inter"], suggestion: "Inter")) {
            try registry.face(family: "Intr", weight: 400)
        }
    }

    @Test("weights resolve by CSS font matching: exact, then 400-500 up to 500, lighter below 400, heavier above 500")
    func weights() throws {
        #expect(FontRegistry.nearest(weight: 450, among: [100, 400, 500, 700]) == 500)
        #expect(FontRegistry.nearest(weight: 450, among: [300, 700]) == 300)
        #expect(FontRegistry.nearest(weight: 350, among: [300, 500]) == 300)
        #expect(FontRegistry.nearest(weight: 650, among: [400, 800]) == 800)
        let registry = FontRegistry()
        #expect(try registry.face(family: "inter", weight: 700).styleName == "Bold")
        #expect(try registry.face(family: "DejaVu Sans", weight: 600).styleName == "Bold")
    }

    @Test("family names match as Foundation's case-insensitive comparison does, ASCII or not")
    func familyNamesMatchCaseInsensitively() {
        let pairs: [(String, String, Bool)] = [
            ("Inter", "inter", true), ("DejaVu Sans", "DEJAVU SANS", true), ("Inter", "Inter ", false),
            ("Inter", "Intro", false), ("", "", true), ("Ärial", "äRIAL", true), ("Inter", "İnter", false),
            ("Straße", "STRASSE", true),
        ]
        for (a, b, same) in pairs {
            #expect(FontRegistry.sameFamily(a, b) == same, "\(a) / \(b)")
            #expect(FontRegistry.sameFamily(a, b) == (a.caseInsensitiveCompare(b) == .orderedSame), "\(a) / \(b)")
        }
    }

    @Test("a registry works out a family and weight's fallback chain once and hands out the same faces")
    func fallbackChainsAreKept() throws {
        let registry = FontRegistry()
        let first = try registry.fallbackChain(family: "inter", weight: 400)
        let again = try registry.fallbackChain(family: "inter", weight: 400)
        #expect(first.map(\.familyName) == ["Inter", "DejaVu Sans"])
        #expect(zip(first, again).allSatisfy { $0 === $1 } && first.count == again.count)
        #expect(try registry.fallbackChain(family: "Inter", weight: 700)[0].styleName == "Bold")
        #expect(throws: TextError.unknownFamily("Intr", available: ["DejaVu Sans", "Inter"], suggestion: "Inter")) {
            try registry.fallbackChain(family: "Intr", weight: 400)
        }
    }

    @Test("a registry keeps at most 256 faces and chains, however many spellings and weights it is asked for")
    func keptLookupsAreBounded() throws {
        let registry = FontRegistry()
        for weight in 1...300 {
            _ = try registry.fallbackChain(family: weight % 2 == 0 ? "inter" : "INTER", weight: weight)
        }
        #expect(registry.keptCount == (faces: FontRegistry.maxKept, chains: FontRegistry.maxKept))
        #expect(try registry.fallbackChain(family: "Inter", weight: 300)[0].familyName == "Inter")
    }

    @Test("a character Inter lacks falls back to DejaVu Sans; one no font has is a warning naming its code point")
    func fallback() throws {
        let registry = FontRegistry()
        let layout = try TextLayout.layout(
            "a\u{0416}\u{0627}\u{0F00}", style: TextStyle(), width: 500, registry: registry)
        #expect(layout.faces.map(\.familyName) == ["Inter", "DejaVu Sans"])
        #expect(layout.warnings.map(\.codePoint) == ["U+0F00"])
    }

    @Test(
        "a right-to-left paragraph aligns right under natural alignment; numbers after Hebrew sit at level 2; runs reorder by rule L2"
    )
    func bidi() throws {
        let registry = FontRegistry()
        let layout = try TextLayout.layout("سلام", style: TextStyle(size: 20), width: 300, registry: registry)
        #expect(abs(layout.lines[0].x + layout.lines[0].width - 300) < 1e-9)
        let levels = Bidi.levels(of: "abc אבג 12".unicodeScalars.map(\.value))
        #expect(levels.levels == [0, 0, 0, 0, 1, 1, 1, 1, 2, 2] && !levels.paragraphIsRightToLeft)
        #expect(Bidi.visualOrder(runLevels: [0, 1, 2, 1, 0]) == [0, 3, 2, 1, 4])
    }

    @Test("scene fonts must stay inside the scene's folder and be real font files")
    func sceneFonts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-fonts-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a font".utf8).write(to: folder.appendingPathComponent("fake.ttf"))
        try FileManager.default.copyItem(
            atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
            toPath: folder.appendingPathComponent("Mono.ttf").path)
        #expect(throws: TextError.fontPathOutsideFolder(path: "../x.ttf", folder: folder.path)) {
            try FontRegistry.loadSceneFonts(["../x.ttf"], folder: folder.path)
        }
        #expect { try FontRegistry.loadSceneFonts(["fake.ttf"], folder: folder.path) } throws: { error in
            if case TextError.notAFont = error { return true } else { return false }
        }
        let faces = try FontRegistry.loadSceneFonts(["Mono.ttf"], folder: folder.path)
        #expect(FontRegistry(userFaces: faces).families == ["DejaVu Sans", "DejaVu Sans Mono", "Inter"])
        #expect(faces[0].contentHash.count == 16)
    }

    @Test(
        "a scene font file is opened once while it stays the same file; written over or replaced, it is read again"
    )
    func sceneFontCache() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-font-cache-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Brand.ttf")
        let dejaVu = "/usr/share/fonts/truetype/dejavu/"
        try FileManager.default.copyItem(atPath: dejaVu + "DejaVuSansMono.ttf", toPath: file.path)
        let first = try FontRegistry.loadSceneFonts(["Brand.ttf"], folder: folder.path)[0]
        #expect(try FontRegistry.loadSceneFonts(["Brand.ttf"], folder: folder.path)[0] === first)
        // Another font written over the same file (in place: same inode, new times and size).
        try Data(contentsOf: URL(fileURLWithPath: dejaVu + "DejaVuSans-Bold.ttf")).write(to: file)
        let rewritten = try FontRegistry.loadSceneFonts(["Brand.ttf"], folder: folder.path)[0]
        #expect(rewritten !== first && rewritten.familyName == "DejaVu Sans" && rewritten.weight == 700)
        #expect(rewritten.contentHash != first.contentHash)
        // Replaced by a rename: a new inode.
        let other = folder.appendingPathComponent("other.ttf")
        try FileManager.default.copyItem(atPath: dejaVu + "DejaVuSansMono.ttf", toPath: other.path)
        #expect(rename(other.path, file.path) == 0)
        let replaced = try FontRegistry.loadSceneFonts(["Brand.ttf"], folder: folder.path)[0]
        #expect(replaced !== rewritten && replaced.familyName == "DejaVu Sans Mono")
    }

    @Test("glyph outlines come out in font units: Inter's H is two stems and a bar, one closed contour")
    func outline() throws {
        let face = try FontRegistry().face(family: "Inter", weight: 400)
        let path = face.outline(glyph: face.glyphIndex(for: "H"))
        #expect(path.elements.filter { if case .move = $0 { return true } else { return false } }.count == 1)
        #expect(path.elements.filter { $0 == .close }.count == 1)
        let bounds = path.controlPointBounds
        #expect(face.unitsPerEm == 2816)
        #expect(bounds.minY == 0 && bounds.maxY == 2048, "Inter's cap height is 2048 of its 2816 units; baseline at 0")
    }
}
