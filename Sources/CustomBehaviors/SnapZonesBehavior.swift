import Dynamics
import Geometry

/// A rectangle that pulls in items dragged over it (snap-zones listing 6-3).
public struct SnapZone: Equatable, Sendable {
    public let identifier: String
    /// In the animator's coordinates, pt. Items snap to its centre.
    public let frame: Rect

    /// - Precondition: `frame` is finite with a positive width and height.
    public init(identifier: String, frame: Rect) {
        precondition(
            frame.origin.isFinite && frame.size.isFinite && !frame.isEmpty,
            "Invalid frame \(frame) for snap zone '\(identifier)': must be finite and non-empty")
        self.identifier = identifier
        self.frame = frame
    }
}

/// Snap zones (listing 6-3, "Handling Multiple Snap Zones"): items dragged over a zone are pulled
/// to its centre by a `SnapBehavior`; they can be dragged out again, and fall back in when a drag
/// ends over their zone.
///
/// Every input event of a drag (began, changed, ended) moves the item (centre, then
/// `updateItemUsingCurrentState`, like a pan handler) and then runs the seed's zone check with
/// F = the item's frame, visiting `zones` in order; the first zone that matches decides:
/// 1. Free item (never captured), F ∩ zone empty (`CGRectIntersectsRect` false): next zone.
/// 2. Free item overlapping the zone: **capture** — if another item's drag is suspended, refuse
///    (the seed logs "attempting to suspend second recognizer") and stop; otherwise suspend this
///    item's drag, tag the item with the zone and add a snap to the zone's centre.
/// 3. Captured item overlapping its own zone: on `.ended`, **recapture** (a new snap to the
///    centre, the drag is not suspended); while dragging, nothing — so the item can be pulled
///    out of its zone: **escape** happens only during a drag.
/// 4. Captured item overlapping another zone: capture by that zone at once (new parent),
///    suspending the drag even mid-gesture.
/// A captured item never becomes free again (the seed's tag is never cleared): a drag that ends
/// outside every zone leaves it where it was dropped (`.escaped`), and any later drag that ends
/// over its zone recaptures it.
///
/// Suspension disables the item's pan recognizer, which cancels the gesture: the rest of that
/// scripted drag is dropped (`.dragCancelled`), and a drag of the item that begins while it is
/// suspended is never seen (`.dragIgnored`). When the animator has paused (the seed's
/// `dynamicAnimatorDidPause:`), the next `handleInput` removes every zone snap and re-enables the
/// suspended drags (`.dragResumed`). Pause is detected by polling `isRunning` at input time rather
/// than through `didPause`, which belongs to the animator's owner; no tick runs in between, so
/// the outcome is the same.
///
/// Deliberate differences from the listing: its `dynamicAnimatorDidPause:` removes *all* the
/// animator's behaviours, here only the zone snaps (children of this behaviour); and its single
/// `suspendedRecognizer` slot is overwritten by a new-parent capture (rule 4), leaving the first
/// suspended item disabled for ever — here every suspended item is kept and re-enabled. Rule 2's
/// refusal still tests "is any drag suspended".
///
/// Frame order: call `handleInput(at: t)` for the frame's scene time, then `animator.step(dt)`
/// (touch events are delivered before the display-link callback). Items are not in the animator
/// until captured; zone snaps are this behaviour's children, so add it to the animator first.
public final class SnapZonesBehavior: DynamicBehavior {
    public let zones: [SnapZone]
    public private(set) var drags: [ScriptedDrag] = []
    public let log: BehaviorEventLog

    private final class DragState {
        var phase: ScriptedDrag.Phase?
        var fingerAtBegan = Point.zero
        var centerAtBegan = Point.zero
        /// Cancelled by a capture, or never seen because the item was suspended at touch-down.
        var dropped = false
    }

    private final class ItemState {
        let item: DynamicItem
        /// Index into `zones` of the zone that captured the item last (the seed's tag).
        var parent: Int?
        var isSuspended = false
        init(item: DynamicItem) { self.item = item }
    }

    private var dragStates: [DragState] = []
    /// In order of first appearance in a drag.
    private var itemStates: [ItemState] = []

    /// - Precondition: zone identifiers are unique; drags of one item do not overlap in time.
    public init(zones: [SnapZone], drags: [ScriptedDrag] = [], log: BehaviorEventLog = BehaviorEventLog()) {
        for (index, zone) in zones.enumerated() {
            precondition(
                !zones[..<index].contains { $0.identifier == zone.identifier },
                "Duplicate snap zone identifier '\(zone.identifier)'")
        }
        self.zones = zones
        self.log = log
        super.init()
        for drag in drags { addDrag(drag) }
    }

    /// Adds a drag to the script.
    /// - Precondition: it does not overlap in time with another drag of the same item.
    public func addDrag(_ drag: ScriptedDrag) {
        for other in drags where other.item === drag.item {
            precondition(
                drag.endTime < other.startTime || other.endTime < drag.startTime,
                "Drags of '\(drag.item.identifier)' overlap: [\(other.startTime), \(other.endTime)] and [\(drag.startTime), \(drag.endTime)]"
            )
        }
        drags.append(drag)
        dragStates.append(DragState())
        _ = state(of: drag.item)
    }

