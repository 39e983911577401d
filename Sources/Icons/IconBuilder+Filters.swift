import Colors
import Foundation
import Geometry

/// `filter="url(#id)"`: the `<filter>` read where an element names it and resolved against that
/// element's user space and bounding box (`IconFilter`), for the group around the element's
/// pieces (IconBuilder+Groups.swift). The subset: `feGaussianBlur`, `feOffset`, `feFlood`,
/// `feComposite`, `feMerge` with `feMergeNode`, `feDropShadow`, `feImage` (a `data:` picture,
/// IconBuilder+FilterImage.swift); any other primitive, and the
/// inputs `BackgroundImage`, `BackgroundAlpha`, `FillPaint` and `StrokePaint`, are refused with
/// their line.
extension IconBuilder {
    /// What a `filter` reference makes of its element.
    enum FilterOutcome {
        case filter(IconFilter)
        /// Not rendered: a reference to nothing that is a filter, a filter without primitives,
        /// or a region without area (SVG draws such an element as transparent).
        case hidden
    }

    static let filterPrimitives: [String: [String]] = [
        "feGaussianBlur": ["in", "stdDeviation", "edgeMode"],
        "feOffset": ["in", "dx", "dy"],
        "feFlood": [],
        "feComposite": ["in", "in2", "operator", "k1", "k2", "k3", "k4"],
        "feMerge": [],
        "feDropShadow": ["in", "dx", "dy", "stdDeviation"],
        "feImage": ["href", "xlink:href", "preserveAspectRatio", "image-rendering"],
    ]
    /// `flood-color` and `flood-opacity` are accepted on the `<filter>` and change nothing there:
    /// they are not inherited. `color` is what `currentColor` in its primitives means.
    static let filterAttributes: Set<String> = [
        "x", "y", "width", "height", "filterUnits", "primitiveUnits", "color-interpolation-filters", "style",
        "flood-color", "flood-opacity", "color",
    ]
    static let primitiveCommon = ["x", "y", "width", "height", "result", "color-interpolation-filters", "style"]
    static let filterProperties = ["flood-color", "flood-opacity", "color-interpolation-filters"]

    /// The filter #`id` for an element whose user space `space` maps to viewBox units and whose
    /// bounding box there is `box`; nil after a failure.
    func resolveFilter(_ id: String, space: Geometry.AffineTransform, box: Rect) -> FilterOutcome? {
        guard let range = references.ranges[id],
            case .start("filter", let written, let line) = references.events[range.lowerBound]
        else { return .hidden }
        guard !replaying.contains(id) else {
            fail("the <filter> #\(id) is used inside itself: a cycle", at: line)
            return nil
        }
        guard let attributes = checked(written, element: "filter", own: Self.filterAttributes, line: line),
            let units = filterUnits(attributes, "filterUnits", default: "objectBoundingBox", line: line),
            let primitiveUnits = filterUnits(attributes, "primitiveUnits", default: "userSpaceOnUse", line: line)
        else { return nil }
        let boxUnits = units == "objectBoundingBox"
        guard !boxUnits || (box.width > 0 && box.height > 0) else { return .hidden }
        var values: [Double] = []
        for (key, fallback) in [("x", "-10%"), ("y", "-10%"), ("width", "120%"), ("height", "120%")] {
            var v = attributes[key].flatMap { filterLength($0, key: key, boxUnits: boxUnits, box: box) }
            if v == nil, let text = attributes[key] {
                // As if not written (IconBuilder+Recovery.swift).
                warnInvalid(key, text, on: "filter", line: line, expected: "a length")
            }
            if v == nil { v = filterLength(fallback, key: key, boxUnits: boxUnits, box: box) }
            values.append(v ?? 0)
        }
        let region = Rect(x: values[0], y: values[1], width: values[2], height: values[3])
        guard region.width > 0, region.height > 0, region.maxX.isFinite, region.maxY.isFinite else { return .hidden }
        let linear = try? linearRGB(attributes["color-interpolation-filters"] ?? inheritedFilterSpace(id), line: line)
        guard let linear else { return nil }
        var context = PrimitiveContext(
            region: region, boxUnits: primitiveUnits == "objectBoundingBox", box: box, linear: linear, filterID: id)
        guard let primitives = readPrimitives(range, context: &context) else { return nil }
        guard !primitives.isEmpty else { return .hidden }
        for p in primitives {
            if case .merge(let inputs) = p.kind { filterPrimitives += inputs.count }
        }
        filterPrimitives += primitives.count
        guard filterPrimitives <= IconFilter.maximumPrimitivesPerIcon else {
            fail(
                "the icon runs more than \(IconFilter.maximumPrimitivesPerIcon) filter primitives, counting a filter once for each element it is on; expected at most \(IconFilter.maximumPrimitivesPerIcon)",
                at: line)
            return nil
        }
        return .filter(IconFilter(region: region, toViewBox: space, primitives: primitives))
    }

