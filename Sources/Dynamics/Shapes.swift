import CBox2D
import Foundation
import Geometry

/// Body fixtures for the shapes other than the plain rectangle (spec dynamics §2): ellipses,
/// convex paths and item groups. Every fixture gets the engine's default material; item
/// behaviours re-apply theirs afterwards.
enum Shapes {
    static let defaultMaterial = cb2_material(
        density: Engine.defaultDensity, friction: Engine.defaultFriction, restitution: Engine.defaultRestitution)

    /// Vertices of the convex 8-gon inscribed in the ellipse of `size` (pt, centred) [GUESS:
    /// UIKit's `bodyWithEllipseInRect:` vertex count is unknown; 8 = b2_maxPolygonVertices].
    static func ellipseVertices(_ size: Size) -> [Point] {
        (0..<8).map { k in
            let a = Double(k) * .pi / 4
            return Point(size.width / 2 * cos(a), size.height / 2 * sin(a))
        }
    }

    static func addPolygon(_ points: [Point], offset: Point = .zero, to body: OpaquePointer) {
        let vertices = points.map { Engine.meters($0 + offset) }
        vertices.withUnsafeBufferPointer {
            cb2_body_add_polygon(body, $0.baseAddress, Int32($0.count), defaultMaterial)
        }
    }

    static func addFixtures(for item: DynamicItem, to body: OpaquePointer) {
        if let group = item as? DynamicItemGroup {
            // One box per member at its offset from the group centre.
            for (member, offset) in zip(group.items, group.offsets) {
                let hw = member.bounds.width / 2
                let hh = member.bounds.height / 2
                addPolygon([Point(-hw, -hh), Point(hw, -hh), Point(hw, hh), Point(-hw, hh)], offset: offset, to: body)
            }
            return
        }
        switch item.collisionBounds {
        case .rectangle:
            let hw = item.bounds.width / 2
            let hh = item.bounds.height / 2
            addPolygon([Point(-hw, -hh), Point(hw, -hh), Point(hw, hh), Point(-hw, hh)], to: body)
        case .ellipse where item.bounds.width == item.bounds.height:
            cb2_body_add_circle(
                body, cb2_vec2(x: 0, y: 0), Float(item.bounds.width / 2 / Engine.pointsPerMeter), defaultMaterial)
        case .ellipse:
            addPolygon(ellipseVertices(item.bounds), to: body)
        case .path(let polygon):
            addPolygon(polygon.points, to: body)
        }
    }
}
