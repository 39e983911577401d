import Dynamics
import DynamicsTestSupport
import Geometry
import Testing

/// Spec dynamics §3.4 and §7 properties 17, 18, 20: collisions, boundaries and contact reports.
struct CollisionTests {
    static func box(_ name: String, _ centre: Point, _ size: Size = Size(100, 100)) -> DynamicItem {
        DynamicItem(identifier: name, bounds: size, center: centre, kind: .plain)
    }

    @Test("A box dropped on a boundary line lands without tunnelling, rests on it and pauses (property 17)")
    func landing() throws {
        let item = Self.box("T5", Point(100, 100))
        let animator = DynamicAnimator()
        let material = ItemBehavior(items: [item])
        material.elasticity = 0
        material.resistance = 0
        animator.addBehavior(material)
        animator.addBehavior(GravityBehavior(items: [item]))
        let collision = CollisionBehavior(items: [item])
        try collision.addBoundary(identifier: "floor", from: Point(-1000, 300), to: Point(1000, 300))
        animator.addBehavior(collision)
        var maxY = 0.0
        for _ in 1...600 where animator.isRunning {
            animator.step(Scenes.tick)
            maxY = max(maxY, item.center.y)
        }
        #expect(!animator.isRunning, "paused after \(animator.tickCount) ticks")
        #expect(maxY < 260, "no tunnelling: max y \(maxY)")
        // Apple rests at 248.2166; Box2D 2.4.1 with its 1-pt polygon skin within ~2 pt of that.
        #expect(abs(item.center.y - 248.2166) <= 2.5, "rest y \(item.center.y)")
        print("T5 rest y:", item.center.y, "paused after tick", animator.tickCount)
    }

    @Test("Contacts are reported after the write-back, before every action, began before ended (property 18)")
    func contactOrder() throws {
        let item = Self.box("ball", Point(100, 100))
        let animator = DynamicAnimator()
        let material = ItemBehavior(items: [item])
        material.elasticity = 1
        material.resistance = 0
        animator.addBehavior(material)
        animator.addBehavior(GravityBehavior(items: [item]))
        let collision = CollisionBehavior(items: [item])
        try collision.addBoundary(identifier: "floor", from: Point(-1000, 300), to: Point(1000, 300))
        var tick: [String] = []
        var ticks: [[String]] = []
        var contactY: Double?
        collision.beganContact = { _, it, other, point in
            if case .boundary(let id) = other { tick.append("began \(it.identifier)/\(id ?? "nil")") }
            contactY = contactY ?? point.y
        }
        collision.endedContact = { _, _, _, _ in tick.append("ended") }
        let watcher = DynamicBehavior()
        watcher.action = {
            tick.append("action")
            ticks.append(tick)
            tick = []
        }
        animator.addBehavior(watcher)
        animator.addBehavior(collision)
        for _ in 1...200 { animator.step(Scenes.tick) }
        let contacts = ticks.filter { $0.count > 1 }
        #expect(!contacts.isEmpty)
        #expect(contacts.first?.first == "began ball/floor")
        for t in contacts {
            #expect(t.last == "action", "callbacks precede the action of the same tick: \(t)")
            let lastBegan = t.lastIndex { $0.hasPrefix("began") } ?? -1
            let firstEnded = t.firstIndex { $0 == "ended" } ?? t.count
            #expect(lastBegan < firstEnded, "began before ended: \(t)")
        }
        #expect(contacts.contains { $0.contains("ended") })
        // The point lies on the floor line (Box2D's manifold point sits inside the 1-pt skin gap).
        #expect(abs((contactY ?? 0) - 300) <= 4, "contact point y \(contactY ?? .nan)")
    }

    @Test("Behaviour g's items carry 1<<2g, boundaries 1<<(2g+1); the mask follows the mode (property 20)")
    func groupBits() {
        let animator = DynamicAnimator()
        let c1 = CollisionBehavior(items: [Self.box("a", .zero)])
        let c2 = CollisionBehavior(items: [Self.box("b", Point(500, 0))])
        c2.collisionMode = .items
        animator.addBehavior(c1)
        animator.addBehavior(c2)
        let rows: [(CollisionBehavior, Int, UInt32, UInt32, UInt32)] = [
            (c1, 1, 1 << 2, 1 << 3, 1 << 2 | 1 << 3),
            (c2, 2, 1 << 4, 1 << 5, 1 << 4),
        ]
        for (c, g, itemBit, boundaryBit, mask) in rows {
            #expect(c.collisionGroup == g)
            #expect(c.itemCategory == itemBit && c.boundaryCategory == boundaryBit && c.itemMask == mask)
        }
        let c3 = CollisionBehavior()
        c3.collisionMode = .boundaries
        animator.addBehavior(c3)
        #expect(c3.itemMask == 1 << 7)
    }

