import Foundation
import SceneSyntax
import Text

// The readers behind the declarations of `text:` and `fonts:` (Keys/TextKeys.swift): a font
// weight by number or name, and the scene's font files, opened here (they are files next to the
// scene, so their errors point at the list entry).

extension SceneDecoder {
    /// A number 1...1000, or a UIFont.Weight name: ultraLight 200 … black 900 (CSS values).
    func fontWeight(_ node: SourceNode, at path: String) throws -> Int {
        if case .string(let name)? = node.scalarMeaning {
            guard let weight = FontKeys.weightNames.first(where: { $0.0 == name })?.1 else {
                let names = FontKeys.weightNames.map(\.0)
                throw error(
                    at: node, path,
                    "expected a weight 1...1000 or one of: \(listing(names)), found \(node.foundDescription)",
                    suggestion: didYouMean(name, names))
            }
            return weight
        }
        return try integer(node, at: path)
    }

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
