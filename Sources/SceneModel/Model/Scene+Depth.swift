import Timing

extension Scene {
    /// The layer properties that give a layer depth.
    static let depthProperties: Set<LayerProperty> = [.rotationX, .rotationY, .zPosition, .anchorPointZ]

    /// Whether any layer of the scene may have depth at some tick: a 3-D key on an item, an
    /// animation, view animation, property animator or scroll transition of a 3-D property, or a
    /// flip transition. The trace then gives every layer's turns about x and y and its zPosition.
    public var usesDepth: Bool {
        let depth = Self.depthProperties
        var layerHasDepth = false
        forEachItem { item, path, _ in
            layerHasDepth =
                layerHasDepth || item.rotationX != .zero || item.rotationY != .zero || item.zPosition != 0
                || item.anchorPointZ != 0 || !item.transform3D.isIdentity || !item.sublayerTransform.isIdentity
                || item.scrollTransitions.contains(where: { depth.contains($0.property) })
                || item.animationLeaves(at: path).contains(where: { depth.contains($0.animation.property) })
        }
        if layerHasDepth { return true }
        for v in viewAnimations {
            if case .flip? = v.transition { return true }
            var changes = v.changes + (v.completion?.changes ?? [])
            if case .keyframes(let blocks) = v.style { changes += blocks.flatMap(\.changes) }
            if changes.contains(where: { depth.contains($0.property) }) { return true }
        }
        for animator in animators {
            var changes = animator.animations.flatMap(\.changes)
            for call in animator.timeline { if case .addAnimations(let b) = call.kind { changes += b.changes } }
            if changes.contains(where: { depth.contains($0.property) }) { return true }
        }
        return false
    }
}
