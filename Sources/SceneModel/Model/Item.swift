import Colors
import Geometry
import Timing

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
    public var maskedCorners: CornerMask {
        get { attributes.value.maskedCorners }
        _modify { yield &attributes.value.maskedCorners }
    }
    /// `CALayer.isHidden`: the item and its children are not drawn; behaviours still move it.
    /// Default false. `isHidden:` in files.
    public var isHidden = false
    public var border: Border? {
        get { attributes.value.border }
        _modify { yield &attributes.value.border }
    }
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
        ItemKeyPath(child: k, of: path, isMask: children[k].isMask).description
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
    public var rotationX: Angle {
        get { attributes.value.rotationX }
        _modify { yield &attributes.value.rotationX }
    }
    public var rotationY: Angle {
        get { attributes.value.rotationY }
        _modify { yield &attributes.value.rotationY }
    }
    /// `CALayer.zPosition`, points toward the viewer: higher draws on top among siblings, and
    /// under a parent's perspective it brings the layer nearer. Default 0.
    public var zPosition: Double {
        get { attributes.value.zPosition }
        _modify { yield &attributes.value.zPosition }
    }
    /// `CALayer.anchorPointZ`, points: the depth of the point 3-D turns go about. Default 0.
    public var anchorPointZ: Double {
        get { attributes.value.anchorPointZ }
        _modify { yield &attributes.value.anchorPointZ }
    }
    /// A 3-D transform (`transform3D:`, CATransform3D) applied about the anchor point after the
    /// scale and rotations and before the translation. Identity for none.
    public var transform3D: Transform3D {
        get { attributes.value.transform3D }
        _modify { yield &attributes.value.transform3D }
    }
    /// `CALayer.sublayerTransform`: applied to the children about this item's anchor point (so
    /// its `perspective` puts their shared vanishing point there). Identity for none.
    public var sublayerTransform: Transform3D {
        get { attributes.value.sublayerTransform }
        _modify { yield &attributes.value.sublayerTransform }
    }
    /// `CALayer.isDoubleSided`: false hides the item (and its children) while its back faces the
    /// viewer. Default true.
    public var isDoubleSided: Bool {
        get { attributes.value.isDoubleSided }
        _modify { yield &attributes.value.isDoubleSided }
    }
    /// `CALayer.allowsGroupOpacity`: with opacity below 1, the item and its children are composited
    /// as one image and faded once, so overlapping children do not show through one another.
    /// Default true, as on iOS 7 and later; false fades each descendant on its own.
    public var allowsGroupOpacity: Bool {
        get { attributes.value.allowsGroupOpacity }
        _modify { yield &attributes.value.allowsGroupOpacity }
    }
    /// True for an item read from a parent's `mask:` (CALayer.mask): it is kept as the last of
    /// the parent's children, placed and animated like one, and its alpha masks the parent
    /// instead of being drawn.
    public var isMask = false
    /// `CALayer.cornerCurve`: how the rounded corners meet the sides. Default circular.
    public var cornerCurve: CornerCurve {
        get { attributes.value.cornerCurve }
        _modify { yield &attributes.value.cornerCurve }
    }
    /// `CALayer.filters` (`filters:`), applied in order to the item and its children, composited.
    public var filters: [LayerFilter] {
        get { attributes.value.filters }
        _modify { yield &attributes.value.filters }
    }
    /// A blur material behind the item (`backgroundEffect:`, UIVisualEffectView); nil for none.
    public var backgroundEffect: BackgroundEffect? {
        get { attributes.value.backgroundEffect }
        _modify { yield &attributes.value.backgroundEffect }
    }
    /// The item is a scroll view (`scroll:`, UIScrollView): its children scroll; nil for none.
    public var scroll: ScrollSpec? {
        get { attributes.value.scroll }
        _modify { yield &attributes.value.scroll }
    }
    /// Properties that follow where this child of a scroll view is in its visible area
    /// (`scrollTransition:`); empty for none.
    public var scrollTransitions: [ScrollTransitionSpec] {
        get { attributes.value.scrollTransitions }
        _modify { yield &attributes.value.scrollTransitions }
    }

    /// The σ, in points, of the item's Gaussian blur filters applied one after the other: a
    /// Gaussian of σ₁ then one of σ₂ is one of √(σ₁² + σ₂²). 0 without a blur.
    public var blurSigma: Double {
        filters.compactMap(\.gaussianBlur).reduce(0) { $0 + $1.radius * $1.radius }.squareRoot()
    }
    /// `CALayer.shadow*`; nil (default) for none.
    public var shadow: Shadow? {
        get { attributes.value.shadow }
        _modify { yield &attributes.value.shadow }
    }
    /// The layer's own media timing (`timing:`); duration 0 = infinite. Default identity timing.
    public var timing: MediaTiming {
        get { attributes.value.timing }
        _modify { yield &attributes.value.timing }
    }
    /// Explicit Core Animation animations on this item's layer (`animations:`).
    public var animations: [AnimationSpec] {
        get { attributes.value.animations }
        _modify { yield &attributes.value.animations }
    }
    /// A vector shape drawn over the background (`shape:`, CAShapeLayer); nil for none.
    public var shape: ShapeSpec? {
        get { attributes.value.shape }
        _modify { yield &attributes.value.shape }
    }
    /// An icon drawn over the background and shape, fitted to the bounds (`icon:`); nil for none.
    public var icon: ItemIcon? {
        get { attributes.value.icon }
        _modify { yield &attributes.value.icon }
    }
    /// `UIView.tintColor`: the icons of this item and of its children without a tint of their
    /// own draw as template images in it (each piece's colour replaced, its alpha kept); nil
    /// (default) inherits the parent's, and at the top draws icons in their own colours.
    public var tintColor: ColorRGBA8? {
        get { attributes.value.tintColor }
        _modify { yield &attributes.value.tintColor }
    }
    /// The item's text (`text:`, a CATextLayer / UILabel), drawn over its fill; nil (default) for none.
    public var text: TextSpec? {
        get { attributes.value.text }
        _modify { yield &attributes.value.text }
    }
    /// A gradient filling the bounds instead of `fill` (`fill: { linear: … }`, CAGradientLayer);
    /// nil (default) for the plain fill colour.
    public var fillGradient: Gradient? {
        get { attributes.value.fillGradient }
        _modify { yield &attributes.value.fillGradient }
    }
    /// An image drawn over the fill, under shape, icon and text (`image:`, CALayer contents);
    /// nil (default) for none.
    public var image: ItemImage? {
        get { attributes.value.image }
        _modify { yield &attributes.value.image }
    }
    /// A Lottie animation played in the bounds, drawn where an image is (`lottie:`); nil (default)
    /// for none.
    public var lottie: ItemLottie? {
        get { attributes.value.lottie }
        _modify { yield &attributes.value.lottie }
    }

    /// The properties most layers leave at their defaults, kept behind one shared reference
    /// (`Indirect`): an item is copied often (arrays of items, the simulation's nodes), and inline
    /// they would make it a kilobyte to copy and a dozen references to retain. Items that set none
    /// of them share `Attributes.defaults`.
    private var attributes = Attributes.defaults

    /// True when the item still shares `Attributes.defaults`: every property kept there (3-D
    /// keys, border, shadow, text, shape, icon, image, gradient, animations, scroll, filters …)
    /// is at its default, so a walk looking for one can pass the item by. False says nothing:
    /// an item that set one back to its default keeps storage of its own.
    public var hasDefaultAttributes: Bool { attributes.sharesStorage(with: Attributes.defaults) }

    /// `hasDefaultAttributes` of the item at `item`, read in place: a computed property asked of
    /// `pointee` copies the whole item first, which is most of what a walk over a large scene costs.
    static func hasDefaultAttributes(at item: UnsafePointer<Item>) -> Bool {
        item.pointee.attributes.sharesStorage(with: Attributes.defaults)
    }

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
        self.opacity = opacity
        self.zIndex = zIndex
        self.dynamicKind = dynamicKind
        self.collisionBounds = collisionBounds
        // Written only when given, so an item without one keeps sharing the default attributes.
        if border != nil { self.border = border }
    }
}

extension Item {
    /// The stored half of the item's computed properties above; defaults as documented there.
    struct Attributes: Equatable, Sendable {
        var maskedCorners: CornerMask = .all
        var border: Border?
        var rotationX = Angle.zero
        var rotationY = Angle.zero
        var zPosition = 0.0
        var anchorPointZ = 0.0
        var transform3D = Transform3D.identity
        var sublayerTransform = Transform3D.identity
        var isDoubleSided = true
        var allowsGroupOpacity = true
        var cornerCurve = CornerCurve.circular
        var filters: [LayerFilter] = []
        var backgroundEffect: BackgroundEffect?
        var scroll: ScrollSpec?
        var scrollTransitions: [ScrollTransitionSpec] = []
        var shadow: Shadow?
        var timing = MediaTiming()
        var animations: [AnimationSpec] = []
        var shape: ShapeSpec?
        var icon: ItemIcon?
        var tintColor: ColorRGBA8?
        var text: TextSpec?
        var fillGradient: Gradient?
        var image: ItemImage?
        var lottie: ItemLottie?

        static let defaults = Indirect(Attributes())
    }
}
