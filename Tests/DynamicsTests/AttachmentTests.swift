import Dynamics
import DynamicsTestSupport
import Geometry
import Testing

/// Spec dynamics §3.5 and §7 properties 13–14: attachments.
struct AttachmentTests {
    static func box(_ name: String, _ centre: Point, _ size: Size = Size(40, 40)) -> DynamicItem {
        DynamicItem(identifier: name, bounds: size, center: centre, kind: .plain)
    }

    static func frictionless(_ items: [DynamicItem]) -> ItemBehavior {
        let m = ItemBehavior(items: items)
        m.resistance = 0
        m.angularResistance = 0
        return m
    }

    /// Apple's T4 oracle (rigid rod to an anchor, gravity): tick → centre, ±0.05 pt (tick 60 ±0.5).
    static let rigid: [(tick: Int, centre: Point, tolerance: Double)] = [
        (1, Point(199.999969, 100.069443), 0.05),
        (10, Point(199.132126, 113.146225), 0.05),
        (30, Point(139.359573, 191.92836), 0.05),
        (60, Point(2.06188917, 120.202171), 0.5),
    ]

    @Test("A rigid anchored attachment swings through Apple's T4 positions and keeps 100 pt (property 13)")
    func rigidAnchor() {
        let item = Self.box("T4", Point(200, 100))
        let animator = DynamicAnimator()
        animator.addBehavior(Self.frictionless([item]))
        animator.addBehavior(GravityBehavior(items: [item]))
        let rod = AttachmentBehavior(item: item, attachedToAnchor: Point(100, 100))
        #expect(rod.length == 100 && rod.attachedBehaviorType == .anchor)
        animator.addBehavior(rod)
        var rows = Self.rigid[...]
        var worst = 0.0
        for tick in 1...600 {
            animator.step(Scenes.tick)
            worst = max(worst, abs(item.center.distance(to: Point(100, 100)) - 100))
            if let row = rows.first, row.tick == tick {
                rows.removeFirst()
                #expect(item.center.distance(to: row.centre) <= row.tolerance, "tick \(tick): \(item.center)")
            }
        }
        #expect(worst <= 0.5, "length error \(worst)")
    }

    /// Apple's T4b oracle (spring f 2 Hz, ζ 0.3, length 100, no gravity): tick → centre, ±0.05 pt.
    static let spring: [(tick: Int, centre: Point)] = [
        (1, Point(100, 249.48938)), (10, Point(100, 201.092148)),
        (30, Point(100, 204.031586)), (60, Point(100, 200.142715)),
    ]

    @Test("A spring attachment follows Apple's T4b positions (property 14)")
    func springAnchor() {
        let item = Self.box("T4b", Point(100, 250))
        let animator = DynamicAnimator()
        animator.addBehavior(Self.frictionless([item]))
        let spring = AttachmentBehavior(item: item, attachedToAnchor: Point(100, 100))
        spring.frequency = 2
        spring.damping = 0.3
        spring.length = 100
        animator.addBehavior(spring)
        var rows = Self.spring[...]
        for tick in 1...60 {
            animator.step(Scenes.tick)
            if let row = rows.first, row.tick == tick {
                rows.removeFirst()
                #expect(item.center.distance(to: row.centre) <= 0.05, "tick \(tick): \(item.center)")
            }
        }
    }

    @Test("Moving the anchor drags the item along and restarts a paused animator")
    func anchorMoves() {
        let item = Self.box("a", Point(100, 200))
        let animator = DynamicAnimator()
        let rod = AttachmentBehavior(item: item, attachedToAnchor: Point(100, 100))
        animator.addBehavior(rod)
        var resumed = 0
        animator.willResume = { _ in resumed += 1 }
        for _ in 1...40 where animator.isRunning { animator.step(Scenes.tick) }
        #expect(!animator.isRunning)
        rod.anchorPoint = Point(100, 50)
        #expect(animator.isRunning && resumed == 1)
        for _ in 1...120 { animator.step(Scenes.tick) }
        #expect(abs(item.center.distance(to: Point(100, 50)) - 100) < 0.5)
        #expect(item.center.y < 200)
    }

