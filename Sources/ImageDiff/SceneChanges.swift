/// What changed between two listings of a resolved scene (`path = value` lines, as goldens keep
/// them in `scene.txt`): each changed, added or removed value as `path: old → new`, in the
/// actual listing's order, removals after. Knows no scene types: lines are text.
public enum SceneChanges {
    /// At most `limit` lines, then one that counts the rest.
    public static func describe(expected: [String], actual: [String], limit: Int = 20) -> [String] {
        func split(_ lines: [String]) -> [(String, String)] {
            lines.compactMap { line in
                guard let r = line.range(of: " = ") else { return nil }
                return (String(line[..<r.lowerBound]), String(line[r.upperBound...]))
            }
        }
        let old = split(expected)
        let new = split(actual)
        let oldValues = Dictionary(old, uniquingKeysWith: { a, _ in a })
        let newPaths = Set(new.map(\.0))
        var changes: [String] = []
        for (path, value) in new where oldValues[path] != value {
            changes.append("\(path): \(oldValues[path] ?? "(none)") → \(value)")
        }
        for (path, value) in old where !newPaths.contains(path) {
            changes.append("\(path): \(value) → (none)")
        }
        guard changes.count > limit else { return changes }
        return Array(changes.prefix(limit)) + ["… and \(changes.count - limit) more changes in the scene"]
    }
}
