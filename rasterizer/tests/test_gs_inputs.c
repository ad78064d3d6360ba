/*
 * test_gs_inputs.c - what a geometry program reads of its input vertices
 * (NV_geometry_program4 2.X.3.2, Table X.2): the vertex program's
 * fogcoord, pointsize, clip distances, generic attributes, result.id, and
 * texture coordinates through an ATTRIB array declared without a vertex
 * number (indexed [vertex][element], also with a relative vertex index);
 * results written before ENDPRIM reach the next EMIT.  Each input vertex
 * comes out as a point whose texture coordinates the fragment program
 * writes out.  Thread: test main thread.
 *
 * covers: BIND.G.FOG_PSIZE BIND.G.CLIP BIND.G.ATTRIB BIND.G.ID BIND.G.NOVERTEX DECL.GP_2D_ATTRIB
 * covers: BIND.R.ID BIND.R.POSITION EDGE.EMIT_RESULTS
 */
#include "rast_test.h"

enum { W = 8, H = 8 };

int main(void)
{
    gp_program *vp = rt_compile(GP_STAGE_VERTEX,
                                "!!NVvp4.0\n"
                                "INT TEMP i;\n"
                                "MOV result.position, vertex.position;\n"
                                "MOV result.fogcoord.x, vertex.texcoord[0].x;\n"
                                "ADD result.pointsize.x, vertex.texcoord[0].x, 100;\n"
                                "MUL result.clip[1].x, vertex.texcoord[0].x, -1;\n"
                                "MOV result.attrib[3], vertex.texcoord[0];\n"
                                "TRUNC.S i.x, vertex.texcoord[0].x;\n"
                                "ADD.S i.x, i.x, 1000;\n"
                                "MOV.S result.id.x, i.x;\n"
                                "MOV result.texcoord[0], vertex.texcoord[0];\n"
                                "MOV result.texcoord[1], vertex.texcoord[1];\n"
                                "END\n");
    gp_val(*vpp)[4] = rt_params(vp, NULL, 0, NULL, 0);
    /* vertex k of the triangle -> a point at column k of row 2 */
    char src[8192];
    int o = snprintf(src, sizeof src,
                     "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 3;\n"
                     "ATTRIB tc[] = { vertex.texcoord[0..1] };\n"
                     "INT TEMP a;\nTEMP q;\n");
    for (int k = 0; k < 3; k++) {
        o += snprintf(src + o, sizeof src - (size_t)o,
                      "MOV result.position, {%.9g, %.9g, 0, 1};\n"
                      "MOV q.x, vertex[%d].fogcoord.x;\n"
                      "MOV q.y, vertex[%d].pointsize.x;\n"
                      "MOV q.z, vertex[%d].clip[1].x;\n"
                      "I2F q.w, vertex[%d].id.x;\n"
                      "MOV result.texcoord[0], q;\n"
                      "MOV result.texcoord[1], vertex[%d].attrib[3];\n"
                      "MOV result.texcoord[2], tc[%d][1];\n"
                      "MOV.S a.x, %d;\n"
                      "MOV result.texcoord[3], tc[a.x][0];\n"
                      "%s"
                      "EMIT;\n",
                      rt_ndc(k + 0.5, W), rt_ndc(2.5, H), k, k, k, k, k, k, k,
                      k == 1 ? "ENDPRIM;\n" : "");
    }
    snprintf(src + o, sizeof src - (size_t)o, "END\n");
    gp_program *gp = rt_compile(GP_STAGE_GEOMETRY, src);
    gp_val(*gpp)[4] = rt_params(gp, NULL, 0, NULL, 0);

    rast_context *r = rast_context_create(1);
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    /* an indexed triangle of vertices 5, 2, 7: texcoord[0] = (v, 0, 0, 1),
     * texcoord[1] = (v + 0.5, 2v, 0, 1) */
    float pos[8 * 4], tc0[8 * 4], tc1[8 * 4];
    for (int v = 0; v < 8; v++) {
        pos[v * 4] = 0; pos[v * 4 + 1] = 0; pos[v * 4 + 2] = 0; pos[v * 4 + 3] = 1;
        tc0[v * 4] = (float)v; tc0[v * 4 + 1] = 0; tc0[v * 4 + 2] = 0; tc0[v * 4 + 3] = 1;
        tc1[v * 4] = (float)v + 0.5f; tc1[v * 4 + 1] = 2.0f * (float)v; tc1[v * 4 + 2] = 0; tc1[v * 4 + 3] = 1;
    }
    static const uint8_t idx[3] = {5, 2, 7};
    for (int set = 0; set < 4; set++) {
        char fsrc[128];
        snprintf(fsrc, sizeof fsrc, "!!ARBfp1.0\nMOV result.color, fragment.texcoord[%d];\nEND\n", set);
        gp_program *fp = rt_compile(GP_STAGE_FRAGMENT, fsrc);
        gp_val(*fpp)[4] = rt_params(fp, NULL, 0, NULL, 0);
        rast_draw d;
        rt_draw_init(&d, &f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
        d.gp.prog = gp;
        d.gp.params = (const gp_val(*)[4])gpp;
        d.mode = GL_TRIANGLES;
        d.count = 3;
        d.index_type = GL_UNSIGNED_BYTE;
        d.indices = idx;
        rt_attrib(&d, GP_VIN_POSITION, pos, 4);
        rt_attrib(&d, GP_VIN_TEX0, tc0, 4);
        rt_attrib(&d, GP_VIN_TEX0 + 1, tc1, 4);
        rt_clear(r, &f, -1, -1, -1, -1, 1.0);
        rast_draw_submit(r, &d);
        rast_flush(r);
        for (int k = 0; k < 3; k++) {
            float v = idx[k];
            float want[4][4] = {
                {v, v + 100, -v, v + 1000},   /* fogcoord, pointsize, clip[1], id */
                {v, 0, 0, 1},                 /* attrib[3] */
                {v + 0.5f, 2 * v, 0, 1},      /* tc[k][1] = vertex k's texcoord[1] */
                {v, 0, 0, 1},                 /* tc[a.x][0] */
            };
            const float *p = rt_pxf(&f, k, 2);
            CHECK(p[0] == want[set][0] && p[1] == want[set][1] && p[2] == want[set][2] && p[3] == want[set][3],
                  "texcoord[%d] of vertex[%d]: %g %g %g %g want %g %g %g %g", set, k, p[0], p[1], p[2], p[3],
                  want[set][0], want[set][1], want[set][2], want[set][3]);
        }
        gp_program_free(fp);
        free(fpp);
    }
    rt_fb_free(&f);
    rast_context_destroy(r);
    gp_program_free(vp);
    gp_program_free(gp);
    free(vpp);
    free(gpp);
    RT_DONE();
}
