/// `UIDynamicItemGroup`: items that behaviours move as one rigid body (`itemGroups:`).
///
/// Behaviours name the group's id where they would name an item; the members then keep their
/// places relative to each other, turning about the centre of their union.
public struct ItemGroupSpec: Equatable, Hashable, Sendable {
    /// The group's id: unique among items and groups.
    public var id: String
    /// The members (top-level items or children), each in at most one group.
    public var items: [String]

    public init(id: String, items: [String]) {
        self.id = id
        self.items = items
    }
}
