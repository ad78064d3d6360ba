/*
 * imgcheck.c - asmgl-demo-imgcheck: checks properties of rendered PNGs.
 *
 *   asmgl-demo-imgcheck stats IMG
 *       prints size, mean and standard deviation of luma, and the peak luma.
 *   asmgl-demo-imgcheck expect IMG [CHECK]...
 *       --min-stddev S         luma varies: its standard deviation is >= S
 *       --min-peak L           some pixel (a highlight) has luma >= L
 *       --mean-range LO,HI     mean luma lies in [LO, HI]
 *       --luma X,Y,LO,HI       the region at (X, Y) has mean luma in [LO, HI]
 *       --brighter X1,Y1,X2,Y2[,R]
 *                              the region at (X1, Y1) is at least R (default 2)
 *                              times as bright as the region at (X2, Y2)
 *       --pixel X,Y,LO,HI      the pixel at column X, row Y has luma in [LO, HI]
 *       --levels X1,X2,Y,MIN,MAX
 *                              pixels X1..X2 of row Y show between MIN and MAX
 *                              distinct colours (RGB triples)
 *       --ramp X1,X2,Y,LO,HI,MIN,MAX
 *                              between MIN and MAX pixels of X1..X2 on row Y
 *                              have a luma strictly between LO and HI (the
 *                              width of a transition between two levels)
 *       --row X1,X2,Y          prints the luma of pixels X1..X2 of row Y
 *       --absent R,G,B,T,X1,Y1,X2,Y2
 *                              no pixel of columns X1..X2, rows Y1..Y2 is
 *                              within T of (R, G, B) in every channel (e.g.
 *                              the clear colour showing through a crack)
 *   asmgl-demo-imgcheck compare IMG REF [--tol T] [--max-bad F] [--max-mean M]
 *                                       [--diff OUT.png]
 *       a pixel of IMG is bad when no pixel of REF within one pixel of it
 *       matches it within T (default 16) in every channel (that forgives edges
 *       moved by a pixel); fails when more than the fraction F (default 0.01)
 *       of pixels are bad or the mean absolute channel difference exceeds M
 *       (default 4).  --diff writes bad pixels red over a dimmed IMG.
 *
 * Coordinates X, Y are fractions of the width and height, from the top left
 * as an image viewer shows the PNG; a region is a square about 1/64 of the
 * width across; --pixel, --levels, --ramp and --row take whole pixel
 * columns and rows instead, also from the top left (row 0 is the top row;
 * GL's window row y is row H - 1 - y).  Luma is 0.299 R + 0.587 G + 0.114 B, in 0..255.
 * Exit status: 0 all checks pass, 1 a check fails, 2 usage or I/O error.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image.h>
#include <stb_image_write.h>

typedef struct image {
    int w, h;
    unsigned char *px; /* RGB, top row first */
} image;

static int load(const char *path, image *img)
{
    int comp;
    img->px = stbi_load(path, &img->w, &img->h, &comp, 3);
    if (!img->px) {
        fprintf(stderr, "imgcheck: cannot read %s: %s\n", path, stbi_failure_reason());
        return 0;
    }
    return 1;
}

static double luma_at(const image *img, int x, int y)
{
    const unsigned char *p = img->px + ((size_t)y * img->w + x) * 3;
    return 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
}

/* Mean luma of the square region centred at fractional (fx, fy). */
static double region_luma(const image *img, double fx, double fy)
{
    int r = img->w / 128 > 1 ? img->w / 128 : 1;
    int cx = (int)(fx * img->w), cy = (int)(fy * img->h);
    double sum = 0.0;
    int n = 0;
    for (int y = cy - r; y <= cy + r; y++)
        for (int x = cx - r; x <= cx + r; x++)
            if (x >= 0 && y >= 0 && x < img->w && y < img->h) {
                sum += luma_at(img, x, y);
                n++;
            }
    return n ? sum / n : 0.0;
}

