import Colors
import SceneSyntax

/// `UIVisualEffectView` with a `UIBlurEffect` behind an item (`backgroundEffect:`): what is drawn
/// behind the item, within its shape, is blurred, saturated and tinted before its own fill.
public struct BackgroundEffect: Equatable, Sendable {
    public var blur: Material
    /// The system materials' appearance (`UIUserInterfaceStyle`); the classic styles ignore it.
    public var style: Style
    /// Overrides of the material's blur σ (points), saturation factor and tint.
    public var radius: Double?
    public var saturation: Double?
    public var tint: ColorRGBA8?

    public init(
        blur: Material = .systemMaterial, style: Style = .light, radius: Double? = nil, saturation: Double? = nil,
        tint: ColorRGBA8? = nil
    ) {
        self.blur = blur
        self.style = style
        self.radius = radius
        self.saturation = saturation
        self.tint = tint
    }

    public enum Style: String, CaseIterable, Sendable { case light, dark }

    /// `UIBlurEffect.Style`.
    public enum Material: String, CaseIterable, Sendable {
        case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
        case regular, prominent, extraLight, light, dark
    }

    /// The material's numbers after the overrides: σ in points, saturation factor, tint.
    public var resolved: (radius: Double, saturation: Double, tint: ColorRGBA8) {
        let base = MaterialTable.values(blur, style)
        return (radius ?? base.radius, saturation ?? base.saturation, tint ?? base.tint)
    }
}

/// The materials' numbers, in one table (docs/scene-format.md, "Materials", says where they come
/// from). Apple publishes none for UIBlurEffect; the classic styles take the numbers of Apple's own
/// `UIImage+ImageEffects` sample (WWDC 2013: `applyLightEffect` blur radius 30, white at 0.3,
/// saturation 1.8; `applyExtraLightEffect` 20, white 0.97 at 0.82, 1.8; `applyDarkEffect` 20,
/// white 0.11 at 0.73, 1.8), and the iOS 13 system materials sit between them: thicker materials
/// tint more, in white (light) or iOS's dark grouped background #1C1C1E (dark), at saturation 1.8.
public enum MaterialTable {
    public static func values(_ material: BackgroundEffect.Material, _ style: BackgroundEffect.Style) -> (
        radius: Double, saturation: Double, tint: ColorRGBA8
    ) {
        func white(_ level: Double, _ alpha: Double) -> ColorRGBA8 {
            let v = UInt8((level * 255).rounded())
            return ColorRGBA8(r: v, g: v, b: v, a: UInt8((alpha * 255).rounded()))
        }
        func system(_ radius: Double, light: Double, dark: Double) -> (Double, Double, ColorRGBA8) {
            style == .light
                ? (radius, 1.8, white(1, light))
                : (radius, 1.8, ColorRGBA8(r: 28, g: 28, b: 30, a: UInt8((dark * 255).rounded())))
        }
        switch material {
        case .systemUltraThinMaterial: return system(20, light: 0.25, dark: 0.35)
        case .systemThinMaterial: return system(25, light: 0.45, dark: 0.55)
        case .systemMaterial: return system(30, light: 0.65, dark: 0.7)
        case .systemThickMaterial: return system(30, light: 0.8, dark: 0.82)
        case .systemChromeMaterial: return system(30, light: 0.75, dark: 0.75)
        case .regular, .light: return (30, 1.8, white(1, 0.3))
        case .prominent: return (30, 1.8, white(1, 0.5))
        case .extraLight: return (20, 1.8, white(0.97, 0.82))
        case .dark: return (20, 1.8, white(0.11, 0.73))
        }
    }
}
