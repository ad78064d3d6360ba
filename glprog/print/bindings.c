/*
 * print/bindings.c - parameter bindings as program text: state.*,
 * program.env / local / storagelen, literals that read back as the same
 * binary32 (gp_format_binding, also the validator's messages), and the
 * names of the conventional varyings.
 *
 * Part of the disassembler (print/print.h); any thread.
 */
#include "print.h"

/* Shortest decimal that reads back as the same binary32 (infinities as
 * 1e39, which the parser rounds to inf like strtof). */
static void format_float(float f, char *buf, size_t size)
{
    if (f != f) {
        snprintf(buf, size, "0");
        return;
    }
    if (f > 3.4028235e38f || f < -3.4028235e38f) {
        snprintf(buf, size, f > 0 ? "1e39" : "-1e39");
        return;
    }
    if (f > -1e9f && f < 1e9f && f == (float)(long long)f) {
        snprintf(buf, size, "%s%lld", (f == 0 && 1 / f < 0) ? "-" : "", (long long)f);
        return;
    }
    for (int prec = 1; prec <= 9; prec++) {
        snprintf(buf, size, "%.*g", prec, (double)f);
        if (strtof(buf, NULL) == f)
            break;
    }
    /* strtof honours the locale's decimal point; the parser wants '.' */
    for (char *c = buf; *c; c++)
        if (*c == ',')
            *c = '.';
}

static int fmt_state(const gp_state_ref *r, char *buf, size_t size)
{
    static const char *const mat[] = { "ambient", "diffuse", "specular", "emission", "shininess" };
    static const char *const light[] = { "ambient", "diffuse", "specular", "position",
                                         "attenuation", "spot.direction", "half" };
    static const char *const matrices[] = { "modelview", "projection", "mvp", "texture", "palette", "program" };
    static const char *const mods[] = { "", ".inverse", ".transpose", ".invtrans" };
    const char *face = r->face == GP_FACE_BACK ? ".back" : "";
    switch (r->kind) {
    case GP_STATE_MATERIAL:
        return snprintf(buf, size, "state.material%s.%s", face, mat[r->prop % 5]);
    case GP_STATE_LIGHT:
        return snprintf(buf, size, "state.light[%u].%s", r->index, light[r->prop % 7]);
    case GP_STATE_LIGHTMODEL_AMBIENT:
        return snprintf(buf, size, "state.lightmodel.ambient");
    case GP_STATE_LIGHTMODEL_SCENECOLOR:
        return snprintf(buf, size, "state.lightmodel%s.scenecolor", face);
    case GP_STATE_LIGHTPROD:
        return snprintf(buf, size, "state.lightprod[%u]%s.%s", r->index, face, mat[r->prop % 3]);
    case GP_STATE_TEXGEN:
        return snprintf(buf, size, "state.texgen[%u].%s.%c", r->index, r->prop >= 4 ? "object" : "eye",
                        "strq"[r->prop % 4]);
    case GP_STATE_FOG_COLOR:
        return snprintf(buf, size, "state.fog.color");
    case GP_STATE_FOG_PARAMS:
        return snprintf(buf, size, "state.fog.params");
    case GP_STATE_CLIPPLANE:
        return snprintf(buf, size, "state.clip[%u].plane", r->index);
    case GP_STATE_POINT_SIZE:
        return snprintf(buf, size, "state.point.size");
    case GP_STATE_POINT_ATTENUATION:
        return snprintf(buf, size, "state.point.attenuation");
    case GP_STATE_MATRIX_ROW: {
        char name[32];
        const char *m = matrices[r->prop % 6];
        if (r->prop == GP_MATRIX_MODELVIEW || r->prop == GP_MATRIX_TEXTURE || r->prop == GP_MATRIX_PALETTE ||
            r->prop == GP_MATRIX_PROGRAM)
            snprintf(name, sizeof(name), "%s[%u]", m, r->index);
        else
            snprintf(name, sizeof(name), "%s", m);
        return snprintf(buf, size, "state.matrix.%s%s.row[%u]", name, mods[r->modifier & 3], r->row);
    }
    case GP_STATE_TEXENV_COLOR:
        return snprintf(buf, size, "state.texenv[%u].color", r->index);
    case GP_STATE_DEPTH_RANGE:
        return snprintf(buf, size, "state.depth.range");
    default:
        return snprintf(buf, size, "state.?");
    }
}

int gp_format_binding(const gp_param_binding *b, char *buf, size_t size)
{
    switch (b->kind) {
    case GP_PARAM_ENV:
        return snprintf(buf, size, "program.env[%u]", b->index);
    case GP_PARAM_LOCAL:
        return snprintf(buf, size, "program.local[%u]", b->index);
    case GP_PARAM_STORAGELEN: /* NV_shader_storage_buffer_object */
        return snprintf(buf, size, "program.storagelen[%u]", b->index);
    case GP_PARAM_STATE:
        return fmt_state(&b->state, buf, size);
    default: {
        char v[4][32];
        for (int i = 0; i < 4; i++) {
            if (b->type == 'S')
                snprintf(v[i], sizeof(v[i]), "%d", (int)b->value[i].i);
            else if (b->type == 'U')
                snprintf(v[i], sizeof(v[i]), "%u", (unsigned)b->value[i].u);
            else
                format_float(b->value[i].f, v[i], sizeof(v[i]));
        }
        return snprintf(buf, size, "{%s, %s, %s, %s}", v[0], v[1], v[2], v[3]);
    }
    }
}

const char *gp_pr_varying_name(int slot)
{
    static const char *const names[] = { [GP_VARY_POS] = "position", [GP_VARY_COL0] = "color",
                                         [GP_VARY_COL1] = "color.secondary", [GP_VARY_BFC0] = "color.back",
                                         [GP_VARY_BFC1] = "color.back.secondary", [GP_VARY_FOG] = "fogcoord",
                                         [GP_VARY_PSIZ] = "pointsize" };
    if (slot >= 0 && slot <= GP_VARY_PSIZ)
        return names[slot];
    return slot == GP_VARY_FACE ? "facing" : slot == GP_VARY_ID ? "id" : NULL;
}
