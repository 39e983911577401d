/// `<use>` elements that copy themselves: SVG calls such a reference an error, and renderers draw
/// the document without it (resvg's references show nothing where the use stands, and the rest
/// of what it copies still drawn where that is drawn directly).
extension SVGReferences {
    /// Finds the uses on a cycle of the graph whose edges run from each element to its children
    /// (a use's own children are never drawn) and from each use to the element it copies: a use
    /// on such a cycle would copy itself, however many uses and groups lie between. Tarjan's
    /// strongly connected components, without recursion, so the stack stays bounded however deep
    /// the file nests; linear in the elements.
    mutating func findRecursiveUses() {
        let count = startEvents.count
        let (isUse, targets, children) = useGraph()
        func successors(_ node: Int) -> [Int] {
            isUse[node] ? (targets[node].map { [$0] } ?? []) : children[node]
        }
        // Tarjan's algorithm with an explicit stack of (node, next successor to visit).
        var index = Array(repeating: -1, count: count)
        var low = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [Int] = []
        var next = 0
        for root in 0..<count where index[root] < 0 {
            var work: [(node: Int, edge: Int)] = [(root, 0)]
            index[root] = next
            low[root] = next
            next += 1
            stack.append(root)
            onStack[root] = true
            while let (node, edge) = work.last {
                let out = successors(node)
                if edge < out.count {
                    work[work.count - 1].edge += 1
                    let w = out[edge]
                    if index[w] < 0 {
                        index[w] = next
                        low[w] = next
                        next += 1
                        stack.append(w)
                        onStack[w] = true
                        work.append((w, 0))
                    } else if onStack[w] {
                        low[node] = min(low[node], index[w])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last { low[parent.node] = min(low[parent.node], low[node]) }
                guard low[node] == index[node] else { continue }
                var component: [Int] = []
                while let w = stack.popLast() {
                    onStack[w] = false
                    component.append(w)
                    if w == node { break }
                }
                // A cycle: more than one element, or a use of itself.
                guard component.count > 1 || targets[node] == node else { continue }
                for w in component where isUse[w] { recursiveUses.insert(startEvents[w]) }
            }
        }
    }

    /// Per element (by ordinal): whether it is a `<use>`, the element it copies, its children.
    private func useGraph() -> (isUse: [Bool], targets: [Int?], children: [[Int]]) {
        let count = startEvents.count
        var targets: [Int?] = Array(repeating: nil, count: count)
        var children: [[Int]] = Array(repeating: [], count: count)
        var ordinalOfEvent: [Int: Int] = [:]
        var isUse = Array(repeating: false, count: count)
        for (ordinal, event) in startEvents.enumerated() { ordinalOfEvent[event] = ordinal }
        var parents: [Int] = []
        for (index, event) in events.enumerated() {
            switch event {
            case .start(let element, let attributes, _):
                guard let ordinal = ordinalOfEvent[index] else { continue }
                if let parent = parents.last, !isUse[parent] { children[parent].append(ordinal) }
                if element == "use" {
                    isUse[ordinal] = true
                    let href = attributes["href"] ?? attributes["xlink:href"]
                    if let href, href.hasPrefix("#"), let range = ranges[String(href.dropFirst())] {
                        targets[ordinal] = ordinalOfEvent[range.lowerBound]
                    }
                }
                parents.append(ordinal)
            case .end: _ = parents.popLast()
            case .characters: break
            }
        }
        return (isUse, targets, children)
    }
}

extension SVGReferences {
    /// The most attributes looked at while cutting cycles of clip paths, masks and patterns; past
    /// it the builder still cuts each cycle where it closes (IconBuilder+Cycles.swift).
    static let maxCycleChecks = 1_000_000

    /// resvg's order for cycles of clip paths, masks and patterns: for each such element in
    /// document order, an element inside it (or itself) whose `clip-path` (`mask`; `fill` or
    /// `stroke` for patterns) names it loses that reference, and so does an element inside the
    /// one it names that names it back. A pattern's paint becomes `none`; the other references
    /// are removed. Which side of a cycle loses its reference is what SVG leaves open (it calls
    /// the document in error); this is the side resvg's references show.
    mutating func cutReferenceCycles() {
        var checks = 0
        for (kind, keys) in [("clipPath", ["clip-path"]), ("mask", ["mask"]), ("pattern", ["fill", "stroke"])] {
            for event in startEvents {
                guard case .start(kind, let attributes, _) = events[event], let id = attributes["id"],
                    let range = ranges[id], range.lowerBound == event
                else { continue }
                for (at, key, target) in links(in: range, keys: keys, checks: &checks) {
                    if target == id {
                        cut(key, at: at)
                    } else if let linked = ranges[target] {
                        for (back, backKey, backTarget) in links(in: linked, keys: keys, checks: &checks)
                        where backTarget == id {
                            cut(backKey, at: back)
                        }
                    }
                }
                guard checks < Self.maxCycleChecks else { return }
            }
        }
    }

    /// The references `url(#…)` of `keys` on the elements of `range`: (start event, key, id).
    private func links(in range: Range<Int>, keys: [String], checks: inout Int) -> [(Int, String, String)] {
        var out: [(Int, String, String)] = []
        for index in range {
            checks += 1
            guard checks < Self.maxCycleChecks else { break }
            guard case .start(_, let attributes, _) = events[index] else { continue }
            for key in keys {
                if let value = attributes[key], let target = SVGPaintReference.parse(value)?.id {
                    out.append((index, key, target))
                }
            }
        }
        return out
    }

    private mutating func cut(_ key: String, at index: Int) {
        guard case .start(let element, var attributes, let line) = events[index], let value = attributes[key] else {
            return
        }
        let pattern = key == "fill" || key == "stroke"
        attributes[key] = pattern ? "none" : nil
        events[index] = .start(element: element, attributes: attributes, line: line)
        notes.append(
            (
                "\(key)=\"\(value.prefix(40))\" on <\(element)> closes a cycle of references: drawn \(pattern ? "with \(key) none" : "without it")",
                line
            ))
    }
}
