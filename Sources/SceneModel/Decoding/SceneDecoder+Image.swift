import Colors
import Foundation
import Geometry
import Images
import LottiePlayback
import SceneSyntax
import Timing

// `image:` on an item and gradient fills (`fill: { linear: … }`, also the canvas's background).
// Values are checked here, where the node's line is known.

extension SceneDecoder {
    /// `image: { file: photos/a.jpg, contentMode: scaleAspectFill, contentsRect: [x, y, w, h] }`, or
    /// `image: photos/a.jpg`: the mapping's keys are declared in `ImageKeys`.
    func decodeImage(_ node: SourceNode, at path: String) throws -> ItemImage {
        guard case .mapping = node.value else { return try imageFile(node, at: path) }
        let draft = try decode(ImageKeys.spec, node, at: path, declared: ImageKeys.declared)
        guard var image = draft.file else { preconditionFailure("ImageKeys requires file") }
        image.contentMode = draft.contentMode
        image.contentsRect = draft.contentsRect
        return image
    }

    /// An image file relative to the scene's folder, which it must stay inside (as `icon:`); it is
    /// decoded here, so a missing or broken image is a load error at this line.
    func imageFile(_ fileNode: SourceNode, at filePath: String) throws -> ItemImage {
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
                        : "give a PNG, JPEG or WebP file inside the scene's folder")
            }
            images.byPath[target.path] = decoded
        }
        return ItemImage(file: relative, path: target.path, hash: decoded.hash, image: decoded.image)
    }

    /// `contentsRect: [x, y, width, height]`, inside the image's unit square.
    func contentsRect(_ n: SourceNode, at path: String) throws -> Rect {
        let v = try numbers(n, at: path, count: 4, names: "[x, y, width, height]")
        guard v[0] >= 0, v[1] >= 0, v[2] > 0, v[3] > 0, v[0] + v[2] <= 1, v[1] + v[3] <= 1 else {
            throw error(
                at: n, path,
                "expected [x, y, width, height] inside the image's unit square (x, y ≥ 0, width, height > 0, x + width ≤ 1, y + height ≤ 1), found \(v.map { SceneSyntax.format($0) })",
                suggestion: "for the left half of an image: [0, 0, 0.5, 1]")
        }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// `fill:` as a colour, or a gradient `{ linear | radial | conic: { colors, locations, startPoint, endPoint, dither } }`.
    func decodeFill(_ node: SourceNode, at path: @autoclosure () -> String) throws -> (ColorRGBA8, Gradient?) {
        guard case .mapping = node.value else { return (try color(node, at: path()), nil) }
        return (.clear, try decodeGradient(node, at: path()))
    }

    /// A gradient, its keys declared in `GradientKeys`; the points' defaults are CAGradientLayer's
    /// for its kind.
    func decodeGradient(_ node: SourceNode, at path: String) throws -> Gradient {
        let draft = try decode(GradientKeys.spec, node, at: path, declared: GradientKeys.declared)
        guard let kind = draft.kind, let body = draft.body else { preconditionFailure("GradientKeys requires a kind") }
        // A vertical axis, top to bottom, for linear; radial and conic from the centre.
        let defaultStart = kind == .linear ? Point(0.5, 0) : Point(0.5, 0.5)
        let defaultEnd = kind == .linear ? Point(0.5, 1) : (kind == .radial ? Point(1, 1) : Point(1, 0.5))
        return Gradient(
            kind: kind, colors: body.colors, locations: body.locations, startPoint: body.startPoint ?? defaultStart,
            endPoint: body.endPoint ?? defaultEnd, dither: body.dither)
    }

    /// A gradient's `colors`: 1 to `GradientKeys.maxStops` colours.
    func gradientColors(_ node: SourceNode, at path: String) throws -> [ColorRGBA8] {
        let nodes = try list(node, at: path)
        guard (1...GradientKeys.maxStops).contains(nodes.count) else {
            throw error(at: node, path, "expected 1 to \(GradientKeys.maxStops) colours, found \(nodes.count)")
        }
        return try nodes.enumerated().map { k, n in try color(n, at: path + "[\(k)]") }
    }

    /// A gradient's `locations`: one per colour, each in [0, 1], non-decreasing.
    func gradientLocations(_ node: SourceNode, at path: String, count: Int) throws -> [Double] {
        let nodes = try list(node, at: path)
        guard nodes.count == count else {
            throw error(
                at: node, path, "expected one location per colour (\(count)), found \(nodes.count)",
                suggestion: "remove locations: for evenly spaced colours")
        }
        let values = try nodes.enumerated().map { k, v in try number(v, at: path + "[\(k)]") }
        for (k, v) in values.enumerated() {
            guard v >= 0, v <= 1, k == 0 || v >= values[k - 1] else {
                throw error(
                    at: nodes[k], path + "[\(k)]",
                    "expected locations from 0 to 1 in non-decreasing order, found \(SceneSyntax.format(v))\(k > 0 ? " after \(SceneSyntax.format(values[k - 1]))" : "")"
                )
            }
        }
        return values
    }

    /// A value of an animated gradient key (`colors`, `locations`, `startPoint`, `endPoint`), as
    /// the gradient itself writes it. Lists take 1 to `GradientKeys.maxStops` elements here; that
    /// their count is the gradient's is checked with the whole scene (`checkGradientAnimations`).
    /// Locations are not range-checked: `by` values and additive animations hold deltas.
    func gradientValue(_ node: SourceNode, for property: LayerProperty, at path: String) throws -> AnimatableValue {
        func elements(example: String) throws -> [SourceNode] {
            let nodes = try list(node, at: path)
            guard (1...GradientKeys.maxStops).contains(nodes.count) else {
                throw error(
                    at: node, path, "expected 1 to \(GradientKeys.maxStops) elements, found \(nodes.count)",
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

extension SceneDecoder {
    /// `lottie: { file, speed, loop, from, to, contentMode }`: the mapping's keys are declared in
    /// `LottieKeys`; `from` and `to` are checked against the file's frames here, at their lines.
    func decodeLottie(_ node: SourceNode, at path: String) throws -> ItemLottie {
        let draft = try decode(LottieKeys.spec, node, at: path, declared: LottieKeys.declared)
        guard var lottie = draft.file else { preconditionFailure("LottieKeys requires file") }
        let frames = lottie.document.frameCount
        lottie.from = draft.from ?? 0
        lottie.to = draft.to ?? frames
        guard lottie.to <= frames, lottie.from < lottie.to else {
            var fields: [SourceNode.Entry] = []
            if case .mapping(let entries) = node.value { fields = entries }
            let at = fields.first(where: { $0.key == (draft.to.map { $0 > frames } == true ? "to" : "from") })
            throw error(
                at: at?.value ?? node, path + "." + (at?.key ?? "from"),
                "expected from < to ≤ \(frames) (the file's frames), found from \(lottie.from), to \(lottie.to)",
                suggestion: "leave out to: for the file's last frame")
        }
        (lottie.speed, lottie.loop, lottie.contentMode) = (draft.speed, draft.loop, draft.contentMode)
        return lottie
    }

    /// A Lottie file relative to the scene's folder, inside it; read and checked here (its size
    /// before reading it), so a missing or hostile file is a load error at this line.
    func lottieFile(_ fileNode: SourceNode, at filePath: String) throws -> ItemLottie {
        let (relative, target) = try fileInsideSceneFolder(
            fileNode, at: filePath, kind: "Lottie file", example: "animations/check.json")
        let limits = LottieDocument.Limits()
        let size = (try? FileManager.default.attributesOfItem(atPath: target.path))?[.size] as? NSNumber
        guard let size, FileManager.default.isReadableFile(atPath: target.path) else {
            throw error(
                at: fileNode, filePath, "Lottie file '\(relative)' cannot be read (no such file?)",
                suggestion: "give a Lottie JSON file inside the scene's folder")
        }
        guard size.intValue <= limits.maxBytes, let data = FileManager.default.contents(atPath: target.path) else {
            throw error(
                at: fileNode, filePath,
                "Lottie file '\(relative)' is \(size.intValue) bytes; expected at most \(limits.maxBytes)")
        }
        do {
            let document = try LottieDocument(bytes: [UInt8](data), limits: limits)
            _ = try LottiePlayer(document)
            return ItemLottie(file: relative, path: target.path, document: document)
        } catch {
            throw self.error(
                at: fileNode, filePath, "Lottie file '\(relative)' \(error.description)",
                suggestion: "export it from After Effects (Bodymovin) or LottieFiles with images embedded")
        }
    }
}
