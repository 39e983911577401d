import Colors
import Geometry
import SceneSyntax

// The declarations of `canvas:`, `items[i]` and the mappings inside an item (`border`, `shadow`).
// Defaults come from `Canvas`, `Item`, `Border` and `Shadow` (Scene.swift, TimingSpec.swift).

enum CanvasKeys {
    /// Built once and never mutated, as `ItemKeys.spec` is (why there).
    nonisolated(unsafe) static let spec: ObjectSpec<Canvas> = definition

    private static var definition: ObjectSpec<Canvas> {
        ObjectSpec(
            name: "canvas", schemaPath: ["properties", "canvas"], what: "a canvas",
            doc: "The screen the scene is drawn on.",
            prototype: Canvas(size: Size(0, 0)),
            keys: [
                .size(
                    "size", \.size, required: "size: [width, height] in points",
                    doc: "Canvas size in points.", rangeDoc: "both > 0; × `scale` ≤ 16384 px per side",
                    check: { _, canvas, at in
                        try KeyRange.positive.check(canvas.size.width, "a width", at: at + "[0]")
                        try KeyRange.positive.check(canvas.size.height, "a height", at: at + "[1]")
                    }),
                .number(
                    "scale", \.scale, range: .positiveAtMost(SceneRules.maxScale), noun: "a scale",
                    doc: "Pixels per point (UIKit screen scale)."),
                .fill(
                    "background", \.background, gradient: \.backgroundGradient,
                    doc:
                        "Colour behind the items, or a [gradient](#gradients-fill-and-canvasbackground) over the whole canvas (its unit square is the canvas)."
                ),
                .number(
                    "screenCornerRadius", \.screenCornerRadius, range: .nonNegative, noun: "a radius", unit: "points",
                    doc:
                        "Rounds the screen's corners; outside them the frame's colour (black without `frame`). See [Device framing](#device-framing).",
                    rangeDoc: "0 … half the shorter side"),
                .custom(
                    "frame", docType: "mapping", doc: "A plain bezel, see [Device framing](#device-framing).",
                    defaultDoc: "none",
                    decode: { d, node, at, canvas in canvas.frame = try d.decode(FrameKeys.spec, node, at: at()) }),
            ])
    }
}

