import Geometry
import SceneSyntax

/// A behaviour as a scene describes it; the pipeline turns each into a `Dynamics` behaviour.
///
/// Names follow UIKit Dynamics without the `UI` prefix; the scene-file key of each case is its
/// `kind`. Angles are degrees in scene files and `Angle` here; lengths are points; forces follow
/// UIKit's units (a push of magnitude 1 accelerates a 100×100-pt item of density 1 at 100 pt/s²).
public enum BehaviorSpec: Equatable, Sendable {
    case snap(SnapSpec)
    case gravity(GravitySpec)
    case push(PushSpec)
    case collision(CollisionSpec)
    case attachment(AttachmentSpec)
    case itemBehavior(ItemBehaviorSpec)
    case field(FieldSpec)
    /// The source text's frame watcher (listing 6-2): removes its client and itself once the
    /// item's frame holds still, so the animator pauses early.
    indirect case watcher(WatcherSpec)
    /// The source text's damped resize (listing 6-5).
    case dampedResize(DampedResizeSpec)
    /// The source text's transform tween (listing 6-6).
    case transformTween(TransformTweenSpec)
    /// The source text's transform nest (figure 6-2): items snap to one point while each turns to
    /// its own angle.
    case transformNest(TransformNestSpec)
    /// Snap zones with scripted drags (snap-zones.txt).
    case snapZones(SnapZonesSpec)

    /// Every scene-file key that introduces a behaviour, in documentation order.
    public static let kinds = [
        "snap", "gravity", "push", "collision", "attachment", "itemBehavior", "field",
        "watcher", "dampedResize", "transformTween", "transformNest", "snapZones",
    ]

    /// The scene-file key that introduces this behaviour.
    public var kind: String {
        switch self {
        case .snap: return "snap"
        case .gravity: return "gravity"
        case .push: return "push"
        case .collision: return "collision"
        case .attachment: return "attachment"
        case .itemBehavior: return "itemBehavior"
        case .field: return "field"
        case .watcher: return "watcher"
        case .dampedResize: return "dampedResize"
        case .transformTween: return "transformTween"
        case .transformNest: return "transformNest"
        case .snapZones: return "snapZones"
        }
    }

    /// Ids of the items this behaviour acts on, in the order the scene lists them.
    public var itemIDs: [String] {
        switch self {
        case .snap(let s): return [s.item]
        case .gravity(let g): return g.items
        case .push(let p): return p.items
        case .collision(let c): return c.items
        case .attachment(let a): return [a.item] + (a.toItem.map { [$0] } ?? [])
        case .itemBehavior(let b): return b.items
        case .field(let f): return f.items
        case .watcher(let w): return [w.item] + w.client.itemIDs.filter { $0 != w.item }
        case .dampedResize(let r): return [r.item]
        case .transformTween(let t): return [t.item]
        case .transformNest(let n): return n.items
        case .snapZones(let z): return z.drags.map(\.item)
        }
    }
}

/// `UISnapBehavior(item:snapTo:)`.
public struct SnapSpec: Equatable, Sendable {
    public var item: String
    /// Snap point in canvas points (`to:` in scene files).
    public var snapPoint: Point
    /// Damping ratio of the four snap springs, 0...1, default 0.5 (UIKit's default).
    public var damping: Double
    /// `nearest:` instead of `to:`: the snap point is the one of these nearest to where the
    /// item's velocity would carry it, `project(velocity, projectionRate)` from where it is
    /// ("Designing Fluid Interfaces"), chosen when the snap is added. nil: `snapPoint`.
    public var candidates: [Point]?
    /// The deceleration rate of that projection, per millisecond (UIScrollView's normal 0.998).
    public var projectionRate: Double

    public init(
        item: String, snapPoint: Point, damping: Double = 0.5, candidates: [Point]? = nil,
        projectionRate: Double = 0.998
    ) {
        self.item = item
        self.snapPoint = snapPoint
        self.damping = damping
        self.candidates = candidates
        self.projectionRate = projectionRate
    }
}

/// `UIGravityBehavior(items:)`. Gravity is world-wide in UIKit: the last gravity behaviour's
/// vector applies to every item in any gravity behaviour.
public struct GravitySpec: Equatable, Sendable {
    public var items: [String]
    /// Gravity vector in UIKit units: (0, 1) is 1000 pt/s² downwards (UIKit's default).
    public var direction: Point

    public init(items: [String], direction: Point = Point(0, 1)) {
        self.items = items
        self.direction = direction
    }
}

/// `UIPushBehavior(items:mode:)`.
public struct PushSpec: Equatable, Sendable {
    public enum Mode: String, CaseIterable, Equatable, Sendable {
        /// A force applied every tick while active.
        case continuous
        /// One impulse at the next tick, then `active` turns false.
        case instantaneous
    }

