import Foundation
import Markup
import Synchronization

/// The font families a scene can name: the distribution's Inter (the default, fonts-inter) and
/// DejaVu Sans (the fallback, fonts-dejavu-core, which also covers Arabic, Hebrew, Greek and
/// Cyrillic), plus the scene's own `fonts:` files, which come first and may add weights to a
/// system family or shadow it.
///
/// System faces are opened on first use and shared by every registry in the process (a face is
/// immutable once loaded). Families are listed sorted, so messages never depend on load order.
public final class FontRegistry: Sendable {
    /// The family a text item gets when it names none.
    public static let defaultFamily = "Inter"
    /// The last font in every fallback chain.
    public static let fallbackFamily = "DejaVu Sans"

    /// One face a family offers: its weight and how to get it.
    struct Entry {
        let family: String
        let weight: Int
        let path: String
        let loaded: FontFace?
    }

    private let entries: [Entry]
    /// The scene's own faces, in `fonts:` order.
    public let userFaces: [FontFace]
    /// Faces and fallback chains by the family and weight asked for, each worked out once: a
    /// scene checks and sets every text item with them, and most ask for the same few. At most
    /// `maxKept` of each, as `system` lives as long as the process (the studio's, loading scene
    /// after scene, each of which may spell families and weights its own way).
    private let faces = Mutex<[ChainKey: FontFace]>([:])
    private let chains = Mutex<[ChainKey: [FontFace]]>([:])
    static let maxKept = 256

    /// How many faces and chains are kept, for tests.
    var keptCount: (faces: Int, chains: Int) { (faces.withLock { $0.count }, chains.withLock { $0.count }) }

    private struct ChainKey: Hashable {
        let family: String
        let weight: Int
    }

    /// The registry of a scene without fonts of its own, shared: what it works out (faces,
    /// fallback chains) is then worked out once a process.
    public static let system = FontRegistry()

    public init(userFaces: [FontFace] = []) {
        self.userFaces = userFaces
        entries =
            userFaces.map { Entry(family: $0.familyName, weight: $0.weight, path: $0.path, loaded: $0) }
            + FontRegistry.systemEntries
    }

    /// Every family name, sorted.
    public var families: [String] { Array(Set(entries.map(\.family))).sorted() }

    /// The face of `family` nearest `weight` by CSS font matching (§5.2 of CSS Fonts 4): the exact
    /// weight; for 400–500 the heavier weights up to 500, then lighter, then heavier; below 400
    /// lighter first; above 500 heavier first. Family names match case-insensitively.
    public func face(family: String, weight: Int) throws -> FontFace {
        let key = ChainKey(family: family, weight: weight)
        if let face = faces.withLock({ $0[key] }) { return face }
        let face = try findFace(family: family, weight: weight)
        faces.withLock { if $0.count < Self.maxKept { $0[key] = face } }
        return face
    }

    private func findFace(family: String, weight: Int) throws -> FontFace {
        let candidates = entries.filter { Self.sameFamily($0.family, family) }
        guard !candidates.isEmpty else {
            let available = families
            let lowered = family.lowercased()
            let suggestion = available.min { a, b in
                editDistance(a.lowercased(), lowered) < editDistance(b.lowercased(), lowered)
            }.flatMap { editDistance($0.lowercased(), lowered) <= max(2, family.count / 3) ? $0 : nil }
            throw TextError.unknownFamily(family, available: available, suggestion: suggestion)
        }
        let chosen = Self.nearest(weight: weight, among: candidates.map(\.weight))
        // The first listed entry of that weight: a scene font before a system one.
        let entry = candidates.first { $0.weight == chosen }!
        if let face = entry.loaded { return face }
        return try SystemFaces.shared.face(path: entry.path)
    }

    /// The faces tried for each character, in order: the requested face, then the default family
    /// and the fallback family at the nearest weight, each once.
    public func fallbackChain(family: String, weight: Int) throws -> [FontFace] {
        let key = ChainKey(family: family, weight: weight)
        if let chain = chains.withLock({ $0[key] }) { return chain }
        var chain = [try face(family: family, weight: weight)]
        for name in [Self.defaultFamily, Self.fallbackFamily] {
            if let face = try? self.face(family: name, weight: weight), !chain.contains(where: { $0 === face }) {
                chain.append(face)
            }
        }
        chains.withLock { if $0.count < Self.maxKept { $0[key] = chain } }
        return chain
    }