static void luma_stats(const image *img, double *mean, double *stddev, double *peak)
{
    double sum = 0.0, sum2 = 0.0, mx = 0.0;
    size_t n = (size_t)img->w * img->h;
    for (int y = 0; y < img->h; y++)
        for (int x = 0; x < img->w; x++) {
            double l = luma_at(img, x, y);
            sum += l;
            sum2 += l * l;
            if (l > mx)
                mx = l;
        }
    *mean = sum / n;
    double var = sum2 / n - *mean * *mean;
    *stddev = var > 0.0 ? sqrt(var) : 0.0;
    *peak = mx;
}

/* Parses exactly `n` comma-separated numbers, or n - 1 when `optional_last`. */
static int parse_list(const char *s, double *out, int n, int optional_last)
{
    int got = 0;
    const char *p = s;
    while (got < n) {
        char *end;
        out[got] = strtod(p, &end);
        if (end == p)
            return 0;
        got++;
        if (*end == '\0')
            break;
        if (*end != ',')
            return 0;
        p = end + 1;
    }
    return got == n || (optional_last && got == n - 1);
}

static int cmd_stats(const char *path)
{
    image img;
    if (!load(path, &img))
        return 2;
    double mean, sd, peak;
    luma_stats(&img, &mean, &sd, &peak);
    printf("%s: %dx%d luma mean %.2f stddev %.2f peak %.1f\n", path, img.w, img.h, mean, sd, peak);
    stbi_image_free(img.px);
    return 0;
}

