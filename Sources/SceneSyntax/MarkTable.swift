/// Every node's position by key path, so that a `Scene.validate` violation ("items[1].size[0]")
/// can be reported at its place in the file.
package struct MarkTable {
    private var marks: [String: SourceMark] = [:]

    package init(_ root: SourceNode) {
        record(root, at: "")
    }

    private mutating func record(_ node: SourceNode, at path: String) {
        if let mark = node.mark { marks[path] = mark }
        switch node.value {
        case .scalar: break
        case .sequence(let nodes):
            for (i, child) in nodes.enumerated() { record(child, at: path + "[\(i)]") }
        case .mapping(let entries):
            for entry in entries where marks[path.isEmpty ? entry.key : path + "." + entry.key] == nil {
                record(entry.value, at: path.isEmpty ? entry.key : path + "." + entry.key)
            }
        }
    }

    /// The position of `keyPath`, or of its nearest ancestor present in the file (a defaulted
    /// value has no position of its own). Never the document root: a line 1 that is not the
    /// problem would mislead.
    package func mark(for keyPath: String) -> SourceMark? {
        var path = Substring(keyPath)
        while !path.isEmpty {
            if let m = marks[String(path)] { return m }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            path = path[..<cut]
        }
        return nil
    }
}
