import Foundation
import SceneModel
import SceneSyntax

/// The files generated from the key declarations: scenes/schema.json and the key tables of
/// docs/scene-format.md. `flipbook schema` writes them; a test fails when the committed ones differ.
public enum SceneFormatFiles {
    /// Paths relative to the repository root.
    public static let schemaPath = "scenes/schema.json"
    public static let docPath = "docs/scene-format.md"
    /// What to run when the committed files are stale.
    public static let command = "swift run flipbook schema"

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The regenerated schema, from the committed one (whose hand-written parts are kept).
    public static func schema(from committed: String) throws -> String {
        guard let node = try JSONReader.parse(committed, file: schemaPath) else {
            throw Failure(description: "\(schemaPath) is empty")
        }
        return SchemaGenerator.regenerate(JSONValue(node)).printed
    }

    /// The regenerated format reference, from the committed one (prose kept, tables regenerated).
    public static func doc(from committed: String) throws -> String {
        do { return try DocTableGenerator.regenerate(committed) } catch {
            throw Failure(description: "\(error)")
        }
    }

    /// Each generated file under `root`: its path and its committed and regenerated text.
    public static func generated(root: URL) throws -> [(path: String, committed: String, generated: String)] {
        try [(schemaPath, schema(from:)), (docPath, doc(from:))].map { path, make in
            let url = root.appendingPathComponent(path)
            let committed: String
            do { committed = try String(contentsOf: url, encoding: .utf8) } catch {
                throw Failure(description: "\(url.path): cannot read: \(error.localizedDescription)")
            }
            return (path, committed, try make(committed))
        }
    }

    /// Writes every generated file that differs from the committed one (a temporary file, then a
    /// rename, so a reader never sees half a file); returns the paths written.
    @discardableResult
    public static func write(root: URL) throws -> [String] {
        var written: [String] = []
        for file in try generated(root: root) where file.generated != file.committed {
            let url = root.appendingPathComponent(file.path)
            let temporary = url.deletingLastPathComponent().appendingPathComponent(
                ".\(url.lastPathComponent).tmp-\(getpid())")
            try Data(file.generated.utf8).write(to: temporary)
            if rename(temporary.path, url.path) != 0 {
                try? FileManager.default.removeItem(at: temporary)
                throw Failure(description: "\(url.path): cannot replace (errno \(errno))")
            }
            written.append(file.path)
        }
        return written
    }
}
