import BehaviorRules
import Geometry
import SceneSyntax

// The declarations of the behaviours, one `ObjectSpec` per kind, in `BehaviorSpec.kinds` order
// (push, collision, attachment, transformNest and snapZones are in BehaviorKeys+Joints.swift).

enum BehaviorKeys {
    private typealias Item = BehaviorRules.ItemProperties
    private typealias Field = BehaviorRules.Field

    static var specs: [AnySpec] {
        [
            AnySpec(snap), AnySpec(gravity), AnySpec(push), AnySpec(collision), AnySpec(attachment),
            AnySpec(itemBehavior),
            AnySpec(field), AnySpec(watcher), AnySpec(dampedResize), AnySpec(transformTween), AnySpec(transformNest),
            AnySpec(snapZones),
        ]
    }

    static var snap: ObjectSpec<SnapSpec> {
        ObjectSpec(
            name: "snap", schemaPath: ["$defs", "snap"], what: "a snap",
            doc: "`UISnapBehavior(item:snapTo:)`: four corner springs pull the item to a point (and turn it upright).",
            prototype: SnapSpec(item: "", snapPoint: .zero),
            keys: [
                .item(
                    "item", \.item, reach: .dynamicItem, required: "item: the id of the item to snap",
                    doc: "The item to snap."),
                .position(
                    "to", \.snapPoint,
                    doc:
                        "Snap point in canvas points, or `{ of: item, offset: [dx, dy] }`. Required unless `nearest` is given."
                ),
                .number(
                    "damping", \.damping, range: KeyRange(BehaviorRules.snapDamping), noun: "a damping ratio",
                    doc: "Damping ratio of the springs (UIKit's default), read once when the behaviour is added."),
                .optional(
                    "nearest", \.candidates, docType: "`[[x, y], …]`",
                    doc:
                        "Instead of `to`: the snap point is the one of these nearest to where the item's velocity would carry it, `project(velocity, projection)` from where it is (Apple's \"Designing Fluid Interfaces\"), chosen when the snap is added: a picture-in-picture window thrown toward a corner. The velocity is the drag's release velocity in a `dynamicsTimeline` entry with a `drag:`, else the item's body's.",
                    defaultDoc: "none", rangeDoc: "1 to 64 points",
                    read: { d, n, at in
                        let points = try d.list(n, at: at).enumerated().map { k, node in
                            let p = try d.point(node, at: at + "[\(k)]")
                            // As Box2D holds a snap point (±10,000,000 pt).
                            guard abs(p.x) <= 1e7, abs(p.y) <= 1e7 else {
                                throw d.error(
                                    at: node, at + "[\(k)]", "expected coordinates within ±10000000 points, found \(p)")
                            }
                            return p
                        }
                        guard (1...64).contains(points.count) else {
                            throw d.error(at: n, at, "expected 1 to 64 points, found \(points.count)")
                        }
                        return points
                    }),
                .custom(
                    "projection", docType: "`normal`, `fast` or a number",
                    doc: "With `nearest`: the deceleration rate of the projection, per millisecond, as UIScrollView's.",
                    defaultDoc: "`normal` (0.998)", rangeDoc: "a number > 0 and < 1",
                    decode: { d, n, at, snap in snap.projectionRate = try d.decelerationRate(n, at: at()).rate }),
            ],
            structure: { d, f, path in
                if f["to"] != nil, let nearest = f.entry("nearest") {
                    throw d.error(
                        at: nearest.keyMark, path + ".nearest",
                        "'to' and 'nearest' are both given; expected one snap point or a list to choose from")
                }
                if f["to"] == nil && f["nearest"] == nil {
                    throw d.error(
                        at: f.mark, path,
                        "missing key 'to'; expected to: [x, y], the snap point in canvas points (or nearest: [[x, y], …])"
                    )
                }
                if let projection = f.entry("projection"), f["nearest"] == nil {
                    throw d.error(
                        at: projection.keyMark, path + ".projection", "'projection' takes effect only with 'nearest'")
                }
            })
    }

