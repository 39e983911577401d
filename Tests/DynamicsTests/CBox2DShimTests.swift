import CBox2D
import Testing

/// The C shim's two pieces of logic: the 32-bit contact filter rule and the Box2D 2.3 spring law.
struct CBox2DShimTests {
    @Test("Two fixtures collide iff one's category meets the other's mask")
    func filterRule() {
        let cases: [(UInt32, UInt32, UInt32, UInt32, Bool)] = [
            (0, 0, 0, 0, false),  // the default: nothing collides
            (1 << 2, 1 << 3, 1 << 3, 0, true),
            (1 << 2, 0, 1 << 3, 1 << 2, true),
            (1 << 2, 1 << 2, 1 << 3, 1 << 3, false),
            (1 << 31, 0, 0, 1 << 31, true),  // bit 31: beyond b2Filter's 16 bits
        ]
        for (ca, ma, cb, mb, expected) in cases {
            #expect(cb2_filter_should_collide(ca, ma, cb, mb) == expected)
            #expect(cb2_filter_should_collide(cb, mb, ca, ma) == expected)
        }
    }

    @Test("Spring constants come from the effective mass along the joint axis: k = m_eff·ω², c = 2·m_eff·ζ·ω")
    func springLaw() throws {
        let world = try #require(cb2_world_create(cb2_vec2(x: 0, y: 0)))
        defer { cb2_world_destroy(world) }
        // A 1 m × 0.5 m box of density 1: m = 0.5 kg, I = m(w² + h²)/12 = 0.0520833 kg·m².
        var box = cb2_body_def(
            is_dynamic: true, position: cb2_vec2(x: 0, y: 0), angle: 0, half_width: 0.5, half_height: 0.25,
            density: 1, friction: 0.2, restitution: 0.2, linear_damping: 0, angular_damping: 0,
            gravity_scale: 0, bullet: false, fixed_rotation: false, category: 0, mask: 0)
        var anchor = box
        anchor.is_dynamic = false
        let body = try #require(cb2_body_create(world, &box))
        let fixed = try #require(cb2_body_create(world, &anchor))
        #expect(abs(cb2_body_get_mass(body) - 0.5) < 1e-6)
        #expect(abs(cb2_body_get_inertia(body) - 0.5 * 1.25 / 12) < 1e-6)
        // Top-left corner (−0.5, −0.25) pulled left: u = (−1, 0), r×u = −0.25,
        // 1/m_eff = 1/m + (r×u)²/I = 2 + 0.0625/0.0520833 = 3.2 → m_eff = 0.3125 kg.
        var def = cb2_distance_joint_def(
            body_a: body, body_b: fixed,
            local_anchor_a: cb2_vec2(x: -0.5, y: -0.25), local_anchor_b: cb2_vec2(x: -1.0, y: -0.25),
            length: 0.5, min_length: 0, max_length: .greatestFiniteMagnitude,
            stiffness: 0, damping: 0, collide_connected: false)
        let joint = try #require(cb2_distance_joint_create(world, &def))
        let mEff = cb2_distance_joint_set_frequency(joint, 4, 0.5)
        #expect(abs(mEff - 0.3125) < 1e-6)
        let omega = 2 * Float.pi * 4
        #expect(abs(cb2_distance_joint_get_stiffness(joint) - 0.3125 * omega * omega) < 1e-3)
        #expect(abs(cb2_distance_joint_get_damping(joint) - 2 * 0.3125 * 0.5 * omega) < 1e-5)
        // After the body turns, the lever arm and so m_eff change: the constants must follow.
        cb2_body_set_transform(body, cb2_vec2(x: 0, y: 0), 0.3)
        #expect(abs(cb2_distance_joint_set_frequency(joint, 4, 0.5) - 0.3125) > 1e-3)
        #expect(cb2_world_joint_count(world) == 1)
    }
}
