import Colors
import Foundation
import Geometry

/// A fill or stroke naming a paint server, `url(#id)`, with the colour to paint when the id
/// names no gradient (`url(#id) red`; nothing without one, as SVG 2 says).
struct SVGPaintReference: Equatable {
    var id: String
    var fallback: ColorRGBA8?
    /// `url(#id) currentColor`: the fallback is the `color` in effect.
    var fallbackIsCurrentColor = false

    /// The reference in a `fill` or `stroke` value; nil when the value is not `url(…)`, or is one
    /// that is malformed or names another file.
    static func parse(_ value: String) -> SVGPaintReference? {
        let text = value.trimmingWhitespace
        guard text.hasPrefix("url("), let close = text.firstIndex(of: ")") else { return nil }
        var target = text[text.index(text.startIndex, offsetBy: 4)..<close].trimmingWhitespace
        if let quote = target.first, quote == "'" || quote == "\"", target.count >= 2, target.last == quote {
            target = String(target.dropFirst().dropLast())
        }
        guard target.hasPrefix("#"), target.count > 1 else { return nil }
        let rest = text[text.index(after: close)...].trimmingWhitespace
        var reference = SVGPaintReference(id: String(target.dropFirst()))
        if IconBuilder.isCurrentColor(rest) {
            reference.fallbackIsCurrentColor = true
        } else if !rest.isEmpty {
            guard let colour = SVGValue.color(rest) else { return nil }
            reference.fallback = colour
        }
        return reference
    }
}

/// `linearGradient` and `radialGradient`: a paint reference resolved for one shape, from the
/// definitions the first pass collected (SVGReferences), wherever in the file they stand.
extension IconBuilder {
    /// What a paint reference paints a shape with.
    enum ResolvedPaint: Equatable {
        case color(ColorRGBA8)
        case gradient(IconGradient)
        /// A `<pattern>`'s id: its tiles are drawn as pieces of their own (IconBuilder+Patterns.swift).
        case pattern(String)
    }

    static let gradientElements: Set<String> = ["linearGradient", "radialGradient"]
    /// How many `href`s a gradient may follow to find its attributes and stops.
    static let maxGradientChain = 32

    private static let gradientAttributes: Set<String> = [
        "x1", "y1", "x2", "y2", "cx", "cy", "r", "fx", "fy", "fr", "gradientUnits", "gradientTransform",
        "spreadMethod", "href", "style", "color", "display", "transform-origin", "stop-color", "stop-opacity",
        "color-interpolation",
    ]
    private static let stopAttributes: Set<String> = ["offset", "stop-color", "stop-opacity", "color", "opacity"]

