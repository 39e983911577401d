import BehaviorRules
import Geometry
import SceneSyntax

// The declarations of push, collision, attachment, transformNest and snapZones. Their keys with
// a shape of their own (boundaries, insets, zones, drags, an attachment's range) are read by the
// helpers in SceneDecoder+Behaviors.swift and checked by those in Validation+Behaviors.swift,
// which the declarations call.

extension BehaviorKeys {
    static var push: ObjectSpec<PushSpec> {
        ObjectSpec(
            name: "push", schemaPath: ["$defs", "push"], what: "a push", doc: "`UIPushBehavior(items:mode:)`.",
            prototype: PushSpec(items: []),
            keys: [
                .items(
                    "items", \.items, reach: .dynamicItem, required: "items: a list of item ids",
                    doc: "The pushed items."),
                .word("mode", \.mode, doc: "A force every tick, or one impulse at the next tick (then inactive)."),
                // angle, magnitude and direction are one `force`: read together in `decodePushForce`.
                .custom(
                    "angle", docType: "number", doc: "Degrees, clockwise from +x.", defaultDoc: "`0`",
                    check: { _, push, at in
                        if case .angle(let angle, _) = push.force {
                            try KeyRange.engine.check(angle.degrees, "", at: at)
                        }
                    }),
                .custom(
                    "magnitude", docType: "number",
                    doc:
                        "1 accelerates a 100×100-pt item of density 1 at 100 pt/s² (an impulse of 1 gives it 100 pt/s). Negative reverses.",
                    defaultDoc: "`0`",
                    check: { _, push, at in
                        if case .angle(_, let magnitude) = push.force {
                            try KeyRange.engine.check(magnitude, "", at: at)
                        }
                    }),
                .custom(
                    "direction", docType: "`[dx, dy]`", schemaRef: "number2",
                    doc: "`pushDirection`, instead of `angle` and `magnitude`.",
                    check: { scene, push, at in
                        if case .direction(let d) = push.force { try scene.checkPoint(d, at: at) }
                    }),
                .point(
                    "offset", \.offset,
                    doc: "`targetOffsetFromCenter` in points, canvas axes: an off-centre push turns the item."),
                .bool("active", \.active, doc: "Whether the push acts."),
            ])
    }

    static var collision: ObjectSpec<CollisionSpec> {
        ObjectSpec(
            name: "collision", schemaPath: ["$defs", "collision"], what: "a collision",
            doc: "`UICollisionBehavior(items:)`.", prototype: CollisionSpec(items: []),
            keys: [
                .items(
                    "items", \.items, reach: .dynamicItem, required: "items: a list of item ids",
                    doc: "The colliding items."),
                .word("mode", \.mode, doc: "What the items collide with."),
                .custom(
                    "boundaries", docType: "list",
                    doc:
                        "`{ id, from: [x, y], to: [x, y] }` (a line at least 0.5 pt long) or `{ id, path: [[x, y], …] }` (a closed boundary through at least 2 points more than 0.5 pt apart) or `{ id, path: \"M … Z\" }` (SVG path data of one closed shape, curves flattened within 0.05 pt: a bowl, a rounded shelf).",
                    defaultDoc: "`[]`", rangeDoc: "ids unique",
                    decode: { d, node, at, c in
                        c.boundaries = try d.list(node, at: at()).enumerated().map { j, node in
                            try d.decodeBoundary(node, at: at() + "[\(j)]")
                        }
                    },
                    check: { scene, c, at in try scene.checkBoundaries(c.boundaries, at: at) }),
                .bool(
                    "translatesReferenceBoundsIntoBoundary", \.canvasBoundary,
                    doc: "The canvas edges (inset by `insets`) become a boundary."),
                .custom(
                    "insets", docType: "`[top, left, bottom, right]`", doc: "Insets of the canvas boundary, points.",
                    defaultDoc: "`[0, 0, 0, 0]`", rangeDoc: "must leave room",
                    decode: { d, node, at, c in
                        let v = try d.numbers(node, at: at(), count: 4, names: "[top, left, bottom, right]")
                        c.insets = .init(top: v[0], left: v[1], bottom: v[2], right: v[3])
                    },
                    check: { scene, c, at in try scene.checkInsets(c, at: at) }),
            ])
    }