package enum ItemKeys {
    /// Built once: every item of a scene is decoded and checked by it, and building its keys
    /// (dozens of closures and documents) for each item was a measurable part of loading. Never
    /// mutated after it is built (a `let`), so sharing it between threads is safe.
    package nonisolated(unsafe) static let spec: ObjectSpec<Item> = definition
    /// The keys `spec` allows, listed once.
    nonisolated(unsafe) static let declared = DeclaredKeys(spec, kept: true)

    private static var definition: ObjectSpec<Item> {
        ObjectSpec(
            name: "item", schemaPath: ["$defs", "item"], what: "an item",
            doc: "A drawable rectangle (a UIView, for UIKit Dynamics).",
            prototype: Item(id: "", size: Size(0, 0), center: .zero),
            keys: [
                .string(
                    "id", \.id, required: "id: a unique name such as card",
                    type: .other(docType: "string", schemaRef: "itemID"),
                    doc: "Name behaviours refer to.",
                    rangeDoc:
                        "`[A-Za-z_][A-Za-z0-9_-]*`, unique; inside a component instance the instance id and a dot come first (`r3.avatar`)"
                ),
                .size(
                    "size", \.size, required: "size: [width, height] in points", doc: "Bounds size in points.",
                    rangeDoc: "both > 0",
                    check: { _, item, at in
                        try KeyRange.positive.check(item.size.width, "a width", at: at + "[0]")
                        try KeyRange.positive.check(item.size.height, "a height", at: at + "[1]")
                        try Scene.checkRange(item.size.width, SceneRules.itemSideRange, "a width", at: at + "[0]")
                        try Scene.checkRange(item.size.height, SceneRules.itemSideRange, "a height", at: at + "[1]")
                    }),
                .custom(
                    "center", docType: "`[x, y]` or `{ of, offset }`", schemaRef: "position",
                    required: "center: [x, y] in canvas points",
                    doc:
                        "Initial centre in canvas points (a child's: in its parent's bounds). `{ of: card, offset: [0, 20] }` puts it 20 pt below `card`'s centre, see [Positions relative to an item](#positions-relative-to-an-item).",
                    rangeDoc: "finite",
                    decode: { d, node, at, item in
                        if case .mapping = node.value {
                            item.center = d.places.localPoint(
                                canvas: try d.relativePosition(node, at: at(), placing: item.id))
                        } else {
                            let p = try d.pair(node, at: at(), names: ("x", "y"))
                            item.center = Point(p.0, p.1)
                        }
                    },
                    check: { _, item, at in
                        try KeyRange.finite.check(item.center.x, "", at: at + "[0]")
                        try KeyRange.finite.check(item.center.y, "", at: at + "[1]")
                        try Scene.checkRange(
                            item.center.x, SceneRules.coordinateRange, "an x coordinate", at: at + "[0]")
                        try Scene.checkRange(
                            item.center.y, SceneRules.coordinateRange, "a y coordinate", at: at + "[1]")
                    }),
                .degrees("rotation", \.rotation, doc: "Initial rotation, degrees clockwise."),
                .custom(
                    "scale", docType: "number or `[sx, sy]`", schemaRef: "scale",
                    doc:
                        "`UIView.transform`'s scale about the anchor point, along the item's own axes (applied before `rotation`); a negative factor mirrors. Animations of `scale` start from it.",
                    defaultDoc: "`1`", rangeDoc: "each factor non-zero, at most 1,000 in size",
                    decode: { d, node, at, item in
                        guard case .point(let p) = try d.animatableValue(node, for: .scale, at: at()) else { return }
                        item.scale = p
                    },
                    check: { _, item, at in
                        for (k, f) in [item.scale.x, item.scale.y].enumerated() {
                            guard f.isFinite, f != 0, abs(f) <= SceneRules.maxItemScale else {
                                throw Violation(
                                    keyPath: at + (item.scale.x == item.scale.y ? "" : "[\(k)]"),
                                    message:
                                        "expected a non-zero scale factor of at most \(Int(SceneRules.maxItemScale)) in size, found \(f)"
                                )
                            }
                        }
                    }),
                .fill(
                    "fill", \.fill, gradient: \.fillGradient, readGradient: { $0.fillGradient },
                    doc:
                        "Fill colour, or a [gradient](#gradients-fill-and-canvasbackground) `{ linear \\| radial \\| conic: { … } }` (CAGradientLayer) over the bounds, under the border."
                ),
                .number(
                    "cornerRadius", \.cornerRadius, range: .nonNegative, noun: "a corner radius", unit: "pt",
                    doc: "Corner radius in points; drawn clamped to half the shorter side."),
                .word(
                    "cornerCurve", \.cornerCurve,
                    doc:
                        "`CALayer.cornerCurve`: `circular` corners are quarter circles; `continuous` corners are Apple's smooth corner (iOS 13's `.continuous`, the squircle of app icons, cards and buttons), leaving the sides 1.528 radii before the corner. Applies to the fill, border, shadow and the clip of `masksToBounds`."
                ),
                .custom(
                    "maskedCorners", docType: "list of corners",
                    doc:
                        "`CALayer.maskedCorners`: the corners `cornerRadius` rounds; the others are square. `[topLeft, topRight]` is a bottom sheet; `[]` rounds none. Core Animation's `layerMinXMinYCorner` is `topLeft`, `layerMaxXMinYCorner` `topRight`, `layerMinXMaxYCorner` `bottomLeft`, `layerMaxXMaxYCorner` `bottomRight`. Children clipped by `masksToBounds` see the same corners.",
                    defaultDoc: "all four",
                    rangeDoc: "each of `topLeft`, `topRight`, `bottomLeft`, `bottomRight` at most once",
                    decode: { d, node, at, item in item.maskedCorners = try d.decodeCorners(node, at: at()) }),
                .custom(
                    "border", docType: "mapping",
                    doc:
                        "`width` (number > 0, **required**) and `color` (colour, default `\"#000000\"`); drawn inside the bounds.",
                    defaultDoc: "none",
                    decode: { d, node, at, item in
                        var border = BorderKeys.spec.prototype
                        try d.decode(BorderKeys.spec, node, at: at(), into: &border, declared: BorderKeys.declared)
                        item.border = border
                    },
                    check: { scene, item, at in
                        if let border = item.border { try BorderKeys.spec.check(border, in: scene, at: at) }
                    }),
                .number("opacity", \.opacity, range: .unit, noun: "an opacity", doc: "Layer opacity."),
                .bool(
                    "isHidden", \.isHidden,
                    doc:
                        "`CALayer.isHidden`: the item and its children are not drawn; behaviours still move it and the trace still records it."
                ),
                .integer(
                    "z", \.zIndex, range: .magnitude(9_007_199_254_740_992),
                    doc: "Drawing order: higher on top; ties keep list order.",
                    rangeDoc: "within ±2^53"),
                .word(
                    "kind", \.dynamicKind,
                    doc:
                        "What kind of `UIDynamicItem`: a `view` is written back on the canvas pixel grid (centres on 1/scale pt, angles on 1/5000 rad, as UIKit rounds views); a `plain` object (an `NSObject` implementing `UIDynamicItem`) is written back exactly."
                ),
                .custom(
                    "collisionBounds", docType: "string or mapping",
                    doc:
                        "`UIDynamicItemCollisionBoundsType`. An ellipse is a circle when the item is square, else an inscribed 8-gon; a path is a convex polygon of 3 to 8 points around the item's centre, either winding, edges longer than 0.25 pt.",
                    defaultDoc: "`rectangle`", rangeDoc: "`rectangle`, `ellipse`, `{ path: [[x, y], …] }`",
                    decode: { d, node, at, item in item.collisionBounds = try d.decodeCollisionBounds(node, at: at()) },
                    check: { scene, item, at in
                        if case .path(let points) = item.collisionBounds {
                            try scene.checkConvexPolygon(points, at: at + ".path")
                        }
                    }),
                .bool(
                    "masksToBounds", \.masksToBounds,
                    doc: "`CALayer.masksToBounds`: clips the children (all descendants) to this item's rounded bounds."),
                .bool(
                    "allowsGroupOpacity", \.allowsGroupOpacity,
                    doc:
                        "`CALayer.allowsGroupOpacity`: an item with `opacity` below 1 and children is drawn as one image (itself and its descendants, offscreen) and faded once, so where children overlap the lower one does not show through; `false` fades the item and each descendant on its own (iOS before 7)."
                ),
                .custom(
                    "shadow", docType: "mapping",
                    doc:
                        "`CALayer` shadow, drawn under the item: `color` (colour, `\"#000000\"`), `opacity` (0 … 1, default **1** — CA's `shadowOpacity` defaults to 0, but a scene that writes `shadow:` wants one), `offset` (`[dx, dy]` points, y down, default `[0, -3]` as CA), `radius` (≥ 0 points, default `3`; Gaussian σ = radius/2), `path` (`shadowPath`: SVG path data in the item's bounds; the shadow is that path, opaque, instead of the item's alpha). Offset and radius are scaled to pixels.",
                    defaultDoc: "none",
                    decode: { d, node, at, item in
                        var shadow = Shadow()
                        try d.decode(ShadowKeys.spec, node, at: at(), into: &shadow, declared: ShadowKeys.declared)
                        item.shadow = shadow
                    },
                    check: { scene, item, at in
                        if let shadow = item.shadow { try ShadowKeys.spec.check(shadow, in: scene, at: at) }
                    }),
                .custom(
                    "filters", docType: "list of filters", schemaRef: "filters",
                    doc:
                        "`CALayer.filters`: each entry `{ gaussianBlur: { radius } }` (CIGaussianBlur) blurs the item and its children, composited, in order; `radius` is the Gaussian's σ in points. Content is blurred as premultiplied sRGB-encoded values, as Core Animation composites, with transparent beyond the item's content (and beyond the canvas edge).",
                    defaultDoc: "`[]`", rangeDoc: "see [filters](#filters-itemsifilters)",
                    decode: { d, node, at, item in
                        item.filters = try d.list(node, at: at()).enumerated().map { k, n in
                            try d.decode(FilterKeys.spec, n, at: at() + "[\(k)]")
                        }
                    },
                    check: { scene, item, at in
                        for (k, filter) in item.filters.enumerated() {
                            try FilterKeys.spec.check(filter, in: scene, at: at + "[\(k)]")
                        }
                    }),
                .custom(
                    "backgroundEffect", docType: "mapping",
                    doc:
                        "`UIVisualEffectView` with a `UIBlurEffect`: what is drawn behind the item, within its rounded shape, is blurred, saturated and tinted, then the item's fill and content are drawn over it. See [materials](#materials-itemsibackgroundeffect).",
                    defaultDoc: "none",
                    decode: { d, node, at, item in
                        // A system material takes the scene's appearance unless its style is given.
                        var effect = BackgroundEffectKeys.spec.prototype
                        effect.style = d.appearance.value == .dark ? .dark : .light
                        try d.decode(BackgroundEffectKeys.spec, node, at: at(), into: &effect)
                        item.backgroundEffect = effect
                    },
                    check: { scene, item, at in
                        if let effect = item.backgroundEffect {
                            try BackgroundEffectKeys.spec.check(effect, in: scene, at: at)
                        }
                    }),
                .custom(
                    "shape", docType: "mapping", schemaRef: "shape",
                    doc: "A vector shape (`CAShapeLayer`) drawn over the background: fill, then stroke.",
                    defaultDoc: "none", rangeDoc: "see [shapes](#shapes-itemsishape)",
                    decode: { d, node, at, item in item.shape = try d.decodeShape(node, at: at()) }),
                .custom(
                    "icon", docType: "string",
                    doc:
                        "An SVG icon, path relative to the scene file, drawn over background and shape, fitted to the bounds (centred, uniform scale); see [icons](#icons-itemsiicon).",
                    defaultDoc: "none", rangeDoc: "a file inside the scene's folder",
                    decode: { d, node, at, item in item.icon = try d.decodeIcon(node, at: at()) }),
                .colour(
                    "tintColor", \.tintColor,
                    doc:
                        "`UIView.tintColor`: the item's icon, and its children's, drawn as a template image (`.alwaysTemplate`) in this colour: each piece's colour replaced, its alpha kept; an icon that paints in `currentColor` takes it for those paints only. Children inherit it unless they set their own.",
                    defaultDoc: "the parent's; none at the top (icons in their own colours)"),
                .custom(
                    "image", docType: "string or mapping", schemaRef: "image",
                    doc:
                        "A PNG, JPEG or WebP drawn over the fill and under shape, icon and text (CALayer `contents`), clipped by the rounded bounds when `masksToBounds`.",
                    defaultDoc: "none", rangeDoc: "see [images](#images-itemsiimage)",
                    decode: { d, node, at, item in item.image = try d.decodeImage(node, at: at()) }),
                .custom(
                    "lottie", docType: "mapping", schemaRef: "lottie",
                    doc:
                        "A Lottie animation played in the bounds at the item's time (rlottie), drawn where an image is: over the fill, under shape, icon and text, moving, fading and masked with the item.",
                    defaultDoc: "none", rangeDoc: "see [Lottie content](#lottie-content-itemsilottie)",
                    decode: { d, node, at, item in item.lottie = try d.decodeLottie(node, at: at()) }),
                .custom(
                    "timing", docType: "mapping", schemaRef: "layerTiming",
                    doc:
                        "The layer's own `CAMediaTiming`; composes parent → child (a child's local time is the fold of every ancestor's). `duration 0` = infinite for layers.",
                    defaultDoc: "identity", rangeDoc: "see [media timing](#media-timing-keys)",
                    decode: { d, node, at, item in item.timing = try d.layerTiming(node, at: at()) }),
                .list(
                    "animations", \.animations,
                    doc:
                        "Explicit Core Animation animations on the item's layer, see [animations](#animations-itemsianimations).",
                    read: { d, n, at in try d.decodeAnimation(n, at: at) }),
                .custom(
                    "children", docType: "list of items", doc: "Sublayers, same keys as items, any depth.",
                    defaultDoc: "`[]`", rangeDoc: "ids unique across the whole tree",
                    decode: { d, node, at, item in
                        let masks = item.children.filter(\.isMask)
                        // Read first, then set: reading `item` inside its own assignment copied it.
                        let children = try d.decodeChildren(node, of: item, at: at())
                        item.children = children + masks
                    }),
                .custom(
                    "scroll", docType: "mapping",
                    doc:
                        "`UIScrollView`: the item's children are its content, placed in content coordinates, moved by `contentOffset` and clipped to the item's bounds; scripted drags scroll it, and it glides, bounces and pages as UIKit does when the finger lifts. See [scroll views](#scroll-views-itemsiscroll).",
                    defaultDoc: "none",
                    decode: { d, node, at, item in item.scroll = try d.decode(ScrollKeys.spec, node, at: at()) },
                    check: { scene, item, at in
                        if let scroll = item.scroll {
                            try ScrollKeys.spec.check(scroll, in: scene, at: at)
                            try ScrollKeys.checkDrags(scroll, at: at)
                        }
                    }),
                .custom(
                    "scrollTransition", docType: "list of mappings", schemaRef: "scrollTransition",
                    doc:
                        "On a child of a scroll view: properties that follow where the child is in the visible area, as a `scrollViewDidScroll` that sets each cell's transform does (SwiftUI's `scrollTransition`). Each `{ property, values, distance, axis }`: the child's distance from the visible area's middle along `axis` over `distance` is a phase in [−1, 1], and `values` (at least two, spread evenly over it) are interpolated there: `{ property: rotationY, values: [50, 0, -50], distance: 120 }` turns covers toward the middle (cover flow). See [Scroll transitions](#scroll-transitions).",
                    defaultDoc: "none",
                    rangeDoc:
                        "a child of a `scroll:` item; number, angle, scale, vector or colour properties; `distance` > 0 (default the child's size along the axis); `axis` `x` or `y` (default the content's longer one)",
                    decode: { d, node, at, item in item.scrollTransitions = try d.scrollTransitions(node, at: at()) }),
                .point(
                    "anchorPoint", \.anchorPoint, names: ("x", "y"), range: .magnitude(1000),
                    doc:
                        "`CALayer.anchorPoint`, in the bounds' unit square (`[0, 0]` the top-left corner, `[1, 1]` the bottom-right): the point `center` places (UIView's `center` is the layer's position) and that `rotation` and `scale` turn about: `[0, 0.5]` hinges a door on its left edge, `[1, 0]` grows a menu from its top-right corner. Not on items a behaviour moves (UIKit Dynamics moves a view by its centre).",
                    defaultDoc: "`[0.5, 0.5]`"),
                .degrees(
                    "rotationX", \.rotationX, read: { $0.rotationX }, range: .magnitude(1e6),
                    doc:
                        "Turn about the item's horizontal axis through its anchor point (`transform.rotation.x`), degrees: a positive turn tips the top edge away from the viewer and the bottom toward it. Seen in perspective under a parent's `sublayerTransform: [{ perspective: … }]`; without one it foreshortens flat."
                ),
                .degrees(
                    "rotationY", \.rotationY, read: { $0.rotationY }, range: .magnitude(1e6),
                    doc:
                        "Turn about the item's vertical axis through its anchor point (`transform.rotation.y`), degrees: a positive turn sends the right edge away from the viewer (a card flip, a door on `anchorPoint: [0, 0.5]`). Applied after `rotationX`."
                ),
                .number(
                    "zPosition", \.zPosition, read: { $0.zPosition }, range: .magnitude(1e6), unit: "pt",
                    doc:
                        "`CALayer.zPosition`, toward the viewer: among siblings a higher one draws on top (before `z`), and under a parent's perspective it brings the item nearer."
                ),
                .number(
                    "anchorPointZ", \.anchorPointZ, read: { $0.anchorPointZ }, range: .magnitude(1e6), unit: "pt",
                    doc:
                        "`CALayer.anchorPointZ`: the depth of the point `rotationX`, `rotationY` and `transform3D` turn about."
                ),
                .custom(
                    "transform3D", docType: "list of operations", schemaRef: "transform3D",
                    doc:
                        "A `CATransform3D` applied about the anchor point after `scale` and the rotations: operations in order, the first applied first, each one of `rotateX`, `rotateY`, `rotateZ` (degrees), `rotate: { angle, axis: [x, y, z] }`, `translate: [x, y, z]`, `scale: [x, y, z]` (or one number), `perspective: d` (m34 = −1/d: `[{ rotateY: 30 }, { perspective: 500 }]` is Core Animation's usual recipe on the layer itself) or `matrix: [m11, m12, …, m44]` (16 numbers, Core Animation's row-vector order). Animatable as a whole, interpolated decomposed as Core Animation does. See [3-D transforms](#3-d-transforms).",
                    defaultDoc: "identity", rangeDoc: "finite entries up to 10⁶, an invertible matrix, perspective > 0",
                    decode: { d, node, at, item in item.transform3D = try d.transform3D(node, at: at()) }),
                .custom(
                    "sublayerTransform", docType: "list of operations", schemaRef: "transform3D",
                    doc:
                        "`CALayer.sublayerTransform`: a transform (operations as in `transform3D`) applied to the children about this item's anchor point. `[{ perspective: 500 }]` gives the children a shared vanishing point at the anchor, the eye 500 pt in front of the screen. Animatable, as `transform3D`.",
                    defaultDoc: "identity", rangeDoc: "as `transform3D`",
                    decode: { d, node, at, item in item.sublayerTransform = try d.transform3D(node, at: at()) }),
                .bool(
                    "isDoubleSided", \.isDoubleSided,
                    doc:
                        "`CALayer.isDoubleSided`: `false` hides the item and its children while its back faces the viewer (the two faces of a card flip)."
                ),
                .custom(
                    "mask", docType: "item", schemaRef: "item",
                    doc:
                        "`CALayer.mask`: an item (its own `id`, size, centre in this item's bounds, fill, shape, text, image, gradient, children, animations) whose alpha masks this item and its children, composited; its colours are ignored and outside what it draws this item is invisible. It animates like any item (a growing circle reveals, a moving gradient wipes).",
                    defaultDoc: "none", rangeDoc: "an item without a `mask:` of its own",
                    decode: { d, node, at, item in
                        var mask = try d.inBounds(of: item) { try d.decodeItem(node, at: at()) }
                        mask.isMask = true
                        item.children.removeAll(where: \.isMask)
                        item.children.append(mask)
                    },
                    check: { _, item, at in
                        if item.isMask, item.mask != nil {
                            throw Violation(
                                keyPath: at,
                                message: "a mask layer has a mask of its own; expected a mask without `mask:`")
                        }
                    }),
                .custom(
                    "layers", docType: "mapping",
                    doc:
                        "A design screen as sublayers: `{ svg: screens/home.svg }` fits the file into the bounds (as `icon:`) and makes every drawn element with an `id` a child item named `<this id>.<its id>`, at its bounds, with its transform as `center`, `rotation` and `scale` and its `opacity`, so behaviours and animations move it; see [Design screens as layers](#design-screens-as-layers-itemsilayers).",
                    defaultDoc: "none", rangeDoc: "an SVG file inside the scene's folder; not with `icon:`",
                    decode: { d, node, at, item in try d.decodeLayers(node, at: at(), into: &item) }),
                .custom(
                    "text", docType: "mapping", schemaRef: "text",
                    doc: "The item's text (CATextLayer / UILabel), drawn over its fill.",
                    defaultDoc: "none", rangeDoc: "see [text](#text-itemsitext)",
                    decode: { d, node, at, item in
                        item.text = try d.decode(TextKeys.spec, node, at: at(), declared: TextKeys.declared)
                    },
                    check: { scene, item, at in
                        if let text = item.text { try TextKeys.spec.check(text, in: scene, at: at) }
                    }),
            ])
    }
}

