import Colors
import Foundation
import Geometry
import Images
import SceneSyntax
import Timing

// `image:` on an item and gradient fills (`fill: { linear: … }`, also the canvas's background).
// Values are checked here, where the node's line is known.

extension SceneDecoder {
    /// `image: { file: photos/a.jpg, contentMode: scaleAspectFill, contentsRect: [x, y, w, h] }`, or
    /// `image: photos/a.jpg`. The file is relative to the scene's folder and must stay inside it
    /// (as `icon:`); it is decoded here, so a missing or broken image is a load error at this line.
    func decodeImage(_ node: SourceNode, at path: String) throws -> ItemImage {
        let fileNode: SourceNode
        var f: Fields? = nil
        if case .mapping = node.value {
            let fields = try fields(
                node, at: path, allowed: ImageKeys.image,
                required: [("file", "file: photos/a.jpg, relative to the scene's folder")],
                what: "an image")
            fileNode = fields[checked: "file"]
            f = fields
        } else {
            fileNode = node
        }
        let filePath = f == nil ? path : path + ".file"
        let (relative, target) = try fileInsideSceneFolder(
            fileNode, at: filePath, kind: "image", example: "photos/a.jpg")
        let decoded: (hash: String, image: SceneImage)
        if let known = images.byPath[target.path] {
            decoded = known
        } else {
            do {
                let file = try ImageFile.load(
                    path: target.path, name: relative, maxPixels: limits.maxImagePixels - images.pixels)
                decoded = (file.hash, file.sceneImage())
                images.pixels += file.width * file.height
            } catch {
                let overBudget: Bool
                if case .overBudget = error { overBudget = true } else { overBudget = false }
                throw self.error(
                    at: fileNode, filePath, "image \(error.description)",
                    suggestion: overBudget
                        ? "raise the scene's budget with --max-image-pixels (SceneLimits.maxImagePixels in Swift; \(limits.maxImagePixels) now), or use smaller images"
                        : "give a PNG or JPEG file inside the scene's folder")
            }
            images.byPath[target.path] = decoded
        }
        var image = ItemImage(file: relative, path: target.path, hash: decoded.hash, image: decoded.image)
        if let f {
            if let n = f["contentMode"] { image.contentMode = try word(n, at: path + ".contentMode", ContentMode.self) }
            if let n = f["contentsRect"] {
                let v = try numbers(n, at: path + ".contentsRect", count: 4, names: "[x, y, width, height]")
                guard v[0] >= 0, v[1] >= 0, v[2] > 0, v[3] > 0, v[0] + v[2] <= 1, v[1] + v[3] <= 1 else {
                    throw error(
                        at: n, path + ".contentsRect",
                        "expected [x, y, width, height] inside the image's unit square (x, y ≥ 0, width, height > 0, x + width ≤ 1, y + height ≤ 1), found \(v.map { SceneSyntax.format($0) })",
                        suggestion: "for the left half of an image: [0, 0, 0.5, 1]")
                }
                image.contentsRect = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
            }
        }
        return image
    }

    /// `fill:` as a colour, or a gradient `{ linear | radial | conic: { colors, locations, startPoint, endPoint, dither } }`.
    func decodeFill(_ node: SourceNode, at path: String) throws -> (ColorRGBA8, Gradient?) {
        guard case .mapping = node.value else { return (try color(node, at: path), nil) }
        return (.clear, try decodeGradient(node, at: path))
    }