    /// What a filter's primitives are resolved against.
    struct PrimitiveContext {
        var region: Rect
        var boxUnits: Bool
        var box: Rect
        var linear: Bool
        var filterID: String
        /// The index of the last primitive giving each `result` name.
        var names: [String: Int] = [:]
        var count = 0
    }

    /// The filter's primitives, its direct children in order (annotations skipped); nil after a
    /// failure.
    private func readPrimitives(_ range: Range<Int>, context: inout PrimitiveContext) -> [IconFilterPrimitive]? {
        var primitives: [IconFilterPrimitive] = []
        var depth = 0
        // The depth of an annotation being skipped (`<title>`, another namespace's element).
        var skipping: Int?
        var mergeInputs: [IconFilterPrimitive.Input]?
        var pending: (attributes: [String: String], line: Int)?
        for event in references.events[(range.lowerBound + 1)..<(range.upperBound - 1)] where error == nil {
            switch event {
            case .start(let element, let attributes, let line):
                depth += 1
                if skipping == nil, Self.ignoredElements.contains(element) || element.contains(":") { skipping = depth }
                guard skipping == nil else { continue }
                if depth == 1 {
                    guard primitives.count < IconFilter.maximumPrimitives else {
                        fail(
                            "the <filter> #\(context.filterID) has more than \(IconFilter.maximumPrimitives) primitives; expected at most \(IconFilter.maximumPrimitives)",
                            at: line)
                        return nil
                    }
                    if element == "feMerge" {
                        mergeInputs = []
                        pending = (attributes, line)
                    } else {
                        guard let p = primitive(element, attributes, line: line, context: context) else { return nil }
                        primitives.append(p)
                        name(attributes, context: &context)
                    }
                } else if depth == 2, mergeInputs != nil, element == "feMergeNode" {
                    guard checked(attributes, element: element, own: ["in"], line: line) != nil,
                        let input = input(attributes["in"], line: line, context: context)
                    else { return nil }
                    mergeInputs?.append(input)
                } else {
                    fail("<\(element)> inside a filter primitive is not in the supported subset", at: line)
                    return nil
                }
            case .characters:
                continue
            case .end(let element):
                if skipping == depth { skipping = nil }
                depth -= 1
                if depth == 0, element == "feMerge", let inputs = mergeInputs, let (attributes, line) = pending {
                    guard var p = primitive("feMerge", attributes, line: line, context: context) else { return nil }
                    p.kind = .merge(inputs)
                    primitives.append(p)
                    name(attributes, context: &context)
                    mergeInputs = nil
                }
            }
        }
        guard error == nil else { return nil }
        return primitives
    }

    private func name(_ attributes: [String: String], context: inout PrimitiveContext) {
        if let result = attributes["result"]?.trimmingWhitespace, !result.isEmpty {
            context.names[result] = context.count
        }
        context.count += 1
    }