    /// How the force is given: UIKit derives each form from the other.
    public enum Force: Equatable, Sendable {
        /// `pushDirection` (dx, dy) in UIKit force units.
        case direction(Point)
        /// `angle` (clockwise, 0 = +x) and `magnitude` (negative reverses).
        case angle(Angle, magnitude: Double)
    }

    public var items: [String]
    public var mode: Mode
    /// Default: angle 0, magnitude 0 (no force), UIKit's defaults.
    public var force: Force
    /// `targetOffsetFromCenter` in points, in canvas axes (not turned with the item): pushes
    /// off-centre make torque. Default (0, 0).
    public var offset: Point
    /// `active`, default true.
    public var active: Bool

    public init(
        items: [String], mode: Mode = .continuous, force: Force = .angle(.zero, magnitude: 0),
        offset: Point = .zero, active: Bool = true
    ) {
        self.items = items
        self.mode = mode
        self.force = force
        self.offset = offset
        self.active = active
    }
}

/// `UICollisionBehavior(items:)`.
public struct CollisionSpec: Equatable, Sendable {
    public enum Mode: String, CaseIterable, Equatable, Sendable {
        /// Items collide with each other only.
        case items
        /// Items collide with the boundaries only.
        case boundaries
        /// Both (UIKit's default).
        case everything
    }

    /// A named boundary: a line segment or a closed path (`addBoundary(withIdentifier:…)`).
    public struct Boundary: Equatable, Sendable {
        public enum Shape: Equatable, Sendable {
            case line(from: Point, to: Point)
            /// A closed polygon through the points (at least 2), in canvas points.
            case path([Point])
        }

        public var id: String
        public var shape: Shape

        /// How far a flattened curve of a boundary's SVG path data may stray from the curve: 0.05 pt.
        public static let flatness = 0.05

        public init(id: String, shape: Shape) {
            self.id = id
            self.shape = shape
        }
    }

    /// Insets of the canvas boundary, in points (`UIEdgeInsets` order: top, left, bottom, right).
    public struct Insets: Equatable, Sendable {
        public var top: Double, left: Double, bottom: Double, right: Double

        public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }

        public static let zero = Insets()
    }

    public var items: [String]
    public var mode: Mode
    public var boundaries: [Boundary]
    /// `translatesReferenceBoundsIntoBoundary`: the canvas edges (inset by `insets`) become a
    /// boundary. Default false.
    public var canvasBoundary: Bool
    public var insets: Insets

    public init(
        items: [String], mode: Mode = .everything, boundaries: [Boundary] = [],
        canvasBoundary: Bool = false, insets: Insets = .zero
    ) {
        self.items = items
        self.mode = mode
        self.boundaries = boundaries
        self.canvasBoundary = canvasBoundary
        self.insets = insets
    }
}

/// `UIAttachmentBehavior`: every kind UIKit offers.
public struct AttachmentSpec: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Equatable, Sendable {
        /// A distance constraint to an anchor point or between two items: rigid when
        /// `frequency` is 0, a spring otherwise (`init(item:attachedToAnchor:)`,
        /// `init(item:attachedTo:)`).
        case distance
        /// Two items welded at `anchor` (`fixedAttachment`).
        case fixed
        /// Two items hinged at `anchor`, optionally within `range` degrees, with friction
        /// (`pinAttachment`).
        case pin
        /// An item (or two) sliding along `axis` through `anchor`, optionally within `range`
        /// points (`slidingAttachment`).
        case sliding
        /// Two items at most their initial distance apart, like a rope (`limitAttachment`).
        case limit
    }

    public var kind: Kind
    public var item: String
    /// The second item; nil attaches `item` to `anchor` (distance and sliding only).
    public var toItem: String?
    /// Anchor point in canvas points: the fixed end of a distance attachment, the weld or hinge
    /// point of fixed and pin, a point on the axis of sliding.
    public var anchor: Point?
    /// Attachment point on `item`, from its centre, in points. Default (0, 0).
    public var offset: Point
    /// Attachment point on `toItem`, from its centre. Default (0, 0).
    public var toOffset: Point
    /// Rest length in points; default: the distance when the attachment is made.
    public var length: Double?
    /// Spring frequency in Hz, ≥ 0; 0 (default) makes a distance attachment rigid.
    public var frequency: Double
    /// Spring damping ratio, ≥ 0, default 0.
    public var damping: Double
    /// `attachmentRange`: degrees for pin (must contain 0), points for sliding.
    public var range: ClosedRange<Double>?
    /// `frictionTorque` of a pin, N·m, ≥ 0, default 0.
    public var frictionTorque: Double
    /// `translationAxis` of a sliding attachment; must not be (0, 0). Default (1, 0).
    public var axis: Point

    public init(
        kind: Kind = .distance, item: String, toItem: String? = nil, anchor: Point? = nil,
        offset: Point = .zero, toOffset: Point = .zero, length: Double? = nil,
        frequency: Double = 0, damping: Double = 0, range: ClosedRange<Double>? = nil,
        frictionTorque: Double = 0, axis: Point = Point(1, 0)
    ) {
        self.kind = kind
        self.item = item
        self.toItem = toItem
        self.anchor = anchor
        self.offset = offset
        self.toOffset = toOffset
        self.length = length
        self.frequency = frequency
        self.damping = damping
        self.range = range
        self.frictionTorque = frictionTorque
        self.axis = axis
    }
}

