import Dynamics
import Geometry
import SceneModel

/// Builds UIKit Dynamics behaviours from validated scene specs.
///
/// Scene validation already holds every value inside what `Dynamics` accepts; the engine's own
/// throwing checks are still called, and a failure surfaces as a scene error (never a crash),
/// because the two rule sets are written separately and a gap between them must not trap.
enum DynamicsBehaviorFactory {
    static func make(_ spec: BehaviorSpec, resolve: (String) -> DynamicItem) throws(DynamicsParameterError)
        -> [DynamicBehavior]
    {
        switch spec {
        case .push(let p): return try push(p, resolve: resolve)
        case .collision(let c): return try collision(c, resolve: resolve)
        case .attachment(let a): return try attachment(a, resolve: resolve)
        case .itemBehavior(let b): return try itemBehavior(b, resolve: resolve)
        case .field(let f): return try field(f, resolve: resolve)
        case .snap, .gravity, .watcher, .dampedResize, .transformTween, .transformNest, .snapZones:
            preconditionFailure("\(spec.kind) is built by SceneSimulation")
        }
    }

    private static func push(_ p: PushSpec, resolve: (String) -> DynamicItem) throws(DynamicsParameterError)
        -> [DynamicBehavior]
    {
        let push = PushBehavior(
            items: p.items.map(resolve), mode: p.mode == .continuous ? .continuous : .instantaneous)
        switch p.force {
        case .direction(let d):
            try PushBehavior.validate(pushDirection: d)
            push.pushDirection = d
        case .angle(let angle, let magnitude):
            try PushBehavior.validate(angle: angle.radians, magnitude: magnitude)
            push.angle = angle.radians
            push.magnitude = magnitude
        }
        try PushBehavior.validate(targetOffsetFromCenter: p.offset)
        if p.offset != .zero {
            for item in push.items { push.setTargetOffsetFromCenter(p.offset, for: item) }
        }
        push.active = p.active
        return [push]
    }

    private static func collision(_ c: CollisionSpec, resolve: (String) -> DynamicItem) throws(DynamicsParameterError)
        -> [DynamicBehavior]
    {
        let collision = CollisionBehavior(items: c.items.map(resolve))
        switch c.mode {
        case .items: collision.collisionMode = .items
        case .boundaries: collision.collisionMode = .boundaries
        case .everything: collision.collisionMode = .everything
        }
        for boundary in c.boundaries {
            switch boundary.shape {
            case .line(let from, let to):
                try collision.addBoundary(identifier: boundary.id, from: from, to: to)
            case .path(let points):
                collision.addBoundary(identifier: boundary.id, path: try BoundaryPath(points))
            }
        }
        if c.canvasBoundary {
            let insets = EdgeInsets(
                top: c.insets.top, left: c.insets.left, bottom: c.insets.bottom, right: c.insets.right)
            try CollisionBehavior.validate(insets: insets)
            collision.setTranslatesReferenceBoundsIntoBoundary(insets: insets)
        }
        return [collision]
    }

    private static func attachment(_ a: AttachmentSpec, resolve: (String) -> DynamicItem) throws(DynamicsParameterError)
        -> [DynamicBehavior]
    {
        try AttachmentBehavior.validate(
            length: a.length, frequency: a.frequency, damping: a.damping,
            frictionTorque: a.frictionTorque)
        let item = resolve(a.item)
        let other = a.toItem.map(resolve)
        let attachment: AttachmentBehavior
        switch a.kind {
        case .distance:
            if let other {
                attachment = AttachmentBehavior(
                    item: item, offsetFromCenter: a.offset, attachedTo: other,
                    offsetFromCenter: a.toOffset)
            } else {
                attachment = AttachmentBehavior(
                    item: item, offsetFromCenter: a.offset,
                    attachedToAnchor: a.anchor ?? item.referenceCenter)
            }
        case .fixed:
            attachment = .fixedAttachment(
                item, attachedTo: validated(other, "toItem"), anchor: validated(a.anchor, "anchor"))
        case .pin:
            attachment = .pinAttachment(
                item, attachedTo: validated(other, "toItem"), anchor: validated(a.anchor, "anchor"))
        case .sliding:
            let anchor = validated(a.anchor, "anchor")
            if let other {
                attachment = try .slidingAttachment(item, attachedTo: other, anchor: anchor, axis: a.axis)
            } else {
                attachment = try .slidingAttachment(item, anchor: anchor, axis: a.axis)
            }
        case .limit:
            attachment = .limitAttachment(
                item, offsetFromCenter: a.offset, attachedTo: validated(other, "toItem"),
                offsetFromCenter: a.toOffset)
        }
        if let length = a.length { attachment.length = length }
        attachment.frequency = a.frequency
        attachment.damping = a.damping
        attachment.frictionTorque = a.frictionTorque
        if let range = a.range {
            // Pin ranges are degrees in scene files and radians in UIKit; sliding ranges are points.
            let r =
                a.kind == .pin
                ? try AttachmentRange(
                    minimum: Angle.degrees(range.lowerBound).radians,
                    maximum: Angle.degrees(range.upperBound).radians)
                : try AttachmentRange(minimum: range.lowerBound, maximum: range.upperBound)
            if a.kind == .pin { try AttachmentBehavior.validate(pinRange: r) }
            attachment.attachmentRange = r
        }
        return [attachment]
    }

