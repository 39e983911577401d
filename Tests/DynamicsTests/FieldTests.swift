import Dynamics
import DynamicsTestSupport
import Foundation
import Geometry
import Testing

/// Spec dynamics §3.7 and §7 property 21: each field kind against its formula.
struct FieldTests {
    struct Row: CustomStringConvertible, Sendable {
        let name: String
        let density: Double  // 100×100 item: mass = density kg
        let charge: Double
        let velocity: Point  // pt/s before the tick
        let acceleration: Point  // expected, pt/s² (spec §3.7 table, item at (300, 400), field at 0)
        var description: String { "\(name), m \(density)" }
    }

    static func field(_ name: String) -> FieldBehavior {
        switch name {
        case "linearGravity": FieldBehavior.linearGravityField(direction: Point(3, 4))
        case "radialGravity": FieldBehavior.radialGravityField(position: .zero)
        case "spring": FieldBehavior(kind: .spring)
        case "vortex": FieldBehavior(kind: .vortex)
        case "drag": FieldBehavior(kind: .drag)
        case "electric": FieldBehavior(kind: .electric)
        case "magnetic": FieldBehavior(kind: .magnetic)
        default: FieldBehavior(kind: .custom { _ in Point(1, 0) })
        }
    }

    /// Spec §3.7 check column [MEAS F5].
    static let rows: [Row] = [
        Row(name: "linearGravity", density: 1, charge: 0, velocity: .zero, acceleration: Point(300, 400)),
        Row(name: "linearGravity", density: 3, charge: 0, velocity: .zero, acceleration: Point(300, 400)),
        Row(name: "radialGravity", density: 1, charge: 0, velocity: .zero, acceleration: Point(-2.4, -3.2)),
        Row(name: "radialGravity", density: 3, charge: 0, velocity: .zero, acceleration: Point(-2.4, -3.2)),
        Row(name: "spring", density: 1, charge: 0, velocity: .zero, acceleration: Point(-300, -400)),
        Row(name: "spring", density: 3, charge: 0, velocity: .zero, acceleration: Point(-100, -400.0 / 3)),
        Row(name: "vortex", density: 1, charge: 0, velocity: .zero, acceleration: Point(-80, 60)),
        Row(name: "vortex", density: 3, charge: 0, velocity: .zero, acceleration: Point(-8.888889, 6.666667)),
        Row(name: "drag", density: 1, charge: 0, velocity: Point(100, 0), acceleration: Point(-100, 0)),
        Row(name: "electric", density: 1, charge: 2, velocity: .zero, acceleration: Point(24, 32)),
        Row(name: "electric", density: 1, charge: 0, velocity: .zero, acceleration: .zero),
        Row(name: "magnetic", density: 1, charge: 2, velocity: Point(100, 0), acceleration: Point(0, -20)),
        Row(name: "magnetic", density: 1, charge: -1, velocity: Point(100, 0), acceleration: Point(0, -20)),
        Row(name: "custom", density: 1, charge: 0, velocity: .zero, acceleration: Point(100, 0)),
    ]

    static func scene(_ row: Row) -> (DynamicAnimator, DynamicItem, FieldBehavior) {
        let item = DynamicItem(identifier: row.name, bounds: Size(100, 100), center: Point(300, 400), kind: .plain)
        let animator = DynamicAnimator()
        let material = ItemBehavior(items: [item])
        material.resistance = 0
        material.angularResistance = 0
        material.density = row.density
        material.charge = row.charge
        if row.velocity != .zero { material.addLinearVelocity(row.velocity, for: item) }
        animator.addBehavior(material)
        let field = Self.field(row.name)
        field.addItem(item)
        animator.addBehavior(field)
        return (animator, item, field)
    }

    @Test(
        "Over one sub-step every field kind changes the velocity by h·a of its formula (property 21)", arguments: rows)
    func oneSubStep(row: Row) {
        let (animator, item, _) = Self.scene(row)
        animator.step(Scenes.tick)  // the first tick is one sub-step
        let h = Double(Float(1.0 / 120))
        let a = (animator.linearVelocity(for: item) - row.velocity) * (1 / h)
        let tolerance = 1e-3 * max(1, row.acceleration.length) + 0.01
        #expect(a.distance(to: row.acceleration) <= tolerance, "a \(a)")
    }

    /// The same field law integrated in Double with Box2D's semi-implicit Euler (no damping).
    static func reference(_ row: Row, ticks: Int, law: (Point, Point, Double) -> Point) -> Point {
        let h = Double(Float(1.0 / 120))
        let m = row.density
        var x = Point(3, 4)
        var v = row.velocity * 0.01
        for _ in 0..<(2 * ticks - 1) {
            v = v + law(x, v, m) * (h / m)
            x = x + v * h
        }
        return x * 100
    }

    @Test(
        "Over 60 ticks linear gravity, spring and vortex fields follow the integrated formula (property 21)",
        arguments: ["linearGravity", "spring", "vortex"])
    func sixtyTicks(name: String) {
        let row = Self.rows.first { $0.name == name && $0.density == 1 }!
        let (animator, item, _) = Self.scene(row)
        for _ in 1...60 { animator.step(Scenes.tick) }
        let expected = Self.reference(row, ticks: 60) { x, _, m in
            let r = x.length
            let u = x * (1 / r)
            switch name {
            case "linearGravity": return Point(3, 4) * m
            case "spring": return x * -1
            default: return Point(-u.y, u.x) * (1 / m)
            }
        }
        #expect(item.center.distance(to: expected) <= 0.05, "\(item.center) vs \(expected)")
    }

    @Test("A velocity field sets the velocity; a region and a zero strength switch the field off")
    func velocityAndRegion() throws {
        let item = DynamicItem(identifier: "v", bounds: Size(100, 100), center: Point(300, 400), kind: .plain)
        let animator = DynamicAnimator()
        let material = ItemBehavior(items: [item])
        material.resistance = 0
        animator.addBehavior(material)
        let field = FieldBehavior.velocityField(direction: Point(1, 0))
        field.addItem(item)
        animator.addBehavior(field)
        animator.step(Scenes.tick)
        #expect(abs(animator.linearVelocity(for: item).x - 100) < 1e-3)

        let outside = FieldBehavior.linearGravityField(direction: Point(0, 1))
        outside.region = try FieldRegion(radius: 499.9)  // item at distance 500 from the origin
        outside.addItem(item)
        let off = FieldBehavior.linearGravityField(direction: Point(0, 1))
        off.strength = 0
        off.addItem(item)
        animator.removeBehavior(field)
        animator.addBehavior(outside)
        animator.addBehavior(off)
        let v = animator.linearVelocity(for: item)
        animator.step(Scenes.tick)
        #expect(animator.linearVelocity(for: item) == v)
        #expect(try FieldRegion(radius: 50).contains(Point(30, 40)))
        #expect(!(try FieldRegion(size: Size(10, 10))).contains(Point(6, 0)))
        #expect((try FieldRegion(size: Size(10, 10))).inverse().contains(Point(6, 0)))
    }
}
