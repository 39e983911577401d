/// Where an item is in its scene's tree, as the key path a message names (`items[2]`,
/// `items[2].children[0]`, `items[2].mask`), spelt only when read: most walks over every item
/// of a large scene name none, and spelling a path for each item cost more than their own work.
public struct ItemKeyPath: CustomStringConvertible, Sendable {
    /// The parent's path, spelt; nil at the top level.
    private let parent: String?
    private let index: Int
    private let isMask: Bool

    /// The item at `index` of the scene's `items`.
    init(topLevel index: Int) { (parent, self.index, isMask) = (nil, index, false) }

    /// Child `index` of the item at `parent` (spelt), the parent's mask when `isMask`.
    init(child index: Int, of parent: String, isMask: Bool) {
        (self.parent, self.index, self.isMask) = (parent, index, isMask)
    }

    public var description: String {
        guard let parent else { return "items[\(index)]" }
        return isMask ? parent + ".mask" : parent + ".children[\(index)]"
    }

    /// The path with a key path below the item: `path + ".anchorPoint"`.
    public static func + (path: ItemKeyPath, below: String) -> String { path.description + below }
}