/// `UIDynamicItemBehavior`: material and motion properties. Only properties a scene sets
/// override (UIKit's rule: the last behaviour in order that set a property wins).
public struct ItemBehaviorSpec: Equatable, Sendable {
    public var items: [String]
    /// Restitution, 0...1 (UIKit's effective default 0.2).
    public var elasticity: Double?
    /// Friction, ≥ 0 (default 0.2).
    public var friction: Double?
    /// Density, > 0 (default 1: a 100×100-pt item weighs 1 kg).
    public var density: Double?
    /// Linear damping in 1/s, ≥ 0 (default 0.1).
    public var resistance: Double?
    /// Angular damping in 1/s, ≥ 0 (default 0.1).
    public var angularResistance: Double?
    public var allowsRotation: Bool?
    /// Anchored items do not move but others collide with them.
    public var anchored: Bool?
    /// Charge for electric and magnetic fields.
    public var charge: Double?
    /// Added once at the start, pt/s (`addLinearVelocity`).
    public var linearVelocity: Point?
    /// `linearVelocity: fromDrag` as written: the release velocity of the drag of the
    /// `dynamicsTimeline` entry that adds this behaviour. The loader replaces it with that
    /// velocity (`linearVelocity`) and clears it; left set (no drag to take it from) it is an error.
    public var linearVelocityFromDrag = false
    /// Added once at the start, degrees/s (`addAngularVelocity`, which takes rad/s).
    public var angularVelocity: Angle?

    public init(
        items: [String], elasticity: Double? = nil, friction: Double? = nil, density: Double? = nil,
        resistance: Double? = nil, angularResistance: Double? = nil, allowsRotation: Bool? = nil,
        anchored: Bool? = nil, charge: Double? = nil, linearVelocity: Point? = nil,
        angularVelocity: Angle? = nil
    ) {
        self.items = items
        self.elasticity = elasticity
        self.friction = friction
        self.density = density
        self.resistance = resistance
        self.angularResistance = angularResistance
        self.allowsRotation = allowsRotation
        self.anchored = anchored
        self.charge = charge
        self.linearVelocity = linearVelocity
        self.angularVelocity = angularVelocity
    }
}

/// `UIFieldBehavior`: a force field acting on its items inside its region.
public struct FieldSpec: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Equatable, Sendable {
        case linearGravity, radialGravity, spring, vortex, drag, velocity, electric, magnetic
        /// Gustavson simplex noise; `smoothness` and `animationSpeed` shape it.
        case noise
        /// Noise × m·|v|²: only moving items feel it.
        case turbulence
    }

    /// `UIRegion`: where the field acts, centred on `position`.
    public enum Region: Equatable, Sendable {
        case infinite
        case radius(Double)
        case size(Size)
    }

    public var kind: Kind
    public var items: [String]
    /// Field position in canvas points. Default (0, 0).
    public var position: Point
    public var region: Region
    /// `strength`; default 1.
    public var strength: Double
    /// `falloff`; nil uses the kind's default (radial gravity 2, spring −1, electric and
    /// magnetic 1, others 0).
    public var falloff: Double?
    /// `minimumRadius` in points; nil uses UIKit's tiny default.
    public var minimumRadius: Double?
    /// Direction of linear gravity (UIKit units: 1 = 1000 pt/s² per unit strength), or the target
    /// velocity of a velocity field and the medium velocity of a drag field, in **m/s** as UIKit
    /// reads it (1 m/s = 100 pt/s).
    public var direction: Point
    /// Noise and turbulence: 0...1, 1 the broadest pattern. Default 0.
    public var smoothness: Double
    /// Noise and turbulence: how fast the pattern changes, lattice cells per second, ≥ 0.
    /// Default 0 (frozen).
    public var animationSpeed: Double

    public init(
        kind: Kind, items: [String], position: Point = .zero, region: Region = .infinite,
        strength: Double = 1, falloff: Double? = nil, minimumRadius: Double? = nil,
        direction: Point = .zero, smoothness: Double = 0, animationSpeed: Double = 0
    ) {
        self.kind = kind
        self.items = items
        self.position = position
        self.region = region
        self.strength = strength
        self.falloff = falloff
        self.minimumRadius = minimumRadius
        self.direction = direction
        self.smoothness = smoothness
        self.animationSpeed = animationSpeed
    }
}
