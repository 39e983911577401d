import Geometry

/// A malformed SVG path data string: what was wrong and where, as a character offset from 0.
public struct SVGPathError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Offset of the offending character in the string (0-based; the string's length at its end).
    public var offset: Int
    public var message: String

    public var description: String { "path data, character \(offset): \(message)" }
}

/// SVG path data (the `d` attribute, SVG 1.1 §8.3): M L H V C S Q T A Z, absolute (upper case)
/// and relative (lower case), with implicit repeats (`M 0 0 10 10` is a move then a line), into a
/// `Geometry.Path`. Elliptical arcs become cubic Béziers (SVG's endpoint-to-centre conversion,
/// Appendix F.6, then at most 90° per cubic with control distance 4/3·tan(θ/4), which keeps the
/// curve within 2.7e-4 × radius of the ellipse).
///
/// Strict: anything else (an unknown command, a missing number, a number where a command must
/// start) is an `SVGPathError` with the character offset (`parseDrawable` keeps the path up to it,
/// as SVG renderers draw it). Bounded: at most `maxLength` characters,
/// every number within ±`maxMagnitude`, every arc radius 0 or at least `minArcRadius`, so that
/// the arc conversion's squares and quotients stay finite.
public enum SVGPathData {
    /// Longest accepted string, in characters: 100,000 (a detailed icon's path is a few thousand).
    public static let maxLength = 100_000
    /// Largest magnitude of any number, in path units: 1e9. Item sides stop at 1e6 points and
    /// centres at 1e7 (SceneModel's `SceneRules`); 1e9 leaves room for any drawing scale while the
    /// arc conversion's fourth powers (1e36 and below) stay far from overflow.
    public static let maxMagnitude = 1e9
    /// Smallest non-zero arc radius, in path units: 1e-6 (a millionth of a point; an arc that small
    /// is a point on any canvas). Smaller radii square to nothing (1e-200² underflows to 0), which
    /// turns the radius correction of SVG's F.6.6 into ∞ / ∞.
    public static let minArcRadius = 1e-6

    public static func parse(_ string: String) throws -> Path {
        var parser = Parser(bytes: Array(string.utf8))
        guard parser.bytes.count <= maxLength else {
            throw SVGPathError(offset: maxLength, message: "longer than \(maxLength) characters")
        }
        return try parser.parse()
    }

    /// SVG's rule for path data in error (SVG 2, §9.5.4 "Error handling in path data"): the path
    /// up to the last segment read whole before the first error, and that error (nil when there
    /// is none). Flipbook's own bounds (`maxLength`, `maxMagnitude`, `minArcRadius`) are not
    /// errors SVG draws around: they still throw.
    public static func parseDrawable(_ string: String) throws -> (path: Path, error: SVGPathError?) {
        var parser = Parser(bytes: Array(string.utf8))
        guard parser.bytes.count <= maxLength else {
            throw SVGPathError(offset: maxLength, message: "longer than \(maxLength) characters")
        }
        do { return (try parser.parse(), nil) } catch let error as SVGPathError {
            if parser.outOfBounds { throw error }
            return (parser.path, error)
        }
    }
}

private struct Parser {
    let bytes: [UInt8]
    var i = 0
    var path = Path()
    var current = Point.zero, start = Point.zero
    /// The last curve's second control point, for S (cubic) and T (quadratic) reflections.
    var lastCubicControl: Point?, lastQuadControl: Point?
    /// The error thrown is a bound of Flipbook's (a number's magnitude, an arc radius), not SVG's
    /// grammar.
    var outOfBounds = false

    init(bytes: [UInt8]) { self.bytes = bytes }

    func fail(_ message: String, at offset: Int? = nil) -> SVGPathError {
        SVGPathError(offset: offset ?? i, message: message)
    }

    mutating func skipSeparators() {
        while i < bytes.count,
            bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x0C
                || bytes[i] == 0x2C
        {
            i += 1
        }
    }

    /// True when a number starts at the next non-separator character.
    mutating func numberFollows() -> Bool {
        skipSeparators()
        guard i < bytes.count else { return false }
        let c = bytes[i]
        return (c >= 0x30 && c <= 0x39) || c == 0x2B || c == 0x2D || c == 0x2E
    }

