import Colors
import SceneSyntax

/// How scripted touches are shown (`touches:`): the translucent circle screen recordings of iOS
/// apps draw under a finger. It appears on touch-down, follows the finger and fades out after
/// touch-up. The touches are those the scene scripts: snap-zone drags, `dynamicsTimeline` drags
/// and taps, and the `drag:` scrubs of animators and `layerTimeline`.
public struct TouchesSpec: Equatable, Sendable {
    /// Whether the indicator is drawn. nil (the default) means "when the scene scripts a touch",
    /// which is every such scene; `render --touches on|off` overrides it.
    public var show: Bool?
    /// The circle's diameter in points, > 0 and ≤ 1000. Default 44 (Apple's smallest hit target,
    /// about a fingertip).
    public var size: Double
    /// The circle's fill, straight alpha. Default `#8E8E9380`: system grey at half alpha, which
    /// shows on light and dark screens alike. A white ring (`ringColor`) edges it.
    public var color: ColorRGBA8

    public static let defaultSize = 44.0
    public static let defaultColor = ColorRGBA8(r: 0x8E, g: 0x8E, b: 0x93, a: 0x80)
    /// The ring around the circle: white at 80 %, `ringWidth` points wide (inside the circle).
    public static let ringColor = ColorRGBA8(r: 0xFF, g: 0xFF, b: 0xFF, a: 0xCC)
    public static let ringWidth = 1.5
    /// Seconds a tap's finger stays down (a tap handler runs on touch-down's tick here, then the
    /// finger lifts): 0.1 s, the length of a quick tap.
    public static let tapHold = 0.1
    /// Seconds the circle takes to fade out after touch-up (linearly, from opacity 1 to 0).
    public static let fadeOut = 0.2

    public init(show: Bool? = nil, size: Double = TouchesSpec.defaultSize, color: ColorRGBA8 = TouchesSpec.defaultColor)
    {
        self.show = show
        self.size = size
        self.color = color
    }
}

/// A plain device bezel drawn over the canvas's edges (`canvas.frame`).
public struct DeviceBezel: Equatable, Sendable {
    /// Fill colour of the bezel, default `#1C1C1E` (a dark grey, not a brand's artwork).
    public var color: ColorRGBA8
    /// Width in points of the band along every canvas edge, ≥ 0, less than half the shorter
    /// side. Default 10.
    public var width: Double

    public static let defaultColor = ColorRGBA8(r: 0x1C, g: 0x1C, b: 0x1E, a: 0xFF)
    public static let defaultWidth = 10.0

    public init(color: ColorRGBA8 = DeviceBezel.defaultColor, width: Double = DeviceBezel.defaultWidth) {
        self.color = color
        self.width = width
    }
}
