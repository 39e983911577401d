import Geometry
import Testing

@testable import SceneModel
@testable import SceneSyntax

/// Every behaviour family of UIKit Dynamics, as scene files spell it.
@Suite("Behaviours in scene files")
struct BehaviorDecodingTests {
    let items = """
        items:
          - { id: a, size: [40, 40], center: [100, 100] }
          - { id: b, size: [40, 40], center: [200, 100], kind: plain, collisionBounds: ellipse }
          - { id: c, size: [40, 40], center: [200, 200], collisionBounds: { path: [[-20, -20], [20, -20], [0, 20]] } }

        """

    private func behaviors(_ yaml: String) throws -> [BehaviorSpec] {
        try decodeYAML(header + items + "behaviors:\n" + yaml).behaviors
    }

    private func message(_ yaml: String) -> String {
        sceneError { try decodeYAML(header + items + "behaviors:\n" + yaml) }?.description ?? "<no error>"
    }

    @Test("items take a dynamic kind and collision bounds")
    func itemKindsAndBounds() throws {
        let scene = try decodeYAML(header + items)
        #expect(scene.items.map(\.dynamicKind) == [.view, .plain, .view])
        #expect(scene.items[1].collisionBounds == .ellipse)
        #expect(scene.items[2].collisionBounds == .path([Point(-20, -20), Point(20, -20), Point(0, 20)]))
    }