    /// The paint `reference` gives a shape whose bounding box (in its user space) is `box`, drawn
    /// under `toViewBox`, at `opacity` (the paint's and the element's); nil after a failure.
    ///
    /// As SVG renderers do, a gradient that cannot paint (no stops, or bounding-box units on a
    /// shape without area) gives the fallback colour, or nothing; an `href` cycle is cut where it
    /// closes, and a gradientTransform that cannot be inverted counts as not written. A value
    /// that does not parse counts as not written, with a warning (IconBuilder+Recovery.swift).
    func paint(
        _ reference: SVGPaintReference, box: Rect, toViewBox: Geometry.AffineTransform, opacity: Double,
        currentColor: ColorRGBA8
    ) -> ResolvedPaint? {
        let fallback = reference.fallbackIsCurrentColor ? currentColor : reference.fallback
        let none = ResolvedPaint.color(SVGColor.scaled(fallback ?? .clear, by: opacity))
        guard let range = references.ranges[reference.id],
            case .start(let element, _, let line) = references.events[range.lowerBound]
        else { return none }
        guard Self.gradientElements.contains(element) else {
            guard element == "pattern" else { return none }
            // Bounding-box units on a shape without area: the fallback, else nothing, as for a
            // gradient (resvg's picture).
            if box.width <= 0 || box.height <= 0 {
                guard let pattern = patternDefinition(reference.id) else { return nil }
                if pattern.attributes["patternUnits"]?.value.trimmingWhitespace != "userSpaceOnUse" { return none }
            }
            return .pattern(reference.id)
        }
        guard let definition = gradientDefinition(reference.id) else { return nil }
        // currentColor in a stop is the `color` where the stop stands, not where it is used.
        let inherited = definition.color.flatMap(SVGValue.color) ?? .black
        let stops = definition.stops.map { stop in
            (stop.offset, SVGColor.scaled(stop.color ?? inherited, by: stop.opacity * opacity))
        }
        guard let last = stops.last else { return none }
        if stops.count == 1 { return .color(last.1) }
        let a = definition.attributes
        let boxUnits: Bool
        switch a["gradientUnits"]?.value.trimmingWhitespace {
        case nil, "objectBoundingBox": boxUnits = true
        case "userSpaceOnUse": boxUnits = false
        case let other?:
            warnInvalid(
                "gradientUnits", other, on: definition.element, line: a["gradientUnits"]!.line,
                expected: "objectBoundingBox or userSpaceOnUse")
            boxUnits = true
        }
        guard var toUser = gradientTransform(definition, boxUnits: boxUnits) else { return nil }
        if boxUnits {
            guard box.width > 0, box.height > 0 else { return none }
            toUser = toUser.concatenating(
                Geometry.AffineTransform(a: box.width, b: 0, c: 0, d: box.height, tx: box.minX, ty: box.minY))
        }
        var gradient = Gradient(
            kind: definition.element == "linearGradient" ? .linear : .radial, colors: stops.map(\.1),
            locations: stops.map(\.0), startPoint: Point(0, 0), endPoint: Point(0, 0), interpolation: .straight)
        switch a["spreadMethod"]?.value.trimmingWhitespace {
        case nil, "pad": gradient.spread = .pad
        case "reflect": gradient.spread = .reflect
        case "repeat": gradient.spread = .repeat
        case let other?:
            warnInvalid(
                "spreadMethod", other, on: definition.element, line: a["spreadMethod"]!.line,
                expected: "pad, reflect or repeat")
            gradient.spread = .pad
        }
        let viewport = boxUnits ? Size(width: 1, height: 1) : viewportSize
        switch lay(&gradient, definition, viewport: viewport, line: line) {
        case nil: return nil
        case .solidLast?: return .color(last.1)
        case .solidFirst?: return .color(stops[0].1)
        case .firstInside?:
            // The first stop inside the circle, the last outside: a step at its edge.
            guard gradient.spread == .pad else { return .color(stops[0].1) }
            (gradient.colors, gradient.locations) = ([stops[0].1, stops[0].1, last.1], [0, 1, 1])
        case .laid?: break
        }
        return .gradient(IconGradient(gradient: gradient, toViewBox: toUser.concatenating(toViewBox)))
    }

    /// The gradient's `gradientTransform` about its `transform-origin` (in its own units: the unit
    /// box for objectBoundingBox); the identity when it is not written, cannot be inverted, or does
    /// not parse (with a warning). Nil after a failure.
    private func gradientTransform(_ definition: GradientDefinition, boxUnits: Bool) -> Geometry.AffineTransform? {
        let a = definition.attributes
        guard let text = a["gradientTransform"]?.value else { return .identity }
        guard var t = SVGValue.transform(text) else {
            warnInvalid(
                "gradientTransform", text, on: definition.element, line: a["gradientTransform"]!.line,
                expected: "matrix, translate, scale, rotate, skewX or skewY")
            return .identity
        }
        let units = boxUnits ? Size(width: 1, height: 1) : viewportSize ?? Size(width: 0, height: 0)
        guard about(a["transform-origin"], &t, units: units, on: "the gradient") else { return nil }
        return t.inverted != nil ? t : .identity
    }

    /// How a gradient's geometry came out: laid on its vector or circles, one of its end
    /// colours everywhere (a vector of no length, `r = 0`), or, with every circle the same, its
    /// first colour inside the circle and (padded) its last outside: SVG leaves that open, and it
    /// is the limit as `fr` grows to `r`, which resvg draws.
    private enum Layout {
        case laid, solidFirst, solidLast, firstInside
    }

