import Geometry
import Testing

@testable import Timing

// UISpringTimingParameters' initialVelocity is a vector normalised per axis: its dx drives a
// 2-D value's x (and every 1-D property), its dy drives y (spec timing §4.5). A velocity of
// (0, 4) must move y as a velocity of (4, 0) moves x, and leave x as no velocity does.

/// A paused animator moving a centre from (0, 0) to (100, 100) and an opacity from 0 to 1, then
/// continued at 30 % with a spring of damping ratio 0.8 and `velocity`; the values at t = 0.5 s.
private func continued(velocity: Point) throws -> (center: Point, opacity: Double) {
    let a = try PropertyAnimator(duration: 1, curve: .linear)
    try a.addAnimations([
        AnimatorChange(target: "sheet", property: .center, from: .point(Point(0, 0)), to: .point(Point(100, 100))),
        AnimatorChange(target: "sheet", property: .opacity, from: .scalar(0), to: .scalar(1)),
    ])
    try a.setFractionComplete(0.3)
    try a.continueAnimation(
        withTimingParameters: .spring(SpringTimingParameters(dampingRatio: 0.8, initialVelocity: velocity)),
        durationFactor: 0)
    _ = try a.advance(to: 0.5)
    let center = try #require(a.presentationValue(of: "sheet", .center)?.point)
    let opacity = try #require(a.presentationValue(of: "sheet", .opacity)?.scalar)
    return (center, opacity)
}

@Test("a spring's initial velocity (0, 4) moves y as (4, 0) moves x, and x as no velocity does")
func springVelocityPerAxis() throws {
    let none = try continued(velocity: Point(0, 0))
    let alongX = try continued(velocity: Point(4, 0))
    let alongY = try continued(velocity: Point(0, 4))
    let both = try continued(velocity: Point(4, 4))
    // Before, only dx was read: (0, 4) moved the sheet exactly as no velocity did.
    #expect(alongY.center.y != none.center.y)
    #expect(alongY.center.y == alongX.center.x)
    #expect(alongY.center.x == none.center.x)
    #expect(alongX.center.y == none.center.y)
    #expect(both.center == Point(alongX.center.x, alongY.center.y))
    // 1-D properties follow dx.
    #expect(alongY.opacity == none.opacity)
    #expect(alongX.opacity == both.opacity)
    #expect(alongX.opacity != none.opacity)
}