enum BorderKeys {
    /// Built once and never mutated, as `ItemKeys.spec` is (why there).
    nonisolated(unsafe) static let spec: ObjectSpec<Border> = definition
    /// Its keys, listed once.
    nonisolated(unsafe) static let declared = DeclaredKeys(spec)

    private static var definition: ObjectSpec<Border> {
        ObjectSpec(
            name: "border", schemaPath: ["$defs", "item", "properties", "border"], what: "a border",
            doc: "A border drawn inside the bounds. Default none.",
            prototype: Border(width: 0, color: .black),
            keys: [
                .number(
                    "width", \.width, required: "width: points, greater than 0", range: .positive,
                    noun: "a border width",
                    unit: "pt", doc: "Border width in points."),
                .colour("color", \.color, doc: "Border colour (CALayer's default borderColor is opaque black)."),
            ])
    }
}

extension SceneDecoder {
    /// Reads what is placed in `item`'s bounds (its children, its mask): the item is recorded
    /// first (its centre, rotation and size are read by now), so relative positions resolve.
    func inBounds<T>(of item: borrowing Item, _ body: () throws -> T) throws -> T {
        try places.record(item.id, center: item.center, rotation: item.rotation, size: item.size, body: body)
    }

    /// `children:` of `item`, read in its bounds, each child under its path in `path` (the key's).
    func decodeChildren(_ node: SourceNode, of item: borrowing Item, at path: String) throws -> [Item] {
        try inBounds(of: item) {
            let nodes = try list(node, at: path)
            var children: [Item] = []
            children.reserveCapacity(nodes.count)
            // Through a buffer pointer: enumerating the list copied each node (its value and its
            // mark) twice on the way to the decoder.
            try nodes.withUnsafeBufferPointer { nodes in
                for k in nodes.indices { try appendItem(nodes[k], to: &children, at: path + "[\(k)]") }
            }
            return children
        }
    }
}

