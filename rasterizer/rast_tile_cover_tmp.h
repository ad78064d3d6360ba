/*
 * rast_tile_cover_tmp.h - coverage of one primitive inside one tile, as a
 * list of (4x4 block, 16-lane mask).  Stage: ISP (tile execution).
 * Thread: worker threads.
 *
 * Included by rast_hsr.c once per plane count (R10), with NR_PLANES defined:
 *   0  rectangle only (points, and tiles every edge accepts: RAST_CMD_PRIM_FULL)
 *   3  triangles
 *   4  lines (parallelograms)
 * Triangles of multisample states are tested at the current sample plane's
 * position (rast_plane_select)
 * (rast.h "Multisampling"); points and lines always at pixel centres.
 * Per block and edge: trivial reject when the edge is negative at the block's
 * most inside pixel, trivial accept when it is non-negative at the most
 * outside one, else 16 per-lane tests (int32 SSE2 when the edge is short
 * enough, else int64).  Edge values are int64 (see RAST_GUARD_PIXELS for the
 * bound).
 */
#define RAST_CAT2(a, b) a##_##b
#define RAST_CAT(a, b) RAST_CAT2(a, b)
#define TAG(x) RAST_CAT(x, NR_PLANES)

static int TAG(rast_cover)(const rast_tile_ctx *t, const rast_prim *p, uint8_t *blocks,
                           uint16_t *masks)
{
    int lx0 = p->x0 - t->x, ly0 = p->y0 - t->y, lx1 = p->x1 - t->x, ly1 = p->y1 - t->y;
    if (lx0 < 0) lx0 = 0;
    if (ly0 < 0) ly0 = 0;
    if (lx1 > t->w) lx1 = t->w;
    if (ly1 > t->h) ly1 = t->h;
    if (lx0 >= lx1 || ly0 >= ly1)
        return 0;
    int bx0 = lx0 >> 2, bx1 = (lx1 - 1) >> 2, by0 = ly0 >> 2, by1 = (ly1 - 1) >> 2;
#if NR_PLANES > 0
    /* Per edge: lane offsets, their min/max, and the edge value at the first
     * block's origin.  In a partly covered block the value lies within
     * [-omax, -omin] of zero, so when 8 * (|dx| + |dy|) < 2^31 the per-lane
     * test fits int32 (edges shorter than about 4096 pixels). */
    int64_t off[NR_PLANES][16], omin[NR_PLANES], omax[NR_PLANES], vrow[NR_PLANES];
    int32_t off32[NR_PLANES][16];
    bool small[NR_PLANES];
    for (int i = 0; i < NR_PLANES; i++) {
        const rast_edge *e = &p->e[i];
        for (int l = 0; l < 16; l++) {
            off[i][l] = e->dx * rast_lane_x[l] + e->dy * rast_lane_y[l];
            off32[i][l] = (int32_t)off[i][l];
        }
        omin[i] = (e->dx < 0 ? e->dx * 3 : 0) + (e->dy < 0 ? e->dy * 3 : 0);
        omax[i] = (e->dx > 0 ? e->dx * 3 : 0) + (e->dy > 0 ? e->dy * 3 : 0);
        int64_t ax = e->dx < 0 ? -e->dx : e->dx, ay = e->dy < 0 ? -e->dy : e->dy;
        small[i] = (ax + ay) < ((int64_t)1 << 28);
        vrow[i] = e->c + e->dx * (t->x + bx0 * 4) + e->dy * (t->y + by0 * 4);
#if NR_PLANES == 3
        /* multisample pass: the edge at the sample position, offset
         * (ox, oy)/16 pixel from the centre; dx, dy are multiples of 256
         * (rast_edge_from_line), so the shift is exact and ties at a sample
         * keep the fill rule folded into c */
        if (p->ds->ms)
            vrow[i] += (e->dx / 16) * t->sample_ox + (e->dy / 16) * t->sample_oy;
#endif
    }
#endif
    int n = 0;
    for (int by = by0; by <= by1; by++) {
        uint32_t row_lanes = rast_row_lanes(rast_span_bits(ly0 - by * 4, ly1 - by * 4));
#if NR_PLANES > 0
        int64_t v[NR_PLANES];
        for (int i = 0; i < NR_PLANES; i++)
            v[i] = vrow[i];
#endif
        for (int bx = bx0; bx <= bx1; bx++) {
            uint32_t mask = row_lanes & rast_col_lanes(rast_span_bits(lx0 - bx * 4, lx1 - bx * 4));
#if NR_PLANES > 0
            for (int i = 0; i < NR_PLANES && mask; i++) {
                int64_t vi = v[i];
                if (vi + omax[i] < 0) {
                    mask = 0;
                    break;
                }
                if (vi + omin[i] >= 0)
                    continue;
                uint32_t m = 0;
                if (small[i]) {
#if defined(__SSE2__)
                    __m128i base = _mm_set1_epi32((int32_t)vi);
                    for (int k = 0; k < 4; k++) {
                        __m128i e4 = _mm_add_epi32(base, _mm_loadu_si128((const __m128i *)&off32[i][k * 4]));
                        m |= (uint32_t)(~_mm_movemask_ps(_mm_castsi128_ps(e4)) & 0xf) << (k * 4);
                    }
#else
                    for (int l = 0; l < 16; l++)
                        m |= (uint32_t)(((int32_t)vi + off32[i][l]) >= 0) << l;
#endif
                } else {
                    for (int l = 0; l < 16; l++)
                        m |= (uint32_t)((vi + off[i][l]) >= 0) << l;
                }
                mask &= m;
            }
            for (int i = 0; i < NR_PLANES; i++)
                v[i] += p->e[i].dx * 4;
#endif
            if (mask) {
                blocks[n] = (uint8_t)(by * 8 + bx);
                masks[n] = (uint16_t)mask;
                n++;
            }
        }
#if NR_PLANES > 0
        for (int i = 0; i < NR_PLANES; i++)
            vrow[i] += p->e[i].dy * 4;
#endif
    }
    return n;
}

#undef TAG
#undef RAST_CAT
#undef RAST_CAT2
#undef NR_PLANES
