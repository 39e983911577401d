import SceneSyntax

// The declarations of the small mappings inside other values: a collision boundary, a snap zone
// and a scripted drag of `snapZones`, a field's region, collision bounds as a path, a polygon and
// a star outline, a position relative to an item, and a timeline's `set:`. Their values have
// shapes of their own (keys that exclude each other, numbers read as rectangles), so hand-written
// readers in Decoding/ read them; the keys they may read, and which are required, are these.

/// A declaration whose keys are read by hand: the object type carries nothing.
package struct HandRead {}

extension Key where Object == HandRead {
    /// A key read by a hand-written reader; its schema is the committed fragment.
    static func read(_ name: String, docType: String, required: String? = nil, doc: String) -> Key {
        .custom(name, docType: docType, required: required, doc: doc)
    }
}

extension ObjectSpec where Object == HandRead {
    init(_ name: String, at schemaPath: [String], what: String, doc: String, keys: [Key<HandRead>]) {
        self.init(name: name, schemaPath: schemaPath, what: what, doc: doc, prototype: HandRead(), keys: keys)
    }
}

package enum NestedKeys {
    static var boundary: ObjectSpec<HandRead> {
        ObjectSpec(
            "boundary", at: ["$defs", "collision", "properties", "boundaries", "items"], what: "a boundary",
            doc: "A named boundary: a line (from, to) or a closed path.",
            keys: [
                .read(
                    "id", docType: "string", required: "id: a name for the boundary", doc: "Unique in the behaviour."),
                .read("from", docType: "`[x, y]`", doc: "One end of a line boundary."),
                .read("to", docType: "`[x, y]`", doc: "The other end, at least 0.5 points away."),
                .read(
                    "path", docType: "`[[x, y], …]` or SVG path data",
                    doc:
                        "A closed boundary through these points, or SVG path data of one closed shape (`M … Z`, canvas points), its curves flattened within 0.05 pt: a bowl, a rounded shelf, a circle."
                ),
            ])
    }

    static var zone: ObjectSpec<HandRead> {
        ObjectSpec(
            "zone", at: ["$defs", "snapZones", "properties", "zones", "items"], what: "a zone",
            doc: "A named rectangle a dropped item snaps into.",
            keys: [
                .read("id", docType: "string", required: "id: a name for the zone", doc: "Unique in the behaviour."),
                .read(
                    "rect", docType: "`[x, y, width, height]`",
                    required: "rect: [x, y, width, height] in canvas points",
                    doc: "In canvas points."),
            ])
    }

    static var snapDrag: ObjectSpec<HandRead> {
        ObjectSpec(
            "snapDrag", at: ["$defs", "snapZones", "properties", "drags", "items"], what: "a drag",
            doc: "A scripted finger dragging an item, then letting go.",
            keys: [
                .read(
                    "item", docType: "item id", required: "item: the id of the dragged item", doc: "The dragged item."),
                .read(
                    "path", docType: "`[[time, x, y], …]`",
                    required: "path: [[time, x, y], …], the finger's position over time",
                    doc: "The finger's position over time."),
            ])
    }

    /// A field's region. Its schema is two exclusive objects, written by hand in the schema.
    static var region: ObjectSpec<HandRead> {
        ObjectSpec(
            "region", at: ["$defs", "field", "properties", "region"], what: "a region",
            doc: "Where the field acts: { radius: r } or { size: [w, h] } around position.",
            keys: [
                .read("radius", docType: "number", doc: "A circle's radius, in points."),
                .read("size", docType: "`[width, height]`", doc: "A rectangle's size, in points."),
            ])
    }

    static var collisionBounds: ObjectSpec<HandRead> {
        ObjectSpec(
            "collisionBounds", at: ["$defs", "item", "properties", "collisionBounds", "oneOf", "1"],
            what: "collision bounds", doc: "A convex polygon around the item's centre.",
            keys: [
                .read(
                    "path", docType: "`[[x, y], …]`",
                    required: "path: [[x, y], …], a convex polygon around the item's centre",
                    doc: "3 to 8 points relative to the item's centre, either winding.")
            ])
    }

    static var polygon: ObjectSpec<HandRead> {
        ObjectSpec(
            "polygon", at: ["$defs", "shape", "properties", "polygon"], what: "a polygon",
            doc: "A regular polygon inscribed in the bounds' ellipse, first corner at the top.",
            keys: [.read("sides", docType: "integer", required: "sides: 3 or more", doc: "3 … 1000.")])
    }

    static var star: ObjectSpec<HandRead> {
        ObjectSpec(
            "star", at: ["$defs", "shape", "properties", "star"], what: "a star",
            doc: "A star of points tips on the bounds' ellipse, inner corners at innerRadius of the outer radius.",
            keys: [
                .read("points", docType: "integer", required: "points: 3 or more", doc: "3 … 1000."),
                .read("innerRadius", docType: "number", doc: "(0, 1], of the outer radius; default 0.5."),
            ])
    }

    static var relativePosition: ObjectSpec<HandRead> {
        ObjectSpec(
            "relativePosition", at: ["$defs", "position", "anyOf", "1"],
            what: "a position ([x, y], or { of: item, offset: [dx, dy] })",
            doc: "A point relative to an item's centre.",
            keys: [
                .read(
                    "of", docType: "item id", required: "of: the id of an item, as in { of: card, offset: [0, 20] }",
                    doc: "An item written above."),
                .read("offset", docType: "`[dx, dy]`", doc: "Added to that centre, in canvas points."),
            ])
    }

    /// A timeline's `set:`: the behaviour, and any of the settings `BehaviorSetting` knows.
    static var set: ObjectSpec<HandRead> {
        ObjectSpec(
            "set", at: ["properties", "dynamicsTimeline", "items", "properties", "set"], what: "a set",
            doc:
                "Properties to set on a behaviour, UIKit's names; each must be one its kind has (snap: snapPoint, damping; push: angle, magnitude, direction, active; gravity: direction, angle, magnitude; attachment: anchorPoint, length, damping, frequency; itemBehavior: elasticity, friction, resistance, angularResistance, density, charge, allowsRotation, anchored; field: strength, position, direction).",
            keys: [
                .read(
                    "behavior", docType: "behavior id", required: "behavior: the id of the behavior to change", doc: "")
            ] + BehaviorSetting.allKeys.map { .read($0, docType: "value", doc: "") })
    }

    /// Where each is written in the schema (one object may be written in two places).
    static var schemaSpecs: [AnySpec] {
        [
            AnySpec(boundary), AnySpec(zone), AnySpec(snapDrag), AnySpec(collisionBounds),
            AnySpec(collisionBounds, at: ["$defs", "instance", "properties", "collisionBounds", "oneOf", "1"]),
            AnySpec(polygon), AnySpec(star), AnySpec(relativePosition),
            AnySpec(relativePosition, at: ["$defs", "positionAny", "anyOf", "1"]), AnySpec(set),
        ]
    }
}