    /// Sets `gradient`'s points (and focus) from the definition's geometry, lengths resolved
    /// against `viewport` (the unit square for bounding-box units); nil after a failure.
    private func lay(_ gradient: inout Gradient, _ definition: GradientDefinition, viewport: Size?, line: Int)
        -> Layout?
    {
        let a = definition.attributes
        func coordinate(_ key: String, _ fallback: String) -> Double? {
            if let written = a[key] {
                if let v = SVGValue.length(written.value, viewport: viewport, axis: Self.axis(of: key)) { return v }
                warnInvalid(
                    key, written.value, on: definition.element, line: written.line,
                    expected: "a number or a percentage")
            }
            return SVGValue.length(fallback, viewport: viewport, axis: Self.axis(of: key)) ?? 0
        }
        if definition.element == "linearGradient" {
            guard let x1 = coordinate("x1", "0%"), let y1 = coordinate("y1", "0%"), let x2 = coordinate("x2", "100%"),
                let y2 = coordinate("y2", "0%")
            else { return nil }
            // A vector of no length: SVG paints the area in the last stop's colour.
            if x1 == x2 && y1 == y2 { return .solidLast }
            gradient.startPoint = Point(x1, y1)
            gradient.endPoint = Point(x2, y2)
        } else {
            guard let cx = coordinate("cx", "50%"), let cy = coordinate("cy", "50%"), let r = coordinate("r", "50%"),
                let fx = coordinate("fx", a["cx"]?.value ?? "50%"), let fy = coordinate("fy", a["cy"]?.value ?? "50%"),
                let fr = coordinate("fr", "0%")
            else { return nil }
            // A negative radius is invalid: `r` paints as 0 does (the last stop, as resvg draws
            // it), `fr` counts as not written.
            if r < 0 {
                warnInvalid(
                    "r", a["r"]?.value ?? "", on: "radialGradient", line: a["r"]?.line ?? line,
                    expected: "a length ≥ 0", drawn: "as r=\"0\" (the last stop's colour)")
            }
            if fr < 0 {
                warnInvalid(
                    "fr", a["fr"]?.value ?? "", on: "radialGradient", line: a["fr"]?.line ?? line,
                    expected: "a length ≥ 0")
            }
            if r <= 0 { return .solidLast }
            gradient.startPoint = Point(cx, cy)
            gradient.endPoint = Point(cx + r, cy)
            // Every circle of the gradient the same.
            if max(fr, 0) == r && fx == cx && fy == cy { return .firstInside }
            if fx != cx || fy != cy || fr > 0 {
                gradient.focus = Gradient.Focus(center: Point(fx, fy), radius: max(fr, 0))
            }
        }
        return .laid
    }

    /// A gradient's attributes (each with the line it was written on) and stops, with what it
    /// lacks taken along its `href` chain: geometry only from gradients of its own kind, units,
    /// transform and spread from any, stops from the first that has some. Nil after a failure.
    private func gradientDefinition(_ id: String) -> GradientDefinition? {
        var definition: GradientDefinition?
        var visited: [String] = []
        var next: String? = id
        while let current = next, let range = references.ranges[current],
            case .start(let element, let attributes, let line) = references.events[range.lowerBound],
            Self.gradientElements.contains(element)
        {
            if visited.contains(current) { break }
            guard visited.count < Self.maxGradientChain else {
                fail("the gradient #\(id) inherits through more than \(Self.maxGradientChain) hrefs")
                return nil
            }
            visited.append(current)
            for key in attributes.keys.sorted()
            where !Self.gradientAttributes.contains(key) && !Self.isIgnored(key, on: element) {
                fail("attribute '\(key)' on <\(element)> at line \(line) is not in the supported SVG subset")
                return nil
            }
            guard let stops = gradientStops(in: range) else { return nil }
            if definition == nil {
                definition = GradientDefinition(
                    element: element, color: references.inherited[current]?["color"])
            }
            for (key, value) in attributes where definition!.attributes[key] == nil && key != "href" && key != "style" {
                let geometric = !["gradientUnits", "gradientTransform", "spreadMethod"].contains(key)
                if !geometric || element == definition!.element { definition!.attributes[key] = (value, line) }
            }
            if definition!.stops.isEmpty { definition!.stops = stops }
            next = (attributes["href"] ?? attributes["xlink:href"]).flatMap {
                $0.hasPrefix("#") ? String($0.dropFirst()) : nil
            }
        }
        return definition
    }