    /// Family names compared case-insensitively, as Foundation's `caseInsensitiveCompare`; ASCII
    /// names (nearly all) byte by byte, where Foundation's comparison cost tens of thousands of
    /// instructions a name.
    package static func sameFamily(_ a: String, _ b: String) -> Bool {
        var (a, b) = (a, b)
        let ascii = a.withUTF8 { x in
            b.withUTF8 { y -> Bool? in
                guard x.allSatisfy({ $0 < 0x80 }), y.allSatisfy({ $0 < 0x80 }) else { return nil }
                guard x.count == y.count else { return false }
                return zip(x, y).allSatisfy { Self.lowered($0) == Self.lowered($1) }
            }
        }
        return ascii ?? (a.caseInsensitiveCompare(b) == .orderedSame)
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    static func nearest(weight: Int, among weights: [Int]) -> Int {
        let available = Set(weights)
        if available.contains(weight) { return weight }
        let lighter = available.filter { $0 < weight }.sorted(by: >)
        let heavier = available.filter { $0 > weight }.sorted()
        let order: [Int]
        if (400...500).contains(weight) {
            order = heavier.filter { $0 <= 500 } + lighter + heavier.filter { $0 > 500 }
        } else if weight < 400 {
            order = lighter + heavier
        } else {
            order = heavier + lighter
        }
        return order[0]
    }

    /// Inter's nine upright weights (OpenType files under /usr/share/fonts/opentype/inter in
    /// Debian's fonts-inter; TrueType under truetype/inter in older releases) and DejaVu Sans's
    /// three. Files that are not installed are left out, so the list is what this machine has.
    static let systemEntries: [Entry] = {
        let interStyles = [
            ("Thin", 100), ("ExtraLight", 200), ("Light", 300), ("Regular", 400), ("Medium", 500),
            ("SemiBold", 600), ("Bold", 700), ("ExtraBold", 800), ("Black", 900),
        ]
        var result: [Entry] = []
        for (style, weight) in interStyles {
            let candidates = [
                "/usr/share/fonts/opentype/inter/Inter-\(style).otf",
                "/usr/share/fonts/truetype/inter/Inter-\(style).ttf",
            ]
            if let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) {
                result.append(Entry(family: defaultFamily, weight: weight, path: path, loaded: nil))
            }
        }
        for (file, weight) in [("DejaVuSans-ExtraLight", 200), ("DejaVuSans", 400), ("DejaVuSans-Bold", 700)] {
            let path = "/usr/share/fonts/truetype/dejavu/\(file).ttf"
            if FileManager.default.fileExists(atPath: path) {
                result.append(Entry(family: fallbackFamily, weight: weight, path: path, loaded: nil))
            }
        }
        return result
    }()

    /// Opens the scene's `fonts:` files (or finds them in `SceneFaceCache`, opened from the same
    /// files before). Each path is relative to `folder` and must stay inside it once symbolic links
    /// are resolved; at most `TextLimits.maxSceneFonts` files.
    public static func loadSceneFonts(_ paths: [String], folder: String) throws -> [FontFace] {
        let root = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
        return try paths.map { relative in
            let url = URL(fileURLWithPath: relative, relativeTo: URL(fileURLWithPath: root, isDirectory: true))
            let resolved = url.standardizedFileURL.resolvingSymlinksInPath().path
            guard !relative.hasPrefix("/"), resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
                throw TextError.fontPathOutsideFolder(path: relative, folder: folder)
            }
            return try SceneFaceCache.shared.face(path: resolved)
        }
    }
}

/// The process-wide cache of system faces: each file is read and opened once.
final class SystemFaces: Sendable {
    static let shared = SystemFaces()
    private let faces = Mutex<[String: FontFace]>([:])

    func face(path: String) throws -> FontFace {
        // Opened under the lock, so two threads asking for the same file open it once.
        try faces.withLock { faces in
            if let face = faces[path] { return face }
            let face = try FontFace(path: path)
            faces[path] = face
            return face
        }
    }
}
