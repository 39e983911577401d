// cbox2d.cpp: the C API of cbox2d.h over Box2D 2.4.1. Every function is a direct forward to
// Box2D except the contact filter (32-bit masks) and cb2_distance_joint_set_frequency (the
// Box2D 2.3 spring law); both are explained where they are defined.

#include "cbox2d.h"

#include <box2d/box2d.h>

#include <cfloat>
#include <new>
#include <vector>

namespace {

// Fixture user data packs the two 32-bit filter words into one uintptr_t (no allocation, no
// ownership): low word = category, high word = mask. Needs a 64-bit uintptr_t.
static_assert(sizeof(uintptr_t) >= 8, "cbox2d packs two 32-bit masks into fixture user data");

uintptr_t packFilter(uint32_t category, uint32_t mask) {
    return static_cast<uintptr_t>(category) | (static_cast<uintptr_t>(mask) << 32);
}
uint32_t categoryOf(const b2Fixture *f) {
    return static_cast<uint32_t>(const_cast<b2Fixture *>(f)->GetUserData().pointer & 0xffffffffu);
}
uint32_t maskOf(const b2Fixture *f) {
    return static_cast<uint32_t>(const_cast<b2Fixture *>(f)->GetUserData().pointer >> 32);
}

// UIKit's collision groups use 32 category bits (spec dynamics §3.4); b2Filter has 16 and a
// group index, so it is bypassed: this filter replaces b2ContactFilter::ShouldCollide entirely.
// Box2D still applies its own body-level rule first (joints with collideConnected = false,
// static-static pairs).
class MaskFilter final : public b2ContactFilter {
public:
    bool ShouldCollide(b2Fixture *a, b2Fixture *b) override {
        return cb2_filter_should_collide(categoryOf(a), maskOf(a), categoryOf(b), maskOf(b));
    }
};

// Contact reporting (spec dynamics §3.4): UIKit flushes PhysicsKit's contact listener after the
// world step and reports began, then ended contacts. Box2D calls BeginContact/EndContact from
// inside b2World::Step (and EndContact from DestroyBody); they are recorded here in call order.
//
// The "disabled but still reported" quirk: the filter above lets a pair collide when EITHER side
// accepts the other, but only a dynamic body whose own mask accepts the other's category
// responds. PreSolve disables a contact no dynamic body responds to (an `.items`-mode item on its
// own behaviour's boundary); Begin/EndContact still fire for it, as UIKit reports it.
class Listener final : public b2ContactListener {
public:
    struct Event {
        cb2_contact_event event;
        b2Contact *contact;  // for the began point update; nullptr once resolved or ended
    };
    std::vector<Event> events;

    static uint64_t idOf(b2Fixture *f) { return static_cast<uint64_t>(f->GetBody()->GetUserData().pointer); }

    static cb2_vec2 firstPoint(b2Contact *c) {
        b2WorldManifold wm;
        c->GetWorldManifold(&wm);
        if (c->GetManifold()->pointCount > 0) return cb2_vec2{wm.points[0].x, wm.points[0].y};
        return cb2_vec2{0.0f, 0.0f};
    }

    void BeginContact(b2Contact *c) override {
        cb2_contact_event e{true, idOf(c->GetFixtureA()), idOf(c->GetFixtureB()), firstPoint(c)};
        events.push_back(Event{e, c});
    }

    void EndContact(b2Contact *c) override {
        for (Event &e : events) {
            if (e.contact == c) e.contact = nullptr; // the pointer may be reused by a new contact
        }
        cb2_contact_event e{false, idOf(c->GetFixtureA()), idOf(c->GetFixtureB()), firstPoint(c)};
        events.push_back(Event{e, nullptr});
    }

    void PreSolve(b2Contact *c, const b2Manifold *) override {
        b2Fixture *fa = c->GetFixtureA(), *fb = c->GetFixtureB();
        bool aResponds = fa->GetBody()->GetType() == b2_dynamicBody && (maskOf(fa) & categoryOf(fb)) != 0;
        bool bResponds = fb->GetBody()->GetType() == b2_dynamicBody && (maskOf(fb) & categoryOf(fa)) != 0;
        if (!aResponds && !bResponds) c->SetEnabled(false);
    }

