import Geometry

/// A path being animated (`CAShapeLayer.path`): the element structure (move, line, quad, cubic,
/// close, in order) and every point's coordinates as one vector. Core Animation interpolates
/// two paths only when they have the same structure, point by point; so does this type, and
/// scenes reject animations between different structures when they load (`hasSameStructure`).
/// `zero` (no elements) is the additive identity for any structure.
public struct PathValue: Hashable, Sendable, Interpolatable, CustomStringConvertible {
    /// One tag per element: 0 move, 1 line, 2 quad, 3 cubic, 4 close.
    public let structure: [UInt8]
    public let coordinates: [Double]

    public init(_ path: Path) {
        var tags: [UInt8] = []
        var xs: [Double] = []
        for element in path.elements {
            switch element {
            case .move(let p):
                tags.append(0)
                xs += [p.x, p.y]
            case .line(let p):
                tags.append(1)
                xs += [p.x, p.y]
            case .quad(let c, let p):
                tags.append(2)
                xs += [c.x, c.y, p.x, p.y]
            case .cubic(let c1, let c2, let p):
                tags.append(3)
                xs += [c1.x, c1.y, c2.x, c2.y, p.x, p.y]
            case .close: tags.append(4)
            }
        }
        structure = tags
        coordinates = xs
    }

    private init(structure: [UInt8], coordinates: [Double]) {
        self.structure = structure
        self.coordinates = coordinates
    }

    public var path: Path {
        var path = Path()
        var k = 0
        func next() -> Point {
            defer { k += 2 }
            return Point(coordinates[k], coordinates[k + 1])
        }
        for tag in structure {
            switch tag {
            case 0: path.move(to: next())
            case 1: path.line(to: next())
            case 2:
                let c = next()
                path.quad(to: next(), control: c)
            case 3:
                let c1 = next()
                let c2 = next()
                path.cubic(to: next(), control1: c1, control2: c2)
            default: path.close()
            }
        }
        return path
    }

    public func hasSameStructure(as other: PathValue) -> Bool { structure == other.structure }

    public static let zero = PathValue(structure: [], coordinates: [])
    private var isZero: Bool { structure.isEmpty }

    // Different structures never meet after validation; the fallbacks (the right operand, as
    // `AnimatableValue`'s operators do) only guarantee no trap.
    public static func + (a: PathValue, b: PathValue) -> PathValue {
        if a.isZero { return b }
        if b.isZero { return a }
        guard a.structure == b.structure else { return b }
        return PathValue(structure: a.structure, coordinates: zip(a.coordinates, b.coordinates).map { $0 + $1 })
    }
    public static func - (a: PathValue, b: PathValue) -> PathValue {
        if b.isZero { return a }
        if a.isZero { return b.scaled(by: -1) }
        guard a.structure == b.structure else { return a }
        return PathValue(structure: a.structure, coordinates: zip(a.coordinates, b.coordinates).map { $0 - $1 })
    }
    public func scaled(by s: Double) -> PathValue {
        PathValue(structure: structure, coordinates: coordinates.map { $0 * s })
    }
    public func distance(to other: PathValue) -> Double {
        guard structure == other.structure else { return 0 }
        return zip(coordinates, other.coordinates).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }

    public var description: String { "path of \(structure.count) elements" }
}
