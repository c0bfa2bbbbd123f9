/* Scaling plot over a parameterized task family, thesis Figures 3.6 and
 * 4.3 (figures.h). */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <math.h>
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "../common/exit_status.h"
#include "gnuplot.h"
#include "figures.h"

static pcre2_code *compile_family_regex(const char *regex)
{
    int err;
    PCRE2_SIZE at;
    pcre2_code *re = pcre2_compile((PCRE2_SPTR)regex, PCRE2_ZERO_TERMINATED, 0, &err, &at, NULL);
    if (!re) {
        PCRE2_UCHAR msg[120];
        pcre2_get_error_message(err, msg, sizeof msg);
        fprintf(stderr, "ordo: bad --scaling regex '%s' at offset %zu: %s\n", regex, (size_t)at, msg);
        return NULL;
    }
    uint32_t groups = 0;
    pcre2_pattern_info(re, PCRE2_INFO_CAPTURECOUNT, &groups);
    if (groups < 1) {
        fprintf(stderr, "ordo: --scaling regex '%s' needs a capture group for the parameter, e.g. 'fig32-([0-9]+)'\n",
                regex);
        pcre2_code_free(re);
        return NULL;
    }
    return re;
}

/* Per task: the family parameter, or NAN for tasks outside the family.
 * Returns how many tasks belong to the family, or -1. */
static long family_parameters(const results *r, const char *regex, double *param)
{
    pcre2_code *re = compile_family_regex(regex);
    if (!re)
        return -1;
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
    long members = 0;
    for (size_t t = 0; t < r->n_tasks; t++) {
        param[t] = NAN;
        if (pcre2_match(re, (PCRE2_SPTR)r->tasks[t], PCRE2_ZERO_TERMINATED, 0, 0, md, NULL) < 2)
            continue;
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
        char *text = xasprintf("%.*s", (int)(ov[3] - ov[2]), r->tasks[t] + ov[2]);
        char *end;
        double v = strtod(text, &end);
        if (end != text && !*end) {
            param[t] = v;
            members++;
        }
        free(text);
    }
    pcre2_match_data_free(md);
    pcre2_code_free(re);
    return members;
}

typedef struct {
    double param, time;
    bool solved;
} family_point;

static int by_param(const void *a, const void *b)
{
    double x = ((const family_point *)a)->param, y = ((const family_point *)b)->param;
    return (x > y) - (x < y);
}

/* Writes CONFIG's solved members (block 2*CONFIG) and unsolved ones at
 * BORDER (block 2*CONFIG+1); counts them. */
static void write_config(const results *r, unsigned config, const double *param, double border, figure *f,
                         size_t *n_solved, size_t *n_unsolved)
{
    family_point *pts = xmalloc((r->n_tasks + 1) * sizeof *pts);
    size_t n = 0;
    for (size_t t = 0; t < r->n_tasks; t++) {
        const result_row *row = results_cell(r, config, (unsigned)t);
        if (!row || isnan(param[t]))
            continue;
        double time = results_cputime_floor(row, FIGURE_MIN_TIME_S);
        pts[n++] = (family_point){ param[t], time, row->judged == JUDGED_CORRECT };
    }
    qsort(pts, n, sizeof *pts, by_param);
    *n_solved = *n_unsolved = 0;
    for (int solved = 1; solved >= 0; solved--) {
        for (size_t i = 0; i < n; i++)
            if (pts[i].solved == solved) {
                fprintf(f->data, "%.6g %.6g\n", pts[i].param, solved ? pts[i].time : border);
                ++*(solved ? n_solved : n_unsolved);
            }
        figure_end_block(f);
    }
    free(pts);
}

/* Whether every parameter is a positive power of two (then the x axis is
 * log2, as the thesis draws N = 2^i). */
static bool powers_of_two(const double *param, size_t n)
{
    for (size_t t = 0; t < n; t++)
        if (!isnan(param[t]) && (param[t] <= 0 || log2(param[t]) != floor(log2(param[t]))))
            return false;
    return true;
}

/* The border for unsolved members (the CPU limit, or the decade above
 * every time measured) and the least time drawn. */
