/// Elements SVG renderers pass over rather than refuse: an element SVG does not define (in its
/// namespace), which SVG says is not rendered, nor anything in it; and the parts of gradients and
/// filters standing outside them, which draw nothing there. Each is skipped with a warning. Elements SVG defines that would change the
/// picture (`script`, animation, `foreignObject`, `marker`…) are still refused where they stand.
extension IconBuilder {
    /// Whether `element` (not in the subset) is skipped with its content instead of refused.
    static func passedOver(_ element: String) -> Bool {
        !svgElements.contains(element) || element == "stop" || filterParts.contains(element)
    }

    /// Why `element` draws nothing, in words.
    static func whyPassedOver(_ element: String) -> String {
        if !svgElements.contains(element) { return "SVG defines no such element" }
        return element == "stop" ? "a stop outside a gradient" : "a filter primitive outside a <filter>"
    }

    /// The parts of a `<filter>`: primitives, merge nodes, transfer functions and light sources.
    static let filterParts: Set<String> = svgElements.filter { $0.hasPrefix("fe") }

    /// The elements of SVG 1.1 and SVG 2.
    static let svgElements: Set<String> = [
        "a", "altGlyph", "altGlyphDef", "altGlyphItem", "animate", "animateColor", "animateMotion",
        "animateTransform", "circle", "clipPath", "color-profile", "cursor", "defs", "desc", "discard", "ellipse",
        "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting",
        "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR",
        "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight",
        "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence", "filter", "font", "font-face",
        "font-face-format", "font-face-name", "font-face-src", "font-face-uri", "foreignObject", "g", "glyph",
        "glyphRef", "hkern", "image", "line", "linearGradient", "marker", "mask", "metadata", "missing-glyph",
        "mpath", "path", "pattern", "polygon", "polyline", "radialGradient", "rect", "script", "set", "stop",
        "style", "svg", "switch", "symbol", "text", "textPath", "title", "tref", "tspan", "unknown", "use", "view",
        "vkern",
    ]
}
