import Colors
import Geometry
import Shapes

// Attribute values of the SVG subset: numbers, lengths, colours, transforms, point lists.
// Each parser returns nil on a malformed value; the caller names the attribute and line.

enum SVGValue {
    /// Which side of the viewport a percentage of it measures.
    enum LengthAxis {
        case horizontal, vertical
        /// The normalized diagonal, √((w² + h²)/2): radii of circles, stroke widths.
        case diagonal
    }

    /// A length: a number with an optional unit, in user units. Absolute units at CSS's 96 px an
    /// inch (px, in, cm, mm, Q, pt, pc); em and ex at the initial font size, 16 px (ex half of
    /// it, as SVG renderers take it without a font); `%` of `viewport` along `axis`, and vw, vh,
    /// vmin, vmax, vi and vb of it, where the viewport is the icon's viewBox. Nil for anything
    /// else, or a percentage without a viewport.
    static func length(_ text: String, viewport: Size? = nil, axis: LengthAxis = .diagonal, fontSize: Double = 16)
        -> Double?
    {
        let t = text.trimmingWhitespace
        let unitStart = t.lastIndex(where: { $0.isASCII && ($0.isNumber || $0 == ".") }).map { t.index(after: $0) }
        guard let unitStart, let v = Double(t[..<unitStart]), v.isFinite else { return nil }
        let scale: Double
        switch t[unitStart...] {
        case "", "px": scale = 1
        case "in": scale = 96
        case "cm": scale = 96 / 2.54
        case "mm": scale = 96 / 25.4
        case "Q": scale = 96 / 101.6
        case "pt": scale = 4.0 / 3
        case "pc": scale = 16
        case "em": scale = fontSize
        case "ex": scale = fontSize / 2
        case let unit:
            guard let viewport, let share = share(of: viewport, unit: String(unit), axis: axis) else { return nil }
            scale = share / 100
        }
        let length = v * scale
        return length.isFinite ? length : nil
    }

    /// What 100 of `unit` measures of `viewport`: a percentage along `axis`, or a viewport unit.
    private static func share(of viewport: Size, unit: String, axis: LengthAxis) -> Double? {
        let (w, h) = (viewport.width, viewport.height)
        switch unit {
        case "%":
            switch axis {
            case .horizontal: return w
            case .vertical: return h
            case .diagonal: return ((w * w + h * h) / 2).squareRoot()
            }
        case "vw", "vi": return w
        case "vh", "vb": return h
        case "vmin": return min(w, h)
        case "vmax": return max(w, h)
        default: return nil
        }
    }

    /// Numbers separated by whitespace and/or commas.
    static func numbers(_ text: String) -> [Double]? {
        var result: [Double] = []
        for part in text.split(whereSeparator: { $0.isWhitespace || $0 == "," }) {
            guard let v = Double(part), v.isFinite else { return nil }
            result.append(v)
        }
        return result
    }

    /// A paint colour (SVGColor.parse).
    static func color(_ text: String) -> ColorRGBA8? { SVGColor.parse(text) }

    /// An SVG transform list: matrix, translate, scale, rotate (about a point), skewX, skewY,
    /// applied right to left as SVG specifies (the first listed is the outermost).
    static func transform(_ text: String) -> AffineTransform? {
        var result = AffineTransform.identity
        var rest = Substring(text)
        while true {
            // Any XML whitespace (a character reference may write a carriage return or tab).
            rest = rest.drop { $0.isWhitespace || $0 == "," }
            if rest.isEmpty { break }
            guard let open = rest.firstIndex(of: "("), let close = rest.firstIndex(of: ")"), open < close,
                let args = numbers(String(rest[rest.index(after: open)..<close]))
            else { return nil }
            let name = rest[..<open].trimmingWhitespace
            let t: AffineTransform
            switch (name, args.count) {
            case ("matrix", 6):
                t = AffineTransform(a: args[0], b: args[1], c: args[2], d: args[3], tx: args[4], ty: args[5])
            case ("translate", 1): t = AffineTransform(translationX: args[0], y: 0)
            case ("translate", 2): t = AffineTransform(translationX: args[0], y: args[1])
            case ("scale", 1): t = AffineTransform(scaleX: args[0], y: args[0])
            case ("scale", 2): t = AffineTransform(scaleX: args[0], y: args[1])
            case ("rotate", 1): t = AffineTransform(rotation: .degrees(args[0]))
            case ("rotate", 3):
                t = AffineTransform(translationX: -args[1], y: -args[2])
                    .concatenating(AffineTransform(rotation: .degrees(args[0])))
                    .concatenating(AffineTransform(translationX: args[1], y: args[2]))
            case ("skewX", 1):
                let a = Angle.degrees(args[0])
                t = AffineTransform(a: 1, b: 0, c: a.sin / a.cos, d: 1, tx: 0, ty: 0)
            case ("skewY", 1):
                let a = Angle.degrees(args[0])
                t = AffineTransform(a: 1, b: a.sin / a.cos, c: 0, d: 1, tx: 0, ty: 0)
            default: return nil
            }
            // "A B" means A(B(p)): B is applied first.
            result = t.concatenating(result)
            rest = rest[rest.index(after: close)...]
        }
        return result
    }
}