    @Test("A pin keeps both items on the anchor; attachmentRange limits the relative angle")
    func pinLimits() throws {
        let a = Self.box("a", Point(100, 100))
        let b = Self.box("b", Point(140, 100))
        let animator = DynamicAnimator()
        animator.addBehavior(Self.frictionless([a, b]))
        let pin = AttachmentBehavior.pinAttachment(a, attachedTo: b, anchor: Point(120, 100))
        pin.attachmentRange = try AttachmentRange(minimum: -0.2, maximum: 0.2)
        animator.addBehavior(pin)
        let push = PushBehavior(items: [b], mode: .instantaneous)
        push.pushDirection = Point(0, 0.5)
        push.setTargetOffsetFromCenter(Point(20, 0), for: b)
        animator.addBehavior(push)
        for _ in 1...60 { animator.step(Scenes.tick) }
        #expect(abs((b.theta - a.theta)) <= 0.2 + 0.02, "relative angle \(b.theta - a.theta)")
        let anchorA = a.center + AffineTransform(rotation: .radians(a.theta)).applyLinear(to: Point(20, 0))
        let anchorB = b.center + AffineTransform(rotation: .radians(b.theta)).applyLinear(to: Point(-20, 0))
        #expect(anchorA.distance(to: anchorB) < 0.5)
    }

    @Test("A fixed attachment moves two items as one; a sliding one keeps them on the axis")
    func weldAndSlide() throws {
        let a = Self.box("a", Point(100, 100))
        let b = Self.box("b", Point(140, 100))
        let animator = DynamicAnimator()
        animator.addBehavior(AttachmentBehavior.fixedAttachment(a, attachedTo: b, anchor: Point(120, 100)))
        animator.addBehavior(GravityBehavior(items: [a]))
        for _ in 1...30 { animator.step(Scenes.tick) }
        #expect(abs(a.center.distance(to: b.center) - 40) < 0.1)
        #expect(abs(a.theta - b.theta) < 1e-3)

        let c = Self.box("c", Point(100, 100))
        let animator2 = DynamicAnimator()
        let slide = try AttachmentBehavior.slidingAttachment(c, anchor: Point(100, 100), axis: Point(1, 0))
        slide.attachmentRange = try AttachmentRange(minimum: -10, maximum: 30)
        #expect(slide.attachedBehaviorType == .items)
        animator2.addBehavior(slide)
        let g = GravityBehavior(items: [c])
        g.gravityDirection = Point(1, 1)
        animator2.addBehavior(g)
        for _ in 1...60 { animator2.step(Scenes.tick) }
        #expect(abs(c.center.y - 100) < 0.1, "stays on the axis: \(c.center)")
        #expect(abs(c.center.x - 130) < 1, "stopped by the 30-pt limit: \(c.center)")
        #expect(abs(c.theta) < 1e-4)
    }

    @Test("A limit attachment is a rope: slack until the anchors are its length apart (ends at centre − offset)")
    func rope() {
        let a = Self.box("a", Point(100, 100))
        let b = Self.box("b", Point(200, 100))
        let animator = DynamicAnimator()
        let material = Self.frictionless([a, b])
        material.anchored = false
        animator.addBehavior(material)
        let rope = AttachmentBehavior.limitAttachment(a, attachedTo: b)
        #expect(abs(rope.length - 100) < 1e-9)
        // The quirk: offsets +10 become anchors at centre − 10, 120 pt apart.
        let quirky = AttachmentBehavior.limitAttachment(
            a, offsetFromCenter: Point(10, 0), attachedTo: b, offsetFromCenter: Point(-10, 0))
        #expect(abs(quirky.length - 120) < 1e-9)
        animator.addBehavior(rope)
        material.addLinearVelocity(Point(-50, 0), for: a)
        for _ in 1...60 { animator.step(Scenes.tick) }
        #expect(a.center.distance(to: b.center) <= 100.5)
        #expect(b.center.x < 200, "the rope pulled b along")
    }
}
