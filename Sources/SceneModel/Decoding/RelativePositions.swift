import Geometry
import SceneSyntax

// Positions relative to another item: `center: { of: card, offset: [0, 20] }` for an item, and
// `to:`, `anchor:`, `position:` of behaviours in the same spelling.
//
// Rules of this file:
// - The position is the referenced item's centre *as written* (frame 0, on the canvas, through
//   its ancestors' centres and rotations) plus `offset` in canvas points (y down). It is resolved
//   once, while the file is read: the scene that results holds plain numbers, so everything
//   downstream and scenes built in Swift are unaffected.
// - An item may refer only to items written above it (file order, depth first), which rules out
//   cycles without a graph; behaviours come after all items and may refer to any.
// - A child's centre is in its parent's bounds (origin top-left), so a canvas point is converted
//   into that space by undoing the parent's centre and rotation.

/// The canvas placement of every item decoded so far, and the parents of the item being decoded.
///
/// Most scenes place nothing relative to another item, so the lookups are built only when a
/// relative position asks: until then recording an item is an append, with no hashing of ids.
final class ItemPlaces {
    struct Place {
        var center: Point
        var rotation: Angle
        var size: Size
    }

    /// Every record in order; an id recorded again (a parent, before and after its children)
    /// takes the later place.
    /// Without dynamic exclusivity checks, as `parents`: each access is a short append, read or
    /// removal that cannot overlap another, and every item decoded made three of them.
    @exclusivity(unchecked) private var recorded: [(id: String, place: Place)] = []
    /// `recorded[..<indexedCount]` by id, the later record winning.
    private var index: [String: Place] = [:]
    private var indexedCount = 0
    @exclusivity(unchecked) private var parents: [Place] = []
    /// The file's `items:` list (expanded components included), read for every id it spells only
    /// to tell "written later" from "unknown" in a message.
    var itemsNode: SourceNode?

    /// The place recorded last for `id`, among the items decoded so far.
    func place(of id: String) -> Place? {
        if indexedCount < recorded.count {
            for k in indexedCount..<recorded.count { index[recorded[k].id] = recorded[k].place }
            indexedCount = recorded.count
        }
        return index[id]
    }

    /// The ids decoded so far, each once, in the order first recorded.
    var order: [String] {
        var seen: Set<String> = []
        return recorded.compactMap { seen.insert($0.id).inserted ? $0.id : nil }
    }

    /// Every id the file's items spell, children included.
    var allIDs: [String] { itemsNode.map { Self.ids(in: $0) } ?? [] }

    /// The canvas centre of a point given in the space of the item being decoded.
    func canvasPoint(local p: Point) -> Point {
        guard let parent = parents.last else { return p }
        let offset = Point(p.x - parent.size.width / 2, p.y - parent.size.height / 2)
        return parent.center + AffineTransform(rotation: parent.rotation).applyLinear(to: offset)
    }

    /// A canvas point in the space of the item being decoded (its parent's bounds for a child).
    func localPoint(canvas p: Point) -> Point {
        guard let parent = parents.last else { return p }
        let back = AffineTransform(rotation: .degrees(-parent.rotation.degrees)).applyLinear(to: p - parent.center)
        return Point(back.x + parent.size.width / 2, back.y + parent.size.height / 2)
    }

    /// Records an item, its centre given in its parent's space, and makes it the parent of what
    /// `body` decodes.
    func record<T>(_ id: String, center: Point, rotation: Angle, size: Size, body: () throws -> T) rethrows -> T {
        let absolute = Angle.degrees((parents.last?.rotation.degrees ?? 0) + rotation.degrees)
        let place = Place(center: canvasPoint(local: center), rotation: absolute, size: size)
        recorded.append((id, place))
        parents.append(place)
        defer { parents.removeLast() }
        return try body()
    }

    /// Every id under an `items:` list, children included, as the items go by them: a
    /// component's own text takes its instance's prefix (`SourceNode.Entry.prefixID`).
    static func ids(in node: SourceNode) -> [String] {
        var found: [String] = []
        func walk(_ node: SourceNode, instance: String?) {
            guard case .sequence(let items) = node.value else { return }
            for item in items {
                guard case .mapping(var entries) = item.value else { continue }
                if let instance, item.mark?.isSharedComponentText == true {
                    SourceNode.Entry.prefixID(in: &entries, with: instance)
                }
                for e in entries {
                    if e.key == "id", case .string(let id)? = e.value.scalarMeaning { found.append(id) }
                    if e.key == "children" { walk(e.value, instance: item.mark?.instanceID ?? instance) }
                }
            }
        }
        walk(node, instance: nil)
        return found
    }
}

extension SceneDecoder {
    /// `[x, y]` in canvas points, or `{ of: id, offset: [dx, dy] }`.
    func position(_ node: SourceNode, at path: String) throws -> Point {
        guard case .mapping = node.value else { return try point(node, at: path) }
        return try relativePosition(node, at: path, placing: nil)
    }

    /// The canvas point `{ of: id, offset: [dx, dy] }` names. `placing`: the id of the item whose
    /// centre this is, which may not refer to itself or to items written after it.
    func relativePosition(_ node: SourceNode, at path: String, placing: String?) throws -> Point {
        templates.noteOutsideRead()
        let f = try fields(node, at: path, NestedKeys.relativePosition.declared)
        let ofNode = f[checked: "of"]
        let id = try string(ofNode, at: path + ".of")
        let offset = try f["offset"].map { try vector($0, at: path + ".offset") } ?? .zero
        if let place = places.place(of: id) { return place.center + offset }
        if id == placing {
            throw error(
                at: ofNode, path + ".of", "item '\(id)' cannot be placed relative to itself; expected another item's id"
            )
        }
        let allIDs = places.allIDs
        if allIDs.contains(id) {
            throw error(
                at: ofNode, path + ".of",
                "item '\(id)' is written later in the file; expected an item written above this one (positions are resolved in file order)",
                suggestion: "move '\(id)' above, or place it relative to this item instead")
        }
        let known = places.order
        throw error(
            at: ofNode, path + ".of",
            known.isEmpty
                ? "unknown item '\(id)'; no item is written above this one"
                : "unknown item '\(id)'; expected one of: \(listing(known))",
            suggestion: didYouMean(id, allIDs))
    }
}