    private struct GradientDefinition {
        var element: String
        /// The `color` in effect at the gradient that was named.
        var color: String?
        var attributes: [String: (value: String, line: Int)] = [:]
        var stops: [Stop] = []
    }

    /// Its offset made non-decreasing in [0, 1]; a nil colour is `currentColor`.
    private struct Stop {
        var offset: Double
        var color: ColorRGBA8?
        var opacity: Double
    }

    /// The `<stop>` children of the gradient whose events are `range`; nil after a failure.
    private func gradientStops(in range: Range<Int>) -> [Stop]? {
        var stops: [Stop] = []
        var depth = 0
        // What `inherit` in a stop takes: the gradient's own `stop-color` and `stop-opacity`
        // (neither is inherited further, nor along `href`s).
        var parent: [String: String] = [:]
        if case .start(_, let written, _)? = references.events[range].first { parent = written }
        for event in references.events[range] {
            switch event {
            case .characters:
                continue
            case .end:
                depth -= 1
            case .start(let element, let written, let line):
                depth += 1
                guard depth == 2 else { continue }
                // Anything else inside a gradient is not part of it (SVG renderers skip it).
                guard element == "stop" else { continue }
                guard var stop = gradientStop(written, line: line, parent: parent) else { return nil }
                stop.offset = max(stop.offset, stops.last?.offset ?? 0)
                stops.append(stop)
            }
        }
        return stops
    }

    /// One `<stop>`: its offset clamped to [0, 1], its colour (nil for `currentColor` without a
    /// `color` on the stop) and `stop-opacity`; `inherit` takes the gradient's (`parent`). A
    /// value that does not parse counts as not written, with a warning.
    private func gradientStop(_ written: [String: String], line: Int, parent: [String: String]) -> Stop? {
        func bad(_ key: String, _ value: String, _ expected: String) {
            warnInvalid(key, value, on: "stop", line: line, expected: expected)
        }
        // The sheet's rules and `style=""` over the attributes, `!important` first, as for shapes.
        guard var a = styled(written, element: "stop", properties: ["stop-color", "stop-opacity"]) else { return nil }
        for key in ["stop-color", "stop-opacity"] where a[key]?.trimmingWhitespace == "inherit" { a[key] = parent[key] }
        if a["opacity"] != nil {
            warn("opacity on <stop> at line \(line): SVG applies it to shapes and groups only; drawn without it")
        }
        for key in a.keys.sorted() where !Self.stopAttributes.contains(key) && !Self.isIgnored(key, on: "stop") {
            fail("attribute '\(key)' on <stop> at line \(line) is not in the supported SVG subset")
            return nil
        }
        var offset = 0.0
        if let text = a["offset"] {
            if let v = Self.fraction(text) { offset = v } else { bad("offset", text, "a number or a percentage") }
        }
        var colour: ColorRGBA8? = .black
        if let text = a["stop-color"] {
            if Self.isCurrentColor(text) {
                colour = a["color"].flatMap(SVGValue.color)
            } else if let c = SVGValue.color(text) {
                colour = c
            } else {
                bad("stop-color", text, "a colour")
            }
        }
        var opacity = 1.0
        if let text = a["stop-opacity"] {
            if let v = Self.fraction(text) {
                opacity = v
            } else {
                bad("stop-opacity", text, "a number from 0 to 1 or a percentage")
            }
        }
        return Stop(offset: offset, color: colour, opacity: opacity)
    }

    /// A number or a percentage as a fraction, clamped to [0, 1].
    static func fraction(_ text: String) -> Double? {
        let t = text.trimmingWhitespace
        let isPercent = t.hasSuffix("%")
        guard let n = Double(isPercent ? String(t.dropLast()) : t), n.isFinite else { return nil }
        return min(max(isPercent ? n / 100 : n, 0), 1)
    }
}
