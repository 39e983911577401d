import Colors
import Geometry
import SceneSyntax
import Timing
@_exported import VideoFormats

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
    /// `UIView.animate…` blocks, in file order (`viewAnimations:`). Default none.
    public var viewAnimations: [ViewAnimationSpec] = []
    /// Property animators with their scripted calls (`animators:`). Default none.
    public var animators: [AnimatorSpec] = []
    /// The `transition` calls of the animators' scripts, as the view animations they are.
    public var animatorTransitions: [ViewAnimationScript] = []
    /// Scripted changes of item layers' media timing (`layerTimeline:`), `at` non-decreasing.
    public var layerTimeline: [LayerTimingCall] = []
    /// Behaviour ids (`- { id: cardSnap, snap: { … } }`), indexed like `behaviors`; nil for a
    /// behaviour without one. Empty (the default) when no behaviour has an id.
    public var behaviorIDs: [String?] = []
    /// Scripted changes of the behaviours (`dynamicsTimeline:`), run in file order. Default none.
    public var dynamicsTimeline: [DynamicsTimelineEntry] = []
    /// Items behaviours move as one body (`itemGroups:`, UIDynamicItemGroup). Default none.
    public var itemGroups: [ItemGroupSpec] = []

    /// The id of behaviour `i`, if it has one.
    public func behaviorID(_ i: Int) -> String? { i < behaviorIDs.count ? behaviorIDs[i] : nil }
    /// The scene's own font files (`fonts:`), in file order; their families join Inter and
    /// DejaVu Sans. Default none.
    public var fonts: [SceneFont] = []
    /// How scripted touches are shown (`touches:`); by default, in every scene that scripts one.
    public var touches = TouchesSpec()

    public init(
        name: String, canvas: Canvas, fps: Int = FrameRate.defaultFPS, length: SceneLength,
        items: [Item], behaviors: [BehaviorSpec] = [], output: OutputSettings = .init()
    ) {
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
    /// Radius in points of the screen's corners (`screenCornerRadius:`), 0 (default) to half the
    /// shorter side; outside them the bezel's colour shows (black without a `frame`).
    public var screenCornerRadius = 0.0
    /// A plain bezel over the canvas's edges (`frame:`); nil (default) for none.
    public var frame: DeviceBezel?
    /// A gradient behind every item instead of `background` (`background: { linear: … }`); nil
    /// (default) for the plain colour.
    public var backgroundGradient: Gradient? = nil

    public init(size: Size, scale: Double = 2, background: ColorRGBA8 = .white) {
        self.size = size
        self.scale = scale
        self.background = background
    }

    /// Whether every frame's background is opaque, so no pixel of any frame can be transparent:
    /// a gradient covers the whole canvas (its end colours extend past its stops), so it is opaque
    /// when every stop is; otherwise the plain colour decides.
    public var hasOpaqueBackground: Bool {
        backgroundGradient.map { $0.colors.allSatisfy { $0.a == 255 } } ?? (background.a == 255)
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

/// What kind of `UIDynamicItem` an item is.
public enum DynamicKind: String, CaseIterable, Equatable, Sendable {
    /// A `UIView`: centres written back on the canvas pixel grid, angles on 1/5000 rad.
    case view
    /// A plain object implementing `UIDynamicItem` (the seed's custom item): written back exactly.
    case plain
}

/// `UIDynamicItemCollisionBoundsType`.
public enum CollisionBounds: Equatable, Sendable {
    case rectangle
    /// A circle when the item is square, else an ellipse approximated by a polygon.
    case ellipse
    /// A convex polygon of 3 to 8 points, relative to the item's centre, in points.
    case path([Point])
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

public struct OutputSettings: Equatable, Sendable {
    /// Write PNG frames (`<out>/<scene>/frame_00000.png …`). Default true.
    public var frames: Bool
    /// Videos to encode with ffmpeg, one file per format (`<out>/<scene>.<format>`); empty for
    /// none. Default `[.mp4]`.
    public var video: [VideoFormat]
    /// The videos' size as a fraction of the frames' (0.01...1); default 1. PNG frames keep the
    /// canvas's size.
    public var scale: Double
    /// The videos' frame rate; nil (default): the scene's `fps`. Frames are taken by whole ticks.
    public var fps: Int?

    public init(frames: Bool = true, video: [VideoFormat] = [.mp4], scale: Double = 1, fps: Int? = nil) {
        self.frames = frames
        self.video = video
        self.scale = scale
        self.fps = fps
    }
}
