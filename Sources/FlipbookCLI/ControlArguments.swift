import ArgumentParser

/// `--set name=value` options: split at the first `=`, names as the scene format allows them.
enum ControlArguments {
    static func parse(_ options: [String]) throws -> [(name: String, value: String)] {
        var seen: Set<String> = []
        return try options.map { option in
            guard let equals = option.firstIndex(of: "="), equals != option.startIndex else {
                throw ValidationError("--set \(option): expected name=value, as in --set damping=0.3")
            }
            let name = String(option[..<equals])
            let value = String(option[option.index(after: equals)...])
            guard !value.isEmpty else { throw ValidationError("--set \(option): the value after = is empty") }
            guard seen.insert(name).inserted else {
                throw ValidationError("--set \(name) is given twice; give each control once")
            }
            return (name, value)
        }
    }
}