    mutating func number() throws -> Double {
        skipSeparators()
        let begin = i
        if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
        var digits = 0
        while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 {
            i += 1
            digits += 1
        }
        if i < bytes.count, bytes[i] == 0x2E {
            i += 1
            while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 {
                i += 1
                digits += 1
            }
        }
        guard digits > 0 else {
            i = begin
            throw fail(
                i < bytes.count
                    ? "expected a number, found '\(Character(Unicode.Scalar(bytes[i])))'"
                    : "expected a number, found the end")
        }
        if i < bytes.count, bytes[i] == 0x65 || bytes[i] == 0x45 {
            var j = i + 1
            if j < bytes.count, bytes[j] == 0x2B || bytes[j] == 0x2D { j += 1 }
            if j < bytes.count, bytes[j] >= 0x30 && bytes[j] <= 0x39 {
                while j < bytes.count, bytes[j] >= 0x30 && bytes[j] <= 0x39 { j += 1 }
                i = j
            }
        }
        let text = String(decoding: bytes[begin..<i], as: UTF8.self)
        guard let value = Double(text), value.isFinite, abs(value) <= SVGPathData.maxMagnitude else {
            outOfBounds = true
            throw fail("number '\(text)' is out of range: expected a magnitude of at most 1e9", at: begin)
        }
        return value
    }

    /// An arc radius: 0 (the arc is a straight line, F.6.2) or at least `minArcRadius` in magnitude.
    mutating func arcRadius() throws -> Double {
        skipSeparators()
        let begin = i
        let r = try number()
        guard r == 0 || abs(r) >= SVGPathData.minArcRadius else {
            outOfBounds = true
            let text = String(decoding: bytes[begin..<i], as: UTF8.self)
            throw fail(
                "arc radius \(text) is too small: expected 0 (a straight line) or at least 0.000001", at: begin)
        }
        return r
    }

    mutating func flag() throws -> Bool {
        skipSeparators()
        guard i < bytes.count, bytes[i] == 0x30 || bytes[i] == 0x31 else {
            throw fail("expected an arc flag, 0 or 1")
        }
        i += 1
        return bytes[i - 1] == 0x31
    }

    mutating func point(relative: Bool) throws -> Point {
        let x = try number()
        let y = try number()
        return relative ? current + Point(x, y) : Point(x, y)
    }