    static var gravity: ObjectSpec<GravitySpec> {
        ObjectSpec(
            name: "gravity", schemaPath: ["$defs", "gravity"], what: "a gravity",
            doc:
                "`UIGravityBehavior(items:)`. Gravity is world-wide, as in UIKit: the last gravity behaviour's vector acts on every item of every gravity behaviour.",
            prototype: GravitySpec(items: []),
            keys: [
                .items(
                    "items", \.items, reach: .dynamicItem, required: "items: a list of item ids",
                    doc: "The items gravity acts on, each at most once."),
                .point(
                    "direction", \.direction, doc: "Gravity vector in UIKit units: `[0, 1]` is 1000 pt/s² downwards."),
            ])
    }

    static var itemBehavior: ObjectSpec<ItemBehaviorSpec> {
        ObjectSpec(
            name: "itemBehavior", schemaPath: ["$defs", "itemBehavior"], what: "an item behavior",
            doc:
                "`UIDynamicItemBehavior`: only the properties given override (the last behaviour in order that sets one wins).",
            prototype: ItemBehaviorSpec(items: []),
            keys: [
                .items(
                    "items", \.items, reach: .dynamicItem, required: "items: a list of item ids",
                    doc: "The items whose properties it sets."),
                .number(
                    "elasticity", \.elasticity, range: .engine(Item.elasticity), noun: "an elasticity",
                    doc: "Restitution (UIKit's effective default).", defaultDoc: "`0.2`"),
                .number(
                    "friction", \.friction, range: .engine(Item.friction), noun: "a friction",
                    doc: "Friction coefficient.", defaultDoc: "`0.2`"),
                .number(
                    "density", \.density, range: .engine(Item.density), noun: "a density",
                    doc: "A 100×100-pt item of density 1 weighs 1 kg.", defaultDoc: "`1`"),
                .number(
                    "resistance", \.resistance, range: .engine(Item.resistance), noun: "a resistance", unit: "1/s",
                    doc: "Linear damping.", defaultDoc: "`0.1`"),
                .number(
                    "angularResistance", \.angularResistance, range: .engine(Item.angularResistance),
                    noun: "an angular resistance", unit: "1/s",
                    doc: "Angular damping.", defaultDoc: "`0.1`"),
                .bool("allowsRotation", \.allowsRotation, doc: "Whether the items may turn.", defaultDoc: "`true`"),
                .bool(
                    "anchored", \.anchored, doc: "Anchored items do not move; others collide with them.",
                    defaultDoc: "`false`"),
                .number(
                    "charge", \.charge, range: .engine(Item.charge), doc: "For electric and magnetic fields.",
                    defaultDoc: "`0`"),
                .custom(
                    "linearVelocity", docType: "`[vx, vy]` or `fromDrag`", schemaRef: "velocityOrFromDrag",
                    doc:
                        "Added at the start (`addLinearVelocity`), pt/s. `fromDrag`, in a `dynamicsTimeline` entry with a `drag:`, is the finger's release velocity (its last 50 ms, as `UIPanGestureRecognizer.velocity(in:)`): a flick hands its speed on.",
                    rangeDoc: "each within ±10,000,000",
                    decode: { d, node, at, behavior in
                        if case .string("fromDrag")? = node.scalarMeaning {
                            behavior.linearVelocityFromDrag = true
                        } else {
                            let p = try d.pair(node, at: at(), names: ("vx", "vy"))
                            behavior.linearVelocity = Point(p.0, p.1)
                        }
                    },
                    check: { _, behavior, at in
                        if behavior.linearVelocityFromDrag {
                            throw Violation(
                                keyPath: at,
                                message:
                                    "linearVelocity: fromDrag takes the release velocity of a drag; expected it in a dynamicsTimeline entry that has drag:, or [vx, vy]"
                            )
                        }
                        if let v = behavior.linearVelocity {
                            try KeyRange.engine.check(v.x, "a velocity", at: at + "[0]")
                            try KeyRange.engine.check(v.y, "a velocity", at: at + "[1]")
                        }
                    }),
                .optionalDegrees(
                    "angularVelocity", \.angularVelocity, range: .engine, doc: "Added at the start, degrees/s."),
            ])
    }