static int cmd_expect(int argc, char **argv)
{
    image img;
    if (argc < 1)
        return -1;
    if (!load(argv[0], &img))
        return 2;
    double mean, sd, peak;
    luma_stats(&img, &mean, &sd, &peak);
    int failed = 0;
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        double v[8];
        if (!val)
            goto usage;
        i++;
        if (!strcmp(opt, "--min-stddev") && parse_list(val, v, 1, 0)) {
            int ok = sd >= v[0];
            printf("%s luma stddev %.2f >= %.2f\n", ok ? "ok  " : "FAIL", sd, v[0]);
            failed |= !ok;
        } else if (!strcmp(opt, "--min-peak") && parse_list(val, v, 1, 0)) {
            int ok = peak >= v[0];
            printf("%s peak luma %.1f >= %.1f\n", ok ? "ok  " : "FAIL", peak, v[0]);
            failed |= !ok;
        } else if (!strcmp(opt, "--mean-range") && parse_list(val, v, 2, 0)) {
            int ok = mean >= v[0] && mean <= v[1];
            printf("%s mean luma %.2f in [%.1f, %.1f]\n", ok ? "ok  " : "FAIL", mean, v[0], v[1]);
            failed |= !ok;
        } else if (!strcmp(opt, "--luma") && parse_list(val, v, 4, 0)) {
            double l = region_luma(&img, v[0], v[1]);
            int ok = l >= v[2] && l <= v[3];
            printf("%s luma at (%.3f, %.3f) %.1f in [%.1f, %.1f]\n", ok ? "ok  " : "FAIL", v[0], v[1], l, v[2],
                   v[3]);
            failed |= !ok;
        } else if (!strcmp(opt, "--brighter") && parse_list(val, v, 5, 1)) {
            double ratio = v[4] > 0.0 && parse_list(val, v, 5, 0) ? v[4] : 2.0;
            double a = region_luma(&img, v[0], v[1]), b = region_luma(&img, v[2], v[3]);
            int ok = a >= ratio * b && a > 0.0;
            printf("%s luma at (%.3f, %.3f) %.1f >= %.2f x luma at (%.3f, %.3f) %.1f\n", ok ? "ok  " : "FAIL", v[0],
                   v[1], a, ratio, v[2], v[3], b);
            failed |= !ok;
        } else if (!strcmp(opt, "--pixel") && parse_list(val, v, 4, 0)) {
            int x = (int)v[0], y = (int)v[1];
            if (x < 0 || y < 0 || x >= img.w || y >= img.h)
                goto usage;
            double l = luma_at(&img, x, y);
            const unsigned char *px = img.px + ((size_t)y * img.w + x) * 3;
            int ok = l >= v[2] && l <= v[3];
            printf("%s pixel (%d, %d) = (%d, %d, %d) luma %.1f in [%.1f, %.1f]\n", ok ? "ok  " : "FAIL", x, y, px[0],
                   px[1], px[2], l, v[2], v[3]);
            failed |= !ok;
        } else if ((!strcmp(opt, "--levels") && parse_list(val, v, 5, 0)) ||
                   (!strcmp(opt, "--row") && parse_list(val, v, 3, 0))) {
            int x1 = (int)v[0], x2 = (int)v[1], y = (int)v[2];
            if (x1 < 0 || x2 < x1 || x2 >= img.w || y < 0 || y >= img.h)
                goto usage;
            if (!strcmp(opt, "--row")) {
                printf("row %d, x %d..%d:", y, x1, x2);
                for (int x = x1; x <= x2; x++)
                    printf(" %.0f", luma_at(&img, x, y));
                printf("\n");
                continue;
            }
            int distinct = 0;
            for (int x = x1; x <= x2; x++) {
                const unsigned char *px = img.px + ((size_t)y * img.w + x) * 3;
                int seen = 0;
                for (int x0 = x1; x0 < x && !seen; x0++)
                    seen = !memcmp(px, img.px + ((size_t)y * img.w + x0) * 3, 3);
                distinct += !seen;
            }
            int ok = distinct >= v[3] && distinct <= v[4];
            printf("%s row %d, x %d..%d: %d distinct colours in [%.0f, %.0f]\n", ok ? "ok  " : "FAIL", y, x1, x2,
                   distinct, v[3], v[4]);
            failed |= !ok;
        } else if (!strcmp(opt, "--ramp") && parse_list(val, v, 7, 0)) {
            int x1 = (int)v[0], x2 = (int)v[1], y = (int)v[2];
            if (x1 < 0 || x2 < x1 || x2 >= img.w || y < 0 || y >= img.h)
                goto usage;
            int n = 0;
            for (int x = x1; x <= x2; x++) {
                double l = luma_at(&img, x, y);
                n += l > v[3] && l < v[4];
            }
            int ok = n >= v[5] && n <= v[6];
            printf("%s row %d, x %d..%d: %d pixels with luma in (%.1f, %.1f), expected [%.0f, %.0f]\n",
                   ok ? "ok  " : "FAIL", y, x1, x2, n, v[3], v[4], v[5], v[6]);
            failed |= !ok;
        } else if (!strcmp(opt, "--absent") && parse_list(val, v, 8, 0)) {
            int x1 = (int)v[4], y1 = (int)v[5], x2 = (int)v[6], y2 = (int)v[7];
            if (x1 < 0 || x2 < x1 || x2 >= img.w || y1 < 0 || y2 < y1 || y2 >= img.h)
                goto usage;
            int n = 0, fx = -1, fy = -1;
            for (int y = y1; y <= y2; y++) {
                for (int x = x1; x <= x2; x++) {
                    const unsigned char *px = img.px + ((size_t)y * img.w + x) * 3;
                    int near = 1;
                    for (int c = 0; c < 3; c++)
                        near &= fabs((double)px[c] - v[c]) <= v[3];
                    if (near && n++ == 0) {
                        fx = x;
                        fy = y;
                    }
                }
            }
            printf("%s (%.0f, %.0f, %.0f) +- %.0f in x %d..%d, y %d..%d: %d pixels", n ? "FAIL" : "ok  ", v[0], v[1],
                   v[2], v[3], x1, x2, y1, y2, n);
            if (n)
                printf(", the first at (%d, %d)", fx, fy);
            printf("\n");
            failed |= n != 0;
        } else {
            goto usage;
        }
    }
    stbi_image_free(img.px);
    return failed;
usage:
    stbi_image_free(img.px);
    return -1;
}