extension StringProtocol {
    var trimmingWhitespace: String { trimmingCharacters(in: " \n\t\r") }
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}

extension SVGValue {
    /// `transform-origin`: one or two of `left`, `center`, `right`, `top`, `bottom`, lengths and
    /// percentages (a third, z, is ignored), percentages and keywords of `box` (the nearest
    /// viewport, CSS's `view-box` reference box). Nil for anything else.
    static func transformOrigin(_ text: String, box: Size) -> Point? {
        var words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard (1...3).contains(words.count) else { return nil }
        if words.count == 3 { words.removeLast() }
        let horizontal: [String: Double] = ["left": 0, "center": 0.5, "right": 1]
        let vertical: [String: Double] = ["top": 0, "center": 0.5, "bottom": 1]
        // A vertical keyword first ("top left", "bottom right") is read the other way round.
        if words.count == 2, vertical[words[0]] != nil, words[0] != "center", horizontal[words[1]] != nil {
            words.swapAt(0, 1)
        }
        if words.count == 1 { words.append(vertical[words[0]] != nil && words[0] != "center" ? words[0] : "center") }
        if words.count == 2, vertical[words[0]] != nil, words[0] != "center",
            words[1] == "center" || words[1] == words[0]
        {
            words = ["center", words[0]]
        }
        func coordinate(_ word: String, _ keywords: [String: Double], _ axis: LengthAxis, _ side: Double) -> Double? {
            if let k = keywords[word] { return k * side }
            return length(word, viewport: box, axis: axis)
        }
        guard let x = coordinate(words[0], horizontal, .horizontal, box.width),
            let y = coordinate(words[1], vertical, .vertical, box.height)
        else { return nil }
        return Point(x, y)
    }

    /// `transform` applied about `origin`: moved there, transformed, moved back.
    static func about(_ origin: Point, _ transform: AffineTransform) -> AffineTransform {
        AffineTransform(translationX: -origin.x, y: -origin.y).concatenating(transform)
            .concatenating(AffineTransform(translationX: origin.x, y: origin.y))
    }
}

/// `preserveAspectRatio`: how a viewBox is fitted into a viewport. `align` nil is `none` (each
/// axis scaled on its own); otherwise a uniform scale that shows all of the viewBox (`meet`) or
/// fills the viewport (`slice`), the viewBox placed at the minimum, middle or maximum of each axis.
public struct SVGAspectRatio: Equatable, Sendable {
    public enum Placement: Equatable, Sendable { case min, mid, max }

    public var align: (x: Placement, y: Placement)?
    public var slice: Bool

    /// SVG's default, xMidYMid meet: how icons are fitted into their items.
    public static let `default` = SVGAspectRatio(align: (.mid, .mid), slice: false)

    public init(align: (x: Placement, y: Placement)?, slice: Bool) {
        self.align = align
        self.slice = slice
    }

    public static func == (a: SVGAspectRatio, b: SVGAspectRatio) -> Bool {
        a.slice == b.slice && a.align?.x == b.align?.x && a.align?.y == b.align?.y
    }

    /// `none`, or one of the nine alignments (`xMinYMin` … `xMaxYMax`) then `meet` or `slice`;
    /// nil for anything else.
    static func parse(_ text: String) -> SVGAspectRatio? {
        let words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard let first = words.first, words.count <= 2 else { return nil }
        var slice = false
        if words.count == 2 {
            guard words[1] == "meet" || words[1] == "slice" else { return nil }
            slice = words[1] == "slice"
        }
        if first == "none" { return SVGAspectRatio(align: nil, slice: slice) }
        let places: [String: Placement] = ["Min": .min, "Mid": .mid, "Max": .max]
        guard first.count == 8, first.hasPrefix("x"), let x = places[String(first.dropFirst().prefix(3))],
            first.dropFirst(4).hasPrefix("Y"), let y = places[String(first.suffix(3))]
        else { return nil }
        return SVGAspectRatio(align: (x, y), slice: slice)
    }

    /// The map from `viewBox` to a viewport of `size` at the origin; the identity for an empty
    /// viewBox.
    public func fit(_ viewBox: Rect, into size: Size) -> AffineTransform {
        guard viewBox.width > 0, viewBox.height > 0 else { return .identity }
        var sx = size.width / viewBox.width
        var sy = size.height / viewBox.height
        guard let align else {
            return AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: -viewBox.minX * sx, ty: -viewBox.minY * sy)
        }
        let s = slice ? max(sx, sy) : min(sx, sy)
        (sx, sy) = (s, s)
        func offset(_ place: Placement, _ room: Double) -> Double {
            switch place {
            case .min: return 0
            case .mid: return room / 2
            case .max: return room
            }
        }
        let dx = offset(align.x, size.width - viewBox.width * s) - viewBox.minX * s
        let dy = offset(align.y, size.height - viewBox.height * s) - viewBox.minY * s
        return AffineTransform(a: s, b: 0, c: 0, d: s, tx: dx, ty: dy)
    }
}
