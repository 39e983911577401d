import Dynamics
import Geometry

// From a layer's own points to the canvas's, the one conversion the builder, the trace and the
// dynamic animator's child items share: a child's centre is in its parent's bounds, whose
// origin is the parent's top-left moved by the bounds' origin (a scroll view's content offset).

extension SceneTiming {
    /// The transform from node `i`'s own space (origin at the middle of its bounds) to the
    /// canvas, and the node's bounds size: presented values, or with `model` the model values
    /// alone (what UIKit's `convertPoint:` reads).
    func toCanvas(_ i: Int, model: Bool = false) -> (transform: AffineTransform, size: Size) {
        let p = DisplayListBuilder.presentedLayer(i, timing: self, model: model)
        guard let parent = nodes[i].parent else {
            return (p.transform.concatenating(AffineTransform(translationX: p.center.x, y: p.center.y)), p.size)
        }
        let (parentPoints, origin) = childSpace(of: parent, model: model)
        let offset = AffineTransform(translationX: p.center.x - origin.x, y: p.center.y - origin.y)
        return (p.transform.concatenating(offset).concatenating(parentPoints), p.size)
    }

    /// The map from node `i`'s own space (origin at the middle of its bounds) to the canvas, in
    /// points, with every 3-D part (the layer's and its ancestors' depth, their sublayer
    /// transforms), and the node's bounds size: what the frame draws, presented values.
    func projection(of i: Int) -> (transform: Homography, size: Size) {
        let p = DisplayListBuilder.presentedLayer(i, timing: self)
        guard let parent = nodes[i].parent else {
            let placed = LayerTreeDrawing.placement(p, origin: .zero, sublayer: nil)
            return (placed?.homography ?? .identity, p.size)
        }
        let (toCanvas, size) = projection(of: parent)
        let origin = Point(size.width / 2, size.height / 2) + contentOffset(ofNode: parent)
        let item = nodes[parent].item
        // A mask is no sublayer: the sublayer transform does not reach it.
        let sublayer =
            nodes[i].item.isMask
            ? nil
            : LayerTreeDrawing.aboutAnchor(
                presentation(item.id, .sublayerTransform, at: time).transform ?? item.sublayerTransform, of: item,
                size: size
            ) { self.presentation(item.id, $0, at: self.time) }
        let placed = LayerTreeDrawing.placement(p, origin: origin, sublayer: sublayer)
        return ((placed?.homography ?? .identity).concatenating(toCanvas), p.size)
    }

    /// Where `parent`'s children are placed: its own space's transform to the canvas, and the
    /// point of its bounds (origin at the top-left plus the content offset) at its middle.
    private func childSpace(of parent: Int, model: Bool) -> (points: AffineTransform, origin: Point) {
        let (points, size) = toCanvas(parent, model: model)
        return (points, Point(size.width / 2, size.height / 2) + contentOffset(ofNode: parent))
    }

    /// How a dynamic item that is a child of `parent` converts its centre: UIKit's
    /// `convertPoint:toView:`/`fromView:` between the superview and the reference view (the
    /// canvas), on the model geometry at the time of the call.
    func coordinateSpace(ofChildrenOf parent: Int) -> CoordinateSpace {
        CoordinateSpace(
            toReference: { [unowned self] p in
                let (points, origin) = childSpace(of: parent, model: true)
                return points.apply(to: p - origin)
            },
            fromReference: { [unowned self] p in
                let (points, origin) = childSpace(of: parent, model: true)
                return (points.inverted?.apply(to: p) ?? p) + origin
            })
    }
}