static int cmd_compare(int argc, char **argv)
{
    if (argc < 2)
        return -1;
    double tol = 16.0, max_bad = 0.01, max_mean = 4.0;
    const char *diff_path = NULL;
    for (int i = 2; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!val)
            return -1;
        i++;
        if (!strcmp(opt, "--tol"))
            tol = atof(val);
        else if (!strcmp(opt, "--max-bad"))
            max_bad = atof(val);
        else if (!strcmp(opt, "--max-mean"))
            max_mean = atof(val);
        else if (!strcmp(opt, "--diff"))
            diff_path = val;
        else
            return -1;
    }
    image a, b;
    if (!load(argv[0], &a))
        return 2;
    if (!load(argv[1], &b)) {
        stbi_image_free(a.px);
        return 2;
    }
    int status = 2;
    unsigned char *diff = NULL;
    if (a.w != b.w || a.h != b.h) {
        fprintf(stderr, "imgcheck: %s is %dx%d but %s is %dx%d\n", argv[0], a.w, a.h, argv[1], b.w, b.h);
        goto out;
    }
    size_t n = (size_t)a.w * a.h, bad = 0;
    double sum = 0.0;
    int worst = 0;
    if (diff_path && !(diff = malloc(n * 3))) {
        fprintf(stderr, "imgcheck: out of memory\n");
        goto out;
    }
    for (int y = 0; y < a.h; y++) {
        for (int x = 0; x < a.w; x++) {
            const unsigned char *p = a.px + ((size_t)y * a.w + x) * 3;
            const unsigned char *q = b.px + ((size_t)y * a.w + x) * 3;
            for (int c = 0; c < 3; c++)
                sum += abs(p[c] - q[c]);
            /* the closest pixel of REF in the 3x3 neighbourhood */
            int best = 256;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int xx = x + dx, yy = y + dy;
                    if (xx < 0 || yy < 0 || xx >= a.w || yy >= a.h)
                        continue;
                    const unsigned char *r = b.px + ((size_t)yy * a.w + xx) * 3;
                    int d = 0;
                    for (int c = 0; c < 3; c++)
                        if (abs(p[c] - r[c]) > d)
                            d = abs(p[c] - r[c]);
                    if (d < best)
                        best = d;
                }
            if (best > worst)
                worst = best;
            int is_bad = best > tol;
            bad += is_bad;
            if (diff) {
                unsigned char *o = diff + ((size_t)y * a.w + x) * 3;
                if (is_bad) {
                    o[0] = 255, o[1] = 0, o[2] = 0;
                } else {
                    for (int c = 0; c < 3; c++)
                        o[c] = (unsigned char)(p[c] / 3);
                }
            }
        }
    }
    double mean = sum / (n * 3.0), frac = (double)bad / n;
    int ok = frac <= max_bad && mean <= max_mean;
    printf("%s %s vs %s: mean |diff| %.3f (max %.2f), bad pixels %zu = %.4f%% (max %.4f%%, tol %.0f), "
           "worst %d\n",
           ok ? "ok  " : "FAIL", argv[0], argv[1], mean, max_mean, bad, frac * 100.0, max_bad * 100.0, tol, worst);
    if (diff && !stbi_write_png(diff_path, a.w, a.h, 3, diff, a.w * 3))
        fprintf(stderr, "imgcheck: cannot write %s\n", diff_path);
    status = !ok;
out:
    free(diff);
    stbi_image_free(a.px);
    stbi_image_free(b.px);
    return status;
}

static void usage(void)
{
    fprintf(stderr, "usage: asmgl-demo-imgcheck stats IMG\n"
                    "       asmgl-demo-imgcheck expect IMG [--min-stddev S] [--min-peak L] [--mean-range LO,HI]\n"
                    "                                      [--luma X,Y,LO,HI] [--brighter X1,Y1,X2,Y2[,R]]\n"
                    "                                      [--pixel X,Y,LO,HI] [--levels X1,X2,Y,MIN,MAX]\n"
                    "                                      [--ramp X1,X2,Y,LO,HI,MIN,MAX] [--row X1,X2,Y]\n"
                    "                                      [--absent R,G,B,T,X1,Y1,X2,Y2]...\n"
                    "       asmgl-demo-imgcheck compare IMG REF [--tol T] [--max-bad F] [--max-mean M]"
                    " [--diff OUT.png]\n");
}

int main(int argc, char **argv)
{
    int status = -1;
    if (argc >= 3 && !strcmp(argv[1], "stats") && argc == 3)
        status = cmd_stats(argv[2]);
    else if (argc >= 3 && !strcmp(argv[1], "expect"))
        status = cmd_expect(argc - 2, argv + 2);
    else if (argc >= 4 && !strcmp(argv[1], "compare"))
        status = cmd_compare(argc - 2, argv + 2);
    if (status < 0) {
        usage();
        return 2;
    }
    return status;
}
