import Geometry
import SceneSyntax

// `transform3D:` and `sublayerTransform:`: a list of CATransform3D operations, the first applied
// first (each one `CATransform3DConcat(sofar, op)`).

extension SceneDecoder {
    /// The operations a transform list may hold, in documentation order.
    static let transformOperations = [
        "rotateX", "rotateY", "rotateZ", "rotate", "translate", "scale", "perspective", "matrix",
    ]

    /// Matrix entries, translations and perspective distances beyond this are refused: nothing on
    /// a screen needs them, and products of such numbers leave Double's range.
    static let transformMagnitude = 1e6

    func transform3D(_ node: SourceNode, at path: String) throws -> Transform3D {
        var result = Transform3D.identity
        for (k, element) in try list(node, at: path).enumerated() {
            result = result.concatenating(try transformOperation(element, at: path + "[\(k)]"))
        }
        // Depth may be flattened (a scale of z to 0 is what flattening does anyway), but the
        // plane itself must survive: its map of the plane z = 0 must be invertible.
        guard result.flattened.determinant != 0, result.isFinite else {
            throw error(
                at: node, path,
                "the transform is singular (it flattens the item to a line or a point); expected an invertible transform",
                suggestion:
                    "a scale of 0 or a matrix with a zero row does this; to hide an item use opacity or isHidden")
        }
        return result
    }

    private func transformOperation(_ node: SourceNode, at path: String) throws -> Transform3D {
        let operations = Self.transformOperations
        guard case .mapping(let entries) = node.value, entries.count == 1, let entry = entries.first else {
            throw error(
                at: node, path,
                "expected one operation as a mapping with one key of \(listing(operations)), found \(node.foundDescription)"
            )
        }
        let at = path + "." + entry.key
        let value = entry.value
        switch entry.key {
        case "rotateX": return .rotation(.degrees(try bounded(value, at: at)), axis: (1, 0, 0))
        case "rotateY": return .rotation(.degrees(try bounded(value, at: at)), axis: (0, 1, 0))
        case "rotateZ": return .rotation(.degrees(try bounded(value, at: at)), axis: (0, 0, 1))
        case "rotate":
            let fields = try self.fields(
                value, at: at,
                DeclaredKeys(
                    names: ["angle", "axis"], required: [("angle", "angle: degrees"), ("axis", "axis: [x, y, z]")],
                    what: "a rotation"))
            let angle = try bounded(fields[checked: "angle"], at: at + ".angle")
            let axis = try numbers(fields[checked: "axis"], at: at + ".axis", count: [3], names: "[x, y, z]")
            guard axis.contains(where: { $0 != 0 }) else {
                throw error(
                    at: fields[checked: "axis"], at + ".axis",
                    "expected an axis with a non-zero component, found [0, 0, 0]")
            }
            return .rotation(.degrees(angle), axis: (axis[0], axis[1], axis[2]))
        case "translate":
            let t = try numbers(value, at: at, count: [2, 3], names: "[x, y, z]")
            return .translation(t[0], t[1], t.count == 3 ? t[2] : 0)
        case "scale":
            if case .sequence = value.value {
                let s = try numbers(value, at: at, count: [2, 3], names: "[x, y, z]")
                return .scale(s[0], s[1], s.count == 3 ? s[2] : 1)
            }
            let s = try bounded(value, at: at)
            return .scale(s, s, s)
        case "perspective":
            let distance = try bounded(value, at: at)
            guard distance > 0 else {
                throw error(
                    at: value, at, "expected a distance from the eye > 0 points, found \(value.foundDescription)",
                    suggestion: "500 to 1000 gives the usual depth on a phone screen")
            }
            return .perspective(distance: distance)
        case "matrix":
            return Transform3D(rowMajor: try numbers(value, at: at, count: [16], names: "[m11, m12, …, m44]"))
        default:
            throw error(
                at: entry.keyMark, at, "unknown operation \(quoted(entry.key)); expected one of \(listing(operations))",
                suggestion: didYouMean(entry.key, operations))
        }
    }

    private func bounded(_ node: SourceNode, at path: String) throws -> Double {
        let value = try number(node, at: path)
        guard abs(value) <= Self.transformMagnitude else {
            throw error(at: node, path, "expected a number within ±10⁶, found \(node.foundDescription)")
        }
        return value
    }

    private func numbers(_ node: SourceNode, at path: String, count: [Int], names: String) throws -> [Double] {
        guard case .sequence(let nodes) = node.value, count.contains(nodes.count) else {
            let counts = count.map(String.init).joined(separator: " or ")
            throw error(at: node, path, "expected \(names) (\(counts) numbers), found \(node.foundDescription)")
        }
        return try nodes.enumerated().map { try bounded($1, at: path + "[\($0)]") }
    }
}
