/*
 * cbox2d.h: a thin C API over the system Box2D 2.4.1 (C++), for Swift.
 *
 * Rules of this header:
 *  - Pure C (C99): Swift imports it through the target's generated module map.
 *  - Box2D units throughout: metres, kilograms, seconds, radians, newtons. Converting from
 *    UIKit points (100 pt/m, y down) is the caller's business (Sources/Dynamics).
 *  - No policy: the shim never decides when to step, what to round or which bodies exist.
 *    The one exception is `cb2_distance_joint_set_frequency`, which re-creates Box2D 2.2/2.3's
 *    frequency/damping-ratio spring law on top of 2.4.1's stiffness/damping joint (see below).
 *  - Handles are opaque and owned by their world: destroying the world frees every body and
 *    joint in it; a body's joints die with the body (Box2D semantics).
 */
#ifndef CBOX2D_H
#define CBOX2D_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cb2_world cb2_world;
typedef struct cb2_body cb2_body;
typedef struct cb2_joint cb2_joint;

typedef struct cb2_vec2 {
    float x;
    float y;
} cb2_vec2;

/* ---- world ------------------------------------------------------------------------------ */

/* A world with the given gravity (m/s²), automatic force clearing OFF (forces applied once act
 * in every sub-step until cb2_world_clear_forces) and the 32-bit category/mask contact filter
 * installed (see cb2_body_set_filter). */
cb2_world *cb2_world_create(cb2_vec2 gravity);
void cb2_world_destroy(cb2_world *world);

void cb2_world_set_gravity(cb2_world *world, cb2_vec2 gravity);
cb2_vec2 cb2_world_get_gravity(const cb2_world *world);

/* One b2World::Step of h seconds (float, as Box2D takes it). */
void cb2_world_step(cb2_world *world, float h, int32_t velocity_iterations, int32_t position_iterations);

/* b2World::ClearForces: drops every accumulated force and torque. */
void cb2_world_clear_forces(cb2_world *world);

int32_t cb2_world_body_count(const cb2_world *world);
int32_t cb2_world_joint_count(const cb2_world *world);

/* ---- bodies ----------------------------------------------------------------------------- */

/* A body with one box fixture (or none). All lengths in metres. */
typedef struct cb2_body_def {
    bool is_dynamic;         /* false: static body (infinite mass, never moves by itself) */
    cb2_vec2 position;       /* m, world */
    float angle;             /* rad */
    float half_width;        /* m; the box fixture is skipped when either half extent is <= 0 */
    float half_height;       /* m */
    float density;           /* kg/m² */
    float friction;          /* Coulomb coefficient, >= 0 */
    float restitution;       /* 0 ... 1 */
    float linear_damping;    /* 1/s */
    float angular_damping;   /* 1/s */
    float gravity_scale;     /* multiplier of world gravity */
    bool bullet;             /* continuous collision against dynamic bodies too */
    bool fixed_rotation;
    uint32_t category;       /* contact filter bits of the fixture, see cb2_body_set_filter */
    uint32_t mask;
} cb2_body_def;

cb2_body *cb2_body_create(cb2_world *world, const cb2_body_def *def);
/* Destroys the body, its fixtures and every joint attached to it. */
void cb2_body_destroy(cb2_world *world, cb2_body *body);

bool cb2_body_is_dynamic(const cb2_body *body);

cb2_vec2 cb2_body_get_position(const cb2_body *body);     /* body origin, m */
float cb2_body_get_angle(const cb2_body *body);           /* rad */
cb2_vec2 cb2_body_get_world_center(const cb2_body *body); /* centre of mass, m */
/* b2Body::SetTransform (teleport; velocities kept). */
void cb2_body_set_transform(cb2_body *body, cb2_vec2 position, float angle);

cb2_vec2 cb2_body_get_linear_velocity(const cb2_body *body); /* m/s, of the centre of mass */
void cb2_body_set_linear_velocity(cb2_body *body, cb2_vec2 velocity);
float cb2_body_get_angular_velocity(const cb2_body *body);   /* rad/s */
void cb2_body_set_angular_velocity(cb2_body *body, float omega);

/* Force (N) / linear impulse (N·s) at a world point (m); torque arises from the offset. */
void cb2_body_apply_force(cb2_body *body, cb2_vec2 force, cb2_vec2 point, bool wake);
void cb2_body_apply_linear_impulse(cb2_body *body, cb2_vec2 impulse, cb2_vec2 point, bool wake);

float cb2_body_get_mass(const cb2_body *body);    /* kg */
float cb2_body_get_inertia(const cb2_body *body); /* kg·m² about the centre of mass */

