import Dynamics
import DynamicsTestSupport
import Foundation
import Geometry
import Testing

/// Spec dynamics §1.6 and §7 property 16: what the animator writes into items.
struct WriteBackTests {
    /// True when `x` is a fixed point of spec §1.6's rounded(x, s), i.e. floor(x) + k/s for an
    /// integer k as that formula computes it (exact comparison: the formula is idempotent).
    static func isOnGrid(_ x: Double, scale: Double) -> Bool {
        if scale == 1 { return x == x.rounded() }
        let whole = x.rounded(.down)
        return whole + ((x - whole) * scale).rounded() / scale == x
    }

    @Test("View items at scale 2 get centres on the 0.5-pt grid and angles in 1/5000-rad quanta (property 16)")
    func viewRounding() {
        let (animator, item, _) = Scenes.seedSnap()
        var sawRotation = false
        for _ in 1...60 {
            animator.step(Scenes.tick)
            #expect(
                Self.isOnGrid(item.center.x, scale: 2) && Self.isOnGrid(item.center.y, scale: 2),
                "centre \(item.center)")
            // The written transform is exactly MakeRotation(k/5000) for an integer k.
            let k = (item.theta * 5000).rounded()
            #expect(item.transform == AffineTransform(rotation: .radians(k / 5000)), "transform \(item.transform)")
            sawRotation = sawRotation || k != 0
        }
        #expect(sawRotation)
    }

    @Test("Rounding follows the animator's screen scale: 1 → whole points, 3 → thirds")
    func otherScales() {
        for (scale, expectedGrid) in [(1.0, 1.0), (3.0, 3.0), (0.0, 1.0)] {
            let item = DynamicItem(identifier: "v", bounds: Size(60, 60), center: Point(160.3, 252.7), kind: .view)
            let animator = DynamicAnimator(screenScale: scale)
            animator.addBehavior(SnapBehavior(item: item, snapTo: Point(80.2, 240.9)))
            for _ in 1...30 {
                animator.step(Scenes.tick)
                #expect(Self.isOnGrid(item.center.x, scale: expectedGrid), "scale \(scale): x \(item.center.x)")
                #expect(Self.isOnGrid(item.center.y, scale: expectedGrid), "scale \(scale): y \(item.center.y)")
            }
        }
    }

    @Test("Plain items get the body's exact, unrounded state (property 16)")
    func plainItemsAreExact() {
        let (animator, item, _) = Scenes.snapT6()
        var offGrid = 0
        for _ in 1...30 {
            animator.step(Scenes.tick)
            if !Self.isOnGrid(item.center.x, scale: 2) { offGrid += 1 }
            let k = item.theta * 5000
            #expect(k != k.rounded() || item.theta == 0)
        }
        #expect(offGrid > 25)
    }

    @Test("A view's frame is the axis-aligned box of its rotated bounds, to 1e-9 (property 16)")
    func frameIsRotatedBoundingBox() {
        let item = DynamicItem(identifier: "f", bounds: Size(100, 50), center: Point(40, -7))
        for degrees in stride(from: -180.0, through: 180.0, by: 7.5) {
            let theta = degrees * .pi / 180
            item.transform = AffineTransform(rotation: .radians(theta))
            let w = abs(100 * cos(theta)) + abs(50 * sin(theta))
            let h = abs(100 * sin(theta)) + abs(50 * cos(theta))
            let f = item.frame
            #expect(abs(f.width - w) <= 1e-9 && abs(f.height - h) <= 1e-9, "θ \(degrees)°: \(f)")
            #expect(
                abs(f.origin.x - (40 - w / 2)) <= 1e-9 && abs(f.origin.y - (-7 - h / 2)) <= 1e-9, "θ \(degrees)°: \(f)")
        }
        // Square s: w′ = s·√(1 + |sin 2θ|) (spec §2), the seed's bounding-box decoding.
        let square = DynamicItem(identifier: "s", bounds: Size(60, 60), center: .zero)
        square.transform = AffineTransform(rotation: .radians(2979.0 / 5000))
        #expect(abs(square.frame.width - 60 * (1 + abs(sin(2 * 2979.0 / 5000))).squareRoot()) <= 1e-9)
    }

    @Test("Write-back replaces a scaled transform with a pure rotation")
    func writeBackDropsScale() {
        let item = DynamicItem(
            identifier: "s", bounds: Size(60, 60), center: Point(100, 100),
            transform: AffineTransform(scaleX: 2, y: 2), kind: .plain)
        let animator = DynamicAnimator()
        animator.addBehavior(ItemBehavior(items: [item]))
        animator.step(Scenes.tick)
        #expect(item.transform == .identity)
    }

    @Test("updateItemUsingCurrentState moves a plain item's body and wakes the animator")
    func updatePlainItem() {
        let (animator, item, _) = Scenes.snapT6()
        for _ in 1...120 { animator.step(Scenes.tick) }
        #expect(!animator.isRunning)
        item.center = Point(250, 200)
        animator.updateItemUsingCurrentState(item)
        #expect(animator.isRunning && animator.isAwake(item))
        animator.step(Scenes.tick)
        #expect(item.center.x > 250 && item.center.x < 260, "pulled back from 250: \(item.center)")
    }

    @Test("updateItemUsingCurrentState ignores a view's new angle when its rounded centre is unchanged")
    func updateViewQuirk() {
        let item = DynamicItem(identifier: "v", bounds: Size(60, 60), center: Point(100, 100), kind: .view)
        let animator = DynamicAnimator()
        let material = ItemBehavior(items: [item])
        animator.addBehavior(material)
        animator.step(Scenes.tick)
        // Angle changed by many quanta, centre unchanged: UIKit drops the angle.
        item.transform = AffineTransform(rotation: .radians(0.3))
        animator.updateItemUsingCurrentState(item)
        animator.step(Scenes.tick)
        #expect(item.theta == 0)
        // Centre changed: the centre is taken (and the angle still dropped).
        item.center = Point(120, 100)
        item.transform = AffineTransform(rotation: .radians(0.3))
        animator.updateItemUsingCurrentState(item)
        animator.step(Scenes.tick)
        #expect(item.center == Point(120, 100))
        #expect(item.theta == 0)
    }
}
