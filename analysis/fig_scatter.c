/* Scatter plot of two configurations' CPU times per task, thesis Figure
 * 5.5 (figures.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "../common/exit_status.h"
#include "gnuplot.h"
#include "figures.h"

/* Categories of a task, one data block each. */
enum { BOTH_SOLVED, ONLY_X, ONLY_Y, NEITHER, N_CATEGORIES };

static int config_index(const results *r, const char *name)
{
    int found = results_find_config(r, name);
    if (found >= 0)
        return found;
    fprintf(stderr, "ordo: unknown configuration '%s' for the scatter plot (the results have:", name);
    for (size_t c = 0; c < r->n_configs; c++)
        fprintf(stderr, " %s", r->configs[c]);
    fprintf(stderr, ")\n");
    return -1;
}

/* The border where unsolved tasks are drawn: the CPU limit, or the decade
 * above every solved task's time. (Only solved tasks are drawn at their
 * time; a run stopped at the limit measures a little more than it.) */
static double border_time(const results *r, unsigned x, unsigned y, double limit_s)
{
    double hi = 1;
    for (size_t t = 0; t < r->n_tasks; t++)
        for (int side = 0; side < 2; side++) {
            const result_row *row = results_cell(r, side ? y : x, (unsigned)t);
            if (row && row->judged == JUDGED_CORRECT)
                hi = fmax(hi, results_cputime_floor(row, FIGURE_MIN_TIME_S));
        }
    return !isnan(limit_s) && limit_s >= hi ? limit_s : figure_decade_above(hi * 1.0001);
}

/* Writes the four blocks; COUNTS gets their sizes, *LO the least time. */
static void write_points(const results *r, unsigned x, unsigned y, double border, figure *f,
                         size_t counts[N_CATEGORIES], double *lo)
{
    for (int cat = 0; cat < N_CATEGORIES; cat++) {
        for (size_t t = 0; t < r->n_tasks; t++) {
            const result_row *a = results_cell(r, x, (unsigned)t), *b = results_cell(r, y, (unsigned)t);
            if (!a || !b)
                continue;
            bool sa = a->judged == JUDGED_CORRECT, sb = b->judged == JUDGED_CORRECT;
            int c = sa && sb ? BOTH_SOLVED : sa ? ONLY_X : sb ? ONLY_Y : NEITHER;
            if (c != cat)
                continue;
            double tx = sa ? results_cputime_floor(a, FIGURE_MIN_TIME_S) : border, ty = sb ? results_cputime_floor(b, FIGURE_MIN_TIME_S) : border;
            fprintf(f->data, "%.6g %.6g # %s\n", tx, ty, r->tasks[t]);
            *lo = fmin(*lo, fmin(tx, ty));
            counts[c]++;
        }
        figure_end_block(f);
    }
}

static void write_body(figure *f, const char *xn, const char *yn, double lo, double border,
                       const size_t counts[N_CATEGORIES])
{
    static const char *const style[N_CATEGORIES] = {
        "pt 7 ps 0.8 lc rgb '#1f5fbf'", "pt 9 ps 1.1 lc rgb '#d95f02'",
        "pt 11 ps 1.1 lc rgb '#1b9e77'", "pt 2 ps 1.1 lc rgb '#555555'",
    };
    char *what[N_CATEGORIES] = {
        xasprintf("solved by both (%zu)", counts[BOTH_SOLVED]),
        xasprintf("solved only by %s (%zu)", xn, counts[ONLY_X]),
        xasprintf("solved only by %s (%zu)", yn, counts[ONLY_Y]),
        xasprintf("solved by neither (%zu)", counts[NEITHER]),
    };
    char *title = xasprintf("CPU time per task: %s vs %s (points below the diagonal: %s is faster)", xn, yn, yn);
    char *xlabel = xasprintf("CPU time of %s (s, log scale)", xn);
    char *ylabel = xasprintf("CPU time of %s (s, log scale)", yn);
    figure_titles(f, title, xlabel, ylabel);
    fprintf(f->body,
            "\n  set logscale xy 10\n  set format xy '%%g'\n  set size square\n"
            "  set xrange [%g:%g]\n  set yrange [%g:%g]\n  set grid\n"
            "  set arrow 1 from %g,%g to %g,%g nohead dt 2 lc rgb 'gray40'\n"
            "  set arrow 2 from %g,%g to %g,%g nohead dt 2 lc rgb 'gray40'\n"
            "  set label 1 'no correct result (timeout, error, wrong, ...)' at %g,%g offset 0.5,0.6 font ',9'\n"
            "  set key outside right top\n"
            "  plot x with lines dt 3 lc rgb 'black' title 'equal CPU time'",
            lo, border * 2, lo, border * 2, lo, border, border, border, border, lo, border, border, lo, border);
    for (int c = 0; c < N_CATEGORIES; c++) {
        if (counts[c]) {
            fprintf(f->body, ", \\\n    data index %d using 1:2 with points %s title ", c, style[c]);
            figure_quote(f->body, what[c]);
        }
        free(what[c]);
    }
    fputs("\n", f->body);
    free(title);
    free(xlabel);
    free(ylabel);
}

/* A file name part from a configuration name: letters, digits, '.', '_';
 * '+' becomes "plus", anything else '-'. */
static char *file_part(const char *name)
{
    char *out = xmalloc(4 * strlen(name) + 1), *p = out;
    for (; *name; name++) {
        if (*name == '+')
            p = stpcpy(p, "plus");
        else
            *p++ = (char)((*name >= 'a' && *name <= 'z') || (*name >= 'A' && *name <= 'Z') ||
                                  (*name >= '0' && *name <= '9') || *name == '.' || *name == '_'
                              ? *name : '-');
    }
    *p = '\0';
    return out;
}

int figure_scatter(const results *r, const char *out_dir, const char *x_config, const char *y_config,
                   double limit_s)
{
    int x = config_index(r, x_config), y = config_index(r, y_config);
    if (x < 0 || y < 0)
        return ORDO_EXIT_USAGE;
    char *xf = file_part(x_config), *yf = file_part(y_config);
    char *name = xasprintf("scatter-%s-vs-%s", xf, yf);
    free(xf);
    free(yf);
    figure f;
    int status = figure_open(&f, out_dir, name);
    free(name);
    if (status)
        return status;
    double border = border_time(r, (unsigned)x, (unsigned)y, limit_s);
    double lo = border;
    size_t counts[N_CATEGORIES] = { 0 };
    write_points(r, (unsigned)x, (unsigned)y, border, &f, counts, &lo);
    write_body(&f, x_config, y_config, figure_log_axis_bottom(lo), border, counts);
    return figure_render(&f);
}
