/// Values SVG draws around. SVG 2 and CSS say what a renderer does with a value that does not
/// parse: the declaration is ignored, as if it were not written (the property then inherits, or
/// takes its initial value), and for a few properties SVG 2 names the picture instead (a negative
/// dash strokes as `none`). Browsers and resvg draw such files so; the loader draws them the same
/// way and records an `IconWarning` naming the attribute, the value, what was expected and what
/// was drawn instead. Structural problems and hostile input (DTDs, scripts, files elsewhere,
/// budgets) stay errors.
extension IconBuilder {
    /// A presentation value that does not parse, and what is drawn instead.
    struct InvalidValue {
        var key: String
        var value: String
        var element: String
        /// The line of an element read elsewhere (a gradient's where a shape uses it).
        var line: Int?
        var expected: String
        /// The value drawn instead; nil: as if not written.
        var replacement: String?
        /// How the element is drawn instead, in words (after "drawn ").
        var drawn = "as if not given (SVG ignores an invalid value)"

        init(
            key: String, value: String, element: String, line: Int? = nil, expected: String,
            replacement: String? = nil, drawn: String? = nil
        ) {
            (self.key, self.value, self.element, self.line, self.expected) = (key, value, element, line, expected)
            self.replacement = replacement
            if let drawn { self.drawn = drawn }
        }

        var message: String {
            "\(key)=\"\(value.prefix(40))\" on <\(element)>\(line.map { " at line \($0)" } ?? ""): expected \(expected); drawn \(drawn)"
        }
    }

    /// The element's presentation values (after the cascade) applied to `style`: each value that
    /// does not parse is set aside (or replaced, as SVG says) with a warning, and the others
    /// applied again from the parent's style. Each value is set aside at most twice (once
    /// replaced, then dropped), so it runs at most 2n + 1 times for n values. False after a
    /// failure.
    func apply(_ written: [String: String], to style: inout Style, element: String) -> Bool {
        // `inherit` on an inherited property is what the style already holds from the parent.
        var a = written.filter {
            $0.key == "opacity" || $0.key == "transform" || $0.value.trimmingWhitespace != "inherit"
        }
        var setAside: Set<String> = []
        while true {
            var trial = style
            var invalid: InvalidValue?
            let applied = applyWritten(a, to: &trial, element: element, invalid: &invalid)
            guard let invalid else {
                if applied { style = trial }
                return applied
            }
            // SVG 2's context paints are valid values, outside the subset: refused, not recovered.
            if ["context-fill", "context-stroke"].contains(invalid.value.trimmingWhitespace) {
                fail(
                    "attribute \(invalid.key)=\"\(invalid.value)\" on <\(element)>: not in the supported SVG subset; expected \(invalid.expected)"
                )
                return false
            }
            warn(invalid.message)
            // A replacement is valid by construction; should it not parse, it is set aside too.
            a[invalid.key] = setAside.contains(invalid.key) ? nil : invalid.replacement
            setAside.insert(invalid.key)
        }
    }

    /// A value set aside where it is read (a geometry attribute, a gradient's), with the same
    /// words as a presentation value's.
    func warnInvalid(
        _ key: String, _ value: String, on element: String, line: Int? = nil, expected: String, drawn: String? = nil
    ) {
        warn(
            InvalidValue(key: key, value: value, element: element, line: line, expected: expected, drawn: drawn).message
        )
    }

    /// Attributes SVG defines for other elements (`x` and `y` on a `<g>`, `spreadMethod` on a
    /// `<rect>`): where they stand SVG gives them no meaning, so they draw nothing.
    static let otherElementsAttributes: Set<String> = [
        "x", "y", "width", "height", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "fx", "fy", "fr", "d",
        "points", "offset", "gradientUnits", "gradientTransform", "spreadMethod", "patternUnits",
        "patternContentUnits", "patternTransform",
    ]
    /// The elements whose own attributes Flipbook reads in full (`geometry`): any other of
    /// `otherElementsAttributes` on them has no effect.
    static let geometryComplete: Set<String> = [
        "g", "a", "switch", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "pattern",
    ]

    /// Whether `key` has no effect on `element` in SVG (ignored, with a warning).
    /// `line`: where the element stands when it is read from elsewhere (a pattern a shape uses).
    func hasNoEffect(_ key: String, _ value: String, on element: String, line: Int? = nil) -> Bool {
        if ignoresCSSClip(key, value, on: element) { return true }
        guard Self.geometryComplete.contains(element), Self.otherElementsAttributes.contains(key) else { return false }
        let place = line.map { " at line \($0)" } ?? ""
        warn(
            "\(key)=\"\(value.prefix(40))\" on <\(element)>\(place): SVG defines it for other elements; drawn without it"
        )
        return true
    }
}
