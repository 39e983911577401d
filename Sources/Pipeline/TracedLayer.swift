import Dynamics
import Geometry
import Timing

/// One row of the trace: a layer's state as the frame draws it.
///
/// Top-level items give their presentation state in canvas points (the animator's item when no
/// Core Animation timing drives the scene); child layers give their geometry **as drawn on the
/// canvas** (centre, bounding box, angle and scale of the composed transform), their own
/// presentation opacity, and their local time (`convertTime(t, from: nil)`, spec timing §1.5),
/// so nested timing can be read from the trace.
public struct TracedLayer: Sendable {
    public var id: String
    /// The parent layer's id; nil for a top-level item.
    public var parent: String?
    public var center: Point
    public var frame: Rect
    /// The layer's own size (its bounds), in points.
    public var bounds: Size
    public var transform: AffineTransform
    /// The layer's own presentation opacity.
    public var opacity: Double
    /// The opacity it shows with: its own times every ancestor's, as the frame composites it
    /// (where its siblings do not overlap it: a group fades overlapping sublayers once).
    public var effectiveOpacity: Double
    /// Whether the frame draws it (false while its time, or an ancestor's, is outside the active
    /// span: the reversed layer's one hidden frame in the interactive-timing seed).
    public var drawn: Bool
    /// The layer's local time, s (the scene time for a layer without timing of its own).
    public var localTime: Double
    /// Body velocity in pt/s and angular velocity in rad/s (clockwise positive) for items the
    /// dynamic animator moves; nil for others.
    public var velocity: Point?
    public var angularVelocity: Double?
    /// A scroll view's content offset (its bounds' origin) and how fast it moves, pt and pt/s;
    /// nil for other layers.
    public var contentOffset: Point? = nil
    public var contentVelocity: Point? = nil
    /// A layer with a 3-D part: its own transform as CATransform3D (about its anchor point, with
    /// its translation), nil in the plane. Its `frame` is then the box of its projected corners
    /// (those in front of the eye) and `transform` the projection's local linear part at its centre.
    public var transform3D: Transform3D? = nil
    /// In a scene with depth (`SceneSimulation.hasDepth`): the presented turns about x and y
    /// (radians) and zPosition (points); nil otherwise.
    public var depth: (rotationX: Double, rotationY: Double, zPosition: Double)? = nil
    /// A text item's string and the box of its set lines in item-local points (origin at the
    /// bounds' top-left); nil for a layer without text. Filled by `SceneSimulation.record(_:)`.
    public var text: (string: String, bounds: Rect)? = nil
    /// In a scene that animates colours (`SceneSimulation.colorColumns`): each of those colours
    /// as presented now, 0xRRGGBBAA (0 where the layer has no such colour); empty otherwise.
    public var colors: [UInt32] = []
}

extension SceneSimulation {
    /// Every traced layer now: each top-level item in scene order, followed by its descendants
    /// depth first in drawing order.
    public func tracedLayers() -> [TracedLayer] {
        var rows: [TracedLayer] = []
        for (index, item) in dynamicItems.enumerated() {
            let state = tracedState(at: index)
            let (c, t) = (state.center, state.transform)
            let frame = topLevelFrame(of: item, in: state)
            let moved = animator.hasBody(item)
            let node = timingNode(ofRoot: index)
            let scroll = node.flatMap { scrollState(ofNode: $0) }
            rows.append(
                TracedLayer(
                    id: item.identifier, parent: nil, center: c, frame: frame, bounds: state.bounds, transform: t,
                    opacity: state.opacity, effectiveOpacity: state.opacity,
                    drawn: node.map { timingIsVisible($0) } ?? !scene.items[index].isHidden,
                    localTime: node.map { localTime(of: $0) } ?? time,
                    velocity: moved ? animator.linearVelocity(for: item) : nil,
                    angularVelocity: moved ? animator.angularVelocity(for: item) : nil,
                    contentOffset: scroll?.offset, contentVelocity: scroll?.velocity))
            if let node {
                if hasDepth { rows[rows.count - 1].depth = depthColumns(of: node) }
                rows[rows.count - 1].colors = presentedColors(of: node)
                let depth = DisplayListBuilder.presentedLayer(node, timing: timing).depth
                if depth != nil { projected(&rows[rows.count - 1], node: node, depth: depth) }
                rows += tracedChildren(of: node, opacity: state.opacity, inDepth: depth != nil)
            }
        }
        return rows
    }

