import Foundation

// A child layer that only rides along: when a card moves, its children's canvas positions change
// with it, and listing each child's new position says the same thing once per child. A changed
// child whose own placement (its centre in its parent's rotated, scaled frame, its angle and scale
// relative to the parent's) agrees on both sides is folded into its parent's finding.
//
// Rules of this file:
// - Conservative: a child is folded only when everything it changed is position, angle or scale,
//   its parent changed too, both sides trace it on the same ticks, and its own placement agrees
//   at every tick within what the 6-decimal trace can print (`BoundsSize.tolerance`). Anything
//   else (its size, opacity, a column this module does not know) is a finding of its own.
// - The parents come from the text traces (`in <parent>` on a child's line); a trace without
//   them folds nothing.

extension TraceDiff {
    /// The properties a parent carries its children through; a child that changed anything else
    /// changed on its own.
    static let carriedProperties: Set<String> = ["position", "angle", "scale"]

    /// Marks every changed child that moved only with its changed parent (`movesWith`).
    static func foldChildren(
        _ items: inout [ItemDiff], expected: TraceTable, actual: TraceTable, parents: [String: String]
    ) {
        let changed = Set(items.filter { $0.status == .changed }.map(\.item))
        for i in items.indices where items[i].status == .changed {
            let child = items[i]
            guard let parent = parents[child.item], changed.contains(parent),
                child.properties.allSatisfy({ carriedProperties.contains($0.property) }),
                child.expectedLastTick == child.actualLastTick,
                ownPlacementAgrees(child.item, parent: parent, expected: expected, actual: actual)
            else { continue }
            items[i].movesWith = parent
        }
    }

    /// Whether the child's placement relative to its parent is the same in both traces at every
    /// tick both have.
    static func ownPlacementAgrees(_ child: String, parent: String, expected: TraceTable, actual: TraceTable) -> Bool {
        let (ec, ep, ac, ap) = (
            expected.rows(of: child), expected.rows(of: parent), actual.rows(of: child), actual.rows(of: parent)
        )
        guard Set(ec.keys) == Set(ac.keys) else { return false }
        for tick in ec.keys {
            guard let ep = ep[tick], let ap = ap[tick],
                let e = ownPlacement(ec[tick]!.values, in: ep.values),
                let a = ownPlacement(ac[tick]!.values, in: ap.values)
            else { return false }
            if zip(e, a).contains(where: { abs($0 - $1) > BoundsSize.tolerance }) { return false }
        }
        return true
    }

    /// A child's centre in its parent's frame (the canvas offset turned back by the parent's
    /// angle and divided by its scale), its angle less the parent's and its scale over the
    /// parent's; nil when a column is missing or the parent's scale is 0.
    static func ownPlacement(_ c: [String: Double], in p: [String: Double]) -> [Double]? {
        guard let cx = c["center_x"], let cy = c["center_y"], let px = p["center_x"], let py = p["center_y"],
            let ca = c["angle_rad"], let pa = p["angle_rad"],
            let csx = c["scale_x"], let csy = c["scale_y"], let psx = p["scale_x"], let psy = p["scale_y"],
            psx != 0, psy != 0
        else { return nil }
        let (dx, dy) = (cx - px, cy - py)
        let (cosA, sinA) = (cos(pa), sin(pa))
        let localX = (dx * cosA + dy * sinA) / psx
        let localY = (-dx * sinA + dy * cosA) / psy
        return [localX, localY, ca - pa, csx / psx, csy / psy]
    }

    /// The descendants folded into `item`'s finding, in trace order: its children that moved only
    /// with it, and theirs (a grandchild that moved only with such a child is said once, here).
    /// Empty for an item that is itself folded.
    public func children(movingWith item: String) -> [String] {
        let folded = Dictionary(items.compactMap { d in d.movesWith.map { (d.item, $0) } }) { first, _ in first }
        guard folded[item] == nil else { return [] }
        return items.filter { d in
            var up = d.movesWith
            var steps = 0
            while let parent = up, steps < folded.count {
                if parent == item { return true }
                up = folded[parent]
                steps += 1
            }
            return false
        }.map(\.item)
    }
}

extension TraceTable {
    /// Each child layer's parent, from the text trace's item lines: `[0.500] child NSRect: … in
    /// parent localTime …`. The first line of an item decides.
    public static func parents(traceText: String) -> [String: String] {
        var parents: [String: String] = [:]
        for line in traceText.split(separator: "\n") where line.hasPrefix("[") {
            guard let rect = line.range(of: " NSRect: "), let close = line.firstIndex(of: "]"),
                let inside = line.range(of: " in ", range: rect.upperBound..<line.endIndex)
            else { continue }
            let item = line[line.index(close, offsetBy: 2)..<rect.lowerBound]
            guard parents[String(item)] == nil else { continue }
            let parent = line[inside.upperBound...].prefix { $0 != " " }
            if !parent.isEmpty { parents[String(item)] = String(parent) }
        }
        return parents
    }
}
