import Geometry
import SceneSyntax

// The behaviours of the source text's examples (frame watcher, damped resize, transform tween and
// nest, snap zones): custom `UIDynamicBehavior` subclasses, as scenes describe them.

/// The frame watcher of pause-detection.txt (listing 6-2), with the behaviour it watches.
public struct WatcherSpec: Equatable, Sendable {
    /// The item whose frame is watched.
    public var item: String
    /// The behaviour removed (with the watcher) when the frame holds still, usually a snap.
    public var client: BehaviorSpec
    /// Frames are "steady" when their intersection differs from each frame's area by less than
    /// this, in pt². Default 10 (the seed's `pointLaxity`).
    public var laxity: Double
    /// Steady ticks needed: the watcher fires after more than this many. Default 5.
    public var threshold: Int

    public init(item: String, client: BehaviorSpec, laxity: Double = 10, threshold: Int = 5) {
        self.item = item
        self.client = client
        self.laxity = laxity
        self.threshold = threshold
    }
}

/// scale = 1 + amplitude·sin(2π·frequency·t)·e^(−decay·t) for `duration` seconds from the first
/// tick, then the identity transform (custom-behaviors.txt, listing 6-5).
public struct DampedResizeSpec: Equatable, Sendable {
    public var item: String
    /// Peak relative size change, 0 ≤ amplitude < 1 (so the scale stays positive). Default 0.5.
    public var amplitude: Double
    /// Oscillation frequency in Hz, ≥ 0. Default 1.
    public var frequency: Double
    /// Exponential decay rate in 1/s, ≥ 0. Default 2.
    public var decay: Double
    /// Seconds the resize runs, > 0. Default 1.5.
    public var duration: Double

    public init(item: String, amplitude: Double = 0.5, frequency: Double = 1, decay: Double = 2, duration: Double = 1.5)
    {
        self.item = item
        self.amplitude = amplitude
        self.frequency = frequency
        self.decay = decay
        self.duration = duration
    }
}

/// Tweens an item's transform to a target with an accelerating, eased-out progress
/// (custom-behaviors.txt, listing 6-6): each tick velocity += acceleration, percent += velocity.
public struct TransformTweenSpec: Equatable, Sendable {
    public var item: String
    /// Target rotation, clockwise. Default 0.
    public var rotation: Angle
    /// Target x/y scale, both non-zero. Default (1, 1).
    public var scale: Size
    /// Target translation in points. Default (0, 0).
    public var translation: Point
    /// Progress acceleration per tick², > 0. Default 0.0025 (about 28 ticks to the target).
    public var acceleration: Double

    public init(
        item: String, rotation: Angle = .zero, scale: Size = Size(1, 1), translation: Point = .zero,
        acceleration: Double = 0.0025
    ) {
        self.item = item
        self.rotation = rotation
        self.scale = scale
        self.translation = translation
        self.acceleration = acceleration
    }
}

/// Figure 6-2: every item snaps to `point` while a tween turns each to its own angle.
public struct TransformNestSpec: Equatable, Sendable {
    public var items: [String]
    public var point: Point
    /// One angle per item; nil fans them over a quarter turn (i·90°/n).
    public var angles: [Angle]?
    /// The snaps' damping ratio, 0...1. Default 0.5.
    public var damping: Double
    /// The tweens' acceleration. Default 0.0025.
    public var acceleration: Double

    public init(
        items: [String], point: Point, angles: [Angle]? = nil, damping: Double = 0.5, acceleration: Double = 0.0025
    ) {
        self.items = items
        self.point = point
        self.angles = angles
        self.damping = damping
        self.acceleration = acceleration
    }
}

/// Snap zones (snap-zones.txt): a free item that overlaps a zone is captured and snapped to the
/// zone's centre; drags, scripted as finger positions over time, move items.
public struct SnapZonesSpec: Equatable, Sendable {
    public struct Zone: Equatable, Sendable {
        public var id: String
        /// The zone in canvas points.
        public var rect: Rect

        public init(id: String, rect: Rect) {
            self.id = id
            self.rect = rect
        }
    }

    /// A pan gesture: the finger's position at increasing times (seconds from the start);
    /// linear in between. The first keyframe begins the drag, the last ends it.
    public struct Drag: Equatable, Sendable {
        public struct Keyframe: Equatable, Sendable {
            public var time: Double
            public var point: Point

            public init(time: Double, point: Point) {
                self.time = time
                self.point = point
            }
        }

        public var item: String
        public var keyframes: [Keyframe]

        public init(item: String, keyframes: [Keyframe]) {
            self.item = item
            self.keyframes = keyframes
        }
    }

    public var zones: [Zone]
    public var drags: [Drag]

    public init(zones: [Zone], drags: [Drag] = []) {
        self.zones = zones
        self.drags = drags
    }
}