    func decodeGradient(_ node: SourceNode, at path: String) throws -> Gradient {
        let kinds = Gradient.Kind.allCases.map(\.rawValue)
        let outer = try fields(node, at: path, allowed: kinds, required: [], what: "a gradient")
        let given = kinds.filter { outer[$0] != nil }
        guard given.count == 1, let kind = Gradient.Kind(rawValue: given[0]) else {
            throw error(
                at: node, path,
                given.isEmpty
                    ? "expected a colour or a gradient { linear | radial | conic: { colors: […] } }, found an empty mapping"
                    : "\(listing(given)) are both given; expected exactly one gradient")
        }
        let at = path + "." + kind.rawValue
        let body = outer[checked: kind.rawValue]
        let f = try fields(
            body, at: at, allowed: ImageKeys.gradient,
            required: [("colors", "colors: [\"#000000\", \"#FFFFFF\"]")], what: "a gradient")
        let colorNodes = try list(f[checked: "colors"], at: at + ".colors")
        guard (1...Self.maxGradientStops).contains(colorNodes.count) else {
            throw error(
                at: f[checked: "colors"], at + ".colors",
                "expected 1 to \(Self.maxGradientStops) colours, found \(colorNodes.count)")
        }
        let colors = try colorNodes.enumerated().map { k, n in try color(n, at: at + ".colors[\(k)]") }
        var locations: [Double]? = nil
        if let n = f["locations"] {
            let nodes = try list(n, at: at + ".locations")
            guard nodes.count == colors.count else {
                throw error(
                    at: n, at + ".locations",
                    "expected one location per colour (\(colors.count)), found \(nodes.count)",
                    suggestion: "remove locations: for evenly spaced colours")
            }
            let values = try nodes.enumerated().map { k, v in try number(v, at: at + ".locations[\(k)]") }
            for (k, v) in values.enumerated() {
                guard v >= 0, v <= 1, k == 0 || v >= values[k - 1] else {
                    throw error(
                        at: nodes[k], at + ".locations[\(k)]",
                        "expected locations from 0 to 1 in non-decreasing order, found \(SceneSyntax.format(v))\(k > 0 ? " after \(SceneSyntax.format(values[k - 1]))" : "")"
                    )
                }
            }
            locations = values
        }
        // CAGradientLayer's defaults: a vertical axis, top to bottom; radial and conic from the centre.
        let defaultStart = kind == .linear ? Point(0.5, 0) : Point(0.5, 0.5)
        let defaultEnd = kind == .linear ? Point(0.5, 1) : (kind == .radial ? Point(1, 1) : Point(1, 0.5))
        let start =
            try f["startPoint"].map { n -> Point in
                let p = try pair(n, at: at + ".startPoint", names: ("x", "y"))
                return Point(p.0, p.1)
            } ?? defaultStart
        let end =
            try f["endPoint"].map { n -> Point in
                let p = try pair(n, at: at + ".endPoint", names: ("x", "y"))
                return Point(p.0, p.1)
            } ?? defaultEnd
        let dither = try f["dither"].map { try bool($0, at: at + ".dither") } ?? false
        return Gradient(
            kind: kind, colors: colors, locations: locations, startPoint: start, endPoint: end, dither: dither)
    }

    /// Most colour stops a gradient may have.
    static let maxGradientStops = 32

    /// A value of an animated gradient key (`colors`, `locations`, `startPoint`, `endPoint`), as
    /// the gradient itself writes it. Lists take 1 to `maxGradientStops` elements here; that
    /// their count is the gradient's is checked with the whole scene (`checkGradientAnimations`).
    /// Locations are not range-checked: `by` values and additive animations hold deltas.
    func gradientValue(_ node: SourceNode, for property: LayerProperty, at path: String) throws -> AnimatableValue {
        func elements(example: String) throws -> [SourceNode] {
            let nodes = try list(node, at: path)
            guard (1...Self.maxGradientStops).contains(nodes.count) else {
                throw error(
                    at: node, path, "expected 1 to \(Self.maxGradientStops) elements, found \(nodes.count)",
                    suggestion: "give one per colour stop, such as \(example)")
            }
            return nodes
        }
        switch property {
        case .gradientColors:
            let nodes = try elements(example: "[\"#000000\", \"#FFFFFF\"]")
            let colors = try nodes.enumerated().map { k, n in try color(n, at: path + "[\(k)]") }
            return .colorList(ListValue(premultiplying: colors))
        case .gradientLocations:
            let nodes = try elements(example: "[0, 1]")
            return .numberList(ListValue(try nodes.enumerated().map { k, n in try number(n, at: path + "[\(k)]") }))
        default:
            let p = try pair(node, at: path, names: ("x", "y"))
            return .point(Point(p.0, p.1))
        }
    }
}

/// The images a scene's decoding has read, by absolute path: items sharing a file share its
/// pixels (looked up, never iterated).
final class DecodedImages {
    var byPath: [String: (hash: String, image: SceneImage)] = [:]
    /// Width × height summed over the files decoded so far.
    var pixels = 0
}

enum ImageKeys {
    static let image = ["file", "contentMode", "contentsRect"]
    static let gradient = ["colors", "locations", "startPoint", "endPoint", "dither"]
}
