import CustomBehaviors
import Determinism
import Dynamics
import DynamicsTestSupport
import Geometry
import Testing

@Suite("Determinism")
struct DeterminismTests {
    /// Every custom behaviour in one scene: the seed snap with a watcher, a resize, a nest of
    /// three and a snap zone with a drag, all logging to one event log. Returns the FNV-1a hash of
    /// every item's centre and transform after every frame, and the log.
    static func run() -> (UInt64, [BehaviorEvent]) {
        let log = BehaviorEventLog()
        let (animator, seedItem, snap) = Scenes.seedSnap()
        animator.addBehavior(FrameWatcherBehavior(item: seedItem, client: snap, log: log))
        let card = DynamicItem(identifier: "card", bounds: Size(80, 50), center: Point(160, 100), kind: .view)
        animator.addBehavior(DampedResizeBehavior(item: card, log: log))
        let tiles = (0..<3).map {
            DynamicItem(
                identifier: "tile\($0)", bounds: Size(40, 40), center: Point(40 + 100 * Double($0), 500), kind: .view)
        }
        animator.addBehavior(TransformNest(items: tiles, snapTo: Point(160, 400), log: log))
        let chip = DynamicItem(identifier: "chip", bounds: Size(40, 40), center: Point(100, 250), kind: .view)
        let zones = SnapZonesBehavior(
            zones: [SnapZone(identifier: "A", frame: Rect(x: 200, y: 200, width: 100, height: 100))],
            drags: [ScriptedDrag(item: chip, keyframes: [(0, Point(100, 250)), (1, Point(200, 250))])],
            log: log)
        animator.addBehavior(zones)
        var hash = FNV1a64()
        func mix(_ value: Double) {
            let bits = value.bitPattern
            hash.combine((0..<8).map { UInt8(truncatingIfNeeded: bits >> (8 * $0)) })  // little-endian
        }
        for f in 0..<240 {
            Scenes.frame(f, zones, animator)
            for item in [seedItem, card, chip] + tiles {
                let t = item.transform
                for v in [item.center.x, item.center.y, t.a, t.b, t.c, t.d, t.tx, t.ty] { mix(v) }
            }
        }
        return (hash.value, log.events)
    }

    @Test("The same scene run twice gives bit-identical centres, transforms and events, and a committed hash")
    func twice() {
        let (hash1, events1) = Self.run()
        let (hash2, events2) = Self.run()
        #expect(hash1 == hash2 && events1 == events2)
        // Recorded in debug on Linux x86-64 (Box2D 2.4.1). A change means the trajectories or
        // the behaviours changed: check the other tests, then re-record from the message.
        #expect(hash1 == 0x9f05_294b_ec93_090a, "hash 0x\(String(hash1, radix: 16))")
        #expect(events1.map(\.tick) == [0, 1, 1, 1, 1, 28, 28, 28, 33, 49, 49, 92, 113])
    }
}