    static var attachment: ObjectSpec<AttachmentSpec> {
        ObjectSpec(
            name: "attachment", schemaPath: ["$defs", "attachment"], what: "an attachment",
            doc: "`UIAttachmentBehavior`: joins an item to an anchor point or to a second item.",
            prototype: AttachmentSpec(item: ""),
            keys: [
                .word("kind", \.kind, doc: "Which kind of joint."),
                .item(
                    "item", \.item, reach: .dynamicItem, required: "item: the id of the attached item",
                    doc: "The attached item."),
                .custom(
                    "toItem", docType: "item id", schemaRef: "itemID",
                    doc:
                        "The second item: required by `fixed`, `pin` and `limit`; a `distance` attachment has either `toItem` or `anchor`.",
                    rangeDoc: "not `item`",
                    decode: { d, node, at, a in a.toItem = try d.string(node, at: at()) },
                    check: { scene, a, at in
                        guard let other = a.toItem else { return }
                        try scene.reference(other, at: at, reach: .dynamicItem)
                        if other == a.item {
                            throw Violation(keyPath: at, message: "an item cannot be attached to itself ('\(other)')")
                        }
                    }),
                .optionalPoint(
                    "anchor", \.anchor, names: ("x", "y"),
                    doc:
                        "The fixed end of a distance attachment; the joint of `fixed` and `pin`; a point on the axis of `sliding` (required there).",
                    schemaRef: "positionAny", read: { d, node, at in try d.position(node, at: at) }
                )
                .checkingFirst { scene, a, at in
                    try scene.checkAttachmentEnds(a, at: String(at.dropLast(".anchor".count)))
                },
                .point(
                    "offset", \.offset,
                    doc:
                        "Attachment point on the item, from its centre (a `limit` attaches at centre **minus** offset, UIKit's quirk)."
                ),
                .point("toOffset", \.toOffset, doc: "Attachment point on `toItem`, from its centre."),
                // Stricter than `BehaviorRules.Attachment.length` (≥ 0): a length of 0 written in a scene is a mistake.
                .number(
                    "length", \.length, range: .enginePositive, noun: "a length", unit: "pt",
                    doc: "Rest length, points.",
                    defaultDoc: "the distance when attached"),
                .number(
                    "frequency", \.frequency, range: .engine(BehaviorRules.Attachment.frequency),
                    noun: "a frequency in Hz", unit: "Hz",
                    doc: "Spring frequency in Hz; 0 makes a distance attachment rigid."),
                .number(
                    "damping", \.damping, range: .engine(BehaviorRules.Attachment.damping), noun: "a damping ratio",
                    doc: "Spring damping ratio."),
                .custom(
                    "range", docType: "`[min, max]`", schemaRef: "number2",
                    doc: "`attachmentRange`: degrees for `pin` (must contain 0), points for `sliding`.",
                    defaultDoc: "none", rangeDoc: "min ≤ max",
                    decode: { d, node, at, a in a.range = try d.decodeRange(node, at: at()) },
                    check: { scene, a, at in try scene.checkAttachmentRange(a, at: at) }),
                .number(
                    "frictionTorque", \.frictionTorque, range: .engine(BehaviorRules.Attachment.frictionTorque),
                    noun: "a friction torque", unit: "N·m",
                    doc: "Pin friction torque, N·m."),
                .point("axis", \.axis, doc: "Sliding axis.", rangeDoc: "not `[0, 0]`")
                    .checkingAfter { _, a, at in
                        if a.kind == .sliding, a.axis == .zero {
                            throw Violation(keyPath: at, message: "expected a non-zero axis direction, found [0, 0]")
                        }
                    },
            ])
    }