    @Test("An .items behaviour's item passes through its boundary, and the contact is still reported (property 20)")
    func itemsModeIgnoresBoundaries() throws {
        let item = Self.box("a", Point(100, 100))
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: [item]))
        let collision = CollisionBehavior(items: [item])
        collision.collisionMode = .items
        try collision.addBoundary(identifier: "floor", from: Point(-1000, 300), to: Point(1000, 300))
        var reported = 0
        collision.beganContact = { _, _, _, _ in reported += 1 }
        animator.addBehavior(collision)
        for _ in 1...60 { animator.step(Scenes.tick) }
        #expect(item.center.y > 400, "fell through: \(item.center)")
        #expect(reported >= 1, "disabled but still reported")
    }

    @Test("A .boundaries behaviour's items pass through each other but not its boundaries (property 20)")
    func boundariesModeIgnoresItems() throws {
        let a = Self.box("a", Point(100, 100))
        let b = Self.box("b", Point(100, 250))
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: [a]))
        let collision = CollisionBehavior(items: [a, b])
        collision.collisionMode = .boundaries
        try collision.addBoundary(identifier: "floor", from: Point(-1000, 400), to: Point(1000, 400))
        animator.addBehavior(collision)
        for _ in 1...120 { animator.step(Scenes.tick) }
        #expect(a.center.y > 300 && a.center.y < 360, "a went through b and rests on the floor: \(a.center)")
        #expect(b.center == Point(100, 250))

        // The same scene in .everything mode: a lands on b.
        let c = Self.box("c", Point(100, 100))
        let d = Self.box("d", Point(100, 250))
        let animator2 = DynamicAnimator()
        animator2.addBehavior(GravityBehavior(items: [c]))
        let all = CollisionBehavior(items: [c, d])
        try all.addBoundary(identifier: "floor", from: Point(-1000, 400), to: Point(1000, 400))
        animator2.addBehavior(all)
        for _ in 1...120 { animator2.step(Scenes.tick) }
        // c lands on d and pushes it (d feels no gravity) down to the floor: a stack of two.
        #expect(abs(d.center.y - c.center.y - 100) <= 3, "c rests on d: \(c.center) \(d.center)")
        #expect(abs(d.center.y - 350) <= 3, "d rests on the floor: \(d.center)")
    }

    @Test("Reference bounds become a loop 1 pt outside the inset bounds; contacts name it nil")
    func referenceBounds() {
        let item = Self.box("a", Point(100, 100), Size(50, 50))
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 320, height: 480))
        animator.addBehavior(GravityBehavior(items: [item]))
        let collision = CollisionBehavior(items: [item])
        collision.setTranslatesReferenceBoundsIntoBoundary(insets: EdgeInsets(bottom: 80))
        var names: [String?] = []
        collision.beganContact = { _, _, other, _ in if case .boundary(let id) = other { names.append(id) } }
        animator.addBehavior(collision)
        for _ in 1...300 where animator.isRunning { animator.step(Scenes.tick) }
        // Floor at 480 − 80 + 1 = 401: the 50-pt box rests with its centre near 376.
        #expect(abs(item.center.y - 376) <= 2.5, "rest y \(item.center.y)")
        #expect(names.first == .some(nil))
    }

    @Test("A path boundary is a closed chain from the first subpath's points")
    func pathBoundary() throws {
        let item = Self.box("a", Point(100, 100), Size(20, 20))
        let animator = DynamicAnimator()
        let g = GravityBehavior(items: [item])
        g.gravityDirection = Point(1, 0)
        animator.addBehavior(g)
        let collision = CollisionBehavior(items: [item])
        collision.addBoundary(
            identifier: "cup", path: try BoundaryPath([Point(50, 50), Point(200, 50), Point(200, 150), Point(50, 150)]))
        #expect(collision.boundaryIdentifiers == ["cup"])
        animator.addBehavior(collision)
        for _ in 1...120 { animator.step(Scenes.tick) }
        #expect(item.center.x < 200 && item.center.x > 180, "held by the right wall: \(item.center)")
    }

    @Test("Ellipse and convex-path items get their shapes: a circle rolls, a triangle rests on a side")
    func shapes() throws {
        let circle = DynamicItem(identifier: "circle", bounds: Size(40, 40), center: Point(100, 100), kind: .plain)
        circle.collisionBounds = .ellipse
        let tri = DynamicItem(identifier: "tri", bounds: Size(60, 60), center: Point(300, 100), kind: .plain)
        tri.collisionBounds = .path(try ConvexPolygon([Point(0, -30), Point(30, 30), Point(-30, 30)]))
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: [circle, tri]))
        let collision = CollisionBehavior(items: [circle, tri])
        try collision.addBoundary(identifier: "floor", from: Point(-1000, 300), to: Point(1000, 300))
        animator.addBehavior(collision)
        for _ in 1...240 where animator.isRunning { animator.step(Scenes.tick) }
        #expect(abs(circle.center.y - 280) <= 1.5, "circle radius 20 rests at 280: \(circle.center)")
        #expect(abs(tri.center.y - 270) <= 2.5, "triangle base 30 below its centre: \(tri.center)")
    }
}
