import Geometry
import Raster

/// A resolved, validated scene: what a scene file says, with every default filled in.
///
/// Scenes come from files (`SceneLoader`) or are built in Swift; either way `validate()` is the
/// one place the rules live, so a scene built in code gets the same errors as a file.
public struct Scene: Equatable, Sendable {
    /// The scene's name; the output folder and video are named after it.
    public var name: String
    public var canvas: Canvas
    /// Simulation ticks per second (each tick advances the animator by 1/fps s and yields one
    /// frame). Range 1...240, default 60.
    public var fps: Int
    /// How long the scene runs: `duration:` or `until: rest` (with `maxDuration:`) in files.
    public var length: SceneLength
    /// The items, in file order (which breaks ties of `zIndex`).
    public var items: [Item]
    /// The behaviours, in file order (the order they are added to the animator).
    public var behaviors: [BehaviorSpec]
    public var output: OutputSettings

    public init(name: String, canvas: Canvas, fps: Int = 60, length: SceneLength,
                items: [Item], behaviors: [BehaviorSpec] = [], output: OutputSettings = .init()) {
        self.name = name
        self.canvas = canvas
        self.fps = fps
        self.length = length
        self.items = items
        self.behaviors = behaviors
        self.output = output
    }

    /// The item with `id`, if any.
    public func item(_ id: String) -> Item? { items.first { $0.id == id } }
}

public struct Canvas: Equatable, Sendable {
    /// Canvas size in points; both components > 0.
    public var size: Size
    /// Pixels per point (UIKit's screen scale); > 0, default 2. Also the write-back rounding grid
    /// of view items (centres land on multiples of 1/scale pt, spec dynamics §1.6).
    public var scale: Double
    /// Colour behind every item, default white.
    public var background: ColorRGBA8

    public init(size: Size, scale: Double = 2, background: ColorRGBA8 = .white) {
        self.size = size
        self.scale = scale
        self.background = background
    }

    /// Size in whole pixels: points × scale, rounded up so no drawn pixel is lost.
    public var pixelWidth: Int { Int((size.width * scale).rounded(.up)) }
    public var pixelHeight: Int { Int((size.height * scale).rounded(.up)) }
}

/// How long a scene runs.
public enum SceneLength: Equatable, Sendable {
    /// A fixed length in seconds: `duration·fps` frames (rounded to the nearest whole tick).
    case duration(Double)
    /// Until the animator pauses (every body asleep or every behaviour allows it to stop),
    /// but never longer than `maxDuration` seconds.
    case untilRest(maxDuration: Double)
}

/// A drawable rectangle that behaviours move: a UIView in UIKit terms.
public struct Item: Equatable, Sendable {
    /// Unique within the scene; behaviours refer to items by id.
    public var id: String
    /// Bounds size in points; both components > 0.
    public var size: Size
    /// Centre in canvas points.
    public var center: Point
    /// Initial rotation, clockwise on screen. Scene files give it in degrees (`rotation:`).
    public var rotation: Angle
    /// Fill colour, default white.
    public var fill: ColorRGBA8
    /// Corner radius in points, ≥ 0; drawn clamped to min(width, height)/2.
    public var cornerRadius: Double
    public var border: Border?
    /// Layer opacity in [0, 1], default 1.
    public var opacity: Double
    /// Drawing order: higher z draws on top; equal z keeps file order. Default 0. `z:` in files.
    public var zIndex: Int

    public init(id: String, size: Size, center: Point, rotation: Angle = .zero,
                fill: ColorRGBA8 = .white, cornerRadius: Double = 0, border: Border? = nil,
                opacity: Double = 1, zIndex: Int = 0) {
        self.id = id
        self.size = size
        self.center = center
        self.rotation = rotation
        self.fill = fill
        self.cornerRadius = cornerRadius
        self.border = border
        self.opacity = opacity
        self.zIndex = zIndex
    }
}

public struct Border: Equatable, Sendable {
    /// Border width in points, > 0, drawn inside the item's bounds.
    public var width: Double
    public var color: ColorRGBA8

    public init(width: Double, color: ColorRGBA8) {
        self.width = width
        self.color = color
    }
}

/// A behaviour as a scene describes it; the pipeline turns each into a `Dynamics` behaviour.
public enum BehaviorSpec: Equatable, Sendable {
    case snap(SnapSpec)
    case gravity(GravitySpec)

    /// The scene-file key that introduces this behaviour ("snap", "gravity").
    public var kind: String {
        switch self {
        case .snap: return "snap"
        case .gravity: return "gravity"
        }
    }

    /// Ids of the items this behaviour acts on, in the order the scene lists them.
    public var itemIDs: [String] {
        switch self {
        case .snap(let s): return [s.item]
        case .gravity(let g): return g.items
        }
    }
}

/// `UISnapBehavior(item:snapTo:)`.
public struct SnapSpec: Equatable, Sendable {
    public var item: String
    /// Snap point in canvas points (`to:` in scene files).
    public var snapPoint: Point
    /// Damping ratio of the four snap springs, 0...1, default 0.5 (UIKit's default).
    public var damping: Double

    public init(item: String, snapPoint: Point, damping: Double = 0.5) {
        self.item = item
        self.snapPoint = snapPoint
        self.damping = damping
    }
}

/// `UIGravityBehavior(items:)`.
public struct GravitySpec: Equatable, Sendable {
    public var items: [String]
    /// Gravity vector in UIKit units: (0, 1) is 1000 pt/s² downwards (UIKit's default).
    public var direction: Point

    public init(items: [String], direction: Point = Point(0, 1)) {
        self.items = items
        self.direction = direction
    }
}

public struct OutputSettings: Equatable, Sendable {
    /// Write PNG frames (`<out>/<scene>/frame_00000.png …`). Default true.
    public var frames: Bool
    /// Video to encode with ffmpeg, or nil for none. Default mp4.
    public var video: VideoFormat?

    public init(frames: Bool = true, video: VideoFormat? = .mp4) {
        self.frames = frames
        self.video = video
    }
}

public enum VideoFormat: String, CaseIterable, Equatable, Sendable {
    case mp4
}
