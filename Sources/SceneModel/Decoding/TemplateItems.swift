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
        /// The id as the shared text writes it (before an instance's prefix) and what it means:
        /// a later node writing the same text means the same, without reading it again.
        let writtenID: (text: String, isString: Bool, id: String)?

        init(item: Item, entries: [SourceNode.Entry], writtenID: SourceNode?) {
            var item = item
            item.children = []
            (self.item, self.entries) = (item, entries)
            idIndex = entries.firstIndex { $0.key == "id" } ?? -1
            childrenIndex = entries.firstIndex { $0.key == "children" } ?? -1
            if let writtenID, case .scalar(let text, let isString) = writtenID.value,
                case .string(let id)? = writtenID.scalarMeaning
            {
                self.writtenID = (text, isString, id)
            } else {
                self.writtenID = nil
            }
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
    /// The full ids of the instances whose top nodes enclose the item being read, innermost last,
    /// each also with the dot that follows it in an id.
    @exclusivity(unchecked) private var instances: [(id: String, dotted: String)] = []

    /// The innermost instance being read: its id prefixes the ids of component text read now.
    var instance: (id: String, dotted: String)? { instances.last }

    /// Reads `body` inside the instance `id` (its top node's item).
    func reading<T>(instance id: String, _ body: () throws -> T) rethrows -> T {
        instances.append((id, id + "."))
        defer { instances.removeLast() }
        return try body()
    }

    /// Notes a read that depends on more than its node's text.
    func noteOutsideRead() { outsideReads += 1 }

    func keep(_ item: Item, entries: [SourceNode.Entry], writtenID: SourceNode?, at place: TemplatePlace) {
        let kept = Kept(item: item, entries: entries, writtenID: writtenID)
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
        if let (kept, entries) = stampable(node, at: place) {
            var item = kept.item
            try stamp(kept, entries, into: &item, at: path())
            return item
        }
        guard case .mapping(var entries) = node.value else { return try decodeWrittenItem(node, at: path()) }
        let writtenID = entries.first { $0.key == "id" }?.value
        if let instance = templates.instance { SourceNode.Entry.prefixID(in: &entries, with: instance.id) }
        let readsBefore = templates.outsideReads
        let item = try decodeWrittenItem(SourceNode(value: .mapping(entries), mark: node.mark), at: path())
        if templates.outsideReads == readsBefore, !entries.contains(where: { $0.key == "mask" }) {
            templates.keep(item, entries: entries, writtenID: writtenID, at: place)
        }
        return item
    }

    /// `decodeItem`, appended to `items`: a stamped item is written where it stays, not copied
    /// out of a function's result.
    func appendItem(_ node: SourceNode, to items: inout [Item], at path: @autoclosure () -> String) throws {
        if let place = node.mark?.templatePlace, let (kept, entries) = stampable(node, at: place) {
            items.append(kept.item)
            try stamp(kept, entries, into: &items[items.count - 1], at: path())
        } else {
            items.append(try decodeItem(node, at: path()))
        }
    }

    /// The kept item a node of component text can be stamped from, and the node's entries.
    private func stampable(_ node: SourceNode, at place: TemplatePlace) -> (TemplateItems.Kept, [SourceNode.Entry])? {
        guard let kept = templates.kept(at: place), case .mapping(let entries) = node.value,
            Self.holdSameText(entries, as: kept)
        else { return nil }
        return (kept, entries)
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

    /// Gives `item`, a copy of the kept item, the id (after the instance's prefix) and the children
    /// of a node that holds its text.
    private func stamp(
        _ kept: TemplateItems.Kept, _ entries: [SourceNode.Entry], into item: inout Item,
        at path: @autoclosure () -> String
    ) throws {
        let id: String
        if let written = kept.writtenID, case .scalar(let text, let isString) = entries[kept.idIndex].value.value,
            isString == written.isString, text == written.text
        {
            id = written.id
        } else {
            id = try string(entries[kept.idIndex].value, at: path() + ".id")
        }
        item.id = templates.instance.map { $0.dotted + id } ?? id
        if kept.childrenIndex >= 0 {
            // Read first, then set: reading `item` inside its own assignment copied it.
            let children = try decodeChildren(entries[kept.childrenIndex].value, of: item, at: path() + ".children")
            item.children = children
        }
        // Recorded after its children, as `decodeWrittenItem` records it.
        try inBounds(of: item) {}
    }
}
