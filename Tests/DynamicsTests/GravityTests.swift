import Dynamics
import DynamicsTestSupport
import Geometry
import Testing

/// Spec dynamics §3.3 and §7 property 19: gravity is one world-wide vector.
struct GravityTests {
    static func box(_ name: String, x: Double) -> DynamicItem {
        DynamicItem(identifier: name, bounds: Size(40, 40), center: Point(x, 100), kind: .plain)
    }

    @Test("The later gravity vector applies to every gravity item (property 19)")
    func laterVectorWins() {
        let a = Self.box("a", x: 100)
        let b = Self.box("b", x: 200)
        let animator = DynamicAnimator()
        let down = GravityBehavior(items: [a])
        let right = GravityBehavior(items: [b])
        right.gravityDirection = Point(1, 0)
        animator.addBehavior(down)
        animator.addBehavior(right)
        #expect(animator.worldGravity == Point(1000, 0))
        for _ in 1...10 { animator.step(Scenes.tick) }
        // Both items move right and neither falls.
        #expect(a.center.x > 100 && b.center.x > 200)
        #expect(a.center.y == 100 && b.center.y == 100)
        #expect(abs((a.center.x - 100) - (b.center.x - 200)) < 1e-4)  // float32 bodies at 1 m and 2 m

        down.gravityDirection = Point(0, -0.5)  // written last: now it applies to both
        #expect(animator.worldGravity == Point(0, -500))
        let va = animator.linearVelocity(for: a)
        let vb = animator.linearVelocity(for: b)
        animator.step(Scenes.tick)
        #expect(animator.linearVelocity(for: a).y < va.y && animator.linearVelocity(for: b).y < vb.y)
    }

    @Test("Removing either gravity behaviour leaves world gravity (0, 0) (property 19)")
    func removingEitherZeroesGravity() {
        for removeFirst in [true, false] {
            let a = Self.box("a", x: 100)
            let b = Self.box("b", x: 200)
            let animator = DynamicAnimator()
            let g1 = GravityBehavior(items: [a])
            let g2 = GravityBehavior(items: [b])
            let material = ItemBehavior(items: [a, b])
            material.resistance = 0
            material.angularResistance = 0
            animator.addBehavior(material)
            animator.addBehavior(g1)
            animator.addBehavior(g2)
            for _ in 1...5 { animator.step(Scenes.tick) }
            animator.removeBehavior(removeFirst ? g1 : g2)
            #expect(animator.worldGravity == .zero)
            let remaining = removeFirst ? b : a
            let v = animator.linearVelocity(for: remaining)
            #expect(v.y > 0)
            for _ in 1...5 { animator.step(Scenes.tick) }
            #expect(animator.linearVelocity(for: remaining) == v, "no acceleration without world gravity")
        }
    }

    @Test("An item in no gravity behaviour never accelerates (property 19)")
    func itemOutsideGravityStaysPut() {
        let falling = Self.box("falling", x: 100)
        let still = Self.box("still", x: 200)
        let animator = DynamicAnimator()
        animator.addBehavior(ItemBehavior(items: [still]))
        animator.addBehavior(GravityBehavior(items: [falling]))
        for _ in 1...60 {
            animator.step(Scenes.tick)
            #expect(still.center == Point(200, 100))
            #expect(animator.linearVelocity(for: still) == .zero)
        }
        #expect(falling.center.y > 500)
    }

    @Test("angle and magnitude read and write the same vector, with UIKit's float trig")
    func angleAndMagnitude() {
        let g = GravityBehavior()
        #expect(g.gravityDirection == Point(0, 1))
        #expect(abs(g.angle - .pi / 2) < 1e-15 && g.magnitude == 1)
        g.gravityDirection = Point(3, 4)
        #expect(abs(g.angle - 0.927295218) < 1e-9 && g.magnitude == 5)
        g.magnitude = 0
        #expect(g.gravityDirection == .zero && g.angle == 0)
        g.magnitude = 2
        #expect(g.gravityDirection == Point(2, 0))
        g.angle = 1
        #expect(g.gravityDirection == Point(2 * Double(Float(0.540302277)), 2 * Double(Float(0.841470957))))
    }

    @Test("Items added to and removed from a registered gravity behaviour gain and lose gravity")
    func addAndRemoveItems() {
        let a = Self.box("a", x: 100)
        let animator = DynamicAnimator()
        let g = GravityBehavior()
        animator.addBehavior(g)
        #expect(!animator.isRunning)  // no bodies yet
        g.addItem(a)
        #expect(animator.isRunning)
        for _ in 1...3 { animator.step(Scenes.tick) }
        #expect(a.center.y > 100)
        g.removeItem(a)
        #expect(animator.linearVelocity(for: a) == .zero)  // body gone
        let y = a.center.y
        for _ in 1...3 { animator.step(Scenes.tick) }
        #expect(a.center.y == y)
    }
}
