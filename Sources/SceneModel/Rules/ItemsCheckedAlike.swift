// Items whose own checks already passed in an item just like them.
//
// Every instance of a component is its items over again, differing in ids and in where the
// instance sits (the decoder stamps them from one reading: Decoding/TemplateItems.swift). An
// item's key checks and layer checks read the item's own values and the scene, never its id or
// its children (but for a mask, which is a child: items with one are always checked). So an item
// equal to one that passed, its id and children aside, passes too. Equality is `Item`'s own, so a
// property added to items is compared without a word here; a stamped item's shared storage (its
// boxed attributes, its strings) makes it quick.

/// Items that passed, a few for each size and centre: an instance's items differ in where they
/// sit within it, and instances in where they sit.
struct ItemsCheckedAlike {
    /// Sets of `ways` slots, chosen by the top bits of a hash.
    private var slots = [UnsafePointer<Item>?](repeating: nil, count: 1 << slotBits)
    private static let slotBits = 8
    private static let ways = 4
    /// The way a full set gives up next, in turn.
    private var next = 0

    private func firstSlot(of item: UnsafePointer<Item>) -> Int {
        let (size, center) = (item.pointee.size, item.pointee.center)
        let bits =
            size.width.bitPattern &* 0x9E37_79B9_7F4A_7C15 ^ size.height.bitPattern
            ^ center.x.bitPattern &* 0xC2B2_AE3D_27D4_EB4F ^ center.y.bitPattern
        // The top bits of a multiply: coordinates like 20 and 45 differ only in their high bits.
        let slot = Int(truncatingIfNeeded: ((bits ^ bits >> 32) &* 0x9E37_79B9_7F4A_7C15) >> (64 - Self.slotBits))
        return slot & ~(Self.ways - 1)
    }

    /// A mask is a child its parent's checks read; a mask's own checks read its parent's flag.
    private static func standsAlone(_ item: UnsafePointer<Item>) -> Bool {
        guard !item.pointee.isMask else { return false }
        let children = item.pointee.children
        return children.isEmpty || !children[children.count - 1].isMask
    }

    /// Whether an item like `item` has passed its checks. `item` must stay where it is (in the
    /// scene's storage) for as long as this is used.
    func passedAlike(_ item: UnsafePointer<Item>) -> Bool {
        guard Self.standsAlone(item) else { return false }
        let first = firstSlot(of: item)
        for way in 0..<Self.ways {
            guard let other = slots[first + way], other.pointee.size == item.pointee.size,
                other.pointee.center == item.pointee.center
            else { continue }
            // The other item with this one's id and children (the same storage: compared at once).
            var probe = other.pointee
            probe.id = item.pointee.id
            probe.children = item.pointee.children
            if probe == item.pointee { return true }
        }
        return false
    }

    /// Notes that `item` passed its checks.
    mutating func passed(_ item: UnsafePointer<Item>) {
        guard Self.standsAlone(item) else { return }
        let first = firstSlot(of: item)
        if let free = (0..<Self.ways).first(where: { slots[first + $0] == nil }) {
            slots[first + free] = item
        } else {
            slots[first + next] = item
            next = (next + 1) % Self.ways
        }
    }
}
