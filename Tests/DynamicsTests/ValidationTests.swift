import Dynamics
import Geometry
import Testing

/// Invalid parameters are reported as `DynamicsParameterError` before they can reach Box2D.
struct ValidationTests {
    static let rejected: [(String, @Sendable () throws -> Void)] = [
        ("negative damping", { try AttachmentBehavior.validate(damping: -0.5) }),
        ("negative frequency", { try AttachmentBehavior.validate(frequency: -1) }),
        ("negative length", { try AttachmentBehavior.validate(length: -1) }),
        (
            "attachment range that excludes 0",
            { try AttachmentBehavior.validate(pinRange: AttachmentRange(minimum: 0.1, maximum: 1)) }
        ),
        ("reversed range", { _ = try AttachmentRange(minimum: 1, maximum: 0) }),
        (
            "zero sliding axis",
            {
                _ = try AttachmentBehavior.slidingAttachment(
                    DynamicItem(identifier: "a", bounds: Size(1, 1), center: .zero), anchor: .zero, axis: .zero)
            }
        ),
        ("path boundary with fewer than 2 points", { _ = try BoundaryPath([Point(1, 1), Point(1, 1.2)]) }),
        ("zero-length boundary line", { try CollisionBehavior().addBoundary(identifier: "x", from: .zero, to: .zero) }),
        ("concave collision path", { _ = try ConvexPolygon([Point(0, 0), Point(10, 0), Point(2, 2), Point(0, 10)]) }),
        ("collision path of 9 vertices", { _ = try ConvexPolygon((0..<9).map { Point(Double($0), Double($0 * $0)) }) }),
        ("collinear collision path", { _ = try ConvexPolygon([Point(0, 0), Point(5, 0), Point(10, 0)]) }),
        ("elasticity above 1", { try ItemBehavior.validate(elasticity: 1.5) }),
        ("zero density", { try ItemBehavior.validate(density: 0) }),
        ("negative resistance", { try ItemBehavior.validate(resistance: -0.1) }),
        ("non-finite push", { try PushBehavior.validate(magnitude: .nan) }),
        ("negative field radius", { _ = try FieldRegion(radius: -1) }),
        ("negative minimum radius", { try FieldBehavior.validate(minimumRadius: -1) }),
        (
            "nested group",
            {
                _ = try DynamicItemGroup(items: [
                    try DynamicItemGroup(items: [DynamicItem(identifier: "a", bounds: Size(1, 1), center: .zero)])
                ])
            }
        ),
    ]

    @Test("Each invalid parameter throws a DynamicsParameterError naming it", arguments: rejected.map(\.0))
    func rejects(name: String) {
        let check = Self.rejected.first { $0.0 == name }!.1
        #expect(throws: DynamicsParameterError.self, "\(name)") { try check() }
    }

    @Test("Valid parameters pass, both windings of a convex path included")
    func accepts() throws {
        _ = try ConvexPolygon([Point(0, 0), Point(10, 0), Point(0, 10)])
        _ = try ConvexPolygon([Point(0, 0), Point(0, 10), Point(10, 0)])
        _ = try BoundaryPath([Point(0, 0), Point(10, 0)])
        try AttachmentBehavior.validate(
            length: 0, frequency: 0, damping: 0, pinRange: AttachmentRange(minimum: -1, maximum: 0))
        try ItemBehavior.validate(elasticity: 1, friction: 0, density: 0.01, resistance: 0)
    }

    @Test("The error message carries the offending value")
    func message() {
        do {
            try AttachmentBehavior.validate(damping: -0.5)
            Issue.record("no error")
        } catch {
            #expect(error.parameter == "AttachmentBehavior.damping")
            #expect(error.description.contains("-0.5"))
        }
    }
}