    mutating func parse() throws -> Path {
        skipSeparators()
        var command: UInt8? = nil
        while true {
            skipSeparators()
            guard i < bytes.count else { break }
            let c = bytes[i]
            let isLetter = (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
            if isLetter {
                command = c
                i += 1
            } else if command == nil {
                throw fail("path data must start with a move command (M or m)")
            } else if command == 0x5A || command == 0x7A {
                throw fail("expected a command after Z")
            }
            guard let cmd = command else { break }
            if path.isEmpty && cmd != 0x4D && cmd != 0x6D {
                throw fail("path data must start with a move command (M or m)", at: i - 1)
            }
            command = try run(cmd)
            if cmd | 0x20 == 0x7A { continue }
            // After a command's arguments, either another set of arguments or a new command.
            if !numberFollows() {
                skipSeparators()
                if i < bytes.count {
                    let next = bytes[i]
                    let letter = (next >= 0x41 && next <= 0x5A) || (next >= 0x61 && next <= 0x7A)
                    if !letter { throw fail("unexpected character '\(Character(Unicode.Scalar(next)))'") }
                }
            }
        }
        return path
    }

    /// Reads one command's arguments and appends its segment; returns the command that further
    /// argument pairs repeat (a move's are lines).
    mutating func run(_ cmd: UInt8) throws -> UInt8 {
        let relative = cmd >= 0x61
        switch cmd | 0x20 {
        case 0x6D:  // m
            let p = try point(relative: relative)
            path.move(to: p)
            current = p
            start = p
            clearReflections()
            // Further pairs are implicit line commands of the same case.
            return relative ? 0x6C : 0x4C
        case 0x6C:  // l
            let p = try point(relative: relative)
            path.line(to: p)
            current = p
            clearReflections()
        case 0x68:  // h
            let x = try number()
            let p = Point(relative ? current.x + x : x, current.y)
            path.line(to: p)
            current = p
            clearReflections()
        case 0x76:  // v
            let y = try number()
            let p = Point(current.x, relative ? current.y + y : y)
            path.line(to: p)
            current = p
            clearReflections()
        case 0x63:  // c
            let c1 = try point(relative: relative)
            let c2 = try point(relative: relative)
            let p = try point(relative: relative)
            path.cubic(to: p, control1: c1, control2: c2)
            current = p
            lastCubicControl = c2
            lastQuadControl = nil
        case 0x73:  // s
            let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
            let c2 = try point(relative: relative)
            let p = try point(relative: relative)
            path.cubic(to: p, control1: c1, control2: c2)
            current = p
            lastCubicControl = c2
            lastQuadControl = nil
        case 0x71:  // q
            let c = try point(relative: relative)
            let p = try point(relative: relative)
            path.quad(to: p, control: c)
            current = p
            lastQuadControl = c
            lastCubicControl = nil
        case 0x74:  // t
            let c = lastQuadControl.map { current * 2 - $0 } ?? current
            let p = try point(relative: relative)
            path.quad(to: p, control: c)
            current = p
            lastQuadControl = c
            lastCubicControl = nil
        case 0x61:  // a
            let rx = try arcRadius()
            let ry = try arcRadius()
            let rotation = try number()
            let large = try flag()
            let sweep = try flag()
            let p = try point(relative: relative)
            appendArc(to: p, rx: rx, ry: ry, degrees: rotation, large: large, sweep: sweep)
            current = p
            clearReflections()
        case 0x7A:  // z
            path.close()
            current = start
            clearReflections()
        default:
            throw fail("unknown path command '\(Character(Unicode.Scalar(cmd)))'", at: i - 1)
        }
        return cmd
    }

    mutating func clearReflections() {
        lastCubicControl = nil
        lastQuadControl = nil
    }

    /// SVG 1.1 Appendix F.6.5–F.6.6: endpoint to centre parameterisation, radii scaled up when
    /// too small, then cubics of at most 90° each.
    mutating func appendArc(to p: Point, rx: Double, ry: Double, degrees: Double, large: Bool, sweep: Bool) {
        var rx = abs(rx)
        var ry = abs(ry)
        if p == current { return }
        if rx == 0 || ry == 0 {
            path.line(to: p)
            return
        }
        let phi = Angle.degrees(degrees)
        let cosPhi = phi.cos
        let sinPhi = phi.sin
        let dx = (current.x - p.x) / 2
        let dy = (current.y - p.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let s = lambda.squareRoot()
            rx *= s
            ry *= s
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        // Endpoints so close that the chord's squares underflow: the centre would be 0 / 0, and
        // the arc is shorter than anything a canvas shows.
        if denominator == 0 {
            path.line(to: p)
            return
        }
        var coefficient = (max(numerator, 0) / denominator).squareRoot()
        if large == sweep { coefficient = -coefficient }
        let cx1 = coefficient * rx * y1 / ry
        let cy1 = -coefficient * ry * x1 / rx
        let centre = Point(
            cosPhi * cx1 - sinPhi * cy1 + (current.x + p.x) / 2,
            sinPhi * cx1 + cosPhi * cy1 + (current.y + p.y) / 2)
        let u = Point((x1 - cx1) / rx, (y1 - cy1) / ry)
        let v = Point((-x1 - cx1) / rx, (-y1 - cy1) / ry)
        let theta1 = Angle.direction(of: u).radians
        var delta = Angle.direction(of: v).radians - theta1
        if sweep && delta < 0 { delta += 2 * Double.pi }
        if !sweep && delta > 0 { delta -= 2 * Double.pi }
        let pieces = Int.clamping(abs(delta) / (Double.pi / 2) - 1e-9, rounded: .up, to: 1...4)
        let step = delta / Double(pieces)
        let k = 4.0 / 3.0 * Angle.radians(step / 4).sin / Angle.radians(step / 4).cos
        func onEllipse(_ t: Double) -> (Point, Point) {
            let c = Angle.radians(t).cos
            let s = Angle.radians(t).sin
            let point = Point(
                centre.x + rx * c * cosPhi - ry * s * sinPhi, centre.y + rx * c * sinPhi + ry * s * cosPhi)
            let tangent = Point(-rx * s * cosPhi - ry * c * sinPhi, -rx * s * sinPhi + ry * c * cosPhi)
            return (point, tangent)
        }
        var t = theta1
        var (from, fromTangent) = onEllipse(t)
        for n in 0..<pieces {
            t += step
            var (to, toTangent) = onEllipse(t)
            if n == pieces - 1 { to = p }
            path.cubic(to: to, control1: from + fromTangent * k, control2: to - toTangent * k)
            from = to
            fromTangent = toTangent
        }
    }
}
