import Foundation
import Testing

@testable import SceneLoading
@testable import SceneModel
@testable import SceneSyntax

/// Fixtures live in `Fixtures/` next to these sources and are copied into the test bundle.
enum Fixtures {
    static var folder: URL {
        get throws {
            let url = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures")
            return url
        }
    }

    static func path(_ name: String) throws -> String {
        try folder.appendingPathComponent(name).path
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// Decodes a fixture under its bare file name, so messages read "wrong_type.yaml:5:12: …"
    /// wherever the bundle happens to be.
    static func decode(_ name: String) throws -> Scene {
        let format = try #require(SceneFileFormat(pathExtension: (name as NSString).pathExtension))
        return try SceneLoader.decode(try text(name), fileName: name, format: format)
    }
}

/// The repository root, found from this source file (Tests/SceneModelTests/Support.swift).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The `SceneError` that `body` throws; records an issue if it throws nothing or something else.
func sceneError(_ body: () throws -> Any, sourceLocation: SourceLocation = #_sourceLocation) -> SceneError? {
    do {
        let value = try body()
        Issue.record("expected a SceneError, got \(value)", sourceLocation: sourceLocation)
    } catch let error as SceneError {
        return error
    } catch {
        Issue.record("expected a SceneError, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Decodes YAML text (after the common header) as "test.yaml".
func decodeYAML(_ text: String, fileName: String = "test.yaml") throws -> Scene {
    try SceneLoader.decode(text, fileName: fileName, format: .yaml)
}

/// The smallest valid YAML scene, to which tests append lines.
let header = """
    canvas: { size: [320, 568] }
    duration: 1

    """