    static var field: ObjectSpec<FieldSpec> {
        ObjectSpec(
            name: "field", schemaPath: ["$defs", "field"], what: "a field",
            doc:
                "`UIFieldBehavior`; the force laws, with measured numbers, are in [field-forces.md](field-forces.md). At most 32 field behaviours per scene (UIKit's limit per animator).",
            prototype: FieldSpec(kind: .linearGravity, items: []),
            keys: [
                .word(
                    "kind", \.kind, required: "kind: one of \(listing(FieldSpec.Kind.allCases.map(\.rawValue)))",
                    doc: "The field's kind."),
                .items(
                    "items", \.items, reach: .dynamicItem, required: "items: a list of item ids",
                    doc: "The items the field acts on."),
                .position(
                    "position", \.position, doc: "Field position, canvas points, or `{ of: item, offset: [dx, dy] }`.",
                    schemaRef: "positionAny"),
                .custom(
                    "region", docType: "mapping", doc: "Where the field acts, around `position`.",
                    defaultDoc: "everywhere",
                    rangeDoc: "`{ radius: r > 0 }` or `{ size: [w, h] }`",
                    decode: { d, node, at, field in field.region = try d.decodeRegion(node, at: at()) },
                    check: { _, field, at in
                        switch field.region {
                        case .infinite: break
                        case .radius(let r): try KeyRange.enginePositive.check(r, "a radius", at: at + ".radius")
                        case .size(let s):
                            try KeyRange.positive.check(s.width, "a width", at: at + ".size[0]")
                            try KeyRange.positive.check(s.height, "a height", at: at + ".size[1]")
                        }
                    }),
                .number("strength", \.strength, range: .engine(Field.strength), doc: "Field strength."),
                .number(
                    "falloff", \.falloff, range: .engine(Field.falloff),
                    doc: "Radial gravity 2, spring −1, electric and magnetic 1, others 0.",
                    defaultDoc: "by kind"),
                .number(
                    "minimumRadius", \.minimumRadius, range: .engine(Field.minimumRadius), noun: "a minimum radius",
                    unit: "pt",
                    doc:
                        "The distance r in the force laws is never less than this, so a force stays finite at the field's position.",
                    defaultDoc: "tiny"),
                .point(
                    "direction", \.direction,
                    doc:
                        "Linear gravity direction (UIKit units: 1 = 1000 pt/s² at strength 1); the velocity field's target velocity and the drag field's medium velocity in **m/s**, as UIKit reads them (1 m/s = 100 pt/s: `direction: [0.6, -0.2]` moves an item at 60 pt/s right, 20 pt/s up). Above 20 m/s (2,000 pt/s) the loader prints a warning (the scene still renders): such a value was almost surely written in pt/s."
                ),
                .number(
                    "smoothness", \.smoothness, range: .engine(Field.smoothness), noun: "a smoothness",
                    doc:
                        "Noise and turbulence: how broad the pattern is, from one noise cell per 100 pt (0) to one per 1600 pt (1)."
                ),
                .number(
                    "animationSpeed", \.animationSpeed, range: .engine(Field.animationSpeed),
                    noun: "an animation speed",
                    doc:
                        "Noise and turbulence: how fast the pattern changes, noise cells per second; 0 freezes it. Turbulence pushes only moving items (force × m·\\|v\\|²)."
                ),
            ])
    }

    static var watcher: ObjectSpec<WatcherSpec> {
        ObjectSpec(
            name: "watcher", schemaPath: ["$defs", "watcher"], what: "a watcher",
            doc:
                "The frame-watcher example's behaviour: watches the item's frame and removes `client` (and itself) once the frame has held still.",
            prototype: WatcherSpec(item: "", client: .gravity(GravitySpec(items: []))),
            keys: [
                .item(
                    "item", \.item, required: "item: the id of the item whose frame is watched",
                    doc: "The watched item."),
                .custom(
                    "client", docType: "behaviour", schemaRef: "behavior",
                    required:
                        "client: the behavior to remove when the frame holds still, such as { snap: { item: card, to: [x, y] } }",
                    doc:
                        "The behaviour it removes, with itself, once the item's frame holds still, e.g. `{ snap: { … } }`.",
                    rangeDoc: "not a watcher",
                    decode: { d, node, at, w in w.client = try d.decodeBehavior(node, at: at()) },
                    check: { scene, w, at in
                        if case .watcher = w.client {
                            throw Violation(
                                keyPath: at,
                                message:
                                    "a watcher's client cannot be another watcher; expected the behavior to remove, such as a snap"
                            )
                        }
                        try scene.checkBehavior(w.client, at: at)
                    }),
                .number(
                    "laxity", \.laxity, range: .engineNonNegative, noun: "a laxity in pt²", unit: "pt²",
                    doc: "Frames are steady when their overlap differs from each frame's area by less than this, pt²."),
                .integer(
                    "threshold", \.threshold, range: .nonNegative, noun: "a number of ticks",
                    doc: "It fires after more than this many steady ticks."),
            ])
    }

