/*
 * gentex.c - writes the bump demo's textures (the PNGs in demos/data).
 *
 * Run once by hand; the PNGs it writes are committed, so the demos never run
 * it.  Everything is a pure function of the pixel coordinates (an integer
 * hash drives the noise), so rerunning it writes the same bytes.
 *
 *     asmgl-demo-gentex [OUTDIR]          (default: demos/data)
 *
 * Three materials, each a set of three maps that tile seamlessly:
 *     brick_*  the walls: running-bond brick with recessed mortar
 *     floor_*  the floor: large polished stone tiles with grout
 *     metal_*  the boxes: a steel crate panel with a raised rim, a cross
 *              brace and rivets
 * and for each: *_diffuse.png (RGB albedo), *_normal.png (RGB tangent-space
 * normal, 0.5 + 0.5 * n, +x along s, +y along t, the OpenGL convention) and
 * *_gloss.png (grey specular intensity).
 *
 * Coordinates: a material is a height field h(s, t) in texels with t pointing
 * up, as GL sees a texture.  PNG rows are written top row first, so the
 * demo loads them with stbi_set_flip_vertically_on_load(1) and row 0 lands on
 * t = 0 again.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image_write.h>

#define SIZE 256 /* every map is SIZE x SIZE */

/* ---- noise ------------------------------------------------------------- */

static uint32_t hash3(uint32_t x, uint32_t y, uint32_t seed)
{
    uint32_t h = x * 0x8da6b343u ^ y * 0xd8163841u ^ seed * 0xcb1ab31fu;
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    h *= 0x297a2d39u;
    h ^= h >> 15;
    return h;
}

/* Uniform in [0, 1). */
static float hashf(uint32_t x, uint32_t y, uint32_t seed)
{
    return (float)(hash3(x, y, seed) >> 8) * (1.0f / 16777216.0f);
}

static float smooth(float t) { return t * t * (3.0f - 2.0f * t); }

/* Value noise in [0, 1) with lattice cells of `cell` texels; the lattice wraps
 * every SIZE texels so the result tiles. */
static float vnoise(float x, float y, int cell, uint32_t seed)
{
    int period = SIZE / cell;
    float fx = x / cell, fy = y / cell;
    int ix = (int)floorf(fx), iy = (int)floorf(fy);
    float tx = smooth(fx - ix), ty = smooth(fy - iy);
    int x0 = ((ix % period) + period) % period, y0 = ((iy % period) + period) % period;
    int x1 = (x0 + 1) % period, y1 = (y0 + 1) % period;
    float a = hashf(x0, y0, seed), b = hashf(x1, y0, seed);
    float c = hashf(x0, y1, seed), d = hashf(x1, y1, seed);
    return (a + (b - a) * tx) * (1.0f - ty) + (c + (d - c) * tx) * ty;
}

/* Fractal sum of octaves from `cell` texels down to 2 texels, in [0, 1). */
static float fbm(float x, float y, int cell, uint32_t seed)
{
    float sum = 0.0f, amp = 0.5f, norm = 0.0f;
    for (; cell >= 2; cell /= 2, amp *= 0.5f, seed++) {
        sum += amp * vnoise(x, y, cell, seed);
        norm += amp;
    }
    return sum / norm;
}

static float clampf(float v, float lo, float hi) { return v < lo ? lo : v > hi ? hi : v; }

/* 0 at d <= 0, 1 at d >= w, smooth in between: the bevel profile. */
static float bevel(float d, float w) { return smooth(clampf(d / w, 0.0f, 1.0f)); }

/* ---- materials ------------------------------------------------------------ */

/* One texel of a material: height in about [0, 1], albedo, gloss. */
typedef struct texel {
    float height;
    float rgb[3];
    float gloss;
} texel;

typedef void (*material_fn)(float s, float t, texel *out);

