import Colors
import SceneSyntax

// The declaration of `controls.<name>`: a number (`value`, `range`, `step`) or a colour (`color`).
// Controls are resolved on the located tree before decoding (`ControlResolver`), so the draft
// keeps each value's text and position: the text is what `$name` puts back in the tree, the
// position what the studio writes back to. The rules between the values (lowest < highest, the
// value inside the range, the step within it) are checked once all are read, at the value that
// breaks them.

/// A control as written.
struct ControlDraft {
    var value: Double?
    var valueNode: SourceNode?
    var range: (low: Double, high: Double)?
    var rangeNode: SourceNode?
    var step: Double = 0
    var stepNode: SourceNode?
    var colorNode: SourceNode?
}

package enum ControlKeys {
    static var spec: ObjectSpec<ControlDraft> {
        ObjectSpec(
            name: "control", schemaPath: ["$defs", "control"], what: "a control",
            doc: "A named number or colour, used as `$name`.", prototype: ControlDraft(),
            keys: [
                Key(
                    doc: KeyDoc(
                        name: "value", type: .number,
                        doc: "The value the scene uses unless `--set` or a slider gives another.",
                        defaultDoc: "**required** for a number", rangeDoc: "within `range`", acceptsControl: false),
                    decode: { d, n, at, c in
                        c.value = try d.number(n, at: at())
                        c.valueNode = n
                    }),
                Key(
                    doc: KeyDoc(
                        name: "range", type: .other(docType: "`[lowest, highest]`", schemaRef: "number2"),
                        doc: "The values `--set` accepts and the slider's ends.",
                        defaultDoc: "**required** for a number", rangeDoc: "lowest < highest"),
                    decode: { d, n, at, c in
                        let (low, high) = try d.pair(n, at: at(), names: ("lowest", "highest"))
                        guard low < high else {
                            throw d.error(at: n, at(), "expected lowest < highest, found [\(low), \(high)]")
                        }
                        c.range = (low, high)
                        c.rangeNode = n
                    }),
                Key(
                    doc: KeyDoc(
                        name: "step", type: .number, range: .nonNegative, doc: "The slider's step.",
                        defaultDoc: "`0` (any value)", rangeDoc: "0 … highest − lowest", acceptsControl: false),
                    decode: { d, n, at, c in
                        c.step = try d.number(n, at: at())
                        c.stepNode = n
                    }),
                Key(
                    doc: KeyDoc(
                        name: "color", type: .colour, doc: "A colour control (no `value`, `range` or `step`).",
                        defaultDoc: "—"),
                    decode: { d, n, at, c in
                        _ = try d.color(n, at: at())
                        c.colorNode = n
                    }),
            ],
            structure: { d, f, path in
                if f["color"] != nil {
                    for extra in ["value", "range", "step"] {
                        if let node = f[extra] {
                            throw d.error(
                                at: node, path + "." + extra, "a colour control has only color; found \(extra)")
                        }
                    }
                    return
                }
                _ = try f.required("value", hint: "value: the number it starts at (or color: \"#RRGGBB\")", decoder: d)
                _ = try f.required("range", hint: "range: [lowest, highest], the slider's ends", decoder: d)
            },
            forms: [
                SpecForm(keys: ["value", "range", "step"], required: ["value", "range"]),
                SpecForm(keys: ["color"], required: ["color"]),
            ])
    }

    /// The control named `name`, from its declaration.
    package static func control(_ name: String, _ node: SourceNode, at path: String, decoder d: SceneDecoder) throws
        -> SceneControl
    {
        let c = try d.decode(spec, node, at: path)
        if let colour = c.colorNode {
            return SceneControl(
                name: name, kind: .color, value: try d.string(colour, at: path + ".color"),
                valueLine: colour.mark?.line, valueColumn: colour.mark?.column)
        }
        guard let value = c.value, let valueNode = c.valueNode, let (low, high) = c.range else {
            preconditionFailure("the structure rule requires value and range")
        }
        guard (low...high).contains(value) else {
            throw d.error(
                at: valueNode, path + ".value", "expected a value within \(low)...\(high) (its range), found \(value)")
        }
        if let stepNode = c.stepNode, !(c.step >= 0 && c.step <= high - low) {
            throw d.error(at: stepNode, path + ".step", "expected a step within 0...\(high - low), found \(c.step)")
        }
        guard case .scalar(let text, _) = valueNode.value else { preconditionFailure("number() accepted a non-scalar") }
        return SceneControl(
            name: name, kind: .number(range: low...high, step: c.step), value: text,
            valueLine: valueNode.mark?.line, valueColumn: valueNode.mark?.column)
    }
}
