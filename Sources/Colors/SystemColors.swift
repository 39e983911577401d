/// Light or dark interface (`UIUserInterfaceStyle`): which of a system colour's two values a
/// scene gets.
public enum Appearance: String, CaseIterable, Sendable {
    case light, dark
}

/// UIKit's system colours by name (`systemBlue`, `label`, `separator`, …), each with its light and
/// dark value, so a scene written with them follows `appearance:` as an app follows dark mode.
///
/// The tints (`systemRed` … `systemGray6`) are the sRGB values of Apple's Human Interface
/// Guidelines, "Color" (iOS, default contrast). The semantic colours (labels, fills, backgrounds,
/// separators) are what `UIColor.label` and its kin resolve to on iOS 17 at default contrast,
/// their alpha × 255 rounded to the nearest byte (0.6 → 0x99, 0.29 → 0x4A).
public enum SystemColors {
    /// The colour of `name` in `appearance`, or nil when UIKit has no system colour of that name.
    public static func color(named name: String, appearance: Appearance) -> ColorRGBA8? {
        guard let pair = table[name] else { return nil }
        return appearance == .light ? pair.light : pair.dark
    }

    /// Every name, in the order of the table (tints, labels, fills, backgrounds, separators).
    public static var names: [String] { entries.map(\.name) }

    private static let table: [String: (light: ColorRGBA8, dark: ColorRGBA8)] = {
        var t: [String: (light: ColorRGBA8, dark: ColorRGBA8)] = [:]
        for e in entries { t[e.name] = (e.light, e.dark) }
        return t
    }()

    private static let entries: [(name: String, light: ColorRGBA8, dark: ColorRGBA8)] = [
        ("systemRed", .rgb(0xFF3B30), .rgb(0xFF453A)),
        ("systemOrange", .rgb(0xFF9500), .rgb(0xFF9F0A)),
        ("systemYellow", .rgb(0xFFCC00), .rgb(0xFFD60A)),
        ("systemGreen", .rgb(0x34C759), .rgb(0x30D158)),
        ("systemMint", .rgb(0x00C7BE), .rgb(0x63E6E2)),
        ("systemTeal", .rgb(0x30B0C7), .rgb(0x40C8E0)),
        ("systemCyan", .rgb(0x32ADE6), .rgb(0x64D2FF)),
        ("systemBlue", .rgb(0x007AFF), .rgb(0x0A84FF)),
        ("systemIndigo", .rgb(0x5856D6), .rgb(0x5E5CE6)),
        ("systemPurple", .rgb(0xAF52DE), .rgb(0xBF5AF2)),
        ("systemPink", .rgb(0xFF2D55), .rgb(0xFF375F)),
        ("systemBrown", .rgb(0xA2845E), .rgb(0xAC8E68)),
        ("systemGray", .rgb(0x8E8E93), .rgb(0x8E8E93)),
        ("systemGray2", .rgb(0xAEAEB2), .rgb(0x636366)),
        ("systemGray3", .rgb(0xC7C7CC), .rgb(0x48484A)),
        ("systemGray4", .rgb(0xD1D1D6), .rgb(0x3A3A3C)),
        ("systemGray5", .rgb(0xE5E5EA), .rgb(0x2C2C2E)),
        ("systemGray6", .rgb(0xF2F2F7), .rgb(0x1C1C1E)),
        ("tintColor", .rgb(0x007AFF), .rgb(0x0A84FF)),
        ("label", .rgb(0x000000), .rgb(0xFFFFFF)),
        ("secondaryLabel", .rgb(0x3C3C43, alpha: 0x99), .rgb(0xEBEBF5, alpha: 0x99)),
        ("tertiaryLabel", .rgb(0x3C3C43, alpha: 0x4D), .rgb(0xEBEBF5, alpha: 0x4D)),
        ("quaternaryLabel", .rgb(0x3C3C43, alpha: 0x2E), .rgb(0xEBEBF5, alpha: 0x29)),
        ("placeholderText", .rgb(0x3C3C43, alpha: 0x4D), .rgb(0xEBEBF5, alpha: 0x4D)),
        ("link", .rgb(0x007AFF), .rgb(0x0984FF)),
        ("systemFill", .rgb(0x787880, alpha: 0x33), .rgb(0x787880, alpha: 0x5C)),
        ("secondarySystemFill", .rgb(0x787880, alpha: 0x29), .rgb(0x787880, alpha: 0x52)),
        ("tertiarySystemFill", .rgb(0x767680, alpha: 0x1F), .rgb(0x767680, alpha: 0x3D)),
        ("quaternarySystemFill", .rgb(0x747480, alpha: 0x14), .rgb(0x767680, alpha: 0x2E)),
        ("systemBackground", .rgb(0xFFFFFF), .rgb(0x000000)),
        ("secondarySystemBackground", .rgb(0xF2F2F7), .rgb(0x1C1C1E)),
        ("tertiarySystemBackground", .rgb(0xFFFFFF), .rgb(0x2C2C2E)),
        ("systemGroupedBackground", .rgb(0xF2F2F7), .rgb(0x000000)),
        ("secondarySystemGroupedBackground", .rgb(0xFFFFFF), .rgb(0x1C1C1E)),
        ("tertiarySystemGroupedBackground", .rgb(0xF2F2F7), .rgb(0x2C2C2E)),
        ("separator", .rgb(0x3C3C43, alpha: 0x4A), .rgb(0x545458, alpha: 0x99)),
        ("opaqueSeparator", .rgb(0xC6C6C8), .rgb(0x38383A)),
        ("lightText", .rgb(0xFFFFFF, alpha: 0x99), .rgb(0xFFFFFF, alpha: 0x99)),
        ("darkText", .rgb(0x000000), .rgb(0x000000)),
        ("white", .rgb(0xFFFFFF), .rgb(0xFFFFFF)),
        ("black", .rgb(0x000000), .rgb(0x000000)),
        ("clear", .rgb(0x000000, alpha: 0), .rgb(0x000000, alpha: 0)),
    ]
}

extension ColorRGBA8 {
    /// `0xRRGGBB` and an alpha byte: the system colour table's spelling.
    fileprivate static func rgb(_ value: UInt32, alpha: UInt8 = 0xFF) -> ColorRGBA8 {
        ColorRGBA8(r: UInt8(value >> 16 & 0xFF), g: UInt8(value >> 8 & 0xFF), b: UInt8(value & 0xFF), a: alpha)
    }
}
