// A span of canvas pixels read from a layer's texture (projected_kernels.c), written once for
// every vector width: one pixel a lane, so the body is included once for each build (four lanes
// for the baseline, eight for AVX2, sixteen for AVX-512). The point's place is double arithmetic in the
// Swift definition's order, lane by lane; the bilinear blend is integers (exact in floats, below
// 2^24), so every width gives the same bits. No include guard: before each include the includer
// defines SPAN_NAME (the function to define), SPAN_LANES (4, 8 or 16: the types fb_pN, fb_lN,
// fb_iN, fb_uN, fb_fN and the macros broadcastN and lanesN exist for it), SPAN_TARGET (the
// function's target attribute, or nothing) and, where the build has a gather instruction,
// SPAN_GATHER (base, indices, left, right: the texels at each index and the one after it) and
// SPAN_ALL (whether every lane of a mask is set); the include undefines them all.
#define SPAN_CAT_(a, b) a##b
#define SPAN_CAT(a, b) SPAN_CAT_(a, b)
#define SPAN_VEC SPAN_CAT(fb_p, SPAN_LANES)
#define SPAN_MASK SPAN_CAT(fb_l, SPAN_LANES)
#define SPAN_INDEX SPAN_CAT(fb_i, SPAN_LANES)
#define SPAN_TEXELS SPAN_CAT(fb_u, SPAN_LANES)
#define SPAN_FLOAT SPAN_CAT(fb_f, SPAN_LANES)
// Lane by lane `yes` where `mask` is set, else `no`. A macro, not a function: a function taking
// vectors would change its ABI between the baseline and AVX2 builds of the body (-Wpsabi).
#define SPAN_SELECT(mask, yes, no) ((SPAN_VEC)((((SPAN_MASK)(yes)) & (mask)) | (((SPAN_MASK)(no)) & ~(mask))))
#define SPAN_BROADCAST SPAN_CAT(broadcast, SPAN_LANES)

// Channel `shift` of each lane's texel (a byte, through int32: the signed conversion is one
// instruction before AVX-512), as floats.
#define SPAN_CHANNEL(texels, shift) __builtin_convertvector((SPAN_INDEX)(((texels) >> (shift)) & 0xFFu), SPAN_FLOAT)