    /// One primitive (a merge's inputs are filled in by the caller); nil after a failure.
    private func primitive(
        _ element: String, _ written: [String: String], line: Int, context: PrimitiveContext
    ) -> IconFilterPrimitive? {
        guard let specific = Self.filterPrimitives[element] else {
            fail(
                "<\(element)> in the <filter> #\(context.filterID) is not in the supported subset; expected feGaussianBlur, feOffset, feFlood, feComposite, feMerge, feDropShadow or feImage",
                at: line)
            return nil
        }
        let own = Set(Self.primitiveCommon + specific + Self.filterProperties)
        guard var a = checked(written, element: element, own: own, line: line) else { return nil }
        if a["edgeMode"].map({ $0.trimmingWhitespace != "none" }) ?? false, element == "feGaussianBlur" {
            fail("attribute edgeMode=\"\(a["edgeMode"] ?? "")\" on <feGaussianBlur>: expected none", at: line)
            return nil
        }
        a["edgeMode"] = nil
        guard let source = input(a["in"], line: line, context: context),
            let linear = try? linearRGB(a["color-interpolation-filters"], line: line, default: context.linear)
        else { return nil }
        let kind: IconFilterPrimitive.Kind
        switch element {
        case "feGaussianBlur":
            let (sx, sy) = deviation(a["stdDeviation"], default: 0, context: context)
            kind = .gaussianBlur(source, stdDeviationX: sx, stdDeviationY: sy)
        case "feOffset":
            let (dx, dy) = offset(a, default: 0, context: context)
            kind = .offset(source, dx: dx, dy: dy)
        case "feFlood":
            guard let color = flood(a, line: line, filterID: context.filterID) else { return nil }
            kind = .flood(color)
        case "feComposite":
            guard let second = input(a["in2"], line: line, context: context) else { return nil }
            kind = .composite(source, second, compositeOperator(a))
        case "feDropShadow":
            guard let color = flood(a, line: line, filterID: context.filterID) else { return nil }
            let (dx, dy) = offset(a, default: 2, context: context)
            let (sx, sy) = deviation(a["stdDeviation"], default: 2, context: context)
            kind = .dropShadow(source, dx: dx, dy: dy, stdDeviationX: sx, stdDeviationY: sy, color: color)
        case "feImage":
            // The picture is fitted into the subregion (its warnings, kept once, come with it).
            guard let into = subregion(a, element: element, line: line, context: context),
                let picture = filterImage(a, into: into, line: line, filterID: context.filterID)
            else { return nil }
            kind = picture
        default:
            kind = .merge([])
        }
        guard let subregion = subregion(a, element: element, line: line, context: context) else { return nil }
        return IconFilterPrimitive(kind: kind, subregion: subregion, linearRGB: linear)
    }

    /// The attributes after the CSS cascade, checked against `own` (and what is ignored
    /// everywhere); nil after a failure.
    private func checked(_ written: [String: String], element: String, own: Set<String>, line: Int) -> [String: String]?
    {
        guard let a = styled(written, element: element, properties: Self.filterProperties) else { return nil }
        for key in a.keys.sorted() where !own.contains(key) && !Self.isIgnored(key, on: element) {
            fail(
                "attribute '\(key)' on <\(element)> is not in the supported SVG subset; expected \(own.sorted().joined(separator: ", "))",
                at: line)
            return nil
        }
        return a
    }

    /// `in` or `in2`: a name no earlier primitive gave (or none) is the previous result, or the
    /// source graphic for the first primitive (Filter Effects 1).
    private func input(_ text: String?, line: Int, context: PrimitiveContext) -> IconFilterPrimitive.Input? {
        let fallback: IconFilterPrimitive.Input = context.count == 0 ? .sourceGraphic : .result(context.count - 1)
        guard let name = text?.trimmingWhitespace, !name.isEmpty else { return fallback }
        switch name {
        case "SourceGraphic": return .sourceGraphic
        case "SourceAlpha": return .sourceAlpha
        case "BackgroundImage", "BackgroundAlpha", "FillPaint", "StrokePaint":
            fail(
                "in=\"\(name)\" is not in the supported subset; expected SourceGraphic, SourceAlpha or a result",
                at: line)
            return nil
        default: return context.names[name].map { .result($0) } ?? fallback
        }
    }

    /// `stdDeviation`: one number for both axes or two; anything else, or a negative one, is no
    /// blur (the primitive passes its input through). Scaled by the box in bounding-box units.
    private func deviation(_ text: String?, default value: Double, context: PrimitiveContext) -> (Double, Double) {
        var (sx, sy) = (value, value)
        if let text {
            let n = SVGValue.numbers(text) ?? []
            switch n.count {
            case 1: (sx, sy) = (n[0], n[0])
            case 2: (sx, sy) = (n[0], n[1])
            default: (sx, sy) = (0, 0)
            }
        }
        guard sx >= 0, sy >= 0 else { return (0, 0) }
        return context.boxUnits ? (sx * context.box.width, sy * context.box.height) : (sx, sy)
    }

    /// `dx` and `dy`: numbers (a percentage is not one, and counts as not written).
    private func offset(_ a: [String: String], default value: Double, context: PrimitiveContext) -> (Double, Double) {
        func number(_ key: String) -> Double {
            guard let text = a[key], let n = SVGValue.numbers(text), n.count == 1 else { return value }
            return n[0]
        }
        let (dx, dy) = (number("dx"), number("dy"))
        return context.boxUnits ? (dx * context.box.width, dy * context.box.height) : (dx, dy)
    }

