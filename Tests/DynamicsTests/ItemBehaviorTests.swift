import Dynamics
import DynamicsTestSupport
import Geometry
import Testing

/// Spec dynamics §3.6 and §7 property 23: item-behaviour properties and their precedence.
struct ItemBehaviorTests {
    static func item() -> DynamicItem {
        DynamicItem(identifier: "m", bounds: Size(100, 100), center: Point(100, 100), kind: .plain)
    }

    /// Speed after one tick (one sub-step) from 100 pt/s with damping c: 100/(1 + h·c).
    static func speed(afterOneTickWith c: Double) -> Double { 100 / (1 + Double(Float(1.0 / 120)) * c) }

    static let precedence: [(name: String, settings: [Double?], applied: Double)] = [
        ("0.0 then 0.5: the later one wins", [0.0, 0.5], 0.5),
        ("0.5 then 0.0: the later one wins", [0.5, 0.0], 0.0),
        ("0.5 then unset: unset never overrides", [0.5, nil], 0.5),
        ("unset only: engine default 0.1", [nil], 0.1),
    ]

    @Test("The last item behaviour in hierarchy order that set a property wins (property 23)", arguments: precedence)
    func precedenceRule(row: (name: String, settings: [Double?], applied: Double)) {
        let item = Self.item()
        let animator = DynamicAnimator()
        for setting in row.settings {
            let b = ItemBehavior(items: [item])
            if let setting { b.resistance = setting }
            animator.addBehavior(b)
        }
        let first = animator.behaviors[0] as! ItemBehavior
        first.addLinearVelocity(Point(100, 0), for: item)
        animator.step(Scenes.tick)
        let v = animator.linearVelocity(for: item).x
        #expect(abs(v - Self.speed(afterOneTickWith: row.applied)) < 1e-4, "\(row.name): v \(v)")
    }

    @Test("Velocities added before registration are accumulated and applied at registration")
    func pendingVelocities() {
        let item = Self.item()
        let b = ItemBehavior(items: [item])
        b.resistance = 0
        b.angularResistance = 0
        b.addLinearVelocity(Point(30, 0), for: item)
        b.addLinearVelocity(Point(20, 10), for: item)
        b.addAngularVelocity(1, for: item)
        #expect(b.linearVelocity(for: item) == .zero)
        let animator = DynamicAnimator()
        animator.addBehavior(b)
        #expect(b.linearVelocity(for: item).distance(to: Point(50, 10)) < 1e-4)
        #expect(abs(b.angularVelocity(for: item) - 1) < 1e-6)
    }

    @Test("Density scales the mass; anchored items never move; the real defaults are 0.2, 0.2, 1, 0.1, 0.1")
    func materialAndAnchored() {
        let b = ItemBehavior()
        #expect(b.elasticity == 0.2 && b.friction == 0.2 && b.density == 1)
        #expect(b.resistance == 0.1 && b.angularResistance == 0.1 && b.allowsRotation && !b.anchored && b.charge == 0)

        let item = Self.item()
        let animator = DynamicAnimator()
        let material = ItemBehavior(items: [item])
        material.anchored = true
        animator.addBehavior(material)
        animator.addBehavior(GravityBehavior(items: [item]))
        for _ in 1...10 { animator.step(Scenes.tick) }
        #expect(item.center == Point(100, 100))
        material.anchored = false
        for _ in 1...10 { animator.step(Scenes.tick) }
        #expect(item.center.y > 100)
    }

    @Test("An item group moves its members rigidly with the compound body")
    func itemGroup() throws {
        let a = DynamicItem(identifier: "a", bounds: Size(40, 40), center: Point(100, 100))
        let b = DynamicItem(identifier: "b", bounds: Size(40, 40), center: Point(160, 100))
        let group = try DynamicItemGroup(items: [a, b])
        #expect(group.center == Point(130, 100) && group.bounds == Size(100, 40))
        let animator = DynamicAnimator()
        let push = PushBehavior(items: [group], mode: .instantaneous)
        push.pushDirection = Point(0, 0.5)
        push.setTargetOffsetFromCenter(Point(30, 0), for: group)
        animator.addBehavior(push)
        for _ in 1...30 { animator.step(Scenes.tick) }
        #expect(abs(a.center.distance(to: b.center) - 60) <= 1, "members stay 60 pt apart: \(a.center) \(b.center)")
        #expect(a.theta != 0 && a.theta == b.theta && a.theta == group.theta)
        #expect(a.center.y < b.center.y)
        #expect(throws: DynamicsParameterError.self) { try DynamicItemGroup(items: [group]) }
        #expect(throws: DynamicsParameterError.self) { try DynamicItemGroup(items: []) }
    }
}