    /// A row's geometry as the frame draws a layer in 3-D: the centre, the box of the corners in
    /// front of the eye, and the projection's linear part at the centre (its Jacobian there).
    func projected(_ row: inout TracedLayer, node: Int, depth: Transform3D?) {
        let (h, size) = timing.projection(of: node)
        let corners = [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)].compactMap {
            h.apply(to: Point($0.0 * size.width, $0.1 * size.height))
        }
        row.transform3D = depth
        guard let center = h.apply(to: .zero) else {
            row.frame = Rect(x: row.center.x, y: row.center.y, width: 0, height: 0)
            return
        }
        row.center = center
        let (xs, ys) = (corners.map(\.x), corners.map(\.y))
        if let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() {
            // + 0 turns a −0 from the divide into 0 (no "-0.000000" in the trace).
            row.frame = Rect(x: minX + 0, y: minY + 0, width: maxX - minX, height: maxY - minY)
        }
        let (x, y, w) = h.homogeneous(.zero)
        let w2 = w * w
        row.transform = AffineTransform(
            a: (h.m11 * w - x * h.m13) / w2, b: (h.m12 * w - y * h.m13) / w2,
            c: (h.m21 * w - x * h.m23) / w2, d: (h.m22 * w - y * h.m23) / w2, tx: 0, ty: 0)
    }
}

extension SceneSimulation {
    /// The frame of each top-level item now, in scene order: the `frame` of its `TracedLayer`
    /// without the rest of the row or the descendants (what the off-canvas warning needs).
    public func topLevelFrames() -> [Rect] {
        dynamicItems.indices.map { topLevelFrame(of: dynamicItems[$0], in: tracedState(at: $0)) }
    }

    /// The axis-aligned bounds of a top-level item's presented rectangle, in canvas points.
    func topLevelFrame(
        of item: DynamicItem, in state: (center: Point, bounds: Size, transform: AffineTransform, opacity: Double)
    ) -> Rect {
        let (c, t) = (state.center, state.transform)
        guard state.center != item.center || state.transform != item.transform || state.bounds != item.bounds else {
            return item.frame
        }
        return boundingBox(
            of: Rect(center: c, size: state.bounds),
            under: AffineTransform(translationX: -c.x, y: -c.y).concatenating(t)
                .concatenating(AffineTransform(translationX: c.x, y: c.y)))
    }

    func timingNode(ofRoot index: Int) -> Int? {
        guard timing.isUsed, index < timing.roots.count else { return nil }
        return timing.roots[index]
    }

    /// Whether the layer is drawn now: neither it nor an ancestor is hidden (`isHidden`, which
    /// hides the sublayers too, as the display list does) or invisible by its timing.
    func timingIsVisible(_ node: Int) -> Bool {
        var i: Int? = node
        while let n = i {
            if !timing.isVisible(n) || timing.isHidden(n) { return false }
            i = timing.nodes[n].parent
        }
        return true
    }

    func localTime(of node: Int) -> Double { timing.nodes[node].layer.convertTime(time, from: nil) }