    void PostSolve(b2Contact *c, const b2ContactImpulse *impulse) override {
        for (Event &e : events) {
            if (e.contact != c) continue;
            // The manifold point with the largest normal impulse (first solve after it began).
            b2WorldManifold wm;
            c->GetWorldManifold(&wm);
            int32 best = 0;
            for (int32 i = 1; i < impulse->count; ++i) {
                if (impulse->normalImpulses[i] > impulse->normalImpulses[best]) best = i;
            }
            if (c->GetManifold()->pointCount > best) e.event.point = cb2_vec2{wm.points[best].x, wm.points[best].y};
            e.contact = nullptr;
        }
    }
};

b2Vec2 toB2(cb2_vec2 v) { return b2Vec2(v.x, v.y); }
cb2_vec2 fromB2(const b2Vec2 &v) { return cb2_vec2{v.x, v.y}; }

} // namespace

struct cb2_world {
    b2World world;
    MaskFilter filter;
    Listener listener;
    explicit cb2_world(const b2Vec2 &gravity) : world(gravity) {}
};

// The opaque handle types are the Box2D objects themselves.
static b2Body *B(cb2_body *b) { return reinterpret_cast<b2Body *>(b); }
static const b2Body *B(const cb2_body *b) { return reinterpret_cast<const b2Body *>(b); }
static b2DistanceJoint *DJ(cb2_joint *j) { return reinterpret_cast<b2DistanceJoint *>(j); }
static const b2DistanceJoint *DJ(const cb2_joint *j) { return reinterpret_cast<const b2DistanceJoint *>(j); }

