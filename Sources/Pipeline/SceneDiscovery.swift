import Foundation

/// Finds the scene files in a folder: `*.yaml`, `*.yml` and `*.json` except the JSON Schema,
/// sorted by name so renders always run in the same order.
public enum SceneDiscovery {
    public static let extensions: Set<String> = ["yaml", "yml", "json"]

    public static func sceneFiles(in directory: String) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        return
            names
            .filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .filter { $0 != "schema.json" && !$0.hasPrefix(".") }
            .sorted()
            .map { (directory as NSString).appendingPathComponent($0) }
    }
}
