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
    /// `UIView.transform`'s scale along the item's own axes, before `rotation` (a negative factor
    /// mirrors); animations of `scale` start from it. Default `(1, 1)`. `scale:` in files.
    public var scale = Point(1, 1)
    /// Fill colour, default white.
    public var fill: ColorRGBA8
    /// Corner radius in points, ≥ 0; drawn clamped to min(width, height)/2.
    public var cornerRadius: Double
    /// The corners `cornerRadius` rounds (`CALayer.maskedCorners`; `maskedCorners:` in files);
    /// the others are square. Default all four.
    public var maskedCorners: CornerMask = .all
    /// `CALayer.isHidden`: the item and its children are not drawn; behaviours still move it.
    /// Default false. `isHidden:` in files.
    public var isHidden = false
    public var border: Border?
    /// Layer opacity in [0, 1], default 1.
    public var opacity: Double
    /// Drawing order: higher z draws on top; equal z keeps file order. Default 0. `z:` in files.
    public var zIndex: Int
    /// How the animator writes the item back (spec dynamics §1.6). Default `.view`. `kind:` in files.
    public var dynamicKind: DynamicKind
    /// The shape collisions see. Default `.rectangle`.
    public var collisionBounds: CollisionBounds
    /// The mask layer (`mask:`), if any: the child marked `isMask`.
    public var mask: Item? { children.last.flatMap { $0.isMask ? $0 : nil } }

    /// The key path of child `k` under this item's `path`: `…children[k]`, or `….mask` for the mask.
    public func childPath(_ k: Int, under path: String) -> String {
        children[k].isMask ? path + ".mask" : path + ".children[\(k)]"
    }

    /// Sublayers (`children:`), drawn after this item in z order; their centres are in this
    /// item's bounds (origin at its top-left), and transform and opacity compose with it.
    public var children: [Item] = []
    /// `masksToBounds`: clips the children to this item's rounded bounds. Default false.
    public var masksToBounds = false
    /// `CALayer.anchorPoint`, in the unit square of the bounds: the point that sits at `center`
    /// (the layer's position) and that rotation and scale turn about. Default the middle.
    public var anchorPoint = Point(0.5, 0.5)
    /// The transform's turns about the layer's x and y axes (`transform.rotation.x` / `.y`),
    /// applied after `rotation` and before `transform3D`. Degrees in files.
    public var rotationX = Angle.zero
    public var rotationY = Angle.zero
    /// `CALayer.zPosition`, points toward the viewer: higher draws on top among siblings, and
    /// under a parent's perspective it brings the layer nearer. Default 0.
    public var zPosition = 0.0
    /// `CALayer.anchorPointZ`, points: the depth of the point 3-D turns go about. Default 0.
    public var anchorPointZ = 0.0
    /// A 3-D transform (`transform3D:`, CATransform3D) applied about the anchor point after the
    /// scale and rotations and before the translation. Identity for none.
    public var transform3D = Transform3D.identity
    /// `CALayer.sublayerTransform`: applied to the children about this item's anchor point (so
    /// its `perspective` puts their shared vanishing point there). Identity for none.
    public var sublayerTransform = Transform3D.identity
    /// `CALayer.isDoubleSided`: false hides the item (and its children) while its back faces the
    /// viewer. Default true.
    public var isDoubleSided = true
    /// `CALayer.allowsGroupOpacity`: with opacity below 1, the item and its children are composited
    /// as one image and faded once, so overlapping children do not show through one another.
    /// Default true, as on iOS 7 and later; false fades each descendant on its own.
    public var allowsGroupOpacity = true
    /// True for an item read from a parent's `mask:` (CALayer.mask): it is kept as the last of
    /// the parent's children, placed and animated like one, and its alpha masks the parent
    /// instead of being drawn.
    public var isMask = false
    /// `CALayer.cornerCurve`: how the rounded corners meet the sides. Default circular.
    public var cornerCurve = CornerCurve.circular
    /// `CALayer.filters` (`filters:`), applied in order to the item and its children, composited.
    public var filters: [LayerFilter] = []
    /// A blur material behind the item (`backgroundEffect:`, UIVisualEffectView); nil for none.
    public var backgroundEffect: BackgroundEffect?
    /// The item is a scroll view (`scroll:`, UIScrollView): its children scroll; nil for none.
    public var scroll: ScrollSpec?
    /// Properties that follow where this child of a scroll view is in its visible area
    /// (`scrollTransition:`); empty for none.
    public var scrollTransitions: [ScrollTransitionSpec] = []

    /// The σ, in points, of the item's Gaussian blur filters applied one after the other: a
    /// Gaussian of σ₁ then one of σ₂ is one of √(σ₁² + σ₂²). 0 without a blur.
    public var blurSigma: Double {
        filters.compactMap(\.gaussianBlur).reduce(0) { $0 + $1.radius * $1.radius }.squareRoot()
    }
    /// `CALayer.shadow*`; nil (default) for none.
    public var shadow: Shadow?
    /// The layer's own media timing (`timing:`); duration 0 = infinite. Default identity timing.
    public var timing = MediaTiming()
    /// Explicit Core Animation animations on this item's layer (`animations:`).
    public var animations: [AnimationSpec] = []
    /// A vector shape drawn over the background (`shape:`, CAShapeLayer); nil for none.
    public var shape: ShapeSpec?
    /// An icon drawn over the background and shape, fitted to the bounds (`icon:`); nil for none.
    public var icon: ItemIcon?
    /// `UIView.tintColor`: the icons of this item and of its children without a tint of their
    /// own draw as template images in it (each piece's colour replaced, its alpha kept); nil
    /// (default) inherits the parent's, and at the top draws icons in their own colours.
    public var tintColor: ColorRGBA8?
    /// The item's text (`text:`, a CATextLayer / UILabel), drawn over its fill; nil (default) for none.
    public var text: TextSpec?
    /// A gradient filling the bounds instead of `fill` (`fill: { linear: … }`, CAGradientLayer);
    /// nil (default) for the plain fill colour.
    public var fillGradient: Gradient?
    /// An image drawn over the fill, under shape, icon and text (`image:`, CALayer contents);
    /// nil (default) for none.
    public var image: ItemImage?
    /// A Lottie animation played in the bounds, drawn where an image is (`lottie:`); nil (default)
    /// for none.
    public var lottie: ItemLottie?

    public init(
        id: String, size: Size, center: Point, rotation: Angle = .zero,
        fill: ColorRGBA8 = .white, cornerRadius: Double = 0, border: Border? = nil,
        opacity: Double = 1, zIndex: Int = 0, dynamicKind: DynamicKind = .view,
        collisionBounds: CollisionBounds = .rectangle
    ) {
        self.id = id
        self.size = size
        self.center = center
        self.rotation = rotation
        self.fill = fill
        self.cornerRadius = cornerRadius
        self.border = border
        self.opacity = opacity
        self.zIndex = zIndex
        self.dynamicKind = dynamicKind
        self.collisionBounds = collisionBounds
    }
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
