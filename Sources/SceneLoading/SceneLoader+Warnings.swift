import Foundation
import SceneModel
import SceneSyntax

extension SceneLoader {
    /// Loads like `load(path:limits:)` and also returns the scene's warnings, located in the file.
    /// `overrides`: control values (`--set`), as `loadWithControls` takes them.
    public static func loadWithWarnings(
        path: String, limits: SceneLimits = .default,
        overrides: [(name: String, value: String)] = []
    ) throws -> (Scene, [SceneWarning]) {
        let loaded = try loadReporting(path: path, limits: limits, overrides: overrides)
        let scene = loaded.scene
        let warnings = scene.warnings(file: path)
        guard !warnings.isEmpty, let format = SceneFileFormat(pathExtension: (path as NSString).pathExtension),
            let text = try? String(contentsOfFile: path, encoding: .utf8),
            let root = try? parse(text, fileName: path, format: format, limits: limits)
        else { return (scene, loaded.fileWarnings + warnings) }
        let marks = MarkTable(root)
        return (
            scene,
            loaded.fileWarnings
                + warnings.map { w in
                    var w = w
                    let mark = marks.mark(for: w.keyPath)
                    w.line = mark?.line
                    w.column = mark?.column
                    return w
                }
        )
    }
}
