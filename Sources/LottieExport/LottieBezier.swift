import Geometry

/// One contour as Lottie stores a path (`sh`): its vertices, and at each the handle coming in and
/// the handle going out, both relative to the vertex. Lines have zero handles; quadratic pieces
/// are raised to cubics exactly.
struct LottieBezier: Equatable, Sendable {
    var closed: Bool
    var vertices: [Point] = []
    var inTangents: [Point] = []
    var outTangents: [Point] = []

    /// The contours of `path`, each closed (a filled contour is filled as if closed, in Flipbook
    /// and in Lottie alike). A contour that returns to its start shares that vertex.
    static func contours(of path: Path, closingAll: Bool = true) -> [LottieBezier] {
        var result: [LottieBezier] = []
        var current: LottieBezier?
        func finish(closed: Bool) {
            guard var contour = current, !contour.vertices.isEmpty else { return }
            contour.closed = closed || closingAll
            let last = contour.vertices.count - 1
            if contour.closed, last > 0, contour.vertices[last] == contour.vertices[0] {
                contour.inTangents[0] = contour.inTangents[last]
                contour.vertices.removeLast()
                contour.inTangents.removeLast()
                contour.outTangents.removeLast()
            }
            result.append(contour)
            current = nil
        }
        func append(_ p: Point, inTangent: Point = .zero) {
            if current == nil { current = LottieBezier(closed: false) }
            current!.vertices.append(p)
            current!.inTangents.append(inTangent)
            current!.outTangents.append(.zero)
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                append(p)
            case .line(let p):
                append(p)
            case .quad(let c, let p):
                let start = current?.vertices.last ?? p
                let c1 = start + (c - start) * (2.0 / 3)
                let c2 = p + (c - p) * (2.0 / 3)
                if current != nil { current!.outTangents[current!.outTangents.count - 1] = c1 - start }
                append(p, inTangent: c2 - p)
            case .cubic(let c1, let c2, let p):
                if let start = current?.vertices.last {
                    current!.outTangents[current!.outTangents.count - 1] = c1 - start
                }
                append(p, inTangent: c2 - p)
            case .close:
                let start = current?.vertices.first
                finish(closed: true)
                // Drawing may go on from the closed contour's start.
                if let start { append(start) }
            }
        }
        finish(closed: false)
        // A lone point (what a close leaves to start from) draws nothing a fill or stroke shows.
        return result.filter { $0.vertices.count > 1 }
    }

    /// The contour with every vertex mapped by `t` and its handles by its linear part.
    func applying(_ t: AffineTransform) -> LottieBezier {
        var out = self
        out.vertices = vertices.map { t.apply(to: $0) }
        out.inTangents = inTangents.map { t.applyLinear(to: $0) }
        out.outTangents = outTangents.map { t.applyLinear(to: $0) }
        return out
    }

    /// The box of the vertices and handles (which holds the curve); nil without vertices.
    var controlBounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        guard !vertices.isEmpty else { return nil }
        var box = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        for k in vertices.indices {
            for p in [vertices[k], vertices[k] + inTangents[k], vertices[k] + outTangents[k]] {
                box = (min(box.minX, p.x), min(box.minY, p.y), max(box.maxX, p.x), max(box.maxY, p.y))
            }
        }
        return box
    }

    /// Whether the regions of `contours` (each a mask) certainly share no point: their boxes do
    /// not all meet. A layer whose masks intersect to nothing is hidden by opacity instead of by
    /// the masks, which rlottie sometimes lets through when the intersection is empty.
    static func intersectToNothing(_ contours: [LottieBezier]) -> Bool {
        var common = (minX: -Double.infinity, minY: -Double.infinity, maxX: Double.infinity, maxY: Double.infinity)
        for contour in contours {
            guard let box = contour.controlBounds else { return true }
            common = (
                max(common.minX, box.minX), max(common.minY, box.minY), min(common.maxX, box.maxX),
                min(common.maxY, box.maxY)
            )
        }
        return common.minX >= common.maxX || common.minY >= common.maxY
    }

    /// The numbers a keyframe fit compares: x, y of each vertex, then of each in and out handle.
    var vector: [Double] {
        var v: [Double] = []
        v.reserveCapacity(vertices.count * 6)
        for k in vertices.indices {
            v += [vertices[k].x, vertices[k].y, inTangents[k].x, inTangents[k].y, outTangents[k].x, outTangents[k].y]
        }
        return v
    }

    /// A contour from `vector` (as `vector` lays it out).
    init(closed: Bool, vector: [Double]) {
        self.closed = closed
        for k in stride(from: 0, to: vector.count - 5, by: 6) {
            vertices.append(Point(vector[k], vector[k + 1]))
            inTangents.append(Point(vector[k + 2], vector[k + 3]))
            outTangents.append(Point(vector[k + 4], vector[k + 5]))
        }
    }

    init(closed: Bool) { self.closed = closed }

    /// A contour that draws nothing, where a tick has no contour in this place: one vertex, no
    /// area. Not an empty path, which rlottie takes for a missing value, showing the next
    /// keyframe's path a frame early.
    static let nothing: LottieBezier = {
        var contour = LottieBezier(closed: true)
        (contour.vertices, contour.inTangents, contour.outTangents) = ([.zero], [.zero], [.zero])
        return contour
    }()

    /// Lottie's shape value.
    static func json(closed: Bool, vector: [Double]) -> LottieJSON {
        let contour = LottieBezier(closed: closed, vector: vector)
        func points(_ ps: [Point]) -> LottieJSON { .array(ps.map { LottieJSON.numbers([$0.x, $0.y]) }) }
        return .object([
            ("c", .bool(closed)), ("i", points(contour.inTangents)), ("o", points(contour.outTangents)),
            ("v", points(contour.vertices)),
        ])
    }
}
