/*
 * gl_accum.c - the accumulation buffer (GL 2.1 section 4.2.4; API thread).
 *
 * The default framebuffer has one: signed 16 bits per component (RGBA16,
 * values in [-1, 1] kept as round(v * 32767)), made at its first use at
 * the window's size (its contents are undefined after a resize, 4.2.4:
 * asmgl restarts from zero).  Framebuffer objects have none: glAccum
 * raises INVALID_OPERATION while one is bound (GL 3.0 4.4.1 / EXT_fbo).
 * glAccum and clearing it work on the pixels inside the scissor box when
 * the scissor test is on; RETURN writes colour buffer 0 through the colour
 * mask, clamped to [0, 1].
 */
#include "gl_priv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int16_t to_acc(float v)
{
    v = gl_clampf(v, -1.0f, 1.0f);
    return (int16_t)lrintf(v * 32767.0f);
}

/* The accumulation buffer of the bound default framebuffer, made or resized
 * as needed; NULL (error recorded) without one. */
static int16_t *accum_buffer(gl_context *ctx, const rast_framebuffer **fbp)
{
    if (ctx->draw_fb != &ctx->fb_default) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    const rast_framebuffer *fb = gl_fbo_draw_target(ctx);
    if (!fb || !fb->color[0].data)
        return NULL; /* no default framebuffer (error recorded) or no colour buffer */
    *fbp = fb;
    const rast_surface *s = &fb->color[0];
    if (!ctx->accum || ctx->accum_w != s->width || ctx->accum_h != s->height) {
        free(ctx->accum);
        ctx->accum = calloc((size_t)s->width * (size_t)s->height * 4, sizeof(int16_t));
        if (!ctx->accum) {
            ctx->accum_w = ctx->accum_h = 0;
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return NULL;
        }
        ctx->accum_w = s->width;
        ctx->accum_h = s->height;
    }
    return ctx->accum;
}

/* The pixels glAccum and Clear touch: the buffer, cut by the scissor box. */
static void accum_rect(const gl_context *ctx, int r[4])
{
    r[0] = 0;
    r[1] = 0;
    r[2] = ctx->accum_w;
    r[3] = ctx->accum_h;
    if (ctx->scissor_test) {
        long x1 = (long)ctx->scissor[0] + ctx->scissor[2], y1 = (long)ctx->scissor[1] + ctx->scissor[3];
        if (ctx->scissor[0] > r[0]) r[0] = ctx->scissor[0];
        if (ctx->scissor[1] > r[1]) r[1] = ctx->scissor[1];
        if (x1 < r[2]) r[2] = (int)(x1 < 0 ? 0 : x1);
        if (y1 < r[3]) r[3] = (int)(y1 < 0 ? 0 : y1);
    }
}

static void read_px(const rast_surface *s, int x, int y, float out[4])
{
    const unsigned char *row = (const unsigned char *)s->data + s->stride * (size_t)y;
    if (s->format == TEX_FMT_RGBA32F) {
        memcpy(out, row + (size_t)x * 16, 16);
        return;
    }
    for (int c = 0; c < 4; c++)
        out[c] = row[(size_t)x * 4 + (size_t)c] / 255.0f;
}

static void write_px(const rast_surface *s, int x, int y, const float in[4], unsigned mask)
{
    unsigned char *row = (unsigned char *)s->data + s->stride * (size_t)y;
    for (int c = 0; c < 4; c++) {
        if (!((mask >> c) & 1u))
            continue;
        float v = gl_clampf(in[c], 0, 1);
        if (s->format == TEX_FMT_RGBA32F)
            memcpy(row + (size_t)x * 16 + (size_t)c * 4, &v, 4);
        else
            row[(size_t)x * 4 + (size_t)c] = (unsigned char)lrintf(v * 255.0f);
    }
}

GLAPI_EXPORT void APIENTRY glAccum(GLenum op, GLfloat value)
{
    GL_CTX();
    GL_DLIST_SAVE(glAccum, (ctx, op, value));
    GL_OUTSIDE_BEGIN(ctx, );
    if (op != GL_ACCUM && op != GL_LOAD && op != GL_RETURN && op != GL_MULT && op != GL_ADD) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    const rast_framebuffer *fb;
    int16_t *acc = accum_buffer(ctx, &fb);
    if (!acc)
        return;
    const rast_surface *s = &fb->color[0];
    if (s->format != TEX_FMT_RGBA8 && s->format != TEX_FMT_RGBA32F)
        return;
    rast_flush(ctx->rast); /* read or write the colour buffer */
    int r[4];
    accum_rect(ctx, r);
    unsigned mask = 0;
    for (int c = 0; c < 4; c++)
        if (ctx->color_mask[0] & (1u << c)) /* draw buffer 0's (the one written) */
            mask |= 1u << c;
    for (int y = r[1]; y < r[3]; y++)
        for (int x = r[0]; x < r[2]; x++) {
            int16_t *a = acc + ((size_t)y * (size_t)ctx->accum_w + (size_t)x) * 4;
            float col[4];
            switch (op) {
            case GL_ACCUM:
            case GL_LOAD:
                read_px(s, x, y, col);
                for (int c = 0; c < 4; c++)
                    a[c] = to_acc((op == GL_ACCUM ? a[c] / 32767.0f : 0.0f) + value * col[c]);
                break;
            case GL_RETURN:
                for (int c = 0; c < 4; c++)
                    col[c] = value * (a[c] / 32767.0f);
                write_px(s, x, y, col, mask);
                break;
            case GL_MULT:
                for (int c = 0; c < 4; c++)
                    a[c] = to_acc(value * (a[c] / 32767.0f));
                break;
            default: /* GL_ADD */
                for (int c = 0; c < 4; c++)
                    a[c] = to_acc(value + a[c] / 32767.0f);
                break;
            }
        }
}

/* glClear's ACCUM_BUFFER_BIT: the scissored part gets ClearAccum's value. */
void gl_accum_clear(gl_context *ctx)
{
    if (ctx->draw_fb != &ctx->fb_default)
        return; /* no accumulation buffer: nothing to clear */
    const rast_framebuffer *fb;
    int16_t *acc = accum_buffer(ctx, &fb);
    if (!acc)
        return;
    int r[4];
    accum_rect(ctx, r);
    int16_t v[4];
    for (int c = 0; c < 4; c++)
        v[c] = to_acc(ctx->clear_accum[c]);
    for (int y = r[1]; y < r[3]; y++)
        for (int x = r[0]; x < r[2]; x++)
            memcpy(acc + ((size_t)y * (size_t)ctx->accum_w + (size_t)x) * 4, v, sizeof v);
}

void gl_accum_free(gl_context *ctx)
{
    free(ctx->accum);
    ctx->accum = NULL;
    ctx->accum_w = ctx->accum_h = 0;
}