    private static func itemBehavior(_ b: ItemBehaviorSpec, resolve: (String) -> DynamicItem)
        throws(DynamicsParameterError)
        -> [DynamicBehavior]
    {
        try ItemBehavior.validate(
            elasticity: b.elasticity, friction: b.friction, density: b.density,
            resistance: b.resistance, angularResistance: b.angularResistance, charge: b.charge)
        let behavior = ItemBehavior(items: b.items.map(resolve))
        if let v = b.elasticity { behavior.elasticity = v }
        if let v = b.friction { behavior.friction = v }
        if let v = b.density { behavior.density = v }
        if let v = b.resistance { behavior.resistance = v }
        if let v = b.angularResistance { behavior.angularResistance = v }
        if let v = b.allowsRotation { behavior.allowsRotation = v }
        if let v = b.anchored { behavior.anchored = v }
        if let v = b.charge { behavior.charge = v }
        for item in behavior.items {
            if let v = b.linearVelocity { behavior.addLinearVelocity(v, for: item) }
            if let v = b.angularVelocity { behavior.addAngularVelocity(v.radians, for: item) }
        }
        return [behavior]
    }

    private static func field(_ f: FieldSpec, resolve: (String) -> DynamicItem) throws(DynamicsParameterError)
        -> [DynamicBehavior]
    {
        try FieldBehavior.validate(
            strength: f.strength, falloff: f.falloff, minimumRadius: f.minimumRadius,
            smoothness: f.smoothness, animationSpeed: f.animationSpeed)
        let kind: FieldBehavior.Kind
        switch f.kind {
        case .linearGravity: kind = .linearGravity
        case .radialGravity: kind = .radialGravity
        case .spring: kind = .spring
        case .vortex: kind = .vortex
        case .drag: kind = .drag
        case .velocity: kind = .velocity
        case .electric: kind = .electric
        case .magnetic: kind = .magnetic
        case .noise: kind = .noise(smoothness: f.smoothness, animationSpeed: f.animationSpeed)
        case .turbulence: kind = .turbulence(smoothness: f.smoothness, animationSpeed: f.animationSpeed)
        }
        let field = FieldBehavior(kind: kind, items: f.items.map(resolve))
        field.position = f.position
        switch f.region {
        case .infinite: field.region = .infinite
        case .radius(let r): field.region = try FieldRegion(radius: r)
        case .size(let s): field.region = try FieldRegion(size: s)
        }
        field.strength = f.strength
        if let v = f.falloff { field.falloff = v }
        if let v = f.minimumRadius { field.minimumRadius = v }
        field.direction = f.direction
        return [field]
    }

    /// A value scene validation guarantees for this kind of attachment.
    private static func validated<T>(_ value: T?, _ name: String) -> T {
        guard let value else { preconditionFailure("unvalidated scene: attachment without \(name)") }
        return value
    }

    /// The engine's shape for an item's scene collision bounds.
    static func collisionBounds(_ bounds: SceneModel.CollisionBounds) throws(DynamicsParameterError)
        -> Dynamics.CollisionBounds
    {
        switch bounds {
        case .rectangle: return .rectangle
        case .ellipse: return .ellipse
        case .path(let points): return .path(try ConvexPolygon(points))
        }
    }
}
