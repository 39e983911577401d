import Colors
import SceneSyntax
import Text

/// An item's text (`text:`): what CATextLayer / UILabel draws, set by the `Text` module in the
/// item's bounds (top-left origin; lines centred in the height as UILabel's, unless
/// `verticalAlignment` says otherwise) and drawn over the item's fill.
public struct TextSpec: Equatable, Sendable {
    /// The characters, at most `TextLimits.maxStringScalars` Unicode scalars; "\n" breaks lines.
    public var string: String
    /// Family, size, weight, alignment, lines, line break mode, line height, letter spacing.
    public var style: TextStyle
    /// Text colour, default opaque black; animatable as `textColor` (alias `foregroundColor`).
    public var color: ColorRGBA8

    public init(string: String, style: TextStyle = TextStyle(), color: ColorRGBA8 = .black) {
        self.string = string
        self.style = style
        self.color = color
    }
}

/// One of the scene's own font files (`fonts:`), loaded: the path as written (relative to the
/// scene's folder) and the face, whose content hash the scene's hash and the manifest include.
public struct SceneFont: Equatable, Sendable, CustomDebugStringConvertible {
    public var path: String
    public var face: FontFace

    public init(path: String, face: FontFace) {
        self.path = path
        self.face = face
    }

    public static func == (a: SceneFont, b: SceneFont) -> Bool {
        a.path == b.path && a.face.contentHash == b.face.contentHash
    }

    /// What the scene hash sees: the path and the file's content hash, so a different font file
    /// under the same name changes the scene's hash.
    public var debugDescription: String { "SceneFont(path: \(path), fnv1a64: \(face.contentHash))" }
}

extension Scene {
    /// The families this scene's text can name: Inter, DejaVu Sans and its own fonts.
    public var fontRegistry: FontRegistry { fonts.isEmpty ? .system : FontRegistry(userFaces: fonts.map(\.face)) }
}
