/// The item lists of the built-in behaviours (gravity, push, collision, item behaviour, field)
/// follow one rule, UIKit's: an item is listed at most once (by identity), in the order added,
/// and adding or removing an absent one is a no-op.
extension Array where Element == DynamicItem {
    init(uniqueItems items: [DynamicItem]) {
        self = []
        for item in items { _ = appendIfAbsent(item) }
    }

    func containsItem(_ item: DynamicItem) -> Bool { contains { $0 === item } }

    /// Appends `item` unless it is listed; true when it was appended.
    mutating func appendIfAbsent(_ item: DynamicItem) -> Bool {
        guard !containsItem(item) else { return false }
        append(item)
        return true
    }

    /// Removes `item` if it is listed; true when it was removed.
    mutating func removeIfPresent(_ item: DynamicItem) -> Bool {
        guard let index = firstIndex(where: { $0 === item }) else { return false }
        remove(at: index)
        return true
    }
}
