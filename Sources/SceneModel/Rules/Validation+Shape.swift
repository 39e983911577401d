import Colors
import Geometry
import SceneSyntax
import Timing

// The rules of `shape:` and of the animations of shape properties.

extension Scene {
    func checkShape(_ item: Item, at path: String) throws(Violation) {
        let shapeProperties: Set<LayerProperty> = [
            .strokeStart, .strokeEnd, .lineWidth, .shapeFillColor, .strokeColor,
            .lineDashPhase, .path,
        ]
        guard let shape = item.shape else {
            if let leaf = item.animationLeaves(at: path).first(where: {
                shapeProperties.contains($0.animation.property)
            }) {
                throw Violation(
                    keyPath: leaf.path,
                    message:
                        "'\(item.id)' has no shape; expected \(AnimatedProperty.name(of: leaf.animation.property)) only on an item with shape:",
                    suggestion: "add shape: { path: …, strokeColor: … } to the item")
            }
            return
        }
        try ShapeKeys.spec.check(shape, in: self, at: path + ".shape")
        // CAShapeLayer interpolates two paths only point by point: same elements in the same order.
        let model: PathValue?
        if case .path(let p) = shape.geometry { model = PathValue(p) } else { model = nil }
        try checkPathAnimations(of: item, .path, model: model, at: path) {
            "'\(item.id)' draws a named shape; expected path animations only on a shape given by path:"
        }
    }

    /// `shadowPath` animations: only on an item whose `shadow:` has a `path:`, of its structure.
    func checkShadowPath(_ item: Item, at path: String) throws(Violation) {
        try checkPathAnimations(of: item, .shadowPath, model: item.shadow?.path.map(PathValue.init), at: path) {
            "'\(item.id)' has no shadow path; expected shadowPath animations only on an item with shadow: { path: … }"
        }
    }

    /// The animations of `property` (a path) on `item`: refused without a `model` path (with
    /// `missing`'s message), and each value must have the model's structure, as Core Animation
    /// interpolates two paths only point by point.
    private func checkPathAnimations(
        of item: Item, _ property: LayerProperty, model: PathValue?, at path: String, missing: () -> String
    ) throws(Violation) {
        let name = AnimatedProperty.name(of: property)
        for (animation, at) in item.animationLeaves(at: path) where animation.property == property {
            guard let model else { throw Violation(keyPath: at, message: missing()) }
            for value in Self.values(of: animation) {
                guard let v = value.pathValue, v.hasSameStructure(as: model) else {
                    throw Violation(
                        keyPath: at,
                        message:
                            "\(name) animation values must have the same structure as the \(property == .path ? "shape's path" : "shadow's path") (\(Self.describe(model))); found \(value.pathValue.map(Self.describe) ?? "another kind")",
                        suggestion:
                            "give every path the same commands in the same order, as Core Animation requires; only the numbers may differ"
                    )
                }
            }
        }
    }

    private static func values(of animation: AnimationSpec) -> [AnimatableValue] {
        switch animation.kind {
        case .basic(let a): return [a.fromValue, a.toValue, a.byValue].compactMap { $0 }
        case .spring(let a): return [a.fromValue, a.toValue, a.byValue].compactMap { $0 }
        case .keyframe(let a): return a.values
        case .group(let g): return g.members.flatMap(values(of:))
        }
    }

    private static func describe(_ v: PathValue) -> String {
        let letters = v.structure.map { ["M", "L", "Q", "C", "Z"][Int(min($0, 4))] }
        return letters.count > 12
            ? letters.prefix(12).joined(separator: " ") + " … (\(letters.count) elements)"
            : letters.joined(separator: " ")
    }
}
