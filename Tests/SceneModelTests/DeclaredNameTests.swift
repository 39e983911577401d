import Foundation
import Testing

@testable import SceneLoading
@testable import SceneModel

/// `SceneLoader.declaredName`: the studio's cheap look at a scene's `name:` without parsing it.
@Suite("A scene's declared name")
struct DeclaredNameTests {
    private func name(_ text: String, ext: String) throws -> String? {
        let path = NSTemporaryDirectory() + "/declared-name-\(getpid())-\(UInt64.random(in: 0..<UInt64.max)).\(ext)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return SceneLoader.declaredName(path: path)
    }

    @Test(
        "YAML: the first name: line at column 0, quotes and a comment removed; nested or indented names are not the scene's",
        arguments: [
            ("version: 1\nname: settings   # the screen\ncanvas: {}\n", "settings"),
            ("name: \"quoted-name\"\n", "quoted-name"),
            ("name: 'single'\r\n", "single"),
            ("items:\n  - name: inner\n    id: a\n", nil),
            ("components:\n  card:\n    name: nested\n", nil),
            ("canvas: { size: [10, 10] }\n", nil),
        ] as [(String, String?)])
    func yaml(text: String, expected: String?) throws {
        #expect(try name(text, ext: "yaml") == expected)
    }

    @Test(
        "JSON: the top-level \"name\" string, not a nested one nor a value that reads \"name\"",
        arguments: [
            (#"{"canvas": {"name": "inner"}, "name": "gravity"}"#, "gravity"),
            (#"{"title": "name", "x": "y"}"#, nil),
            (#"{"items": [{"name": "a"}], "fps": 60}"#, nil),
            (#"{"name": "esc\"aped"}"#, "esc\"aped"),
        ] as [(String, String?)])
    func json(text: String, expected: String?) throws {
        #expect(try name(text, ext: "json") == expected)
    }
}
