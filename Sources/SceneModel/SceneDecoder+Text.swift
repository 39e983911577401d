import Foundation
import Text

// `text:` on an item and `fonts:` at the top level. Font files are opened here (they are files
// next to the scene, so their errors point at the list entry); whether a family exists is a
// semantic rule checked by `Scene.checkTexts` with the other rules.

extension Keys {
    static let text = [
        "string", "font", "color", "alignment", "numberOfLines", "lineBreakMode", "lineHeight", "letterSpacing",
    ]
    static let font = ["family", "size", "weight"]
}

extension SceneDecoder {
    func decodeText(_ node: SourceNode, at path: String) throws -> TextSpec {
        let f = try fields(
            node, at: path, allowed: Keys.text, required: [("string", "string: the text to draw")], what: "a text")
        var spec = TextSpec(string: try string(f[checked: "string"], at: path + ".string"))
        if let n = f["font"] {
            let font = try fields(n, at: path + ".font", allowed: Keys.font, required: [], what: "a font")
            if let m = font["family"] { spec.style.family = try string(m, at: path + ".font.family") }
            if let m = font["size"] { spec.style.size = try number(m, at: path + ".font.size") }
            if let m = font["weight"] { spec.style.weight = try fontWeight(m, at: path + ".font.weight") }
        }
        if let n = f["color"] { spec.color = try color(n, at: path + ".color") }
        if let n = f["alignment"] {
            spec.style.alignment = try word(n, at: path + ".alignment", TextStyle.Alignment.self)
        }
        if let n = f["numberOfLines"] { spec.style.numberOfLines = try integer(n, at: path + ".numberOfLines") }
        if let n = f["lineBreakMode"] {
            spec.style.lineBreakMode = try word(n, at: path + ".lineBreakMode", TextStyle.LineBreakMode.self)
        }
        if let n = f["lineHeight"] { spec.style.lineHeight = try number(n, at: path + ".lineHeight") }
        if let n = f["letterSpacing"] { spec.style.letterSpacing = try number(n, at: path + ".letterSpacing") }
        return spec
    }

    /// A number 1...1000, or a UIFont.Weight name: ultraLight 200 … black 900 (CSS values).
    private func fontWeight(_ node: SourceNode, at path: String) throws -> Int {
        if case .string(let name)? = node.scalarMeaning {
            guard let weight = Self.weightNames.first(where: { $0.0 == name })?.1 else {
                let names = Self.weightNames.map(\.0)
                throw error(
                    at: node, path,
                    "expected a weight 1...1000 or one of: \(listing(names)), found \(node.foundDescription)",
                    suggestion: didYouMean(name, names))
            }
            return weight
        }
        return try integer(node, at: path)
    }

    static let weightNames = [
        ("ultraLight", 200), ("thin", 100), ("light", 300), ("regular", 400), ("medium", 500),
        ("semibold", 600), ("bold", 700), ("heavy", 800), ("black", 900),
    ]

    /// `fonts: [file, …]`: each relative to the scene file's folder, kept inside it, a real font
    /// of at most `TextLimits.maxFontFileBytes`.
    func decodeFonts(_ node: SourceNode) throws -> [SceneFont] {
        let nodes = try list(node, at: "fonts")
        guard nodes.count <= TextLimits.maxSceneFonts else {
            throw error(
                at: node, "fonts", "expected at most \(TextLimits.maxSceneFonts) font files, found \(nodes.count)")
        }
        let folder = (file as NSString).deletingLastPathComponent
        return try nodes.enumerated().map { i, entry in
            let path = try string(entry, at: "fonts[\(i)]")
            do {
                let face = try FontRegistry.loadSceneFonts([path], folder: folder.isEmpty ? "." : folder)[0]
                return SceneFont(path: path, face: face)
            } catch let problem as TextError {
                throw error(
                    at: entry, "fonts[\(i)]", problem.description,
                    suggestion: "list font files (.ttf, .otf) relative to the scene file's folder")
            }
        }
    }
}
