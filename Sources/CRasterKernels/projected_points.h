// A pixel's points taken to a layer's texture (projected_kernels.c), written once for every
// vector width: included once for four lanes (a pixel's four points) and once for eight (two
// pixels' points, AVX-512). Each lane does the scalar definition's arithmetic in its order, so
// every width gives the same bits. No include guard: before each include the includer defines
// POINTS_LANES (4 or 8: the types fb_pN, fb_lN, fb_iN, fb_pointsN and the macros selectN and
// broadcastN exist for it) and POINTS_TARGET (the function's target attribute, or nothing); the
// include defines project_pointsN and undefines both. The points' canvas coordinates come in as
// u and v (through pointers: a vector argument's ABI differs between the baseline and AVX builds).
#define POINTS_CAT_(a, b) a##b
#define POINTS_CAT(a, b) POINTS_CAT_(a, b)
#define POINTS_VEC POINTS_CAT(fb_p, POINTS_LANES)
#define POINTS_MASK POINTS_CAT(fb_l, POINTS_LANES)
#define POINTS_INDEX POINTS_CAT(fb_i, POINTS_LANES)
#define POINTS_SELECT POINTS_CAT(select, POINTS_LANES)
#define POINTS_BROADCAST POINTS_CAT(broadcast, POINTS_LANES)

static inline POINTS_TARGET __attribute__((always_inline)) void POINTS_CAT(project_points, POINTS_LANES)(
    const fb_projected_read *r, const POINTS_VEC *u_in, const POINTS_VEC *v_in,
    POINTS_CAT(fb_points, POINTS_LANES) *p) {
    const double *h = r->inverse, *l = r->to_local, *t = r->to_texture;
    const POINTS_VEC u = *u_in, v = *v_in;
    POINTS_VEC hx = u * h[0] + v * h[3] + h[6];
    POINTS_VEC hy = u * h[1] + v * h[4] + h[7];
    POINTS_VEC hw = u * h[2] + v * h[5] + h[8];
    POINTS_VEC sx = hx / hw, sy = hy / hw;
    // isfinite(sx) ⇔ sx − sx == 0 (NaN for ±∞ and NaN); then in front of the eye.
    POINTS_MASK valid = (sx - sx == 0) & (sy - sy == 0) &
                        (sx * r->forward_w[0] + sy * r->forward_w[1] + r->forward_w[2] > r->near_w);
    POINTS_VEC lx = l[0] * sx + l[2] * sy + l[4];
    POINTS_VEC ly = l[1] * sx + l[3] * sy + l[5];
    // min(max(local, clamp.min), clamp.max), Swift's definitions.
    const POINTS_VEC c0 = POINTS_BROADCAST(r->clamp[0]), c1 = POINTS_BROADCAST(r->clamp[1]);
    const POINTS_VEC c2 = POINTS_BROADCAST(r->clamp[2]), c3 = POINTS_BROADCAST(r->clamp[3]);
    lx = POINTS_SELECT(c0 >= lx, c0, lx);
    lx = POINTS_SELECT(c2 < lx, c2, lx);
    ly = POINTS_SELECT(c1 >= ly, c1, ly);
    ly = POINTS_SELECT(c3 < ly, c3, ly);
    POINTS_VEC fx = (t[0] * lx + t[2] * ly + t[4]) - 0.5;
    POINTS_VEC fy = (t[1] * lx + t[3] * ly + t[5]) - 0.5;
    // floor lane-wise (Swift's rounded(.down); one vroundpd), then the texel indices as 32-bit
    // lanes: the clamp keeps every valid point within the texture's reach. Invalid lanes may hold
    // anything: zeroed, so their conversion is defined; they are not read.
    const POINTS_VEC zero = POINTS_BROADCAST(0.0);
    fx = POINTS_SELECT(valid, fx, zero);
    fy = POINTS_SELECT(valid, fy, zero);
    POINTS_VEC fx0 = __builtin_elementwise_floor(fx), fy0 = __builtin_elementwise_floor(fy);
    POINTS_VEC ax = fx - fx0, ay = fy - fy0;
    p->ix = __builtin_convertvector(fx0, POINTS_INDEX);
    p->iy = __builtin_convertvector(fy0, POINTS_INDEX);
    // A point the Swift code skips (behind the eye) adds its texels at weight 0 instead: the
    // same sum (see add_texel), without a branch.
    p->w00 = POINTS_SELECT(valid, (1 - ax) * (1 - ay), zero);
    p->w10 = POINTS_SELECT(valid, ax * (1 - ay), zero);
    p->w01 = POINTS_SELECT(valid, (1 - ax) * ay, zero);
    p->w11 = POINTS_SELECT(valid, ax * ay, zero);
    p->sum = zero;
}

#undef POINTS_BROADCAST
#undef POINTS_SELECT
#undef POINTS_INDEX
#undef POINTS_MASK
#undef POINTS_VEC
#undef POINTS_CAT
#undef POINTS_CAT_
#undef POINTS_TARGET
#undef POINTS_LANES