enum FilterKeys {
    /// Built once and never mutated, as `ItemKeys.spec` is (why there).
    nonisolated(unsafe) static let spec: ObjectSpec<LayerFilter> = definition

    private static var definition: ObjectSpec<LayerFilter> {
        ObjectSpec(
            name: "filter", schemaPath: ["$defs", "filter"], what: "a filter",
            doc: "One entry of `filters:` (CALayer.filters).", prototype: LayerFilter(),
            keys: [
                .custom(
                    "gaussianBlur", docType: "mapping",
                    required: "a filter names its kind, e.g. gaussianBlur: { radius: 8 }",
                    doc: "CIGaussianBlur: `radius` (σ in points, 0 … 100).",
                    decode: { d, node, at, filter in
                        filter.gaussianBlur = try d.decode(GaussianBlurKeys.spec, node, at: at())
                    },
                    check: { scene, filter, at in
                        if let blur = filter.gaussianBlur { try GaussianBlurKeys.spec.check(blur, in: scene, at: at) }
                    })
            ])
    }
}

enum GaussianBlurKeys {
    /// Built once and never mutated, as `ItemKeys.spec` is (why there).
    nonisolated(unsafe) static let spec: ObjectSpec<GaussianBlur> = definition

    private static var definition: ObjectSpec<GaussianBlur> {
        ObjectSpec(
            name: "gaussianBlur", schemaPath: ["$defs", "filter", "properties", "gaussianBlur"],
            what: "a Gaussian blur",
            doc: "CIGaussianBlur.", prototype: GaussianBlur(),
            keys: [
                .number(
                    "radius", \.radius, required: "the blur's σ in points, e.g. radius: 8",
                    range: .closed(0, GaussianBlur.maximumRadius),
                    noun: "a blur radius", unit: "pt",
                    doc: "`inputRadius`: the Gaussian's standard deviation σ in points.")
            ])
    }
}