    @Test("a push takes an angle in degrees and a magnitude, or a direction, with an offset")
    func push() throws {
        let b = try behaviors(
            """
              - push: { items: [a], mode: instantaneous, angle: 45, magnitude: 1, offset: [0, 50] }
              - push: { items: [b], direction: [3, 4], active: false }
            """)
        #expect(
            b[0]
                == .push(
                    PushSpec(
                        items: ["a"], mode: .instantaneous, force: .angle(.degrees(45), magnitude: 1),
                        offset: Point(0, 50))))
        #expect(b[1] == .push(PushSpec(items: ["b"], force: .direction(Point(3, 4)), active: false)))
    }

    @Test("a collision takes a mode, line and path boundaries, and the canvas edges with insets")
    func collision() throws {
        let b = try behaviors(
            """
              - collision:
                  items: [a, b]
                  mode: boundaries
                  translatesReferenceBoundsIntoBoundary: true
                  insets: [10, 0, 20, 0]
                  boundaries:
                    - { id: floor, from: [0, 500], to: [320, 500] }
                    - { id: bowl, path: [[0, 0], [100, 0], [50, 50]] }
            """)
        #expect(
            b == [
                .collision(
                    CollisionSpec(
                        items: ["a", "b"], mode: .boundaries,
                        boundaries: [
                            .init(id: "floor", shape: .line(from: Point(0, 500), to: Point(320, 500))),
                            .init(id: "bowl", shape: .path([Point(0, 0), Point(100, 0), Point(50, 50)])),
                        ],
                        canvasBoundary: true, insets: .init(top: 10, left: 0, bottom: 20, right: 0)))
            ])
    }

    @Test("attachments of every kind decode with their parameters")
    func attachments() throws {
        let b = try behaviors(
            """
              - attachment: { item: a, anchor: [100, 20], frequency: 2, damping: 0.3, length: 80 }
              - attachment: { kind: pin, item: a, toItem: b, anchor: [150, 100], range: [-30, 45], frictionTorque: 0.5 }
              - attachment: { kind: sliding, item: c, anchor: [200, 200], axis: [0, 1], range: [-50, 50] }
              - attachment: { kind: limit, item: a, toItem: c, offset: [0, 10] }
            """)
        #expect(
            b[0]
                == .attachment(
                    AttachmentSpec(item: "a", anchor: Point(100, 20), length: 80, frequency: 2, damping: 0.3)))
        #expect(
            b[1]
                == .attachment(
                    AttachmentSpec(
                        kind: .pin, item: "a", toItem: "b", anchor: Point(150, 100),
                        range: -30...45, frictionTorque: 0.5)))
        #expect(
            b[2]
                == .attachment(
                    AttachmentSpec(
                        kind: .sliding, item: "c", anchor: Point(200, 200),
                        range: -50...50, axis: Point(0, 1))))
        #expect(b[3] == .attachment(AttachmentSpec(kind: .limit, item: "a", toItem: "c", offset: Point(0, 10))))
    }

    @Test("an item behavior sets only the properties it names")
    func itemBehavior() throws {
        let b = try behaviors(
            """
              - itemBehavior: { items: [a, b], elasticity: 0.6, resistance: 0, allowsRotation: false, linearVelocity: [10, 0], angularVelocity: 90 }
            """)
        #expect(
            b == [
                .itemBehavior(
                    ItemBehaviorSpec(
                        items: ["a", "b"], elasticity: 0.6, resistance: 0,
                        allowsRotation: false, linearVelocity: Point(10, 0),
                        angularVelocity: .degrees(90)))
            ])
    }

    @Test("a field takes its kind, region and strength; falloff defaults by kind later")
    func field() throws {
        let b = try behaviors(
            """
              - field: { kind: radialGravity, items: [a], position: [160, 284], region: { radius: 120 }, strength: 2 }
              - field: { kind: linearGravity, items: [b], direction: [0, 1], region: { size: [100, 50] } }
            """)
        #expect(
            b[0]
                == .field(
                    FieldSpec(
                        kind: .radialGravity, items: ["a"], position: Point(160, 284), region: .radius(120), strength: 2
                    )))
        #expect(
            b[1]
                == .field(
                    FieldSpec(kind: .linearGravity, items: ["b"], region: .size(Size(100, 50)), direction: Point(0, 1)))
        )
    }

    /// Bad parameters are scene errors with their place, never Box2D assertions.
    static let errors: [(String, String)] = [
        (
            "  - attachment: { item: a, anchor: [0, 0], damping: -0.5 }",
            "test.yaml:8:53: behaviors[0].attachment.damping: expected a damping ratio of at least 0, found -0.5"
        ),
        (
            "  - attachment: { item: a, anchor: [0, 0], frequency: -2 }",
            "test.yaml:8:55: behaviors[0].attachment.frequency: expected a frequency in Hz of at least 0, found -2"
        ),
        (
            "  - snap: { item: a, to: [0, 0], damping: -1 }",
            "test.yaml:8:43: behaviors[0].snap.damping: expected a damping ratio from 0 to 1, found -1"
        ),
        (
            "  - push: { items: [a, d], magnitude: 1 }",
            "test.yaml:8:24: behaviors[0].push.items[1]: unknown item 'd'; expected one of: a, b, c"
        ),
        (
            "  - collision: { items: [a], boundaries: [{ id: wall, path: [[0, 0]] }] }",
            "test.yaml:8:61: behaviors[0].collision.boundaries[0].path: expected a path of at least 2 points more than 0.5 pt apart, found 1 point"
        ),
        (
            "  - collision: { items: [a], boundaries: [{ id: dot, path: [[5, 5], [5.1, 5], [5, 5.2]] }] }",
            "test.yaml:8:60: behaviors[0].collision.boundaries[0].path: expected a path of at least 2 points more than 0.5 pt apart, found points that all coincide"
        ),
        (
            "  - collision: { items: [a], boundaries: [{ id: w, from: [1, 1], to: [1, 1] }] }",
            "test.yaml:8:70: behaviors[0].collision.boundaries[0].to: expected a line at least 0.5 pt long, found its ends 0 pt apart"
        ),
        (
            "  - attachment: { kind: pin, item: a, toItem: b, anchor: [150, 100], range: [10, 45] }",
            "test.yaml:8:77: behaviors[0].attachment.range: expected a range of angles that contains 0 (the items' angle when pinned), found [10, 45]"
        ),
        (
            "  - attachment: { kind: pin, item: a, anchor: [150, 100] }",
            "test.yaml:8:17: behaviors[0].attachment: missing 'toItem'; a pin attachment joins two items"
        ),
        (
            "  - attachment: { item: a, toItem: a }",
            "test.yaml:8:36: behaviors[0].attachment.toItem: an item cannot be attached to itself ('a')"
        ),
        (
            "  - attachment: { kind: sliding, item: a, anchor: [0, 0], axis: [0, 0] }",
            "test.yaml:8:65: behaviors[0].attachment.axis: expected a non-zero axis direction, found [0, 0]"
        ),
        (
            "  - field: { kind: vortx, items: [a] }",
            "test.yaml:8:20: behaviors[0].field.kind: expected one of: linearGravity, radialGravity, spring, vortex, drag, velocity, electric, magnetic, noise, turbulence, found string 'vortx' (did you mean 'vortex'?)"
        ),
        (
            "  - itemBehavior: { items: [a], density: 0 }",
            "test.yaml:8:42: behaviors[0].itemBehavior.density: expected a density greater than 0, found 0"
        ),
        (
            "  - push: { items: [a], direction: [1, 0], angle: 30 }",
            "test.yaml:8:44: behaviors[0].push.angle: 'direction' and 'angle' are both given; expected either direction: [dx, dy] or angle and magnitude"
        ),
    ]

    @Test("bad behavior parameters are one-line scene errors at their place", arguments: errors)
    func badParameters(yaml: String, expected: String) {
        #expect(message(yaml) == expected)
    }

    @Test("a collision path must be a convex polygon of 3 to 8 points")
    func collisionPathIsConvex() {
        let concave =
            header
            + "items:\n  - { id: a, size: [40, 40], center: [0, 0], collisionBounds: { path: [[0, 0], [10, 0], [2, 2], [0, 10]] } }\n"
        #expect(
            sceneError { try decodeYAML(concave) }?.description
                == "test.yaml:4:71: items[0].collisionBounds.path: expected a convex polygon; it turns the other way at point 2"
        )
    }

    @Test("a behavior built in Swift meets the same rules, without a line")
    func swiftBuiltBehaviorsAreValidated() throws {
        var scene = try decodeYAML(header + items)
        scene.behaviors = [
            .attachment(AttachmentSpec(kind: .pin, item: "a", toItem: "b", anchor: .zero, range: 5...10))
        ]
        #expect(
            throws: SceneError(
                file: "<swift>", keyPath: "behaviors[0].attachment.range",
                message: "expected a range of angles that contains 0 (the items' angle when pinned), found [5, 10]")
        ) {
            try scene.validate()
        }
    }
}

