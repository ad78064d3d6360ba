/*
 * test_texture.c - texturing through the rasterizer's gp_tex_fn: a nearest
 * 2x2 texture lands on the expected quadrants, and implicit LOD (computed by
 * the sampler from quad derivatives) picks the mip level the texcoord scale
 * implies, also in partly covered quads along triangle edges (helper lanes)
 * and with hidden-surface removal on or off.  Thread: test main thread.
 */
#include "rast_test.h"

static const int W = 16, H = 16;

static tex_object *mip_texture(void)
{
    /* 64x64, levels 0..6, level L a solid grey of (L + 1) / 8 */
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    tex_pixel_store ps;
    tex_pixel_store_default(&ps);
    float *px = malloc(sizeof(float) * 4 * 64 * 64);
    for (int l = 0, s = 64; s >= 1; l++, s /= 2) {
        for (int i = 0; i < s * s * 4; i++)
            px[i] = (i % 4 == 3) ? 1.0f : (float)(l + 1) / 8.0f;
        tex_image_define(t, 0, l, GL_RGBA8, s, s, 1, 0, GL_RGBA, GL_FLOAT, px, &ps);
    }
    free(px);
    t->sampler.min_filter = GL_NEAREST_MIPMAP_NEAREST;
    t->sampler.mag_filter = GL_NEAREST;
    return t;
}

int main(void)
{
    gp_program *vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    gp_program *fp = rt_compile(GP_STAGE_FRAGMENT,
                                "!!ARBfp1.0\nTEX result.color, fragment.texcoord[0], texture[0], 2D;\nEND\n");
    gp_val(*vpp)[4] = rt_params(vp, NULL, 0, NULL, 0);
    gp_val(*fpp)[4] = rt_params(fp, NULL, 0, NULL, 0);
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA8 | RT_DEPTH);

    /* 2x2 nearest texture over the viewport */
    tex_object *q = tex_object_create(GL_TEXTURE_2D);
    tex_pixel_store ps;
    tex_pixel_store_default(&ps);
    static const uint8_t texels[16] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
    tex_image_define(q, 0, 0, GL_RGBA8, 2, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels, &ps);
    q->sampler.min_filter = GL_NEAREST;
    q->sampler.mag_filter = GL_NEAREST;
    static const float pos[] = {-1, -1, 0, 1, 1, -1, 0, 1, 1, 1, 0, 1, -1, 1, 0, 1};
    static const float tc[] = {0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1};
    for (int pass = 0; pass < 2; pass++) {
        rast_context *r = rast_context_create(1);
        if (pass)
            rast_context_set_debug(r, RAST_DEBUG_NO_HSR);
        rt_clear(r, &f, 0, 0, 0, 0, 1.0);
        rast_draw d;
        rt_draw_init(&d, &f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
        d.mode = GL_QUADS;
        d.count = 4;
        rt_attrib(&d, GP_VIN_POSITION, pos, 4);
        rt_attrib(&d, GP_VIN_TEX0, tc, 4);
        d.textures[0] = q;
        rast_draw_submit(r, &d);
        rast_flush(r);
        CHECK(rt_px8(&f, 2, 2)[0] == 255 && rt_px8(&f, 2, 2)[1] == 0, "bottom left red");
        CHECK(rt_px8(&f, 13, 2)[1] == 255 && rt_px8(&f, 13, 2)[0] == 0, "bottom right green");
        CHECK(rt_px8(&f, 2, 13)[2] == 255 && rt_px8(&f, 2, 13)[0] == 0, "top left blue");
        CHECK(rt_px8(&f, 13, 13)[0] == 255 && rt_px8(&f, 13, 13)[1] == 255, "top right white");

        /* mipmaps: texcoords 0..s over 16 pixels of a 64-texel texture ->
         * 4s texels per pixel -> level log2(4s) */
        tex_object *m = mip_texture();
        const float scales[3] = {0.25f, 1.0f, 4.0f};
        const int levels[3] = {0, 2, 4};
        for (int i = 0; i < 3; i++) {
            float s = scales[i];
            float tcs[16] = {0, 0, 0, 1, s, 0, 0, 1, s, s, 0, 1, 0, s, 0, 1};
            /* a triangle: its diagonal edge cuts quads, whose uncovered
             * pixels run as helpers for the derivatives */
            float tri[12] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1};
            rt_clear(r, &f, 0, 0, 0, 0, 1.0);
            rt_draw_init(&d, &f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
            d.mode = GL_TRIANGLES;
            d.count = 3;
            rt_attrib(&d, GP_VIN_POSITION, tri, 4);
            float tct[12] = {tcs[0], tcs[1], 0, 1, tcs[4], tcs[5], 0, 1, tcs[12], tcs[13], 0, 1};
            rt_attrib(&d, GP_VIN_TEX0, tct, 4);
            d.textures[0] = m;
            rast_draw_submit(r, &d);
            rast_flush(r);
            uint8_t want = (uint8_t)((levels[i] + 1) / 8.0 * 255.0 + 0.5);
            int bad = 0, n = 0;
            for (int y = 0; y < H; y++)
                for (int x = 0; x + y < W - 1; x++) {
                    n++;
                    bad += rt_px8(&f, x, y)[0] != want;
                }
            CHECK(bad == 0, "pass %d scale %g: %d of %d pixels not level %d (e.g. %d)", pass, s, bad, n, levels[i],
                  rt_px8(&f, 0, 14)[0]);
        }
        tex_object_free(m);
        rast_context_destroy(r);
    }
    tex_object_free(q);
    rt_fb_free(&f);
    gp_program_free(vp);
    gp_program_free(fp);
    free(vpp);
    free(fpp);
    RT_DONE();
}
