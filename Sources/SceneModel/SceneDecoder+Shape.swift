import Foundation
import Geometry
import Icons
import Colors
import Shapes
import Timing

// `shape:` on an item (CAShapeLayer). Ranges are checked in Validation+Shape.swift.

extension SceneDecoder {
    func decodeShape(_ node: SourceNode, at path: String) throws -> ShapeSpec {
        let f = try fields(node, at: path, allowed: ShapeKeys.shape, required: [], what: "a shape")
        let given = ShapeKeys.geometry.filter { f[$0] != nil }
        guard given.count == 1 else {
            throw error(at: node, path, given.isEmpty
                ? "missing the shape's outline; expected one of: \(listing(ShapeKeys.geometry))"
                : "\(listing(given)) are both given; expected exactly one outline")
        }
        var shape: ShapeSpec
        if let n = f["path"] {
            shape = ShapeSpec(geometry: .path(try pathData(n, at: path + ".path")))
        } else if let n = f["ellipse"] {
            guard try bool(n, at: path + ".ellipse") else {
                throw error(at: n, path + ".ellipse", "expected true (the ellipse inscribed in the item's bounds), found false",
                            suggestion: "remove the shape, or give path:, polygon: or star: instead")
            }
            shape = ShapeSpec(geometry: .ellipse)
        } else if let n = f["polygon"] {
            let p = try fields(n, at: path + ".polygon", allowed: ["sides"], required: [("sides", "sides: 3 or more")], what: "a polygon")
            shape = ShapeSpec(geometry: .polygon(sides: try integer(p[checked: "sides"], at: path + ".polygon.sides")))
        } else {
            let n = f[checked: "star"]
            let s = try fields(n, at: path + ".star", allowed: ["points", "innerRadius"],
                               required: [("points", "points: 3 or more")], what: "a star")
            let points = try integer(s[checked: "points"], at: path + ".star.points")
            let inner = try s["innerRadius"].map { try number($0, at: path + ".star.innerRadius") } ?? 0.5
            shape = ShapeSpec(geometry: .star(points: points, innerRadius: inner))
        }
        if let n = f["fillColor"] { shape.fillColor = try colorOrNone(n, at: path + ".fillColor") }
        if let n = f["fillRule"] { shape.fillRule = try word(n, at: path + ".fillRule", FillRule.self) }
        if let n = f["strokeColor"] { shape.strokeColor = try colorOrNone(n, at: path + ".strokeColor") }
        if let n = f["lineWidth"] { shape.stroke.lineWidth = try number(n, at: path + ".lineWidth") }
        if let n = f["lineCap"] { shape.stroke.lineCap = try word(n, at: path + ".lineCap", LineCap.self) }
        if let n = f["lineJoin"] { shape.stroke.lineJoin = try word(n, at: path + ".lineJoin", LineJoin.self) }
        if let n = f["miterLimit"] { shape.stroke.miterLimit = try number(n, at: path + ".miterLimit") }
        if let n = f["lineDashPattern"] {
            let nodes = try list(n, at: path + ".lineDashPattern")
            guard nodes.count <= ShapeSpec.maxDashPatternCount else {
                throw error(at: n, path + ".lineDashPattern", "expected at most \(ShapeSpec.maxDashPatternCount) lengths, found \(nodes.count)")
            }
            shape.stroke.lineDashPattern = try nodes.enumerated().map { k, v in try number(v, at: path + ".lineDashPattern[\(k)]") }
        }
        if let n = f["lineDashPhase"] { shape.stroke.lineDashPhase = try number(n, at: path + ".lineDashPhase") }
        if let n = f["strokeStart"] { shape.stroke.strokeStart = try number(n, at: path + ".strokeStart") }
        if let n = f["strokeEnd"] { shape.stroke.strokeEnd = try number(n, at: path + ".strokeEnd") }
        return shape
    }

    /// SVG path data; a malformed string is an error at the string's line naming the character
    /// offset inside it.
    func pathData(_ node: SourceNode, at path: String) throws -> Path {
        let text = try string(node, at: path)
        do {
            return try SVGPathData.parse(text)
        } catch let e as SVGPathError {
            let shown = String(text.unicodeScalars.prefix(e.offset + 12).suffix(24))
            throw error(at: node, path, "malformed path data at character \(e.offset) of the string (…\(shown)…): \(e.message)",
                        suggestion: "path data is SVG's d attribute: M x y, L x y, H x, V y, C, S, Q, T, A, Z (lower case: relative)")
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
        let relative = try string(node, at: path)
        guard !relative.isEmpty, !relative.hasPrefix("/") else {
            throw error(at: node, path, "expected a path relative to the scene's folder, such as icons/heart.svg, found \(node.foundDescription)")
        }
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().standardizedFileURL.resolvingSymlinksInPath()
        let target = folder.appendingPathComponent(relative).standardizedFileURL.resolvingSymlinksInPath()
        guard target.path.hasPrefix(folder.path.hasSuffix("/") ? folder.path : folder.path + "/") else {
            throw error(at: node, path, "icon '\(relative)' lies outside the scene's folder; expected a file inside \(folder.path)")
        }
        do {
            return ItemIcon(file: relative, icon: try IconLoader.load(path: target.path, name: relative))
        } catch let e as IconError {
            throw error(at: node, path, "icon \(e.description)")
        }
    }
}

enum ShapeKeys {
    static let geometry = ["path", "ellipse", "polygon", "star"]
    static let shape = geometry + ["fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit",
                                   "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd"]
}