enum BackgroundEffectKeys {
    /// Built once and never mutated, as `ItemKeys.spec` is (why there).
    nonisolated(unsafe) static let spec: ObjectSpec<BackgroundEffect> = definition

    private static var definition: ObjectSpec<BackgroundEffect> {
        ObjectSpec(
            name: "backgroundEffect", schemaPath: ["$defs", "item", "properties", "backgroundEffect"],
            what: "a background effect", doc: "UIVisualEffectView's UIBlurEffect behind the item.",
            prototype: BackgroundEffect(),
            keys: [
                .word(
                    "blur", \.blur, required: "the material, e.g. blur: systemMaterial",
                    doc:
                        "`UIBlurEffect.Style`: the material, whose numbers come from the [table](#materials-itemsibackgroundeffect)."
                ),
                .word(
                    "style", \.style,
                    doc: "The system materials' appearance (light or dark mode); the scene's `appearance` unless given."
                ),
                .number(
                    "radius", \.radius, range: .closed(0, 100), noun: "a blur radius", unit: "pt",
                    doc: "Overrides the material's blur σ in points.", defaultDoc: "the material's"),
                .number(
                    "saturation", \.saturation, range: .closed(0, 4), noun: "a saturation factor",
                    doc: "Overrides the material's saturation factor (1 keeps the colours, 0 is grey).",
                    defaultDoc: "the material's"),
                .colour(
                    "tint", \.tint, doc: "Overrides the material's tint, drawn over the blur at its alpha.",
                    defaultDoc: "the material's"),
            ])
    }
}

