// A component instance's nodes keep their own positions and gain an origin, so an error inside an
// instance names the component's line and the instance (SceneLoading expands components; every
// later stage reports through these marks).

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
            message += "; " + origin.phrase
        }
        self.init(
            file: file, keyPath: keyPath, line: mark?.line, column: mark?.column,
            message: message, suggestion: suggestion, kind: .invalid)
    }
}
