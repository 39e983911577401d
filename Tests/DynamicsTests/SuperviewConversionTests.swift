import Dynamics
import DynamicsTestSupport
import Geometry
import Testing

/// A dynamic item inside another view: UIKit converts its centre from the superview when it makes
/// the body and back after every step (spec dynamics §1.6).
@Suite("Items in a superview")
struct SuperviewConversionTests {
    /// A superview whose origin sits at `offset` in the reference view, scaled by `scale`.
    static func superview(offset: Point, scale: Double) -> CoordinateSpace {
        CoordinateSpace(
            toReference: { p in Point(p.x * scale + offset.x, p.y * scale + offset.y) },
            fromReference: { p in Point((p.x - offset.x) / scale, (p.y - offset.y) / scale) })
    }

    @Test("a child view in a translated superview falls as the same view at the top level, by whole points")
    func translatedViewFallsAsTopLevel() {
        let top = DynamicItem(identifier: "top", bounds: Size(40, 40), center: Point(150, 130))
        let child = DynamicItem(identifier: "child", bounds: Size(40, 40), center: Point(100, 100))
        child.superview = Self.superview(offset: Point(50, 30), scale: 1)
        #expect(child.referenceCenter == top.center)
        for item in [top, child] {
            let animator = DynamicAnimator(screenScale: 2)
            animator.addBehavior(GravityBehavior(items: [item]))
            for _ in 1...40 { animator.step(Scenes.tick) }
        }
        // The body falls in reference space; the written centre is that point in the superview,
        // rounded there to the half-point grid (the same grid, as the offset is whole).
        #expect(top.center.y > 300)
        #expect(child.center == top.center - Point(50, 30))
    }

    @Test("a plain item in a scaled superview is written back at the body's point divided by the scale")
    func scaledSuperviewConvertsBothWays() {
        let top = DynamicItem(identifier: "top", bounds: Size(40, 40), center: Point(200, 200), kind: .plain)
        let child = DynamicItem(identifier: "child", bounds: Size(40, 40), center: Point(100, 100), kind: .plain)
        child.superview = Self.superview(offset: .zero, scale: 2)
        for item in [top, child] {
            let animator = DynamicAnimator()
            animator.addBehavior(SnapBehavior(item: item, snapTo: Point(260, 120)))
            for _ in 1...20 { animator.step(Scenes.tick) }
        }
        #expect(top.center != Point(200, 200))
        #expect(child.center == Point(top.center.x / 2, top.center.y / 2))
        #expect(child.theta == top.theta, "the angle is written as it is, not converted")
    }

    @Test("a group of a top-level item and a child keeps them apart by their offset in reference space")
    func groupAcrossSuperviews() throws {
        let a = DynamicItem(identifier: "a", bounds: Size(40, 40), center: Point(100, 100))
        let b = DynamicItem(identifier: "b", bounds: Size(40, 40), center: Point(10, 70))
        b.superview = Self.superview(offset: Point(150, 30), scale: 1)
        let group = try DynamicItemGroup(items: [a, b])
        #expect(group.center == Point(130, 100) && group.bounds == Size(100, 40))
        let animator = DynamicAnimator(screenScale: 2)
        animator.addBehavior(GravityBehavior(items: [group]))
        for _ in 1...30 { animator.step(Scenes.tick) }
        #expect(a.center.y > 150)
        #expect(b.referenceCenter - a.center == Point(60, 0))
    }
}