    /// `flood-color` with `flood-opacity` (not inherited: black and 1 unless written here).
    private func flood(_ a: [String: String], line: Int, filterID: String) -> ColorRGBA8? {
        var color = ColorRGBA8.black
        if let text = a["flood-color"] {
            if Self.isCurrentColor(text) {
                // The `color` where the filter stands (properties inherit down the filter's tree).
                color = references.inherited[filterID]?["color"].flatMap { SVGValue.color($0) } ?? .black
            } else if let c = SVGValue.color(text) {
                color = c
            } else {
                // As if not written (IconBuilder+Recovery.swift): the initial black.
                warnInvalid("flood-color", text, on: "feFlood", line: line, expected: "a colour")
            }
        }
        var opacity = 1.0
        if let text = a["flood-opacity"] {
            if let o = Self.fraction(text) {
                opacity = o
            } else {
                warnInvalid("flood-opacity", text, on: "feFlood", line: line, expected: "a number from 0 to 1")
            }
        }
        return SVGColor.scaled(color, by: opacity)
    }

    /// `operator` (over when not written or not one of SVG's), with `k1`…`k4` for arithmetic.
    private func compositeOperator(_ a: [String: String]) -> IconFilterPrimitive.CompositeOperator {
        switch a["operator"]?.trimmingWhitespace ?? "over" {
        case "in": return .in
        case "out": return .out
        case "atop": return .atop
        case "xor": return .xor
        case "arithmetic":
            func k(_ key: String) -> Double {
                guard let text = a[key], let n = SVGValue.numbers(text), n.count == 1 else { return 0 }
                return n[0]
            }
            return .arithmetic(k1: k("k1"), k2: k("k2"), k3: k("k3"), k4: k("k4"))
        default: return .over
        }
    }

    /// The primitive subregion: `x`, `y`, `width`, `height` where written, else the filter region's.
    private func subregion(_ a: [String: String], element: String, line: Int, context: PrimitiveContext) -> Rect? {
        // A flood in bounding-box units reads what it does not write from the box, as resvg
        // draws it (Filter Effects 1 takes the filter region; the two differ only there).
        let b = context.box
        let r = element == "feFlood" && context.boxUnits ? b : context.region
        var values = [r.minX, r.minY, r.width, r.height]
        for (k, key) in ["x", "y", "width", "height"].enumerated() {
            guard let text = a[key] else { continue }
            guard let v = filterLength(text, key: key, boxUnits: context.boxUnits, box: context.box) else {
                // As if not written (IconBuilder+Recovery.swift): the region's.
                warnInvalid(key, text, on: element, line: line, expected: "a length")
                continue
            }
            values[k] = v
        }
        return Rect(x: values[0], y: values[1], width: max(values[2], 0), height: max(values[3], 0))
    }

    /// A region's coordinate: in bounding-box units a fraction (or percentage) of the box, else a
    /// length in user space.
    private func filterLength(_ text: String, key: String, boxUnits: Bool, box: Rect) -> Double? {
        guard boxUnits else { return SVGValue.length(text, viewport: viewportSize, axis: Self.axis(of: key)) }
        guard let v = SVGValue.length(text, viewport: Size(width: 1, height: 1), axis: Self.axis(of: key)) else {
            return nil
        }
        switch key {
        case "x": return box.minX + v * box.width
        case "y": return box.minY + v * box.height
        case "width": return v * box.width
        default: return v * box.height
        }
    }

    private func filterUnits(_ a: [String: String], _ key: String, default value: String, line: Int) -> String? {
        let units = a[key]?.trimmingWhitespace ?? value
        guard units == "userSpaceOnUse" || units == "objectBoundingBox" else {
            // As if not written (IconBuilder+Recovery.swift).
            warnInvalid(key, units, on: "filter", line: line, expected: "userSpaceOnUse or objectBoundingBox")
            return value
        }
        return units
    }

    struct FilterFailure: Error {}

    /// A failure inside a `<filter>`: the error names the line of the element at fault.
    func fail(_ message: String, at line: Int) {
        guard error == nil else { return }
        error = IconError(file: name, line: line, message: message)
        parser?.abortParsing()
    }

    /// `color-interpolation-filters`: true for linearRGB (and `auto`, the initial value's choice).
    private func linearRGB(_ text: String?, line: Int, default value: Bool = true) throws -> Bool {
        switch text?.trimmingWhitespace {
        case nil, "inherit": return value
        case "linearRGB", "auto": return true
        case "sRGB": return false
        case let other?:
            fail(
                "attribute color-interpolation-filters=\"\(other)\": expected auto, sRGB or linearRGB", at: line)
            throw FilterFailure()
        }
    }

    /// `color-interpolation-filters` inherited where the filter stands.
    private func inheritedFilterSpace(_ id: String) -> String? {
        references.inherited[id]?["color-interpolation-filters"]
    }
}
