import SceneSyntax

// The rules of `itemGroups:` (UIDynamicItemGroup): a group is a new id made of existing items,
// each item in one group at most, and groups are not nested (UIKit raises for a nested group).

extension Scene {
    func checkItemGroups() throws(Violation) {
        // Every rule is about a group: without one, no set of every item's id.
        guard !itemGroups.isEmpty else { return }
        let itemIDs = allItemIDs
        let known = Set(itemIDs)
        let groupIDs = Set(itemGroups.map(\.id))
        var groupIndex: [String: Int] = [:]
        var memberOf: [String: Int] = [:]
        for (g, group) in itemGroups.enumerated() {
            let at = "itemGroups[\(g)]"
            try checkIDForm(group.id, at: at + ".id")
            if known.contains(group.id) {
                throw Violation(
                    keyPath: at + ".id",
                    message: "'\(group.id)' is already an item's id; expected a group id unique among items and groups",
                    suggestion: "name the group after what it is, such as \(group.id)Group")
            }
            if let first = groupIndex[group.id] {
                throw Violation(
                    keyPath: at + ".id",
                    message:
                        "duplicate group id '\(group.id)', already used by itemGroups[\(first)]; expected each id once")
            }
            groupIndex[group.id] = g
            if group.items.isEmpty {
                throw Violation(keyPath: at + ".items", message: "expected at least one item in the group")
            }
            var seen: Set<String> = []
            for (j, id) in group.items.enumerated() {
                let path = at + ".items[\(j)]"
                if groupIDs.contains(id) {
                    throw Violation(
                        keyPath: path, message: "'\(id)' is a group; item groups cannot be nested (UIKit raises)",
                        suggestion: "list the items of '\(id)' here instead")
                }
                guard known.contains(id) else {
                    throw Violation(
                        keyPath: path, message: "unknown item \(quoted(id)); expected one of: \(listing(itemIDs))",
                        suggestion: didYouMean(id, itemIDs))
                }
                if !seen.insert(id).inserted {
                    throw Violation(keyPath: path, message: "item '\(id)' is listed twice; expected each item once")
                }
                if let other = memberOf[id] {
                    throw Violation(
                        keyPath: path,
                        message:
                            "item '\(id)' is already in group '\(itemGroups[other].id)' (itemGroups[\(other)]); an item moves with one group at most",
                        suggestion: "take it out of one of the two groups")
                }
                memberOf[id] = g
            }
            try checkGroupSpan(group, at: at)
        }
    }

    /// A group is one Box2D body whose mass and inertia are summed about its centre in 32-bit
    /// floats: members far apart cancel the inertia to nothing (an assertion in Box2D's
    /// `ResetMassData`, found by the render fuzzer with a member at x 1e7). Top-level members'
    /// centres stay within `SceneRules.maxGroupSpan` of each other.
    private func checkGroupSpan(_ group: ItemGroupSpec, at: String) throws(Violation) {
        let centers = group.items.enumerated().compactMap { j, id in
            items.first { $0.id == id }.map { (j, id, $0.center) }
        }
        guard let first = centers.first else { return }
        for (j, id, c) in centers.dropFirst() {
            let span = max(abs(c.x - first.2.x), abs(c.y - first.2.y))
            if span > SceneRules.maxGroupSpan {
                throw Violation(
                    keyPath: at + ".items[\(j)]",
                    message:
                        "'\(id)' is \(format(span)) pt from '\(first.1)'; expected the items of one group within \(format(SceneRules.maxGroupSpan)) pt of each other (the physics engine sums a group's mass in 32-bit floats)"
                )
            }
        }
    }

    /// The ids of the items UIKit Dynamics moves (named by a behaviour, added later by the
    /// timeline, or in a group a behaviour names): their centre and rotation belong to the
    /// animator.
    public var dynamicallyMovedItemIDs: Set<String> {
        var named = Set(behaviors.flatMap(\.itemIDs))
        for entry in dynamicsTimeline {
            if case .add(let spec, _) = entry.action { named.formUnion(spec.itemIDs) }
        }
        for group in itemGroups where named.contains(group.id) {
            named.remove(group.id)
            named.formUnion(group.items)
        }
        return named
    }
}