void cb2_body_set_linear_damping(cb2_body *body, float damping);   /* 1/s */
float cb2_body_get_linear_damping(const cb2_body *body);
void cb2_body_set_angular_damping(cb2_body *body, float damping);  /* 1/s */
float cb2_body_get_angular_damping(const cb2_body *body);
void cb2_body_set_gravity_scale(cb2_body *body, float scale);
float cb2_body_get_gravity_scale(const cb2_body *body);
void cb2_body_set_bullet(cb2_body *body, bool flag);
bool cb2_body_is_bullet(const cb2_body *body);
void cb2_body_set_fixed_rotation(cb2_body *body, bool flag);
bool cb2_body_is_fixed_rotation(const cb2_body *body);

/* Box2D sleep state. Setting awake resets the body's sleep timer; asleep zeroes velocities. */
bool cb2_body_is_awake(const cb2_body *body);
void cb2_body_set_awake(cb2_body *body, bool flag);

/* Contact filter bits of every fixture of the body. Two fixtures collide iff
 * (a.category & b.mask) != 0 || (b.category & a.mask) != 0. Both default to 0: no contacts.
 * Box2D's own b2Filter (16 bits, groups) is bypassed. */
void cb2_body_set_filter(cb2_body *body, uint32_t category, uint32_t mask);
uint32_t cb2_body_get_category(const cb2_body *body);
uint32_t cb2_body_get_mask(const cb2_body *body);

/* The pure filter rule, exposed for tests. */
bool cb2_filter_should_collide(uint32_t category_a, uint32_t mask_a, uint32_t category_b, uint32_t mask_b);

/* ---- distance joints -------------------------------------------------------------------- */

typedef struct cb2_distance_joint_def {
    cb2_body *body_a;
    cb2_body *body_b;
    cb2_vec2 local_anchor_a; /* m, in body A's frame */
    cb2_vec2 local_anchor_b; /* m, in body B's frame */
    float length;            /* rest length, m (Box2D clamps to >= linearSlop = 0.005 m) */
    float min_length;        /* m; min == max makes the joint rigid */
    float max_length;        /* m; FLT_MAX for "no upper limit" */
    float stiffness;         /* N/m; 0 = rigid when min == max, no spring otherwise */
    float damping;           /* N·s/m */
    bool collide_connected;
} cb2_distance_joint_def;

cb2_joint *cb2_distance_joint_create(cb2_world *world, const cb2_distance_joint_def *def);
void cb2_joint_destroy(cb2_world *world, cb2_joint *joint);

float cb2_distance_joint_get_length(const cb2_joint *joint);
float cb2_distance_joint_set_length(cb2_joint *joint, float length);        /* returns clamped */
float cb2_distance_joint_set_min_length(cb2_joint *joint, float length);    /* returns clamped */
float cb2_distance_joint_set_max_length(cb2_joint *joint, float length);    /* returns clamped */
float cb2_distance_joint_get_current_length(const cb2_joint *joint);        /* anchor distance, m */
float cb2_distance_joint_get_stiffness(const cb2_joint *joint);             /* N/m */
float cb2_distance_joint_get_damping(const cb2_joint *joint);               /* N·s/m */
void cb2_distance_joint_set_stiffness(cb2_joint *joint, float stiffness);
void cb2_distance_joint_set_damping(cb2_joint *joint, float damping);

/* Box2D 2.2/2.3 spring law on a 2.4.1 joint. 2.3 took (frequencyHz, dampingRatio) and, inside
 * every b2World::Step, derived k = m_eff·ω² and c = 2·m_eff·ζ·ω from the joint's effective mass
 * along its current axis, m_eff = 1/(1/mA + (rA×u)²/IA + 1/mB + (rB×u)²/IB), ω = 2π·frequencyHz.
 * 2.4.1 takes k and c directly and keeps them fixed, so the caller must call this before EVERY
 * b2World::Step (sub-step) to reproduce 2.3: it evaluates m_eff from the bodies' current
 * transforms exactly as 2.3's InitVelocityConstraints does (float arithmetic, same order) and
 * stores k and c. frequencyHz <= 0 stores k = c = 0. Returns m_eff (kg). */
float cb2_distance_joint_set_frequency(cb2_joint *joint, float frequency_hz, float damping_ratio);

/* The effective mass alone (same evaluation as above). */
float cb2_distance_joint_effective_mass(const cb2_joint *joint);


/* ---- extra fixtures (shapes other than the centred box of cb2_body_def) --------------------- */

/* Fixture material: density kg/m², friction >= 0, restitution 0 ... 1. */
typedef struct cb2_material {
    float density;
    float friction;
    float restitution;
} cb2_material;

