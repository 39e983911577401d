import Colors
import Geometry
import Shapes

// Attribute values of the SVG subset: numbers, lengths, colours, transforms, point lists.
// Each parser returns nil on a malformed value; the caller names the attribute and line.

enum SVGValue {
    /// A number, optionally followed by "px".
    static func length(_ text: String) -> Double? {
        var t = text.trimmingWhitespace
        if t.hasSuffix("px") { t.removeLast(2) }
        guard let v = Double(t), v.isFinite else { return nil }
        return v
    }

    /// Numbers separated by whitespace and/or commas.
    static func numbers(_ text: String) -> [Double]? {
        var result: [Double] = []
        for part in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" || $0 == "\r" }) {
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
            rest = rest.drop { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" }
            if rest.isEmpty { break }
            guard let open = rest.firstIndex(of: "("), let close = rest.firstIndex(of: ")"), open < close,
                let args = numbers(String(rest[rest.index(after: open)..<close]))
            else { return nil }
            let name = rest[..<open].trimmingCharacters(in: " ")
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