enum ShadowKeys {
    /// Built once and never mutated, as `ItemKeys.spec` is (why there).
    nonisolated(unsafe) static let spec: ObjectSpec<Shadow> = definition
    /// Its keys, listed once.
    nonisolated(unsafe) static let declared = DeclaredKeys(spec)

    private static var definition: ObjectSpec<Shadow> {
        ObjectSpec(
            name: "shadow", schemaPath: ["$defs", "item", "properties", "shadow"], what: "a shadow",
            doc: "CALayer shadow; present = drawn. Default none.", prototype: Shadow(),
            keys: [
                .colour("color", \.color, doc: "shadowColor."),
                .number(
                    "opacity", \.opacity, range: .unit, noun: "a shadow opacity",
                    doc: "shadowOpacity (CA's default is 0; a scene that writes shadow: wants one)."),
                .point("offset", \.offset, range: .finite, unit: "pt", doc: "shadowOffset in points, y down."),
                .number(
                    "radius", \.radius, range: .nonNegative, noun: "a shadow radius", unit: "pt",
                    doc: "shadowRadius (blur; Gaussian σ = radius/2)."),
                .custom(
                    "path", docType: "string", schemaRef: "pathData",
                    doc:
                        "shadowPath: SVG path data in the item's bounds (origin at its top-left). The shadow is this path filled (non-zero), opaque, instead of the layer's alpha; animatable as `shadowPath` between paths of the same structure.",
                    defaultDoc: "none (the layer's alpha)", rangeDoc: "SVG path data, ≤ 100,000 characters",
                    decode: { d, node, at, shadow in shadow.path = try d.pathData(node, at: at()) },
                    check: { _, shadow, at in
                        if let path = shadow.path, !path.isFinite {
                            throw Violation(keyPath: at, message: "expected finite coordinates in the path data")
                        }
                    }),
            ])
    }
}

