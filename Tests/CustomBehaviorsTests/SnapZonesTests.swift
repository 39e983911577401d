import CustomBehaviors
import Dynamics
import DynamicsTestSupport
import Geometry
import Testing

@Suite("SnapZonesBehavior (snap-zones listing 6-3) and ScriptedDrag")
struct SnapZonesTests {
    /// Centre (250, 250).
    static let zoneA = SnapZone(identifier: "A", frame: Rect(x: 200, y: 200, width: 100, height: 100))
    /// Centre (400, 250).
    static let zoneB = SnapZone(identifier: "B", frame: Rect(x: 350, y: 200, width: 100, height: 100))

    static func chip(_ name: String = "chip", at center: Point = Point(100, 250)) -> DynamicItem {
        DynamicItem(identifier: name, bounds: Size(40, 40), center: center, kind: .view)
    }

    /// A drag at 100 pt/s to the right from (100, 250) over 1 s: the 40-pt item's frame first
    /// overlaps zone A (x > 200) on frame 49 (t = 0.8167 s, centre x = 181.67).
    static func dragIntoA(_ item: DynamicItem) -> ScriptedDrag {
        ScriptedDrag(item: item, keyframes: [(0, Point(100, 250)), (1, Point(200, 250))])
    }

    @Test(
        "A drag interpolates its keyframes linearly and clamps outside them",
        arguments: [
            (-1.0, Point(0, 0)), (0.0, Point(0, 0)), (0.25, Point(5, 10)), (0.5, Point(10, 20)),
            (0.75, Point(10, 25)), (1.0, Point(10, 30)), (2.0, Point(10, 30)),
        ])
    func interpolation(t: Double, point: Point) {
        let drag = ScriptedDrag(
            item: Self.chip(), keyframes: [(0, Point(0, 0)), (0.5, Point(10, 20)), (1, Point(10, 30))])
        #expect(drag.point(at: t) == point)
    }

    @Test(
        "Phases: began on the first input at or after the first keyframe, changed until the last keyframe's time, then ended once"
    )
    func phases() {
        let item = Self.chip(at: Point(0, 0))
        let zones = SnapZonesBehavior(
            zones: [],
            drags: [
                ScriptedDrag(item: item, keyframes: [(0.05, Point(0, 0)), (0.1, Point(30, 0))])
            ])
        DynamicAnimator().addBehavior(zones)
        var centres: [Double] = []
        for f in 0...8 {
            zones.handleInput(at: Double(f) / 60)
            centres.append(item.center.x)
        }
        // Inputs at f/60: f = 3 (0.05) began, f = 4, 5 changed, f = 6 (0.1) ended at the last keyframe.
        #expect(zones.log.events.map(\.kind) == [.dragBegan(item: "chip"), .dragEnded(item: "chip")])
        let times: [Double] = zones.log.events.map(\.time)
        let expectedTimes: [Double] = [3.0 / 60, 6.0 / 60]
        #expect(times == expectedTimes)
        #expect(centres[3] == 0 && abs(centres[4] - 10) < 1e-9 && abs(centres[5] - 20) < 1e-9)
        #expect(centres[6...].allSatisfy { $0 == 30 })
    }