static SPAN_TARGET void SPAN_NAME(
    const fb_projected_read *r, ptrdiff_t x, ptrdiff_t y, ptrdiff_t count, uint32_t *out) {
    const double *h = r->inverse, *l = r->to_local, *t = r->to_texture;
    const SPAN_VEC zero = SPAN_BROADCAST(0.0), one = SPAN_BROADCAST(1.0);
    const SPAN_VEC c0 = SPAN_BROADCAST(r->clamp[0]), c1 = SPAN_BROADCAST(r->clamp[1]);
    const SPAN_VEC c2 = SPAN_BROADCAST(r->clamp[2]), c3 = SPAN_BROADCAST(r->clamp[3]);
    const SPAN_VEC lanes = SPAN_CAT(lanes, SPAN_LANES);
    const SPAN_VEC v = SPAN_BROADCAST((double)y + 0.5);
    for (ptrdiff_t k = 0; k < count; k += SPAN_LANES) {
        // The pixel centres: whole numbers added exactly, then the half.
        const SPAN_VEC u = (SPAN_BROADCAST((double)(x + k)) + lanes) + 0.5;
        const SPAN_VEC hx = u * h[0] + v * h[3] + h[6];
        const SPAN_VEC hy = u * h[1] + v * h[4] + h[7];
        const SPAN_VEC hw = u * h[2] + v * h[5] + h[8];
        const SPAN_VEC iw = one / hw;
        const SPAN_VEC sx = hx * iw, sy = hy * iw;
        // isfinite(sx) ⇔ sx − sx == 0 (NaN for ±∞ and NaN); then in front of the eye.
        const SPAN_MASK valid = (sx - sx == 0) & (sy - sy == 0) &
                                (sx * r->forward_w[0] + sy * r->forward_w[1] + r->forward_w[2] > r->near_w);
        SPAN_VEC lx = l[0] * sx + l[2] * sy + l[4];
        SPAN_VEC ly = l[1] * sx + l[3] * sy + l[5];
        // min(max(local, clamp.min), clamp.max), Swift's definitions.
        lx = SPAN_SELECT(c0 >= lx, c0, lx);
        lx = SPAN_SELECT(c2 < lx, c2, lx);
        ly = SPAN_SELECT(c1 >= ly, c1, ly);
        ly = SPAN_SELECT(c3 < ly, c3, ly);
        // In 1/256 of a texel, from the texel centres. Lanes behind the eye may hold anything:
        // zeroed, so their conversion is defined; their weights are zero.
        SPAN_VEC fx = __builtin_elementwise_floor(((t[0] * lx + t[2] * ly + t[4]) - 0.5) * 256.0);
        SPAN_VEC fy = __builtin_elementwise_floor(((t[1] * lx + t[3] * ly + t[5]) - 0.5) * 256.0);
        fx = SPAN_SELECT(valid, fx, zero);
        fy = SPAN_SELECT(valid, fy, zero);
        const SPAN_INDEX xi = __builtin_convertvector(fx, SPAN_INDEX), yi = __builtin_convertvector(fy, SPAN_INDEX);
        const SPAN_INDEX ix = xi >> 8, iy = yi >> 8;
        const SPAN_FLOAT ax = __builtin_convertvector(xi & 255, SPAN_FLOAT);
        const SPAN_FLOAT ay = __builtin_convertvector(yi & 255, SPAN_FLOAT);
        const SPAN_FLOAT bx = 256.0f - ax, by = 256.0f - ay;
        const SPAN_INDEX keep = __builtin_convertvector(valid, SPAN_INDEX);
        const SPAN_FLOAT w00 = (SPAN_FLOAT)((SPAN_INDEX)(bx * by) & keep);
        const SPAN_FLOAT w10 = (SPAN_FLOAT)((SPAN_INDEX)(ax * by) & keep);
        const SPAN_FLOAT w01 = (SPAN_FLOAT)((SPAN_INDEX)(bx * ay) & keep);
        const SPAN_FLOAT w11 = (SPAN_FLOAT)((SPAN_INDEX)(ax * ay) & keep);
        SPAN_TEXELS t00, t10, t01, t11;
#ifdef SPAN_GATHER
        // Every lane's four texels inside the box (lanes behind the eye read (0, 0) at weight 0):
        // each row's two side by side gathered as one 64-bit word a lane.
        const SPAN_INDEX inside = (ix >= (int32_t)r->box_x0) & (ix + 1 < (int32_t)r->box_x1) &
                                  (iy >= (int32_t)r->box_y0) & (iy + 1 < (int32_t)r->box_y1);
        if (SPAN_ALL(inside)) {
            const SPAN_INDEX at = iy * (int32_t)r->width + ix, below = at + (int32_t)r->width;
            SPAN_GATHER(r->texels, at, t00, t10);
            SPAN_GATHER(r->texels, below, t01, t11);
        } else
#endif
        for (int j = 0; j < SPAN_LANES; j++) {
            uint32_t four[4];
            fetch_texels(r, ix[j], iy[j], four);
            t00[j] = four[0];
            t10[j] = four[1];
            t01[j] = four[2];
            t11[j] = four[3];
        }
        // Each channel: the weights (out of 2^16) times the four texels' bytes, rounded. Every
        // product and partial sum is a whole number below 2^24, so exact in floats in any order.
        SPAN_TEXELS packed = {0};
        for (unsigned shift = 0; shift < 32; shift += 8) {
            const SPAN_FLOAT sum = w00 * SPAN_CHANNEL(t00, shift) + w10 * SPAN_CHANNEL(t10, shift) +
                                   w01 * SPAN_CHANNEL(t01, shift) + w11 * SPAN_CHANNEL(t11, shift);
            const SPAN_TEXELS whole = (SPAN_TEXELS)__builtin_convertvector(sum, SPAN_INDEX);
            packed |= ((whole + 32768u) >> 16) << shift;
        }
        if (count - k >= SPAN_LANES) {
            __builtin_memcpy(out + k, &packed, sizeof packed);
        } else {
            for (ptrdiff_t j = 0; j < count - k; j++) out[k + j] = packed[j];
        }
    }
}

#undef SPAN_CHANNEL
#undef SPAN_BROADCAST
#undef SPAN_SELECT
#undef SPAN_FLOAT
#undef SPAN_TEXELS
#undef SPAN_INDEX
#undef SPAN_MASK
#undef SPAN_VEC
#undef SPAN_CAT
#undef SPAN_CAT_
#undef SPAN_GATHER
#undef SPAN_ALL
#undef SPAN_TARGET
#undef SPAN_LANES
#undef SPAN_NAME