    /// The descendants of `node`, with the composition `DisplayListBuilder` draws them with;
    /// `opacity` is the node's effective opacity.
    func tracedChildren(of node: Int, opacity: Double, inDepth: Bool = false) -> [TracedLayer] {
        var rows: [TracedLayer] = []
        let withDepth = hasDepth
        // `deep`: the layer or an ancestor has a 3-D part, or sublayer transforms reach it.
        func visit(_ i: Int, effective: Double, deep: Bool) {
            let sublayer = timing.presentation(node: i, .sublayerTransform, at: timing.time)
            let reaching = deep || !(sublayer.transform ?? timing.nodes[i].item.sublayerTransform).isIdentity
            for child in timing.nodes[i].children {
                let (m, size) = timing.toCanvas(child)
                // A child a UIKit behaviour moves has a body of its own.
                let body = timing.nodes[child].dynamic.flatMap { animator.hasBody($0) ? $0 : nil }
                let center = m.apply(to: .zero)
                let presented = DisplayListBuilder.presentedLayer(child, timing: timing)
                let own = presented
                let scroll = scrollState(ofNode: child)
                rows.append(
                    TracedLayer(
                        id: timing.nodes[child].item.id, parent: timing.nodes[i].item.id, center: center,
                        frame: boundingBox(of: Rect(center: .zero, size: size), under: m), bounds: size,
                        transform: AffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: 0, ty: 0),
                        opacity: own.opacity, effectiveOpacity: effective * own.opacity,
                        drawn: timingIsVisible(child),
                        localTime: localTime(of: child), velocity: body.map { animator.linearVelocity(for: $0) },
                        angularVelocity: body.map { animator.angularVelocity(for: $0) },
                        contentOffset: scroll?.offset, contentVelocity: scroll?.velocity))
                let depth = presented.depth
                if reaching || depth != nil { projected(&rows[rows.count - 1], node: child, depth: depth) }
                if withDepth { rows[rows.count - 1].depth = depthColumns(of: child) }
                rows[rows.count - 1].colors = presentedColors(of: child)
                visit(child, effective: effective * own.opacity, deep: reaching || depth != nil)
            }
        }
        visit(node, effective: opacity, deep: inDepth)
        return rows
    }
}

extension SceneSimulation {
    /// Whether the scene has scroll views (its trace then has their content columns).
    public var hasScrollViews: Bool { timing.isUsed && !timing.scrollMotions.isEmpty }

    /// Whether the scene's layers may have depth (`Scene.usesDepth`): its trace then has their
    /// 3-D columns.
    public var hasDepth: Bool { timing.isUsed && sceneUsesDepth }

    /// The trace's colour columns (`fill_color`, …): one per colour some animation of the scene
    /// changes; none in a scene whose colours never move.
    public var colorColumns: [String] { timing.isUsed ? animatedColors.map(\.column) : [] }

    /// A layer's animated colours as presented now, each 0xRRGGBBAA (0 for none).
    func presentedColors(of node: Int) -> [UInt32] {
        guard timing.isUsed, !animatedColors.isEmpty else { return [] }
        return animatedColors.map { c in
            guard let color = timing.presentation(node: node, c.property, at: timing.time).color?.rgba8 else {
                return 0
            }
            return UInt32(color.r) << 24 | UInt32(color.g) << 16 | UInt32(color.b) << 8 | UInt32(color.a)
        }
    }

    /// A layer's presented turns about x and y and its zPosition, for the trace's 3-D columns.
    func depthColumns(of node: Int) -> (rotationX: Double, rotationY: Double, zPosition: Double) {
        func value(_ p: LayerProperty) -> AnimatableValue { timing.presentation(node: node, p, at: timing.time) }
        return (
            value(.rotationX).angle?.radians ?? 0, value(.rotationY).angle?.radians ?? 0,
            value(.zPosition).scalar ?? 0
        )
    }

    /// A scroll view's offset and its velocity now; nil for a layer that is not one.
    func scrollState(ofNode i: Int) -> (offset: Point, velocity: Point)? {
        guard let motion = timing.scrollMotions[i] else { return nil }
        let state = motion.state(at: time)
        return (state.offset, state.velocity)
    }
}

extension SceneSimulation {
    /// `layer.convertTime(_:from:)` between two items' layers (nil = host media time, the scene
    /// time): up from `from` to the common ancestor through inverse maps, then down to `to`
    /// (spec timing §1.5). Through a speed-0 layer the result is ±∞ or NaN, never a trap.
    /// Returns nil when an id names no item.
    public func convertTime(_ t: Double, from: String?, to: String?) -> Double? {
        func layer(_ id: String?) -> TimingLayer?? {
            guard let id else { return .some(nil) }
            guard let node = timing.nodes.first(where: { $0.item.id == id }) else { return nil }
            return .some(node.layer)
        }
        guard let a = layer(from), let b = layer(to) else { return nil }
        return TimingLayer.convertTime(t, from: a, to: b)
    }
}
