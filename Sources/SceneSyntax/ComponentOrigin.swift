// A component's nodes keep their own positions and carry an origin, so an error inside an instance
// names the component's line and the instance (SceneLoading expands components; every later stage
// reports through these marks). Text that every instance shares names its instance once the error
// is located on the expanded tree (`namingInstance`).

/// Where a node expanded from a component came from; carried by its `SourceMark`.
package struct ComponentOrigin: Equatable, Sendable {
    /// The file holding the component's text (the scene file, or an imported file).
    package var file: String
    package var component: String
    /// The instance's full (prefixed) id.
    package var instance: String
    /// Where the instance is written: file and line.
    package var instanceFile: String
    package var instanceLine: Int?
    /// Set on an argument's value: the parameter it fills and the line of the component that
    /// uses it. The value itself is in the instance's file.
    package var parameter: String? = nil
    package var parameterLine: Int? = nil

    package init(
        file: String, component: String, instance: String, instanceFile: String, instanceLine: Int?,
        parameter: String? = nil, parameterLine: Int? = nil
    ) {
        (self.file, self.component, self.instance) = (file, component, instance)
        (self.instanceFile, self.instanceLine) = (instanceFile, instanceLine)
        (self.parameter, self.parameterLine) = (parameter, parameterLine)
    }

    /// The file the marked text is in.
    package var textFile: String { parameter == nil ? file : instanceFile }

    /// "in instance 'r3' (scenes/list.yaml:21) of component 'row'", or for an argument
    /// "for parameter 'tint' of component 'row' (used at rows.yaml:9) in instance 'r3'".
    package var phrase: String {
        if let parameter {
            let used = parameterLine.map { "\(file):\($0)" } ?? file
            return
                "for parameter '\(parameter)' of component '\(component)' (used at \(used)) in instance '\(instance)'"
        }
        let at = instanceLine.map { "\(instanceFile):\($0)" } ?? instanceFile
        return "in instance '\(instance)' (\(at)) of component '\(component)'"
    }
}

extension SceneError {
    /// An error at `mark`; inside a component instance, the file is the component's and the
    /// message names the instance.
    package init(file: String, keyPath: String?, mark: SourceMark?, message: String, suggestion: String?) {
        var message = message
        var file = file
        if let origin = mark?.origin {
            file = origin.textFile
            if mark?.isTemplate != true { message += "; " + origin.phrase }
        }
        self.init(
            file: file, keyPath: keyPath, line: mark?.line, column: mark?.column,
            message: message, suggestion: suggestion, kind: .invalid)
        if mark?.isTemplate == true { awaitingInstanceOf = mark?.origin?.component }
    }

    /// The error with its instance named, when it is at a component's own text: the innermost of
    /// `instances` (outermost first) of that component.
    package func namingInstance(from instances: [ComponentOrigin]) -> SceneError {
        guard let component = awaitingInstanceOf else { return self }
        var named = self
        named.awaitingInstanceOf = nil
        // Every instance on the way is anchored by the expander; "in component" is the fallback
        // for a path that leaves the tree, which no error of the loader's has.
        named.message +=
            "; " + (instances.last { $0.component == component }?.phrase ?? "in component '\(component)'")
        return named
    }

    /// `namingInstance` for an error in the expanded tree `root`, at the instances along its
    /// key path.
    package func namingInstance(in root: SourceNode) -> SceneError {
        guard awaitingInstanceOf != nil else { return self }
        return namingInstance(from: root.instances(along: keyPath ?? ""))
    }
}

extension SourceNode {
    /// The component instances whose top nodes lie on `keyPath` (`items[3].children[0].fill`),
    /// outermost first, as the expander anchored them; the walk stops where the path leaves the
    /// tree.
    package func instances(along keyPath: String) -> [ComponentOrigin] {
        var found: [ComponentOrigin] = []
        var node = self
        var rest = Substring(keyPath)
        while true {
            if let instance = node.mark?.instance { found.append(instance) }
            if rest.first == "." { rest = rest.dropFirst() }
            guard !rest.isEmpty else { return found }
            switch node.value {
            case .scalar: return found
            case .sequence(let nodes):
                guard rest.first == "[", let close = rest.firstIndex(of: "]"),
                    let k = Int(rest[rest.index(after: rest.startIndex)..<close]), nodes.indices.contains(k)
                else { return found }
                node = nodes[k]
                rest = rest[rest.index(after: close)...]
            case .mapping(let entries):
                // The longest key the path goes on with: a key may itself hold a dot.
                let next = entries.filter { entry in
                    guard rest.hasPrefix(entry.key) else { return false }
                    let after = rest.dropFirst(entry.key.count)
                    return after.isEmpty || after.first == "." || after.first == "["
                }.max { $0.key.count < $1.key.count }
                guard let next else { return found }
                node = next.value
                rest = rest.dropFirst(next.key.count)
            }
        }
    }
}
