import BehaviorRules
import CBox2D
import Geometry

/// Collision filters, contact delivery and fields.
extension DynamicAnimator {
    // MARK: Collision filters and contacts (spec §3.4)

    /// Recomputes every item body's 32-bit category and mask: the OR over the registered
    /// collision behaviours containing the item (no collision behaviour: 0, 0 → no contacts).
    func updateCollisionFilters() {
        let collisions = registeredBehaviorsInHierarchyOrder.compactMap { $0 as? CollisionBehavior }
        for record in itemBodies {
            var category: UInt32 = 0
            var mask: UInt32 = 0
            for c in collisions where c.items.contains(where: { $0 === record.item }) {
                category |= c.itemCategory
                mask |= c.itemMask
            }
            if cb2_body_get_category(record.body) != category || cb2_body_get_mask(record.body) != mask {
                cb2_body_set_filter(record.body, category, mask)
            }
        }
    }

    func registerBoundaryBody(_ body: OpaquePointer, owner: CollisionBehavior, identifier: String?) {
        boundaryOwners[world.tag(body)] = (owner, identifier)
    }

    func destroyBoundaryBody(_ body: OpaquePointer) {
        boundaryOwners[cb2_body_get_user_id(body)] = nil
        world.destroyBody(body)
    }

    /// The next collision group number (see `lastCollisionGroup`).
    func nextCollisionGroup() -> Int {
        lastCollisionGroup += 1
        return lastCollisionGroup
    }

    /// Began contacts, then ended contacts, to every registered collision behaviour (hierarchy
    /// order) that owns both sides: both items, or the item and one of its boundaries [GUESS on
    /// the ownership rule; UIKit routes through each behaviour's own fixtures].
    func deliverContacts() {
        let events = world.contactEvents
        guard !events.isEmpty else { return }
        let collisions = registeredBehaviorsInHierarchyOrder.compactMap { $0 as? CollisionBehavior }
        guard !collisions.isEmpty else { return }
        enum Side {
            case item(DynamicItem)
            case boundary(CollisionBehavior, String?)
        }
        func side(_ id: UInt64) -> Side? {
            if let record = itemBodies.first(where: { $0.id == id }) { return .item(record.item) }
            if let owner = boundaryOwners[id] { return .boundary(owner.behavior, owner.identifier) }
            return nil
        }
        for began in [true, false] {
            for event in events where event.began == began {
                guard let a = side(event.id_a), let b = side(event.id_b) else { continue }
                let point = Engine.points(event.point)
                for c in collisions {
                    switch (a, b) {
                    case (.item(let i), .item(let j)):
                        guard c.contains(i), c.contains(j) else { continue }
                        c.report(began: began, i, .item(j), point)
                    case (.item(let i), .boundary(let owner, let id)), (.boundary(let owner, let id), .item(let i)):
                        guard owner === c, c.contains(i) else { continue }
                        c.report(began: began, i, .boundary(id), point)
                    default:
                        continue
                    }
                }
            }
        }
    }

    // MARK: Fields (spec §3.7)

    /// PhysicsKit's limit on field behaviours per animator (UIKit raises "Invalid Association" for
    /// the 33rd). Fields registered beyond it exert no force (`FieldBehavior.isBeyondFieldLimit`).
    public static let maximumFieldCount = BehaviorRules.maximumFieldCount

    /// The check scenes run before building an animator, since `addBehavior` cannot throw.
    /// - Throws: `DynamicsParameterError` when `fieldCount` exceeds `maximumFieldCount`.
    public static func validate(fieldCount: Int) throws(DynamicsParameterError) {
        guard fieldCount <= maximumFieldCount else {
            throw DynamicsParameterError(
                parameter: "DynamicAnimator.fieldCount",
                message: "\(fieldCount) field behaviors: at most \(maximumFieldCount) per animator")
        }
    }

    /// Installs or removes the per-sub-step field hook.
    func fieldsDidChange() {
        let hasFields = registeredBehaviors.contains { $0 is FieldBehavior }
        world.beforeSubStep = hasFields ? { [unowned self] h in self.applyFields(h) } : nil
    }

    func applyFields(_ h: Double) {
        let time = Double(world.subStepCount) * h
        for case let field as FieldBehavior in registeredBehaviors where !field.isBeyondFieldLimit {
            for item in field.items {
                guard let record = itemBody(for: item), cb2_body_is_dynamic(record.body) else { continue }
                let position = Engine.points(cb2_body_get_world_center(record.body))
                let v = cb2_body_get_linear_velocity(record.body)
                let sample = FieldSample(
                    position: position,
                    velocity: Point(Double(v.x), Double(v.y)) * Engine.pointsPerMeter,
                    mass: Double(cb2_body_get_mass(record.body)),
                    charge: record.charge, deltaTime: h, time: time)
                switch field.evaluate(sample) {
                case .none:
                    continue
                case .force(let f):
                    // v += h·F/m in m/s, F in N.
                    let m = sample.mass
                    guard m > 0, f != .zero else { continue }
                    cb2_body_set_linear_velocity(
                        record.body,
                        cb2_vec2(
                            x: Float(Double(v.x) + h * f.x / m), y: Float(Double(v.y) + h * f.y / m)))
                case .velocity(let u):
                    cb2_body_set_linear_velocity(record.body, cb2_vec2(x: Float(u.x), y: Float(u.y)))
                }
            }
        }
    }

    /// The item's charge in effect (`ItemBehavior.charge`), 0 without a body.
    public func charge(for item: DynamicItem) -> Double { itemBody(for: item)?.charge ?? 0 }
}
