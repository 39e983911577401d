/// How a group's colours mix with what is below it (CSS Compositing and Blending Level 1's
/// `mix-blend-mode`): the function B(Cb, Cs) of the backdrop's and the source's straight colours
/// in the general formula co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs). Alpha is always
/// source-over. Named as CSS spells them (`rawValue`), so the icon loader and the SVG frame
/// writer use one list; Raster's BlendModes.swift holds the formulas.
public enum BlendMode: String, CaseIterable, Hashable, Sendable {
    case normal, multiply, screen, overlay, darken, lighten
    case colorDodge = "color-dodge"
    case colorBurn = "color-burn"
    case hardLight = "hard-light"
    case softLight = "soft-light"
    case difference, exclusion
    /// The non-separable modes: they mix the colours as a whole (hue, saturation, luminosity).
    case hue, saturation, color, luminosity

    /// Whether B works on each channel alone (all but hue, saturation, color and luminosity).
    public var isSeparable: Bool { ![.hue, .saturation, .color, .luminosity].contains(self) }
}