/* A convex polygon fixture, vertices in the body frame (m), either winding. The caller must pass
 * 3 ... 8 (b2_maxPolygonVertices) vertices of a strictly convex polygon whose edges are longer
 * than 0.5·linearSlop: Box2D asserts otherwise. The fixture takes the body's filter bits. */
void cb2_body_add_polygon(cb2_body *body, const cb2_vec2 *vertices, int32_t count, cb2_material material);
/* A circle fixture of `radius` m centred at `center` (body frame). */
void cb2_body_add_circle(cb2_body *body, cb2_vec2 center, float radius, cb2_material material);
/* A two-sided edge fixture from a to b (body frame, m); |b − a| > linearSlop. */
void cb2_body_add_edge(cb2_body *body, cb2_vec2 a, cb2_vec2 b, cb2_material material);
/* A closed outline of two-sided edges v0→v1→…→v(n−1)→v0 (one fixture per edge): >= 3 vertices,
 * consecutive ones (and last–first) farther apart than linearSlop (0.005 m). Not a b2ChainShape:
 * 2.4.1 chains are one-sided (they collide only from the right of each edge), while Box2D 2.2.1's
 * chains, which UIKit uses for path boundaries, stop bodies on both sides. */
void cb2_body_add_edge_loop(cb2_body *body, const cb2_vec2 *vertices, int32_t count, cb2_material material);

/* Sets density, friction and restitution of every fixture; recomputes the mass only when a
 * density changed (b2Body::ResetMassData). */
void cb2_body_set_material(cb2_body *body, cb2_material material);

/* Static (false) or dynamic (true); b2Body::SetType (static zeroes the velocities). */
void cb2_body_set_dynamic(cb2_body *body, bool dynamic);

/* An integer the caller uses to recognise the body in contact events (body user data). 0 default. */
void cb2_body_set_user_id(cb2_body *body, uint64_t id);
uint64_t cb2_body_get_user_id(const cb2_body *body);

/* ---- contacts ----------------------------------------------------------------------------- */

/* Began / ended touching, recorded by the world's contact listener since the last
 * cb2_world_clear_contact_events, in Box2D's callback order. Bodies are named by user id.
 * point (m): for a began contact, the manifold point with the largest normal impulse of the
 * contact's first solve after it began (the first manifold point if it was never solved, e.g. a
 * disabled contact); ended contacts carry the point of their last manifold (or 0,0). */
typedef struct cb2_contact_event {
    bool began;
    uint64_t id_a;
    uint64_t id_b;
    cb2_vec2 point;
} cb2_contact_event;

int32_t cb2_world_contact_event_count(const cb2_world *world);
cb2_contact_event cb2_world_contact_event(const cb2_world *world, int32_t index);
void cb2_world_clear_contact_events(cb2_world *world);

/* ---- other joints ------------------------------------------------------------------------- */

/* b2RevoluteJoint made with b2RevoluteJointDef::Initialize at a world anchor (m). Limits in rad
 * (relative angle B − A), motor at speed 0 with max torque (N·m) = friction torque. */
cb2_joint *cb2_revolute_joint_create(cb2_world *world, cb2_body *a, cb2_body *b, cb2_vec2 anchor,
                                     bool enable_limit, float lower, float upper,
                                     float friction_torque, bool collide_connected);
void cb2_revolute_joint_set_limits(cb2_joint *joint, bool enable, float lower, float upper);
void cb2_revolute_joint_set_friction_torque(cb2_joint *joint, float torque);

/* b2WeldJoint (rigid) made with Initialize at a world anchor (m). */
cb2_joint *cb2_weld_joint_create(cb2_world *world, cb2_body *a, cb2_body *b, cb2_vec2 anchor, bool collide_connected);

/* b2PrismaticJoint made with Initialize(anchor, unit axis); limits in m along the axis. */
cb2_joint *cb2_prismatic_joint_create(cb2_world *world, cb2_body *a, cb2_body *b, cb2_vec2 anchor, cb2_vec2 axis,
                                      bool enable_limit, float lower, float upper, bool collide_connected);
void cb2_prismatic_joint_set_limits(cb2_joint *joint, bool enable, float lower, float upper);

/* Joint reaction-free helpers for tests: the joint's anchors in world coordinates (m). */
cb2_vec2 cb2_joint_get_anchor_a(const cb2_joint *joint);
cb2_vec2 cb2_joint_get_anchor_b(const cb2_joint *joint);

#ifdef __cplusplus
}
#endif

#endif /* CBOX2D_H */
