import Geometry
import Colors
import Timing

// The rules of `shape:` and of the animations of shape properties.

extension Scene {
    func checkShape(_ item: Item, at path: String) throws(Violation) {
        let shapeProperties: Set<LayerProperty> = [.strokeStart, .strokeEnd, .lineWidth, .shapeFillColor, .strokeColor,
                                                   .lineDashPhase, .path]
        guard let shape = item.shape else {
            if let k = item.animations.firstIndex(where: { shapeProperties.contains($0.property) }) {
                throw Violation(keyPath: path + ".animations[\(k)]",
                                message: "'\(item.id)' has no shape; expected \(AnimatedProperty.name(of: item.animations[k].property)) only on an item with shape:",
                                suggestion: "add shape: { path: …, strokeColor: … } to the item")
            }
            return
        }
        let at = path + ".shape"
        switch shape.geometry {
        case .path(let p):
            if !p.isFinite { throw Violation(keyPath: at + ".path", message: "expected finite coordinates in the path data") }
        case .ellipse: break
        case .polygon(let sides):
            if !(3 ... ShapeSpec.maxCorners).contains(sides) {
                throw Violation(keyPath: at + ".polygon.sides", message: "expected 3 to \(ShapeSpec.maxCorners) sides, found \(sides)")
            }
        case .star(let points, let inner):
            if !(3 ... ShapeSpec.maxCorners).contains(points) {
                throw Violation(keyPath: at + ".star.points", message: "expected 3 to \(ShapeSpec.maxCorners) points, found \(points)")
            }
            if !(inner > 0 && inner <= 1) {
                throw Violation(keyPath: at + ".star.innerRadius", message: "expected an inner radius above 0 and at most 1 (a fraction of the outer), found \(format(inner))")
            }
        }
        let s = shape.stroke
        if !(s.lineWidth >= 0) { throw Violation(keyPath: at + ".lineWidth", message: "expected a line width of at least 0, found \(format(s.lineWidth))") }
        if !(s.miterLimit >= 1) { throw Violation(keyPath: at + ".miterLimit", message: "expected a miter limit of at least 1, found \(format(s.miterLimit))") }
        try checkUnit(s.strokeStart, "strokeStart", at: at + ".strokeStart")
        try checkUnit(s.strokeEnd, "strokeEnd", at: at + ".strokeEnd")
        try checkFinite(s.lineDashPhase, at: at + ".lineDashPhase")
        for (k, d) in s.lineDashPattern.enumerated() where !(d >= 0) {
            throw Violation(keyPath: at + ".lineDashPattern[\(k)]", message: "expected a dash length of at least 0, found \(format(d))")
        }
        if !s.lineDashPattern.isEmpty && !(s.lineDashPattern.reduce(0, +) > 0) {
            throw Violation(keyPath: at + ".lineDashPattern", message: "expected some length above 0 in the dash pattern, found only zeros",
                            suggestion: "remove lineDashPattern for a solid line")
        }
        // CAShapeLayer interpolates two paths only point by point: same elements in the same order.
        let model: PathValue?
        if case .path(let p) = shape.geometry { model = PathValue(p) } else { model = nil }
        for (k, animation) in item.animations.enumerated() where animation.property == .path {
            guard let model else {
                throw Violation(keyPath: path + ".animations[\(k)]",
                                message: "'\(item.id)' draws a named shape; expected path animations only on a shape given by path:")
            }
            for value in Self.values(of: animation) {
                guard let v = value.pathValue, v.hasSameStructure(as: model) else {
                    throw Violation(keyPath: path + ".animations[\(k)]",
                                    message: "path animation values must have the same structure as the shape's path (\(Self.describe(model))); found \(value.pathValue.map(Self.describe) ?? "another kind")",
                                    suggestion: "give every path the same commands in the same order, as Core Animation requires; only the numbers may differ")
                }
            }
        }
    }

    private static func values(of animation: AnimationSpec) -> [AnimatableValue] {
        switch animation.kind {
        case .basic(let a): return [a.fromValue, a.toValue, a.byValue].compactMap { $0 }
        case .spring(let a): return [a.fromValue, a.toValue, a.byValue].compactMap { $0 }
        case .keyframe(let a): return a.values
        }
    }

    private static func describe(_ v: PathValue) -> String {
        let letters = v.structure.map { ["M", "L", "Q", "C", "Z"][Int(min($0, 4))] }
        return letters.count > 12 ? letters.prefix(12).joined(separator: " ") + " … (\(letters.count) elements)"
                                  : letters.joined(separator: " ")
    }
}