    @Test(
        "A free item is captured the frame its frame overlaps a zone; its drag is cancelled and it snaps to the zone's centre"
    )
    func capture() throws {
        let item = Self.chip()
        let zones = SnapZonesBehavior(zones: [Self.zoneA], drags: [Self.dragIntoA(item)])
        let animator = DynamicAnimator()
        animator.addBehavior(zones)
        var f = 0
        while !animator.isRunning {
            Scenes.frame(f, zones, animator)
            f += 1
        }
        #expect(f == 50)  // captured by the input of frame 49
        #expect(zones.parentZone(of: item) == Self.zoneA && zones.isDragSuspended(item))
        #expect(
            zones.log.events == [
                BehaviorEvent(tick: 0, time: 0, kind: .dragBegan(item: "chip")),
                BehaviorEvent(tick: 0, time: 49.0 / 60, kind: .captured(item: "chip", zone: "A")),
                BehaviorEvent(tick: 0, time: 49.0 / 60, kind: .dragCancelled(item: "chip")),
            ])
        while animator.isRunning {
            Scenes.frame(f, zones, animator)
            f += 1
        }
        #expect(item.center == Point(250, 250))
        #expect(animator.tickCount == 64)  // the snap settles and sleeps
        Scenes.frame(f, zones, animator)
        #expect(!zones.isDragSuspended(item) && zones.childBehaviors.isEmpty)
        #expect(
            zones.log.events.last == BehaviorEvent(tick: 64, time: Double(f) / 60, kind: .dragResumed(item: "chip")))
    }

    @Test(
        "A captured item escapes only while dragged: a drag ending outside every zone leaves it there, one ending over its zone recaptures it"
    )
    func escapeAndRecapture() {
        let item = Self.chip()
        let zones = SnapZonesBehavior(
            zones: [Self.zoneA],
            drags: [
                Self.dragIntoA(item),
                // After the capture has settled: out to x = 400 (outside A) ...
                ScriptedDrag(item: item, keyframes: [(3, Point(0, 0)), (3.5, Point(150, 0))]),
                // ... and back, released with the frame over A (x 240...280).
                ScriptedDrag(item: item, keyframes: [(5, Point(0, 0)), (5.5, Point(-140, 0))]),
            ])
        let animator = DynamicAnimator()
        animator.addBehavior(zones)
        var centreAt: [Int: Point] = [:]
        for f in 0..<480 {
            Scenes.frame(f, zones, animator)
            centreAt[f] = item.center
        }
        #expect(
            zones.log.events.map(\.kind) == [
                .dragBegan(item: "chip"), .captured(item: "chip", zone: "A"), .dragCancelled(item: "chip"),
                .dragResumed(item: "chip"),
                .dragBegan(item: "chip"), .dragEnded(item: "chip"), .escaped(item: "chip", zone: "A"),
                .dragBegan(item: "chip"), .dragEnded(item: "chip"), .recaptured(item: "chip", zone: "A"),
            ])
        // Dragged out over its own zone without being pulled back, dropped at (400, 250).
        #expect(centreAt[195]!.x > 300 && centreAt[299] == Point(400, 250))
        #expect(zones.parentZone(of: item) == Self.zoneA)  // the seed never frees a captured item
        // Released at x = 260 by the input of frame 330 (t = 5.5), recaptured, and already
        // pulled towards the centre by that frame's tick; then settled and paused.
        #expect(zones.log.events.last?.time == 330.0 / 60)
        #expect(centreAt[330]!.x < 260 && centreAt[330]!.x > 250)
        #expect(item.center == Point(250, 250) && !animator.isRunning && !zones.isDragSuspended(item))
    }

    @Test("A drag that begins while the item is suspended is never seen")
    func ignoredWhileSuspended() {
        let item = Self.chip()
        let zones = SnapZonesBehavior(
            zones: [Self.zoneA],
            drags: [
                Self.dragIntoA(item),
                ScriptedDrag(item: item, keyframes: [(1.05, Point(0, 0)), (1.5, Point(300, 0))]),
            ])
        let animator = DynamicAnimator()
        animator.addBehavior(zones)
        for f in 0..<120 { Scenes.frame(f, zones, animator) }
        #expect(
            zones.log.events.map(\.kind) == [
                .dragBegan(item: "chip"), .captured(item: "chip", zone: "A"), .dragCancelled(item: "chip"),
                .dragIgnored(item: "chip"), .dragResumed(item: "chip"),
            ])
        #expect(item.center == Point(250, 250))
    }

    @Test(
        "While one drag is suspended a free item over another zone is refused, and captured on its first move after the pause"
    )
    func refusedThenCaptured() throws {
        let first = Self.chip("first")
        let second = Self.chip("second", at: Point(400, 100))
        let zones = SnapZonesBehavior(
            zones: [Self.zoneA, Self.zoneB],
            drags: [
                Self.dragIntoA(first),
                // Down into B (y > 180 overlaps) at t = 0.9 s and on, slowly, until t = 2 s.
                ScriptedDrag(item: second, keyframes: [(0.5, Point(0, 0)), (0.9, Point(0, 85)), (2, Point(0, 100))]),
            ])
        let animator = DynamicAnimator()
        animator.addBehavior(zones)
        for f in 0..<240 { Scenes.frame(f, zones, animator) }
        let kinds = zones.log.events.map(\.kind)
        let refusals = kinds.filter { $0 == .captureRefused(item: "second", zone: "B") }.count
        let resumed = try #require(kinds.firstIndex(of: .dragResumed(item: "first")))
        let captured = try #require(kinds.firstIndex(of: .captured(item: "second", zone: "B")))
        #expect(refusals > 0 && resumed < captured)
        #expect(kinds[captured + 1] == .dragCancelled(item: "second"))
        #expect(!kinds.contains(.dragEnded(item: "second")))
        #expect(first.center == Point(250, 250) && second.center == Point(400, 250))
        #expect(zones.parentZone(of: second) == Self.zoneB)
    }

    @Test("A captured item dragged onto another zone is taken by it at once, mid-drag (new parent)")
    func newParent() {
        let item = Self.chip()
        let zones = SnapZonesBehavior(
            zones: [Self.zoneA, Self.zoneB],
            drags: [
                Self.dragIntoA(item),
                ScriptedDrag(item: item, keyframes: [(3, Point(0, 0)), (4, Point(150, 0))]),
            ])
        let animator = DynamicAnimator()
        animator.addBehavior(zones)
        for f in 0..<400 { Scenes.frame(f, zones, animator) }
        #expect(
            zones.log.events.map(\.kind) == [
                .dragBegan(item: "chip"), .captured(item: "chip", zone: "A"), .dragCancelled(item: "chip"),
                .dragResumed(item: "chip"),
                .dragBegan(item: "chip"), .captured(item: "chip", zone: "B"), .dragCancelled(item: "chip"),
                .dragResumed(item: "chip"),
            ])
        // Leaves A's frame at centre x ≥ 320 without capture; B takes it once x > 330.
        let capturedB = zones.log.events[5]
        #expect(capturedB.time > 3 + 80.0 / 150 && capturedB.time < 3 + 80.0 / 150 + 2.0 / 60)
        #expect(item.center == Point(400, 250) && zones.parentZone(of: item) == Self.zoneB)
    }
}