    static var dampedResize: ObjectSpec<DampedResizeSpec> {
        ObjectSpec(
            name: "dampedResize", schemaPath: ["$defs", "dampedResize"], what: "a damped resize",
            doc:
                "The damped-resize example's behaviour: scale = 1 + amplitude·sin(2π·frequency·t)·e^(−decay·t), then identity.",
            prototype: DampedResizeSpec(item: ""),
            keys: [
                .item("item", \.item, required: "item: the id of the item to resize", doc: "The resized item."),
                .custom(
                    "amplitude", docType: "number", doc: "Peak relative change of the scale.", defaultDoc: "`0.5`",
                    rangeDoc: "0 ≤ a < 1",
                    decode: { d, node, at, r in r.amplitude = try d.number(node, at: at()) },
                    check: { _, r, at in
                        try KeyRange.engine.check(r.amplitude, "", at: at)
                        if !(r.amplitude >= 0 && r.amplitude < 1) {
                            throw Violation(
                                keyPath: at,
                                message:
                                    "expected an amplitude from 0 up to (not including) 1, so the scale stays positive, found \(format(r.amplitude))"
                            )
                        }
                    }),
                .number(
                    "frequency", \.frequency, range: .engineNonNegative, noun: "a frequency in Hz", unit: "Hz",
                    doc: "Oscillations per second."),
                .number(
                    "decay", \.decay, range: .engineNonNegative, noun: "a decay rate", unit: "1/s",
                    doc: "Exponential decay rate."),
                .number(
                    "duration", \.duration, range: .positive, noun: "a duration in seconds", unit: "s",
                    doc: "Seconds from the behaviour's first tick."),
            ])
    }

    static var transformTween: ObjectSpec<TransformTweenSpec> {
        ObjectSpec(
            name: "transformTween", schemaPath: ["$defs", "transformTween"], what: "a transform tween",
            doc:
                "The transform-tween example's behaviour: eases the item's transform to the target (velocity += `acceleration` per tick, ease-out cubic).",
            prototype: TransformTweenSpec(item: ""),
            keys: [
                .item("item", \.item, required: "item: the id of the item to transform", doc: "The transformed item."),
                .degrees("rotation", \.rotation, range: .engine, doc: "Target rotation, degrees."),
                .custom(
                    "scale", docType: "`[sx, sy]`", schemaRef: "number2", doc: "Target scale.", defaultDoc: "`[1, 1]`",
                    rangeDoc: "non-zero",
                    decode: { d, node, at, t in
                        let p = try d.pair(node, at: at(), names: ("sx", "sy"))
                        t.scale = Size(p.0, p.1)
                    },
                    check: { scene, t, at in
                        try scene.checkNonZero(t.scale.width, at: at + "[0]")
                        try scene.checkNonZero(t.scale.height, at: at + "[1]")
                    }),
                .point(
                    "translation", \.translation, names: ("tx", "ty"), unit: "pt", doc: "Target translation, points."),
                .number(
                    "acceleration", \.acceleration, range: .positive, noun: "an acceleration",
                    doc: "velocity += acceleration and percent += velocity each tick; eased out with exponent 3."),
            ])
    }
}

extension Key {
    /// `[x, y]` or `{ of: item, offset: [dx, dy] }`, in canvas points; checked as Box2D needs.
    static func position(
        _ name: String, _ path: WritableKeyPath<Object, Point>, required: String? = nil, doc: String,
        schemaRef: String = "position"
    ) -> Key {
        var key = point(name, path, names: ("x", "y"), required: required, doc: doc, schemaRef: schemaRef)
        key.decode = { d, node, at, object in object[keyPath: path] = try d.position(node, at: at()) }
        return key
    }
}