/* Bricks 64 x 32 texels, mortar 4 texels, alternate rows shifted by half. */
static void brick(float s, float t, texel *o)
{
    const float bw = 64.0f, bh = 32.0f, mortar = 4.0f;
    int row = (int)floorf(t / bh);
    float ss = s + ((row & 1) ? bw * 0.5f : 0.0f);
    int col = (int)floorf(ss / bw);
    float u = ss - col * bw, v = t - row * bh;
    /* distance into the brick from its nearest mortar joint */
    float d = fminf(fminf(u, bw - u), fminf(v, bh - v)) - mortar * 0.5f;
    float in = bevel(d, 3.0f);
    uint32_t id = (uint32_t)(((col % 4) + 4) % 4) * 31u + (uint32_t)(((row % 8) + 8) % 8);
    float n = fbm(s, t, 32, 11);
    float pits = vnoise(s, t, 4, 17);
    float tint = hashf(id, 0, 3);

    o->height = 0.15f + 0.75f * in + 0.12f * (n - 0.5f) * in - 0.06f * (pits > 0.8f) * in;
    float r = 0.55f + 0.18f * tint, g = 0.25f + 0.08f * tint, b = 0.17f + 0.05f * tint;
    float shade = 0.75f + 0.5f * (n - 0.5f);
    float mr = 0.62f, mg = 0.58f, mb = 0.52f, ms = 0.85f + 0.3f * (vnoise(s, t, 8, 5) - 0.5f);
    o->rgb[0] = (r * shade) * in + mr * ms * (1.0f - in);
    o->rgb[1] = (g * shade) * in + mg * ms * (1.0f - in);
    o->rgb[2] = (b * shade) * in + mb * ms * (1.0f - in);
    o->gloss = (0.45f + 0.3f * (n - 0.5f)) * in + 0.08f * (1.0f - in);
}

/* Four stone tiles 128 texels square, grout 6 texels, marble veins. */
static void floor_tile(float s, float t, texel *o)
{
    const float tile = 128.0f, grout = 6.0f;
    int tx = (int)floorf(s / tile), ty = (int)floorf(t / tile);
    float u = s - tx * tile, v = t - ty * tile;
    float d = fminf(fminf(u, tile - u), fminf(v, tile - v)) - grout * 0.5f;
    float in = bevel(d, 4.0f);
    uint32_t id = (uint32_t)((tx & 1) + 2 * (ty & 1));
    float n = fbm(s, t, 64, 40 + id);
    float vein = fabsf(sinf((s + t * 0.6f) * (6.2831853f / 128.0f) + 9.0f * n));
    vein = powf(vein, 0.25f);
    float tint = hashf(id, 7, 9);

    o->height = 0.2f + 0.7f * in + 0.04f * (n - 0.5f) * in;
    float base = (0.62f + 0.12f * tint) * (0.8f + 0.2f * vein);
    o->rgb[0] = (base * 0.98f) * in + 0.22f * (1.0f - in);
    o->rgb[1] = (base * 0.93f) * in + 0.21f * (1.0f - in);
    o->rgb[2] = (base * 0.85f) * in + 0.20f * (1.0f - in);
    o->gloss = (0.85f - 0.25f * (1.0f - vein)) * in + 0.05f * (1.0f - in);
}

/* A steel crate panel: raised rim 20 texels wide, a raised diagonal brace,
 * rivets along the rim, brushed scratches. */
