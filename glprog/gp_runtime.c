/*
 * gp_runtime.c - the runtime helpers of gp_backend.h: what a running
 * program does outside its registers (sampling, images, interpolation,
 * memory, EMIT, BAR, MEMBAR), reached through the gp_exec_env callbacks
 * and memory/.  The interpreter (glprog/exec/ files) calls these functions,
 * and a compiled backend calls the same ones (gp_runtime_helpers), so both
 * have one behaviour.  Compiled once, for the baseline instruction set:
 * nothing here computes a float.  Worker threads.
 */
#include <stdatomic.h>
#include <string.h>

#include "gp_backend.h"
#include "mem.h"

/* The lanes of todo (not empty) whose key is that of todo's first lane,
 * which goes to *k: the runtime helpers make one callback call per
 * distinct unit, handle or image, in the order of their first lanes. */
static uint32_t same_key(const uint64_t key[GP_LANES], uint32_t todo, uint64_t *k)
{
    *k = key[gp_lane_first(todo)];
    uint32_t group = 0;
    for (uint32_t b = todo; b; b &= b - 1) {
        int l = gp_lane_first(b);
        if (key[l] == *k)
            group |= 1u << l;
    }
    return group;
}

/* out's lanes of group from t */
static void merge_lanes(gp_vec *out, const gp_vec *t, uint32_t group)
{
    for (int c = 0; c < 4; c++)
        for (uint32_t g = group; g; g &= g - 1) {
            int l = gp_lane_first(g);
            out->c[c][l] = t->c[c][l];
        }
}

/* ---- textures -------------------------------------------------------------- */

/* Whether req is a plain lookup, which a unit's gp_tex_direct may take. */
static bool tex_plain(const gp_tex_request *req)
{
    return (req->op == GP_TEXOP_TEX || req->op == GP_TEXOP_TXP || req->op == GP_TEXOP_TXB ||
            req->op == GP_TEXOP_TXL) &&
           !req->bindless && !req->offset_reg && !req->gather_x && !req->extra;
}

void gp_rt_tex(const gp_exec_env *env, const gp_tex_request *req, gp_vec *out)
{
    if (env->tex_direct && req->unit < env->num_tex_direct && tex_plain(req)) {
        const gp_tex_direct *d = &env->tex_direct[req->unit];
        if (d->fn && d->fn(d->self, req, req->lane_mask, out))
            return;
    }
    if (env->tex) {
        env->tex(env->tex_user, req, out);
    } else {
        /* No sampler bound: what an incomplete texture returns. */
        for (int l = 0; l < GP_LANES; l++) {
            out->c[0][l].f = out->c[1][l].f = out->c[2][l].f = 0.0f;
            out->c[3][l].f = 1.0f;
        }
    }
}

void gp_rt_tex_units(const gp_exec_env *env, gp_tex_request *req, const int32_t unit[GP_LANES], gp_vec *out)
{
    uint64_t key[GP_LANES];
    for (int l = 0; l < GP_LANES; l++)
        key[l] = unit[l] < 0 ? UINT64_MAX : (uint64_t)unit[l];
    memset(out, 0, sizeof(*out));
    gp_vec tmp;
    uint32_t todo = req->lane_mask;
    while (todo) {
        uint64_t u;
        uint32_t group = same_key(key, todo, &u);
        todo &= ~group;
        if (u == UINT64_MAX)
            continue;
        req->unit = (uint8_t)u;
        req->lane_mask = group;
        gp_rt_tex(env, req, &tmp);
        merge_lanes(out, &tmp, group);
    }
}

void gp_rt_tex_handles(const gp_exec_env *env, gp_tex_request *req, const uint64_t handle[GP_LANES],
                       gp_vec *out)
{
    memset(out, 0, sizeof(*out));
    gp_vec tmp;
    uint32_t todo = req->lane_mask;
    req->bindless = true;
    while (todo) {
        uint64_t h;
        uint32_t group = same_key(handle, todo, &h);
        todo &= ~group;
        if (h == 0)
            continue;
        req->handle = h;
        req->lane_mask = group;
        if (env->tex)
            env->tex(env->tex_user, req, &tmp);
        else
            memset(&tmp, 0, sizeof(tmp));
        merge_lanes(out, &tmp, group);
    }
}

/* ---- images ------------------------------------------------------------------ */

void gp_rt_image(const gp_exec_env *env, gp_image_request *req, const uint64_t *key, gp_vec *out)
{
    memset(out, 0, sizeof(*out));
    const gp_memory *mm = env->memory;
    if (!req->lane_mask || !mm || !mm->image)
        return;
    if (!key) {
        if (req->unit < GP_MAX_IMAGE_UNITS)
            mm->image(mm->image_user, req, out);
        return;
    }
    bool handles = req->bindless;
    uint32_t todo = req->lane_mask;
    gp_vec tmp;
    while (todo) {
        uint64_t k;
        uint32_t group = same_key(key, todo, &k);
        todo &= ~group;
        if (handles ? k == 0 : k == UINT64_MAX)
            continue;
        if (handles)
            req->handle = k;
        else
            req->unit = (uint8_t)k;
        req->lane_mask = group;
        memset(&tmp, 0, sizeof(tmp));
        mm->image(mm->image_user, req, &tmp);
        merge_lanes(out, &tmp, group);
    }
}

/* ---- interpolation ---------------------------------------------------------- */

void gp_rt_interp(const gp_exec_env *env, int slot, int mode, const gp_val (*arg)[2], uint32_t lanes,
                  const gp_vec *input, gp_vec *out)
{
    if (env->interp) {
        gp_vec t;
        env->interp(env->interp_user, slot, mode, arg, lanes, &t);
        merge_lanes(out, &t, lanes);
    } else {
        merge_lanes(out, input, lanes);
    }
}