static double time_range(const results *r, const double *param, double limit_s, double *lo)
{
    double hi = 1;
    *lo = INFINITY;
    for (size_t c = 0; c < r->n_configs; c++)
        for (size_t t = 0; t < r->n_tasks; t++) {
            const result_row *row = results_cell(r, (unsigned)c, (unsigned)t);
            if (!row || isnan(param[t]))
                continue;
            if (!isnan(row->cputime_s))
                hi = fmax(hi, row->cputime_s);
            if (row->judged == JUDGED_CORRECT)
                *lo = fmin(*lo, results_cputime_floor(row, FIGURE_MIN_TIME_S));
        }
    double border = !isnan(limit_s) && limit_s >= hi ? limit_s : figure_decade_above(hi * 1.0001);
    *lo = fmin(*lo, border);
    return border;
}

static void write_body(figure *f, const results *r, const char *regex, bool log2_x, double lo, double border,
                       const size_t *solved, const size_t *unsolved)
{
    char *title = xasprintf("CPU time over the task family %s (no correct result: on the dashed line)", regex);
    figure_titles(f, title, NULL, NULL);
    free(title);
    fprintf(f->body,
            "\n  set xlabel 'family parameter N%s'\n  set ylabel 'CPU time (s, log scale)'\n"
            "  set logscale y 10\n  set format y '%%g'\n%s"
            "  set yrange [%g:%g]\n  set offsets graph 0.03, graph 0.03, 0, 0\n  set grid\n"
            "  set arrow 1 from graph 0, first %g to graph 1, first %g nohead dt 2 lc rgb 'gray40'\n"
            "  set key outside right top\n  plot",
            log2_x ? " (log2 scale)" : "", log2_x ? "  set logscale x 2\n" : "", figure_log_axis_bottom(lo), border * 2,
            border, border);
    const char *sep = "";
    for (size_t c = 0; c < r->n_configs; c++) {
        /* distinct open points: overlapping lines, and unsolved members of
         * several configurations on the border, stay visible */
        size_t pt = 4 + 2 * (c % 4);
        char *name = xasprintf("%s (%zu solved)", r->configs[c], solved[c]);
        if (solved[c]) {
            fprintf(f->body, "%s data index %zu using 1:2 with linespoints pt %zu ps 1.2 lw 2 lc %zu title ", sep,
                    2 * c, pt, c + 1);
            figure_quote(f->body, name);
            sep = ", \\\n    ";
        }
        free(name);
        if (unsolved[c]) {
            fprintf(f->body, "%s data index %zu using 1:2 with points pt %zu ps 1.6 lw 2 lc %zu title ", sep,
                    2 * c + 1, pt, c + 1);
            name = xasprintf("%s: no correct result (%zu)", r->configs[c], unsolved[c]);
            figure_quote(f->body, name);
            free(name);
            sep = ", \\\n    ";
        }
    }
    fputs("\n", f->body);
}

int figure_scaling(const results *r, const char *out_dir, const char *regex, double limit_s)
{
    double *param = xmalloc((r->n_tasks + 1) * sizeof *param);
    long members = family_parameters(r, regex, param);
    if (members <= 0) {
        if (members == 0)
            fprintf(stderr, "ordo: no task name matches the --scaling regex '%s' with a number in its first group\n",
                    regex);
        free(param);
        return ORDO_EXIT_USAGE;
    }
    figure f;
    int status = figure_open(&f, out_dir, "scaling");
    if (!status) {
        double lo, border = time_range(r, param, limit_s, &lo);
        size_t *solved = xcalloc(r->n_configs + 1, sizeof *solved);
        size_t *unsolved = xcalloc(r->n_configs + 1, sizeof *unsolved);
        for (size_t c = 0; c < r->n_configs; c++)
            write_config(r, (unsigned)c, param, border, &f, &solved[c], &unsolved[c]);
        write_body(&f, r, regex, powers_of_two(param, r->n_tasks), lo, border, solved, unsolved);
        free(solved);
        free(unsolved);
        status = figure_render(&f);
    }
    free(param);
    return status;
}