    static var transformNest: ObjectSpec<TransformNestSpec> {
        ObjectSpec(
            name: "transformNest", schemaPath: ["$defs", "transformNest"], what: "a transform nest",
            doc: "The transform-nest example: every item snaps to `to` while a tween turns each to its angle.",
            prototype: TransformNestSpec(items: [], point: .zero),
            keys: [
                .items(
                    "items", \.items, required: "items: a list of item ids", doc: "The nested items.",
                    rangeDoc: "at least one"
                )
                .checkingFirst { _, n, at in
                    if n.items.isEmpty { throw Violation(keyPath: at, message: "expected at least one item") }
                },
                .position(
                    "to", \.point, required: "to: [x, y], the point the items pile up on",
                    doc: "The point the items pile up on."),
                .custom(
                    "angles", docType: "numbers", doc: "Degrees.", defaultDoc: "i·90°/n", rangeDoc: "one per item",
                    decode: { d, node, at, n in
                        n.angles = try d.list(node, at: at()).enumerated().map { k, node in
                            .degrees(try d.number(node, at: at() + "[\(k)]"))
                        }
                    },
                    check: { _, n, at in
                        guard let angles = n.angles else { return }
                        if angles.count != n.items.count {
                            throw Violation(
                                keyPath: at,
                                message: "expected one angle per item (\(n.items.count)), found \(angles.count)")
                        }
                        for (k, a) in angles.enumerated() {
                            try KeyRange.engine.check(a.degrees, "", at: at + "[\(k)]")
                        }
                    }),
                .number(
                    "damping", \.damping, range: KeyRange(BehaviorRules.snapDamping), noun: "a damping ratio",
                    doc: "For the snaps."),
                .number(
                    "acceleration", \.acceleration, range: .positive, noun: "an acceleration", doc: "For the tweens."),
            ])
    }

    static var snapZones: ObjectSpec<SnapZonesSpec> {
        ObjectSpec(
            name: "snapZones", schemaPath: ["$defs", "snapZones"], what: "snap zones",
            doc: "The snap-zones example's behaviour: zones that capture items dragged into them.",
            prototype: SnapZonesSpec(zones: []),
            keys: [
                .custom(
                    "zones", docType: "list", required: "zones: a list of { id, rect: [x, y, width, height] }",
                    doc:
                        "`{ id, rect: [x, y, width, height] }`: a free item overlapping a zone is captured and snapped to its centre.",
                    rangeDoc: "at least one, ids unique",
                    decode: { d, node, at, z in z.zones = try d.decodeZones(node, at: at()) },
                    check: { scene, z, at in try scene.checkZones(z.zones, at: at) }),
                .custom(
                    "drags", docType: "list",
                    doc:
                        "`{ item, path: [[seconds, x, y], …] }`: a scripted pan gesture, linear between keyframes, times increasing, drags of one item not overlapping.",
                    defaultDoc: "`[]`",
                    decode: { d, node, at, z in z.drags = try d.decodeDrags(node, at: at()) },
                    check: { scene, z, at in try scene.checkDrags(z.drags, at: at) }),
            ])
    }
}

extension Key {
    /// The same key with `rule` checked before its own check (a rule between keys that belongs
    /// at this point of the documented order).
    func checkingFirst(_ rule: @escaping (Scene, Object, String) throws -> Void) -> Key {
        var key = self
        let own = check
        key.check = { scene, object, at in
            try rule(scene, object, at)
            try own?(scene, object, at)
        }
        return key
    }

    /// The same key with `rule` checked after its own check.
    func checkingAfter(_ rule: @escaping (Scene, Object, String) throws -> Void) -> Key {
        var key = self
        let own = check
        key.check = { scene, object, at in
            try own?(scene, object, at)
            try rule(scene, object, at)
        }
        return key
    }
}