    /// The zone that captured the item last (it keeps it while escaped), nil for a free item.
    public func parentZone(of item: DynamicItem) -> SnapZone? {
        guard let record = itemStates.first(where: { $0.item === item }), let index = record.parent else { return nil }
        return zones[index]
    }

    /// True while the item's drag is suspended by a capture (until the animator pauses).
    public func isDragSuspended(_ item: DynamicItem) -> Bool {
        itemStates.first { $0.item === item }?.isSuspended ?? false
    }

    /// Applies the input of one frame at scene time `time`, s: first the pause hand-off, then
    /// each drag in script order that has an event at `time`.
    public func handleInput(at time: Double) {
        precondition(time.isFinite, "Non-finite input time \(time)")
        let animator = dynamicAnimator
        if let animator, !animator.isRunning { animatorDidPause(at: time) }
        for (drag, state) in zip(drags, dragStates) where !state.dropped {
            guard let phase = nextPhase(of: drag, state, at: time) else { continue }
            let record = self.state(of: drag.item)
            if phase == .began {
                if record.isSuspended {
                    state.dropped = true
                    log.record(.dragIgnored(item: drag.item.identifier), tick: animator?.tickCount ?? 0, time: time)
                    continue
                }
                state.fingerAtBegan = drag.point(at: time)
                state.centerAtBegan = drag.item.center
                log.record(.dragBegan(item: drag.item.identifier), tick: animator?.tickCount ?? 0, time: time)
            }
            state.phase = phase
            let finger = phase == .ended ? drag.point(at: drag.endTime) : drag.point(at: time)
            drag.item.center = state.centerAtBegan + (finger - state.fingerAtBegan)
            animator?.updateItemUsingCurrentState(drag.item)
            if phase == .ended {
                log.record(.dragEnded(item: drag.item.identifier), tick: animator?.tickCount ?? 0, time: time)
            }
            checkZones(record, phase: phase, time: time)
            if record.isSuspended && phase != .ended {
                state.dropped = true
                log.record(.dragCancelled(item: drag.item.identifier), tick: animator?.tickCount ?? 0, time: time)
            }
        }
    }

    // MARK: Rules

    private func nextPhase(of drag: ScriptedDrag, _ state: DragState, at time: Double) -> ScriptedDrag.Phase? {
        switch state.phase {
        case nil: return time >= drag.startTime ? .began : nil
        case .began?, .changed?: return time >= drag.endTime ? .ended : .changed
        case .ended?: return nil
        }
    }

    /// The seed's `draggableViewDidMove:` loop (rules 1–4 of the type's documentation).
    private func checkZones(_ record: ItemState, phase: ScriptedDrag.Phase, time: Double) {
        let frame = record.item.frame
        let tick = dynamicAnimator?.tickCount ?? 0
        let name = record.item.identifier
        for (index, zone) in zones.enumerated() {
            let overlap = frame.intersects(zone.frame)
            let free = record.parent == nil
            if !overlap && free { continue }
            if overlap && free {
                if itemStates.contains(where: { $0.isSuspended }) {
                    log.record(.captureRefused(item: name, zone: zone.identifier), tick: tick, time: time)
                    return
                }
                capture(record, by: index, time: time)
                return
            }
            if overlap && record.parent == index {
                if phase == .ended {
                    addChildBehavior(SnapBehavior(item: record.item, snapTo: zone.frame.center))
                    log.record(
                        .recaptured(item: name, zone: zone.identifier), tick: dynamicAnimator?.tickCount ?? 0,
                        time: time)
                }
                return
            }
            if overlap {
                capture(record, by: index, time: time)
                return
            }
        }
        if phase == .ended, let parent = record.parent {
            log.record(.escaped(item: name, zone: zones[parent].identifier), tick: tick, time: time)
        }
    }

    private func capture(_ record: ItemState, by index: Int, time: Double) {
        record.isSuspended = true
        record.parent = index
        let zone = zones[index]
        addChildBehavior(SnapBehavior(item: record.item, snapTo: zone.frame.center))
        log.record(
            .captured(item: record.item.identifier, zone: zone.identifier),
            tick: dynamicAnimator?.tickCount ?? 0, time: time)
    }

    /// The seed's `dynamicAnimatorDidPause:`: drop the zone snaps, re-enable suspended drags.
    private func animatorDidPause(at time: Double) {
        for child in childBehaviors { removeChildBehavior(child) }
        let tick = dynamicAnimator?.tickCount ?? 0
        for record in itemStates where record.isSuspended {
            record.isSuspended = false
            log.record(.dragResumed(item: record.item.identifier), tick: tick, time: time)
        }
    }

    private func state(of item: DynamicItem) -> ItemState {
        if let record = itemStates.first(where: { $0.item === item }) { return record }
        let record = ItemState(item: item)
        itemStates.append(record)
        return record
    }
}
