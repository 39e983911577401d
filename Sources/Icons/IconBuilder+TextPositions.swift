import Geometry

extension IconBuilder {
    /// The `x`, `y`, `dx`, `dy` and `rotate` of an open `<text>` or `<tspan>`, lists of numbers: the
    /// n-th character inside the element (its spans' included) takes the n-th value of each list
    /// that has one, unless a span inside gives its own (SVG 2's character positioning, §11.8.1:
    /// the tree's elements resolve in order, so the innermost value wins). A single number is a
    /// list of one: it places the element's first character.
    struct PositionLists {
        /// `styles.count` inside the element: a list is dropped once its element has closed.
        var depth: Int
        var x: [Double]
        var y: [Double]
        var dx: [Double]
        var dy: [Double]
        /// `rotate`: unlike the others, its last value goes on for the characters after the list.
        var rotate: [Double] = []
        /// The element's characters so far (collapsed spaces are not characters).
        var used = 0
    }

    /// The position lists `element` writes; nil when it writes none, or after a failure.
    func positionLists(_ element: String, _ attributes: [String: String]) -> PositionLists? {
        var lists = PositionLists(depth: styles.count, x: [], y: [], dx: [], dy: [])
        for key in ["x", "y", "dx", "dy", "rotate"] {
            guard let text = attributes[key] else { continue }
            // At most one number a byte: the file's size bounds every list.
            guard let numbers = SVGValue.numbers(text.replacingOccurrences(of: "px", with: "")) else {
                fail(
                    "attribute \(key)=\"\(text.prefix(40))\" on <\(element)>: expected a number, or a list of one per character"
                )
                return nil
            }
            switch key {
            case "x": lists.x = numbers
            case "y": lists.y = numbers
            case "dx": lists.dx = numbers
            case "dy": lists.dy = numbers
            default: lists.rotate = numbers
            }
        }
        let writes =
            !(lists.x.isEmpty && lists.y.isEmpty && lists.dx.isEmpty && lists.dy.isEmpty
            && lists.rotate.isEmpty)
        return writes ? lists : nil
    }

    /// Where the next character goes: for each of x, y, dx and dy, the innermost open element's
    /// value for it, if any; nil when no list places it (it follows the one before). Every open
    /// element counts the character.
    static func nextPosition(_ lists: inout [PositionLists]) -> TextPosition? {
        func value(_ list: KeyPath<PositionLists, [Double]>) -> Double? {
            lists.last { $0.used < $0[keyPath: list].count }.map { $0[keyPath: list][$0.used] }
        }
        let (x, y, dx, dy) = (value(\.x), value(\.y), value(\.dx), value(\.dy))
        let rotate = lists.last { !$0.rotate.isEmpty }.map { $0.rotate[min($0.used, $0.rotate.count - 1)] }
        for k in lists.indices { lists[k].used += 1 }
        guard x != nil || y != nil || dx != nil || dy != nil || rotate != nil else { return nil }
        return TextPosition(x: x, y: y, dx: dx ?? 0, dy: dy ?? 0, rotate: rotate)
    }

    /// A turn of `degrees` clockwise (y down) about `center`.
    static func rotation(_ degrees: Double, about center: Point) -> Geometry.AffineTransform {
        Geometry.AffineTransform(translationX: -center.x, y: -center.y)
            .concatenating(Geometry.AffineTransform(rotation: .degrees(degrees)))
            .concatenating(Geometry.AffineTransform(translationX: center.x, y: center.y))
    }
}
