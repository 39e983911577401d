import Timing

extension Scene {
    /// Every layer property an animation, view animation or property animator of the scene
    /// changes (the keys of their `changes`, the properties of animations at any depth of a group).
    public var animatedLayerProperties: Set<LayerProperty> {
        var found: Set<LayerProperty> = []
        // No key paths: the leaves' paths are not read, and most items have no animation.
        forEachItemWithAttributes { item in
            guard !item.animations.isEmpty else { return }
            for leaf in item.animationLeaves(at: "") { found.insert(leaf.animation.property) }
        }
        for v in viewAnimationScripts.map(\.spec) {
            var changes = v.changes + (v.completion?.changes ?? [])
            if case .keyframes(let blocks) = v.style { changes += blocks.flatMap(\.changes) }
            for change in changes { found.insert(change.property) }
        }
        for animator in animators {
            var changes = animator.animations.flatMap(\.changes)
            for call in animator.timeline { if case .addAnimations(let b) = call.kind { changes += b.changes } }
            for change in changes { found.insert(change.property) }
        }
        return found
    }

    /// The colours the trace follows, with their CSV columns, in this order: a layer's background
    /// fill, border, shape fill, stroke and text colour.
    public static let tracedColors: [(property: LayerProperty, column: String)] = [
        (.fillColor, "fill_color"), (.borderColor, "border_color"), (.shapeFillColor, "shape_fill_color"),
        (.strokeColor, "stroke_color"), (.textColor, "text_color"),
    ]

    /// The colours some animation of the scene changes, in `tracedColors`' order: the trace gives
    /// each layer's presented value of each (a scene whose colours never move traces none).
    public var animatedColors: [(property: LayerProperty, column: String)] {
        let animated = animatedLayerProperties
        return Self.tracedColors.filter { animated.contains($0.property) }
    }
}