/* ---- memory ------------------------------------------------------------------- */

void gp_rt_mem_view(const gp_exec_env *env, int space, int64_t binding, uint8_t **base, uint64_t *size)
{
    *base = NULL;
    *size = 0;
    if (space == GP_MEM_CBUF) {
        if (binding >= 0 && binding < GP_MAX_PARAM_BUFFERS && env->param_buffers[binding]) {
            *base = (uint8_t *)(uintptr_t)env->param_buffers[binding];
            *size = (uint64_t)env->param_buffer_words[binding] * 4u;
        }
    } else if (space == GP_MEM_STORAGE) {
        if (binding >= 0 && binding < GP_MAX_STORAGE_BUFFERS && env->memory) {
            *base = env->memory->storage[binding].data;
            *size = *base ? env->memory->storage[binding].size : 0;
        }
    } else if (space == GP_MEM_SHARED && env->shared) {
        *base = env->shared;
        *size = env->shared_size;
    }
}

static inline mem_gpu_site site_of(const gp_exec_env *env, int l)
{
    mem_gpu_site site = { env->mem_site, -1, -1 };
    if (env->lane_pos) {
        site.x = env->lane_pos[l][0];
        site.y = env->lane_pos[l][1];
    }
    return site;
}

/* Element k (esz bytes) of lane l's view access, or NULL outside the view. */
static inline uint8_t *view_elem(const gp_mem_loc *loc, int l, int esz, int k)
{
    uint64_t o = loc->off[l], size = loc->size[l];
    if (!loc->base[l] || o > size)
        return NULL;
    uint64_t e = o + (uint64_t)k * (uint64_t)esz;
    if (e > size || size - e < (uint64_t)esz)
        return NULL;
    return loc->base[l] + e;
}

void gp_rt_mem_read(const gp_exec_env *env, const gp_mem_loc *loc, int l, int esz, int cnt, uint8_t *raw)
{
    size_t n = (size_t)esz * (size_t)cnt;
    if (loc->space == GP_MEM_GLOBAL) {
        const gp_memory *mm = env->memory;
        if (mm && mm->space) {
            mem_gpu_site site = site_of(env, l);
            mem_gpu_read(mm->space, loc->off[l], n, raw, &site);
        } else {
            memset(raw, 0, n);
        }
        return;
    }
    for (int k = 0; k < cnt; k++) {
        const uint8_t *p = view_elem(loc, l, esz, k);
        if (p)
            memcpy(raw + k * esz, p, (size_t)esz);
        else
            memset(raw + k * esz, 0, (size_t)esz);
    }
}

void gp_rt_mem_write(const gp_exec_env *env, const gp_mem_loc *loc, int l, int esz, int cnt, const uint8_t *raw)
{
    size_t n = (size_t)esz * (size_t)cnt;
    if (loc->space == GP_MEM_GLOBAL) {
        const gp_memory *mm = env->memory;
        if (mm && mm->space) {
            mem_gpu_site site = site_of(env, l);
            mem_gpu_write(mm->space, loc->off[l], n, raw, &site);
        }
        return;
    }
    for (int k = 0; k < cnt; k++) {
        uint8_t *p = view_elem(loc, l, esz, k);
        if (p)
            memcpy(p, raw + k * esz, (size_t)esz);
    }
}

void *gp_rt_mem_atomic_ptr(const gp_exec_env *env, const gp_mem_loc *loc, int l, int esz)
{
    if (loc->space == GP_MEM_GLOBAL) {
        const gp_memory *mm = env->memory;
        if (!mm || !mm->space)
            return NULL;
        mem_gpu_site site = site_of(env, l);
        uint64_t a = loc->off[l];
        void *p = mem_gpu_pointer(mm->space, a, (size_t)esz, MEM_GPU_READ | MEM_GPU_WRITE, &site);
        if (p && ((a | (uint64_t)(uintptr_t)p) & (uint64_t)(esz - 1))) {
            mem_gpu_fault(mm->space, MEM_GPU_FAULT_ALIGN, a, (size_t)esz, MEM_GPU_READ | MEM_GPU_WRITE,
                          &site);
            return NULL;
        }
        return p;
    }
    uint8_t *p = view_elem(loc, l, esz, 0);
    if (!p || ((loc->off[l] | (uint64_t)(uintptr_t)p) & (uint64_t)(esz - 1)))
        return NULL;
    return p;
}

void gp_rt_membar(void)
{
    /* every form (.CTA too) is a sequentially consistent fence: asmgl has
     * no caches (glprog.h "memory") */
    atomic_thread_fence(memory_order_seq_cst);
}

/* ---- geometry and compute ------------------------------------------------------- */

void gp_rt_emit(const gp_exec_env *env, int what, uint32_t lanes)
{
    if (lanes && env->emit)
        env->emit(env->emit_user, what, env->outputs, lanes);
}

void gp_rt_barrier(const gp_exec_env *env)
{
    if (env->barrier)
        env->barrier(env->barrier_user);
}

const gp_runtime gp_runtime_helpers = {
    .tex = gp_rt_tex,
    .tex_units = gp_rt_tex_units,
    .tex_handles = gp_rt_tex_handles,
    .image = gp_rt_image,
    .interp = gp_rt_interp,
    .mem_view = gp_rt_mem_view,
    .mem_read = gp_rt_mem_read,
    .mem_write = gp_rt_mem_write,
    .mem_atomic_ptr = gp_rt_mem_atomic_ptr,
    .mem_atomic = mem_atomic,
    .membar = gp_rt_membar,
    .emit = gp_rt_emit,
    .barrier = gp_rt_barrier,
};
