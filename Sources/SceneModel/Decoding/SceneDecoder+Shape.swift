import Colors
import Foundation
import Geometry
import Icons
import SceneSyntax
import Shapes
import Text
import Timing

// `shape:` on an item (CAShapeLayer). Ranges are checked in Validation+Shape.swift.

extension SceneDecoder {
    /// `shape:`: the outline first (exactly one of path, ellipse, polygon, star), then the declared
    /// paint and stroke keys (`ShapeKeys`).
    func decodeShape(_ node: SourceNode, at path: String) throws -> ShapeSpec {
        let f = try fields(node, at: path, ShapeKeys.declared)
        var shape = ShapeSpec(geometry: try decodeOutline(node, f, at: path))
        try decodeKeys(ShapeKeys.spec, from: f, at: path, into: &shape)
        return shape
    }

    private func decodeOutline(_ node: SourceNode, _ f: Fields, at path: String) throws -> ShapeSpec.Geometry {
        let given = ShapeKeys.geometry.filter { f[$0] != nil }
        guard given.count == 1 else {
            throw error(
                at: node, path,
                given.isEmpty
                    ? "missing the shape's outline; expected one of: \(listing(ShapeKeys.geometry))"
                    : "\(listing(given)) are both given; expected exactly one outline")
        }
        if let n = f["path"] { return .path(try pathData(n, at: path + ".path")) }
        if let n = f["ellipse"] {
            guard try bool(n, at: path + ".ellipse") else {
                throw error(
                    at: n, path + ".ellipse", "expected true (the ellipse inscribed in the item's bounds), found false",
                    suggestion: "remove the shape, or give path:, polygon: or star: instead")
            }
            return .ellipse
        }
        if let n = f["polygon"] {
            let p = try fields(n, at: path + ".polygon", NestedKeys.polygon.declared)
            return .polygon(sides: try integer(p[checked: "sides"], at: path + ".polygon.sides"))
        }
        let n = f[checked: "star"]
        let s = try fields(n, at: path + ".star", NestedKeys.star.declared)
        let points = try integer(s[checked: "points"], at: path + ".star.points")
        let inner = try s["innerRadius"].map { try number($0, at: path + ".star.innerRadius") } ?? 0.5
        return .star(points: points, innerRadius: inner)
    }

    /// SVG path data; a malformed string is an error at the string's line naming the character
    /// offset inside it.
    func pathData(_ node: SourceNode, at path: String) throws -> Path {
        let text = try string(node, at: path)
        do {
            return try SVGPathData.parse(text)
        } catch let e as SVGPathError {
            let shown = String(text.unicodeScalars.prefix(e.offset + 12).suffix(24))
            throw error(
                at: node, path, "malformed path data at character \(e.offset) of the string (…\(shown)…): \(e.message)",
                suggestion:
                    "path data is SVG's d attribute: M x y, L x y, H x, V y, C, S, Q, T, A, Z (lower case: relative)")
        }
    }

    /// A colour, or `none` for clear.
    func colorOrNone(_ node: SourceNode, at path: String) throws -> ColorRGBA8 {
        if case .string("none")? = node.scalarMeaning { return .clear }
        return try color(node, at: path)
    }
}

extension SceneDecoder {
    /// `icon: icons/heart.svg`: a file relative to the scene's folder that must stay inside it
    /// (no absolute paths, no way out through .. or a symbolic link), loaded by `IconLoader`.
    func decodeIcon(_ node: SourceNode, at path: String) throws -> ItemIcon {
        let (relative, target) = try fileInsideSceneFolder(node, at: path, kind: "icon", example: "icons/heart.svg")
        let icon: Icon
        if let known = icons.byPath[target.path] {
            icon = known
        } else {
            var warnings: [IconWarning] = []
            do {
                icon = try IconLoader.load(path: target.path, name: relative, fonts: icons.fonts, warnings: &warnings)
            } catch let e as IconError {
                throw error(at: node, path, "icon \(e.description)")
            }
            icons.byPath[target.path] = icon
            noteIconWarnings(warnings, at: node, path, kind: "icon")
        }
        // Every item showing the icon draws all of its shapes, so each use counts.
        icons.shapes += icon.pieces.count
        if icons.shapes > limits.maxSVGElements {
            throw error(
                at: node, path,
                "icon '\(relative)' brings the scene's icons to \(icons.shapes) SVG shapes; expected at most \(limits.maxSVGElements) in all",
                suggestion:
                    "raise the limit with --max-svg-elements (SceneLimits.maxSVGElements in Swift), or use simpler icons"
            )
        }
        return ItemIcon(file: relative, icon: icon)
    }
}

/// Icon files parsed so far, the shapes drawn by every item that shows one, and what the files
/// are drawn without (each file's warnings once, at the first key that loads it).
final class LoadedIcons {
    var byPath: [String: Icon] = [:]
    /// The scene's `fonts:` and the bundled ones, which icons' text is set in; nil when the scene
    /// has none (the bundled fonts alone).
    var fonts: FontRegistry?
    var shapes = 0
    var warnings: [SceneWarning] = []
}

extension SceneDecoder {
    /// An icon file's warnings as the scene's, placed at the key that names the file.
    func noteIconWarnings(_ warnings: [IconWarning], at node: SourceNode, _ path: String, kind: String) {
        for w in warnings {
            icons.warnings.append(
                SceneWarning(
                    file: file, keyPath: path, line: node.mark?.line, column: node.mark?.column,
                    message: "\(kind) \(w.description)", suggestion: nil))
        }
    }
}

extension SceneDecoder {
    /// A file an item names (`icon:`, `image: { file: }`): relative to the scene's folder and
    /// inside it (no absolute paths, no way out through .. or a symbolic link). Returns the path
    /// as written and the resolved file.
    func fileInsideSceneFolder(_ node: SourceNode, at path: String, kind: String, example: String) throws
        -> (relative: String, target: URL)
    {
        templates.noteOutsideRead()
        let relative = try string(node, at: path)
        guard !relative.isEmpty, !relative.hasPrefix("/") else {
            throw error(
                at: node, path,
                "expected a path relative to the scene's folder, such as \(example), found \(node.foundDescription)")
        }
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().standardizedFileURL
            .resolvingSymlinksInPath()
        let target = folder.appendingPathComponent(relative).standardizedFileURL.resolvingSymlinksInPath()
        guard target.path.hasPrefix(folder.path.hasSuffix("/") ? folder.path : folder.path + "/") else {
            throw error(
                at: node, path,
                "\(kind) '\(relative)' lies outside the scene's folder; expected a file inside \(folder.path)")
        }
        return (relative, target)
    }
}
