import Timing

extension Scene {
    /// The layer properties that give a layer depth.
    static let depthProperties: Set<LayerProperty> = [
        .rotationX, .rotationY, .zPosition, .anchorPointZ, .transform3D, .sublayerTransform,
    ]

    /// Whether any layer of the scene may have depth at some tick: a 3-D key on an item, an
    /// animation, view animation, property animator or scroll transition of a 3-D property, or a
    /// flip transition. The trace then gives every layer's turns about x and y and its zPosition.
    public var usesDepth: Bool {
        let depth = Self.depthProperties
        let layerHasDepth = containsItemWithAttributes { item in
            item.rotationX != .zero || item.rotationY != .zero || item.zPosition != 0
                || item.anchorPointZ != 0 || !item.transform3D.isIdentity || !item.sublayerTransform.isIdentity
                || item.scrollTransitions.contains(where: { depth.contains($0.property) })
        }
        if layerHasDepth { return true }
        if viewAnimationScripts.contains(where: { if case .flip? = $0.spec.transition { true } else { false } }) {
            return true
        }
        return !animatedLayerProperties.isDisjoint(with: depth)
    }
}