static void metal(float s, float t, texel *o)
{
    const float rim = 20.0f;
    float edge = fminf(fminf(s, SIZE - s), fminf(t, SIZE - t)); /* to the border */
    float rim_h = bevel(edge - 1.0f, 3.0f) * (1.0f - bevel(edge - rim, 3.0f));
    /* the brace: a band along the diagonal s == t, inside the rim */
    float diag = fabsf(s - t) / 1.41421356f;
    float brace_h = (1.0f - bevel(diag - 12.0f, 3.0f)) * bevel(edge - rim, 3.0f);
    float raised = fmaxf(rim_h, brace_h);
    /* rivets: 5 per side along the rim's centre line */
    float rivet = 0.0f;
    for (int i = 0; i < 5; i++) {
        float p = rim * 0.5f + i * (SIZE - rim) / 4.0f;
        float pts[4][2] = {{p, rim * 0.5f}, {p, SIZE - rim * 0.5f}, {rim * 0.5f, p}, {SIZE - rim * 0.5f, p}};
        for (int k = 0; k < 4; k++) {
            float dx = s - pts[k][0], dy = t - pts[k][1];
            float r2 = (dx * dx + dy * dy) / 16.0f; /* radius 4 texels */
            if (r2 < 1.0f)
                rivet = fmaxf(rivet, sqrtf(1.0f - r2));
        }
    }
    float scratch = vnoise(s * 0.15f, t * 4.0f, 4, 77); /* stretched: brushed */
    float n = fbm(s, t, 64, 60);

    o->height = 0.25f + 0.45f * raised + 0.3f * rivet + 0.015f * (scratch - 0.5f);
    float base = 0.42f + 0.12f * (n - 0.5f) + 0.05f * (scratch - 0.5f);
    /* raised parts are worn brighter, recessed corners collect grime */
    float shade = (0.8f + 0.3f * raised + 0.35f * rivet) * (0.9f + 0.1f * bevel(edge, 2.0f));
    float worn = smooth(clampf((n - 0.55f) / 0.15f, 0.0f, 1.0f));
    o->rgb[0] = base * 0.82f * shade;
    o->rgb[1] = base * 0.88f * shade;
    o->rgb[2] = base * 0.98f * shade;
    o->gloss = 0.75f + 0.2f * (scratch - 0.5f) - 0.3f * worn + 0.15f * rivet;
}

/* ---- output ------------------------------------------------------------- */

static unsigned char to_byte(float v) { return (unsigned char)lrintf(clampf(v, 0.0f, 1.0f) * 255.0f); }

/* Writes a GL-ordered (row 0 = bottom) image as a PNG (top row first). */
static int write_png(const char *dir, const char *name, int comp, const unsigned char *px)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    stbi_flip_vertically_on_write(1);
    if (!stbi_write_png(path, SIZE, SIZE, comp, px, SIZE * comp)) {
        fprintf(stderr, "gentex: cannot write %s\n", path);
        return 0;
    }
    printf("wrote %s\n", path);
    return 1;
}

static int write_material(const char *dir, const char *prefix, material_fn fn, float bump)
{
    static texel tx[SIZE][SIZE];
    static unsigned char diffuse[SIZE * SIZE * 3], normal[SIZE * SIZE * 3], gloss[SIZE * SIZE];
    for (int y = 0; y < SIZE; y++)
        for (int x = 0; x < SIZE; x++)
            fn(x + 0.5f, y + 0.5f, &tx[y][x]);
    for (int y = 0; y < SIZE; y++) {
        for (int x = 0; x < SIZE; x++) {
            const texel *p = &tx[y][x];
            /* central differences with wrap-around, so the normal map tiles */
            float dhds = (tx[y][(x + 1) % SIZE].height - tx[y][(x + SIZE - 1) % SIZE].height) * 0.5f;
            float dhdt = (tx[(y + 1) % SIZE][x].height - tx[(y + SIZE - 1) % SIZE][x].height) * 0.5f;
            float n[3] = {-dhds * bump, -dhdt * bump, 1.0f};
            float len = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
            size_t i = (size_t)y * SIZE + x;
            for (int c = 0; c < 3; c++) {
                diffuse[i * 3 + c] = to_byte(p->rgb[c]);
                normal[i * 3 + c] = to_byte(0.5f + 0.5f * n[c] / len);
            }
            gloss[i] = to_byte(p->gloss);
        }
    }
    char name[256];
    int ok = 1;
    snprintf(name, sizeof name, "%s_diffuse.png", prefix);
    ok &= write_png(dir, name, 3, diffuse);
    snprintf(name, sizeof name, "%s_normal.png", prefix);
    ok &= write_png(dir, name, 3, normal);
    snprintf(name, sizeof name, "%s_gloss.png", prefix);
    ok &= write_png(dir, name, 1, gloss);
    return ok;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "demos/data";
    if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
        fprintf(stderr, "usage: asmgl-demo-gentex [OUTDIR]\n");
        return 2;
    }
    stbi_write_png_compression_level = 9;
    int ok = write_material(dir, "brick", brick, 6.0f);
    ok &= write_material(dir, "floor", floor_tile, 5.0f);
    ok &= write_material(dir, "metal", metal, 5.0f);
    return ok ? 0 : 1;
}