extension Key {
    /// `[width, height]`, read into a `Size`; the check says which bounds apply.
    static func size(
        _ name: String, _ path: WritableKeyPath<Object, Size>, required: String, doc: String, rangeDoc: String,
        check: @escaping (Scene, Object, String) throws -> Void
    ) -> Key {
        let field = KeyField(path)
        return Key(
            doc: KeyDoc(
                name: name, type: .other(docType: "`[width, height]`", schemaRef: "positiveSize"), required: required,
                doc: doc, rangeDoc: rangeDoc),
            decode: { d, node, at, object in
                let p = try d.pair(node, at: at(), names: ("width", "height"))
                field.write(Size(p.0, p.1), into: &object)
            },
            check: check, defaultValue: nil)
    }
}

extension Scene {
    /// A finite value the physics engine can hold: Box2D computes in 32-bit floats at 100 pt per
    /// metre, so 1e308 becomes infinity there and a sliver of a box has a mass of zero (both end
    /// in a Box2D assertion; found by `FuzzTests`).
    static func checkRange(
        _ value: Double, _ range: ClosedRange<Double>, _ what: String, at path: @autoclosure () -> String
    ) throws(Violation) {
        if !range.contains(value) {
            throw Violation(
                keyPath: path(),
                message:
                    "expected \(what) from \(format(range.lowerBound)) to \(format(range.upperBound)) pt, found \(format(value))"
            )
        }
    }
}