extern "C" {

// ---- world --------------------------------------------------------------------------------

cb2_world *cb2_world_create(cb2_vec2 gravity) {
    cb2_world *w = new (std::nothrow) cb2_world(toB2(gravity));
    if (w == nullptr) return nullptr;
    w->world.SetContactFilter(&w->filter);
    w->world.SetContactListener(&w->listener);
    // PhysicsKit applies a push force once per display-link tick and clears forces after all
    // the tick's sub-steps (spec dynamics §1.2), so Box2D must not clear them after each Step.
    w->world.SetAutoClearForces(false);
    return w;
}

void cb2_world_destroy(cb2_world *world) { delete world; }

void cb2_world_set_gravity(cb2_world *world, cb2_vec2 gravity) { world->world.SetGravity(toB2(gravity)); }
cb2_vec2 cb2_world_get_gravity(const cb2_world *world) { return fromB2(world->world.GetGravity()); }

void cb2_world_step(cb2_world *world, float h, int32_t velocity_iterations, int32_t position_iterations) {
    world->world.Step(h, velocity_iterations, position_iterations);
}

void cb2_world_clear_forces(cb2_world *world) { world->world.ClearForces(); }

int32_t cb2_world_body_count(const cb2_world *world) { return world->world.GetBodyCount(); }
int32_t cb2_world_joint_count(const cb2_world *world) { return world->world.GetJointCount(); }

// ---- bodies -------------------------------------------------------------------------------

cb2_body *cb2_body_create(cb2_world *world, const cb2_body_def *def) {
    b2BodyDef bd;
    bd.type = def->is_dynamic ? b2_dynamicBody : b2_staticBody;
    bd.position = toB2(def->position);
    bd.angle = def->angle;
    bd.linearDamping = def->linear_damping;
    bd.angularDamping = def->angular_damping;
    bd.gravityScale = def->gravity_scale;
    bd.bullet = def->bullet;
    bd.fixedRotation = def->fixed_rotation;
    b2Body *body = world->world.CreateBody(&bd);
    if (def->half_width > 0.0f && def->half_height > 0.0f) {
        // 2.4.1 polygons carry a skin of b2_polygonRadius (0.01 m) for collision; the mass is
        // computed from the core box only, so the dynamics are those of a w×h box.
        b2PolygonShape box;
        box.SetAsBox(def->half_width, def->half_height);
        b2FixtureDef fd;
        fd.shape = &box;
        fd.density = def->density;
        fd.friction = def->friction;
        fd.restitution = def->restitution;
        fd.userData.pointer = packFilter(def->category, def->mask);
        body->CreateFixture(&fd);
    }
    return reinterpret_cast<cb2_body *>(body);
}

void cb2_body_destroy(cb2_world *world, cb2_body *body) { world->world.DestroyBody(B(body)); }

bool cb2_body_is_dynamic(const cb2_body *body) { return B(body)->GetType() == b2_dynamicBody; }

cb2_vec2 cb2_body_get_position(const cb2_body *body) { return fromB2(B(body)->GetPosition()); }
float cb2_body_get_angle(const cb2_body *body) { return B(body)->GetAngle(); }
cb2_vec2 cb2_body_get_world_center(const cb2_body *body) { return fromB2(B(body)->GetWorldCenter()); }
void cb2_body_set_transform(cb2_body *body, cb2_vec2 position, float angle) {
    B(body)->SetTransform(toB2(position), angle);
}

cb2_vec2 cb2_body_get_linear_velocity(const cb2_body *body) { return fromB2(B(body)->GetLinearVelocity()); }
void cb2_body_set_linear_velocity(cb2_body *body, cb2_vec2 velocity) { B(body)->SetLinearVelocity(toB2(velocity)); }
float cb2_body_get_angular_velocity(const cb2_body *body) { return B(body)->GetAngularVelocity(); }
void cb2_body_set_angular_velocity(cb2_body *body, float omega) { B(body)->SetAngularVelocity(omega); }

void cb2_body_apply_force(cb2_body *body, cb2_vec2 force, cb2_vec2 point, bool wake) {
    B(body)->ApplyForce(toB2(force), toB2(point), wake);
}
void cb2_body_apply_linear_impulse(cb2_body *body, cb2_vec2 impulse, cb2_vec2 point, bool wake) {
    B(body)->ApplyLinearImpulse(toB2(impulse), toB2(point), wake);
}

float cb2_body_get_mass(const cb2_body *body) { return B(body)->GetMass(); }
float cb2_body_get_inertia(const cb2_body *body) {
    // b2Body::GetInertia is about the body origin; remove the parallel-axis term.
    const b2Body *b = B(body);
    b2Vec2 lc = b->GetLocalCenter();
    return b->GetInertia() - b->GetMass() * b2Dot(lc, lc);
}

void cb2_body_set_linear_damping(cb2_body *body, float damping) { B(body)->SetLinearDamping(damping); }
float cb2_body_get_linear_damping(const cb2_body *body) { return B(body)->GetLinearDamping(); }
void cb2_body_set_angular_damping(cb2_body *body, float damping) { B(body)->SetAngularDamping(damping); }
float cb2_body_get_angular_damping(const cb2_body *body) { return B(body)->GetAngularDamping(); }
void cb2_body_set_gravity_scale(cb2_body *body, float scale) { B(body)->SetGravityScale(scale); }
float cb2_body_get_gravity_scale(const cb2_body *body) { return B(body)->GetGravityScale(); }
void cb2_body_set_bullet(cb2_body *body, bool flag) { B(body)->SetBullet(flag); }
bool cb2_body_is_bullet(const cb2_body *body) { return B(body)->IsBullet(); }
void cb2_body_set_fixed_rotation(cb2_body *body, bool flag) { B(body)->SetFixedRotation(flag); }
bool cb2_body_is_fixed_rotation(const cb2_body *body) { return B(body)->IsFixedRotation(); }

bool cb2_body_is_awake(const cb2_body *body) { return B(body)->IsAwake(); }
void cb2_body_set_awake(cb2_body *body, bool flag) { B(body)->SetAwake(flag); }

void cb2_body_set_filter(cb2_body *body, uint32_t category, uint32_t mask) {
    for (b2Fixture *f = B(body)->GetFixtureList(); f != nullptr; f = f->GetNext()) {
        f->GetUserData().pointer = packFilter(category, mask);
        f->Refilter(); // re-runs ShouldCollide for existing contacts and new proxies
    }
}
uint32_t cb2_body_get_category(const cb2_body *body) {
    const b2Fixture *f = B(body)->GetFixtureList();
    return f != nullptr ? categoryOf(f) : 0;
}
uint32_t cb2_body_get_mask(const cb2_body *body) {
    const b2Fixture *f = B(body)->GetFixtureList();
    return f != nullptr ? maskOf(f) : 0;
}

bool cb2_filter_should_collide(uint32_t category_a, uint32_t mask_a, uint32_t category_b, uint32_t mask_b) {
    return (category_a & mask_b) != 0 || (category_b & mask_a) != 0;
}

// ---- distance joints ----------------------------------------------------------------------

cb2_joint *cb2_distance_joint_create(cb2_world *world, const cb2_distance_joint_def *def) {
    b2DistanceJointDef jd;
    jd.bodyA = B(def->body_a);
    jd.bodyB = B(def->body_b);
    jd.localAnchorA = toB2(def->local_anchor_a);
    jd.localAnchorB = toB2(def->local_anchor_b);
    jd.length = def->length;
    jd.minLength = def->min_length;
    jd.maxLength = def->max_length;
    jd.stiffness = def->stiffness;
    jd.damping = def->damping;
    jd.collideConnected = def->collide_connected;
    return reinterpret_cast<cb2_joint *>(world->world.CreateJoint(&jd));
}

void cb2_joint_destroy(cb2_world *world, cb2_joint *joint) {
    world->world.DestroyJoint(reinterpret_cast<b2Joint *>(joint));
}

float cb2_distance_joint_get_length(const cb2_joint *joint) { return DJ(joint)->GetLength(); }
float cb2_distance_joint_set_length(cb2_joint *joint, float length) { return DJ(joint)->SetLength(length); }
float cb2_distance_joint_set_min_length(cb2_joint *joint, float length) { return DJ(joint)->SetMinLength(length); }
float cb2_distance_joint_set_max_length(cb2_joint *joint, float length) { return DJ(joint)->SetMaxLength(length); }
float cb2_distance_joint_get_current_length(const cb2_joint *joint) { return DJ(joint)->GetCurrentLength(); }
float cb2_distance_joint_get_stiffness(const cb2_joint *joint) { return DJ(joint)->GetStiffness(); }
float cb2_distance_joint_get_damping(const cb2_joint *joint) { return DJ(joint)->GetDamping(); }
void cb2_distance_joint_set_stiffness(cb2_joint *joint, float stiffness) { DJ(joint)->SetStiffness(stiffness); }
void cb2_distance_joint_set_damping(cb2_joint *joint, float damping) { DJ(joint)->SetDamping(damping); }

// Inverse mass and inverse rotational inertia about the centre of mass, as b2Body stores them
// (m_invMass, m_invI are private): ResetMassData sets invMass = 1/m and invI = 1/I_cm for
// dynamic bodies, 0 for static ones and invI = 0 for fixed rotation.
static void inverseMass(const b2Body *b, float *invMass, float *invI) {
    *invMass = 0.0f;
    *invI = 0.0f;
    if (b->GetType() != b2_dynamicBody) return;
    float m = b->GetMass();
    if (m > 0.0f) *invMass = 1.0f / m;
    if (!b->IsFixedRotation()) {
        b2Vec2 lc = b->GetLocalCenter();
        float I = b->GetInertia() - m * b2Dot(lc, lc);
        if (I > 0.0f) *invI = 1.0f / I;
    }
}

float cb2_distance_joint_effective_mass(const cb2_joint *joint) {
    const b2DistanceJoint *j = DJ(joint);
    const b2Body *bA = const_cast<b2DistanceJoint *>(j)->GetBodyA();
    const b2Body *bB = const_cast<b2DistanceJoint *>(j)->GetBodyB();

    // Box2D 2.3 b2DistanceJoint::InitVelocityConstraints, statement for statement, with the
    // solver's start-of-step positions (sweep centre c and angle a) read from the bodies.
    b2Vec2 cA = bA->GetWorldCenter();
    float aA = bA->GetAngle();
    b2Vec2 cB = bB->GetWorldCenter();
    float aB = bB->GetAngle();
    b2Rot qA(aA), qB(aB);
    b2Vec2 rA = b2Mul(qA, j->GetLocalAnchorA() - bA->GetLocalCenter());
    b2Vec2 rB = b2Mul(qB, j->GetLocalAnchorB() - bB->GetLocalCenter());
    b2Vec2 u = cB + rB - cA - rA;

    // Singular (anchors within linearSlop): 2.3 zeroes the axis, leaving the linear masses.
    float length = u.Length();
    if (length > b2_linearSlop) {
        u *= 1.0f / length;
    } else {
        u.Set(0.0f, 0.0f);
    }

    float invMassA, invIA, invMassB, invIB;
    inverseMass(bA, &invMassA, &invIA);
    inverseMass(bB, &invMassB, &invIB);
    float crAu = b2Cross(rA, u);
    float crBu = b2Cross(rB, u);
    float invMass = invMassA + invIA * crAu * crAu + invMassB + invIB * crBu * crBu;
    return invMass != 0.0f ? 1.0f / invMass : 0.0f;
}

float cb2_distance_joint_set_frequency(cb2_joint *joint, float frequency_hz, float damping_ratio) {
    float mEff = cb2_distance_joint_effective_mass(joint);
    b2DistanceJoint *j = DJ(joint);
    if (frequency_hz > 0.0f) {
        // 2.3: omega = 2π f; d = 2·m·ζ·ω; k = m·ω² (same float expressions, same order), so
        // 2.4.1's gamma = 1/(h(d + hk)) and bias = C·h·k·gamma equal 2.3's bit for bit.
        float omega = 2.0f * b2_pi * frequency_hz;
        float d = 2.0f * mEff * damping_ratio * omega;
        float k = mEff * omega * omega;
        j->SetStiffness(k);
        j->SetDamping(d);
    } else {
        j->SetStiffness(0.0f);
        j->SetDamping(0.0f);
    }
    return mEff;
}

// ---- extra fixtures -----------------------------------------------------------------------

static void addFixture(b2Body *body, const b2Shape *shape, cb2_material m) {
    // New fixtures take the body's filter words (those of its first fixture, if any).
    uintptr_t filter = 0;
    if (const b2Fixture *f = body->GetFixtureList()) filter = const_cast<b2Fixture *>(f)->GetUserData().pointer;
    b2FixtureDef fd;
    fd.shape = shape;
    fd.density = m.density;
    fd.friction = m.friction;
    fd.restitution = m.restitution;
    fd.userData.pointer = filter;
    body->CreateFixture(&fd);
}

void cb2_body_add_polygon(cb2_body *body, const cb2_vec2 *vertices, int32_t count, cb2_material material) {
    b2Vec2 v[b2_maxPolygonVertices];
    for (int32_t i = 0; i < count && i < b2_maxPolygonVertices; ++i) v[i] = toB2(vertices[i]);
    b2PolygonShape shape;
    shape.Set(v, count < b2_maxPolygonVertices ? count : b2_maxPolygonVertices); // hull: either winding
    addFixture(B(body), &shape, material);
}

void cb2_body_add_circle(cb2_body *body, cb2_vec2 center, float radius, cb2_material material) {
    b2CircleShape shape;
    shape.m_p = toB2(center);
    shape.m_radius = radius;
    addFixture(B(body), &shape, material);
}

void cb2_body_add_edge(cb2_body *body, cb2_vec2 a, cb2_vec2 b, cb2_material material) {
    b2EdgeShape shape;
    shape.SetTwoSided(toB2(a), toB2(b));
    addFixture(B(body), &shape, material);
}

void cb2_body_add_edge_loop(cb2_body *body, const cb2_vec2 *vertices, int32_t count, cb2_material material) {
    for (int32_t i = 0; i < count; ++i) {
        b2EdgeShape shape;
        shape.SetTwoSided(toB2(vertices[i]), toB2(vertices[(i + 1) % count]));
        addFixture(B(body), &shape, material);
    }
}

void cb2_body_set_material(cb2_body *body, cb2_material m) {
    bool densityChanged = false;
    for (b2Fixture *f = B(body)->GetFixtureList(); f != nullptr; f = f->GetNext()) {
        if (f->GetDensity() != m.density) {
            f->SetDensity(m.density);
            densityChanged = true;
        }
        f->SetFriction(m.friction);
        f->SetRestitution(m.restitution);
    }
    if (densityChanged) B(body)->ResetMassData();
}

void cb2_body_set_dynamic(cb2_body *body, bool dynamic) {
    B(body)->SetType(dynamic ? b2_dynamicBody : b2_staticBody);
}

void cb2_body_set_user_id(cb2_body *body, uint64_t id) { B(body)->GetUserData().pointer = static_cast<uintptr_t>(id); }
uint64_t cb2_body_get_user_id(const cb2_body *body) {
    return static_cast<uint64_t>(const_cast<b2Body *>(B(body))->GetUserData().pointer);
}

// ---- contacts -----------------------------------------------------------------------------

int32_t cb2_world_contact_event_count(const cb2_world *world) {
    return static_cast<int32_t>(world->listener.events.size());
}
cb2_contact_event cb2_world_contact_event(const cb2_world *world, int32_t index) {
    return world->listener.events[static_cast<size_t>(index)].event;
}
void cb2_world_clear_contact_events(cb2_world *world) { world->listener.events.clear(); }

// ---- other joints -------------------------------------------------------------------------

cb2_joint *cb2_revolute_joint_create(cb2_world *world, cb2_body *a, cb2_body *b, cb2_vec2 anchor,
                                     bool enable_limit, float lower, float upper,
                                     float friction_torque, bool collide_connected) {
    b2RevoluteJointDef jd;
    jd.Initialize(B(a), B(b), toB2(anchor));
    jd.enableLimit = enable_limit;
    jd.lowerAngle = lower;
    jd.upperAngle = upper;
    // Friction as a motor held at speed 0 whose torque is capped (PhysicsKit's frictionTorque).
    jd.enableMotor = friction_torque > 0.0f;
    jd.motorSpeed = 0.0f;
    jd.maxMotorTorque = friction_torque;
    jd.collideConnected = collide_connected;
    return reinterpret_cast<cb2_joint *>(world->world.CreateJoint(&jd));
}

void cb2_revolute_joint_set_limits(cb2_joint *joint, bool enable, float lower, float upper) {
    b2RevoluteJoint *j = reinterpret_cast<b2RevoluteJoint *>(joint);
    j->SetLimits(lower, upper);
    j->EnableLimit(enable);
}

void cb2_revolute_joint_set_friction_torque(cb2_joint *joint, float torque) {
    b2RevoluteJoint *j = reinterpret_cast<b2RevoluteJoint *>(joint);
    j->SetMotorSpeed(0.0f);
    j->SetMaxMotorTorque(torque);
    j->EnableMotor(torque > 0.0f);
}

cb2_joint *cb2_weld_joint_create(cb2_world *world, cb2_body *a, cb2_body *b, cb2_vec2 anchor, bool collide_connected) {
    b2WeldJointDef jd;
    jd.Initialize(B(a), B(b), toB2(anchor));
    jd.collideConnected = collide_connected;
    return reinterpret_cast<cb2_joint *>(world->world.CreateJoint(&jd));
}

cb2_joint *cb2_prismatic_joint_create(cb2_world *world, cb2_body *a, cb2_body *b, cb2_vec2 anchor, cb2_vec2 axis,
                                      bool enable_limit, float lower, float upper, bool collide_connected) {
    b2PrismaticJointDef jd;
    jd.Initialize(B(a), B(b), toB2(anchor), toB2(axis));
    jd.enableLimit = enable_limit;
    jd.lowerTranslation = lower;
    jd.upperTranslation = upper;
    jd.collideConnected = collide_connected;
    return reinterpret_cast<cb2_joint *>(world->world.CreateJoint(&jd));
}

void cb2_prismatic_joint_set_limits(cb2_joint *joint, bool enable, float lower, float upper) {
    b2PrismaticJoint *j = reinterpret_cast<b2PrismaticJoint *>(joint);
    j->SetLimits(lower, upper);
    j->EnableLimit(enable);
}

cb2_vec2 cb2_joint_get_anchor_a(const cb2_joint *joint) {
    return fromB2(const_cast<b2Joint *>(reinterpret_cast<const b2Joint *>(joint))->GetAnchorA());
}
cb2_vec2 cb2_joint_get_anchor_b(const cb2_joint *joint) {
    return fromB2(const_cast<b2Joint *>(reinterpret_cast<const b2Joint *>(joint))->GetAnchorB());
}

} // extern "C"
