import SceneSyntax

// Items of a component's own text: decoded for the first instance, stamped for the others.
//
// An instance of a component without placeholders shares the component's text (SceneLoading's
// ComponentExpander), ids as written: each item's id takes the prefix of the instance it is read
// in here (`SourceNode.Entry.prefixID`), the innermost instance whose top node encloses it. Such
// an item decodes to the same value in every instance, but for its id and its children, as long
// as reading it looked at nothing but its own text. Two reads look further: a position
// relative to another item (where that item is), and a file (an icon's shapes and an image's
// pixels count against the scene's budgets at each use). An item with a mask, which it keeps among
// its children, is read each time too. Otherwise the first decoding is kept, and a
// later node at the same place of the same component's text is stamped from it when it holds the
// very same text, key for key (`SourceNode.Entry.holdSameText`). Stamping cannot meet an error the
// first decoding did not: the same text read the same way.

/// What the decoder keeps of component text it has read.
final class TemplateItems {
    final class Kept {
        /// The node's entries as first read: a later node must hold the same text in each.
        let entries: [SourceNode.Entry]
        /// The item read from them, without its children (decoded for each instance).
        let item: Item
        /// Where the id and the children are among `entries` (-1 for none).
        let idIndex: Int
        let childrenIndex: Int

        init(item: Item, entries: [SourceNode.Entry]) {
            var item = item
            item.children = []
            (self.item, self.entries) = (item, entries)
            idIndex = entries.firstIndex { $0.key == "id" } ?? -1
            childrenIndex = entries.firstIndex { $0.key == "children" } ?? -1
        }
    }

    /// Both tables without dynamic exclusivity checks: each access is a short lookup or store
    /// that cannot overlap another, made for every item an instance reads.
    @exclusivity(unchecked) private var byPlace: [TemplatePlace: Kept] = [:]
    /// The last few kept items by a hash of their place: an instance reads its component's
    /// items in turn, and a dictionary lookup (hashing the place) for each was most of a stamp.
    @exclusivity(unchecked) private var recent = [(place: TemplatePlace, kept: Kept)?](
        repeating: nil, count: recentSlots)
    private static let recentSlots = 64
    /// How many reads so far depended on more than the text read: relative positions and files.
    private(set) var outsideReads = 0
    /// The full ids of the instances whose top nodes enclose the item being read, innermost last.
    @exclusivity(unchecked) private var instances: [String] = []

    /// The prefix of the ids in component text read now: the innermost instance's id.
    var instancePrefix: String? { instances.last }

    /// Reads `body` inside the instance `id` (its top node's item).
    func reading<T>(instance id: String, _ body: () throws -> T) rethrows -> T {
        instances.append(id)
        defer { instances.removeLast() }
        return try body()
    }

    /// Notes a read that depends on more than its node's text.
    func noteOutsideRead() { outsideReads += 1 }

    func keep(_ item: Item, entries: [SourceNode.Entry], at place: TemplatePlace) {
        let kept = Kept(item: item, entries: entries)
        byPlace[place] = kept
        recent[Self.slot(of: place)] = (place, kept)
    }

    private static func slot(of place: TemplatePlace) -> Int {
        (place.line &* 31 &+ place.column) & (recentSlots - 1)
    }

    func kept(at place: TemplatePlace) -> Kept? {
        let slot = Self.slot(of: place)
        if let hit = recent[slot], hit.place == place { return hit.kept }
        guard let found = byPlace[place] else { return nil }
        recent[slot] = (place, found)
        return found
    }
}

extension SceneDecoder {
    /// `decodeItem` of a node of component text: stamped from the first instance's item when this
    /// node holds the same text, else decoded and, if it read nothing but its text, kept. Its id
    /// takes the enclosing instance's prefix either way.
    func decodeTemplateItem(_ node: SourceNode, at path: @autoclosure () -> String, place: TemplatePlace) throws
        -> Item
    {
        let prefix = templates.instancePrefix
        if let kept = templates.kept(at: place), case .mapping(let entries) = node.value,
            Self.holdSameText(entries, as: kept)
        {
            return try stamp(kept, entries, prefix: prefix, at: path())
        }
        var node = node
        if let prefix, case .mapping(var entries) = node.value {
            SourceNode.Entry.prefixID(in: &entries, with: prefix)
            node.value = .mapping(entries)
        }
        let readsBefore = templates.outsideReads
        let item = try decodeWrittenItem(node, at: path())
        if templates.outsideReads == readsBefore, case .mapping(let entries) = node.value,
            !entries.contains(where: { $0.key == "mask" })
        {
            templates.keep(item, entries: entries, at: place)
        }
        return item
    }

    /// Whether a node's entries hold the kept item's text, id and children aside.
    private static func holdSameText(_ entries: [SourceNode.Entry], as kept: TemplateItems.Kept) -> Bool {
        guard entries.count == kept.entries.count, kept.idIndex >= 0 else { return false }
        return entries.withUnsafeBufferPointer { entries in
            kept.entries.withUnsafeBufferPointer { first in
                let (a, b) = (entries.baseAddress!, first.baseAddress!)
                for k in entries.indices where k != kept.idIndex && k != kept.childrenIndex {
                    guard SourceNode.Entry.holdSameText(a + k, b + k) else { return false }
                }
                return true
            }
        }
    }

    /// The kept item with the id (after `prefix` and a dot) and children of a node that holds its
    /// text.
    private func stamp(
        _ kept: TemplateItems.Kept, _ entries: [SourceNode.Entry], prefix: String?,
        at path: @autoclosure () -> String
    ) throws -> Item {
        var item = kept.item
        let id = try string(entries[kept.idIndex].value, at: path() + ".id")
        item.id = prefix.map { $0 + "." + id } ?? id
        if kept.childrenIndex >= 0 {
            // Read first, then set: reading `item` inside its own assignment copied it.
            let children = try decodeChildren(entries[kept.childrenIndex].value, of: item, at: path() + ".children")
            item.children = children
        }
        // Recorded after its children, as `decodeWrittenItem` records it.
        try inBounds(of: item) {}
        return item
    }
}
