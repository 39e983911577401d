import Colors
import SceneSyntax
import Shapes

// The declarations of `items[i].shape` (CAShapeLayer). The outline (exactly one of path, ellipse,
// polygon, star) is read by `SceneDecoder.decodeShape` before the declared keys; its checks and
// those of the paints and the stroke run from here.

enum ShapeKeys {
    static let geometry = ["path", "ellipse", "polygon", "star"]
    static var shape: [String] { spec.keyNames }

    /// Built once and never mutated, as `ItemKeys.spec` is (why there).
    nonisolated(unsafe) static let spec: ObjectSpec<ShapeSpec> = definition

    /// Its keys, listed once.
    nonisolated(unsafe) static let declared = DeclaredKeys(spec)

    private static var definition: ObjectSpec<ShapeSpec> {
        ObjectSpec(
            name: "shape", schemaPath: ["$defs", "shape"], what: "a shape",
            doc:
                "A vector shape (CAShapeLayer) drawn over the item's background: fill, then stroke. Exactly one of path, ellipse, polygon, star gives the outline, in the item's bounds.",
            prototype: ShapeSpec(geometry: .ellipse),
            keys: [
                .custom(
                    "path", docType: "string",
                    doc:
                        "`M L H V C S Q T A Z`, absolute (upper case) or relative (lower case); arcs become cubics. Malformed data is a load error at the string's line naming the character offset inside it.",
                    defaultDoc: "—", rangeDoc: "SVG path data, ≤ 100,000 characters",
                    check: { _, shape, at in
                        if case .path(let p) = shape.geometry, !p.isFinite {
                            throw Violation(keyPath: at, message: "expected finite coordinates in the path data")
                        }
                    }),
                .custom(
                    "ellipse", docType: "`true`",
                    doc: "The ellipse inscribed in the bounds (follows an animated `size`).", defaultDoc: "—"),
                .custom(
                    "polygon", docType: "`{ sides }`",
                    doc: "A regular polygon inscribed in the bounds' ellipse, first corner at the top.",
                    defaultDoc: "—", rangeDoc: "sides 3 … \(ShapeSpec.maxCorners)",
                    check: { _, shape, at in
                        if case .polygon(let sides) = shape.geometry, !(3...ShapeSpec.maxCorners).contains(sides) {
                            throw Violation(
                                keyPath: at + ".sides",
                                message: "expected 3 to \(ShapeSpec.maxCorners) sides, found \(sides)")
                        }
                    }),
                .custom(
                    "star", docType: "`{ points, innerRadius }`",
                    doc: "A star, tips on the bounds' ellipse, inner corners at innerRadius × the outer radius.",
                    defaultDoc: "innerRadius `0.5`", rangeDoc: "points 3 … \(ShapeSpec.maxCorners), innerRadius (0, 1]",
                    check: { _, shape, at in
                        guard case .star(let points, let inner) = shape.geometry else { return }
                        if !(3...ShapeSpec.maxCorners).contains(points) {
                            throw Violation(
                                keyPath: at + ".points",
                                message: "expected 3 to \(ShapeSpec.maxCorners) points, found \(points)")
                        }
                        if !(inner > 0 && inner <= 1) {
                            throw Violation(
                                keyPath: at + ".innerRadius",
                                message:
                                    "expected an inner radius above 0 and at most 1 (a fraction of the outer), found \(format(inner))"
                            )
                        }
                    }),
                .colourOrNone(
                    "fillColor", \.fillColor,
                    doc: "CA's default fill is opaque black; `none` for no fill. Animatable as `fillColor`."),
                .word("fillRule", \.fillRule, doc: "Which points are inside a path that crosses itself."),
                .colourOrNone("strokeColor", \.strokeColor, doc: "Animatable."),
                .number(
                    "lineWidth", \.stroke.lineWidth, range: .nonNegative, noun: "a line width",
                    doc: "Points. Animatable."),
                .word("lineCap", \.stroke.lineCap, doc: "How open ends are drawn."),
                .word("lineJoin", \.stroke.lineJoin, doc: "How corners are drawn."),
                .number(
                    "miterLimit", \.stroke.miterLimit, range: .atLeast(1), noun: "a miter limit",
                    doc: "Corners whose miter is longer than miterLimit × lineWidth / 2 are bevelled."),
                .custom(
                    "lineDashPattern", docType: "list of numbers",
                    doc:
                        "Dash, gap, dash, … in points; an odd count repeats. The pattern starts again, at `lineDashPhase`, at each subpath (as Core Graphics and SVG dash). A dash of 0 is a dot with round or square caps (`[0, 8]` and `lineCap: round` is a dotted line).",
                    defaultDoc: "`[]` (solid)", rangeDoc: "each ≥ 0, some > 0, ≤ \(ShapeSpec.maxDashPatternCount)",
                    decode: { d, n, at, shape in
                        let nodes = try d.list(n, at: at())
                        guard nodes.count <= ShapeSpec.maxDashPatternCount else {
                            throw d.error(
                                at: n, at(),
                                "expected at most \(ShapeSpec.maxDashPatternCount) lengths, found \(nodes.count)")
                        }
                        shape.stroke.lineDashPattern = try nodes.enumerated().map { k, v in
                            try d.number(v, at: at() + "[\(k)]")
                        }
                    },
                    check: { _, shape, at in
                        let pattern = shape.stroke.lineDashPattern
                        for (k, d) in pattern.enumerated() where !(d >= 0) {
                            throw Violation(
                                keyPath: at + "[\(k)]",
                                message: "expected a dash length of at least 0, found \(format(d))")
                        }
                        if !pattern.isEmpty && !(pattern.reduce(0, +) > 0) {
                            throw Violation(
                                keyPath: at,
                                message: "expected some length above 0 in the dash pattern, found only zeros",
                                suggestion: "remove lineDashPattern for a solid line")
                        }
                    }),
                .number(
                    "lineDashPhase", \.stroke.lineDashPhase, range: .finite,
                    doc: "Points into the pattern at the path's start. Animatable (marching ants)."),
                .number(
                    "strokeStart", \.stroke.strokeStart, range: .unit, noun: "strokeStart",
                    doc:
                        "Where the stroked part starts, as a fraction of the whole path's length. Animatable: progress rings, drawn checkmarks."
                ),
                .number(
                    "strokeEnd", \.stroke.strokeEnd, range: .unit, noun: "strokeEnd",
                    doc: "Where the stroked part ends, as a fraction of the whole path's length. Animatable."),
            ])
    }
}

extension Key {
    /// A colour, or `none` for clear.
    static func colourOrNone(_ name: String, _ path: WritableKeyPath<Object, ColorRGBA8>, doc: String) -> Key {
        Key(
            doc: KeyDoc(name: name, type: .other(docType: "colour or `none`", schemaRef: "colorOrNone"), doc: doc),
            decode: { d, node, at, object in object[keyPath: path] = try d.colorOrNone(node, at: at()) },
            defaultValue: { $0[keyPath: path] == .clear ? .string("none") : .string($0[keyPath: path].hex) })
    }
}