/// The source texts' custom behaviours, as scene files spell them.
@Suite("Custom behaviours in scene files")
struct CustomBehaviorDecodingTests {
    let items = """
        items:
          - { id: a, size: [60, 60], center: [160, 252] }
          - { id: b, size: [60, 60], center: [60, 60] }

        """

    private func behaviors(_ yaml: String) throws -> [BehaviorSpec] {
        try decodeYAML(header + items + "behaviors:\n" + yaml).behaviors
    }

    private func message(_ yaml: String) -> String {
        sceneError { try decodeYAML(header + items + "behaviors:\n" + yaml) }?.description ?? "<no error>"
    }

    @Test("a watcher holds the behavior it removes")
    func watcher() throws {
        let b = try behaviors("  - watcher: { item: a, threshold: 5, client: { snap: { item: a, to: [80, 252] } } }\n")
        #expect(b == [.watcher(WatcherSpec(item: "a", client: .snap(SnapSpec(item: "a", snapPoint: Point(80, 252)))))])
    }

    @Test("damped resize, transform tween and transform nest take the seed's parameters")
    func resizeTweenNest() throws {
        let b = try behaviors(
            """
              - dampedResize: { item: a, amplitude: 0.5, frequency: 1, decay: 2, duration: 1.5 }
              - transformTween: { item: b, rotation: 45, scale: [1.5, 1.5], translation: [10, 0] }
              - transformNest: { items: [a, b], to: [160, 284], angles: [0, 45] }
            """)
        #expect(b[0] == .dampedResize(DampedResizeSpec(item: "a")))
        #expect(
            b[1]
                == .transformTween(
                    TransformTweenSpec(
                        item: "b", rotation: .degrees(45), scale: Size(1.5, 1.5),
                        translation: Point(10, 0))))
        #expect(
            b[2]
                == .transformNest(
                    TransformNestSpec(
                        items: ["a", "b"], point: Point(160, 284),
                        angles: [.degrees(0), .degrees(45)])))
    }

    @Test("snap zones take rectangles and drags scripted as [time, x, y]")
    func snapZones() throws {
        let b = try behaviors(
            """
              - snapZones:
                  zones: [{ id: left, rect: [20, 100, 120, 120] }]
                  drags: [{ item: a, path: [[0.5, 160, 252], [1.0, 80, 160]] }]
            """)
        #expect(
            b == [
                .snapZones(
                    SnapZonesSpec(
                        zones: [.init(id: "left", rect: Rect(x: 20, y: 100, width: 120, height: 120))],
                        drags: [
                            .init(
                                item: "a",
                                keyframes: [
                                    .init(time: 0.5, point: Point(160, 252)), .init(time: 1, point: Point(80, 160)),
                                ])
                        ]))
            ])
    }

    static let errors: [(String, String)] = [
        (
            "  - watcher: { item: a, client: { snap: { item: c, to: [0, 0] } } }",
            "test.yaml:7:49: behaviors[0].watcher.client.snap.item: unknown item 'c'; expected one of: a, b"
        ),
        (
            "  - watcher: { item: a, client: { watcher: { item: a, client: { snap: { item: a, to: [0, 0] } } } } }",
            "test.yaml:7:33: behaviors[0].watcher.client: a watcher's client cannot be another watcher; expected the behavior to remove, such as a snap"
        ),
        (
            "  - dampedResize: { item: a, amplitude: 1.5 }",
            "test.yaml:7:41: behaviors[0].dampedResize.amplitude: expected an amplitude from 0 up to (not including) 1, so the scale stays positive, found 1.5"
        ),
        (
            "  - transformTween: { item: a, scale: [0, 1] }",
            "test.yaml:7:40: behaviors[0].transformTween.scale[0]: expected a non-zero scale (0 makes the item vanish and its transform singular)"
        ),
        (
            "  - transformNest: { items: [a, b], to: [0, 0], angles: [10] }",
            "test.yaml:7:57: behaviors[0].transformNest.angles: expected one angle per item (2), found 1"
        ),
        (
            "  - snapZones: { zones: [{ id: z, rect: [0, 0, 10, 10] }], drags: [{ item: a, path: [[1, 0, 0], [0.5, 1, 1]] }] }",
            "test.yaml:7:98: behaviors[0].snapZones.drags[0].path[1][0]: expected times that increase, found 0.5 after 1"
        ),
        (
            // Found by the render fuzzer: the zone's centre reached Box2D as a body position it asserts on.
            "  - snapZones: { zones: [{ id: z, rect: [0, 0, 1e300, 10] }], drags: [{ item: a, path: [[1, 0, 0]] }] }",
            "test.yaml:7:48: behaviors[0].snapZones.zones[0].rect[2]: expected a value within ±10000000 (the physics engine computes in 32-bit floats), found 1e+300"
        ),
    ]

    @Test("bad custom-behavior parameters are one-line scene errors at their place", arguments: errors)
    func badParameters(yaml: String, expected: String) {
        #expect(message(yaml) == expected)
    }
}
