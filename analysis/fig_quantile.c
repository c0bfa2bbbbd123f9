/* Quantile plot of CPU time per configuration (figures.h). */
#include <math.h>
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "gnuplot.h"
#include "figures.h"

/* Writes the sorted CPU times of CONFIG's correct results as one block;
 * returns how many. */
static size_t write_quantiles(const results *r, unsigned config, figure *f, double *lo, double *hi)
{
    double *times = xmalloc((r->n_tasks + 1) * sizeof *times);
    size_t n = 0;
    for (size_t t = 0; t < r->n_tasks; t++) {
        const result_row *row = results_cell(r, config, (unsigned)t);
        if (row && row->judged == JUDGED_CORRECT)
            times[n++] = results_cputime_floor(row, FIGURE_MIN_TIME_S);
    }
    sort_doubles(times, n);
    for (size_t i = 0; i < n; i++) {
        fprintf(f->data, "%zu %.6g\n", i + 1, times[i]);
        *lo = fmin(*lo, times[i]);
        *hi = fmax(*hi, times[i]);
    }
    figure_end_block(f);
    free(times);
    return n;
}

int figure_quantile(const results *r, const char *out_dir)
{
    figure f;
    int status = figure_open(&f, out_dir, "quantile-cputime");
    if (status)
        return status;
    double lo = INFINITY, hi = 0;
    size_t *counts = xcalloc(r->n_configs + 1, sizeof *counts);
    for (size_t c = 0; c < r->n_configs; c++)
        counts[c] = write_quantiles(r, (unsigned)c, &f, &lo, &hi);
    if (hi == 0)
        lo = hi = 1;
    size_t most = 0;
    for (size_t c = 0; c < r->n_configs; c++)
        most = counts[c] > most ? counts[c] : most;
    /* the last point off the right border; whole numbers of tasks */
    fprintf(f.body,
            "  set title 'Quantile plot: CPU time of the n-th fastest correct result per configuration "
            "(scoring %s)'\n"
            "  set xlabel 'n-th fastest correct result (number of tasks)'\n"
            "  set ylabel 'CPU time (s, log scale)'\n"
            "  set logscale y 10\n  set format y '%%g'\n  set yrange [%g:%g]\n  set xrange [0:*]\n"
            "  set offsets 0, graph 0.03, 0, 0\n%s"
            "  set grid\n  set key outside right top title 'configuration (correct results)'\n  plot",
            scoring_name(r->scoring), figure_log_axis_bottom(lo), figure_decade_above(hi) * 1.5,
            most < 10 ? "  set xtics 1\n" : "");
    const char *sep = "";
    for (size_t c = 0; c < r->n_configs; c++) {
        if (!counts[c]) /* nothing solved: named in no line */
            continue;
        fprintf(f.body, "%s data index %zu using 1:2 with linespoints pt 7 ps 0.6 lw 2 lc %zu title ", sep, c,
                c + 1);
        char *title = xasprintf("%s (%zu)", r->configs[c], counts[c]);
        figure_quote(f.body, title);
        free(title);
        sep = ", \\\n    ";
    }
    if (!*sep) /* no correct result at all: an empty frame that says so */
        fputs(" [0:1] 1/0 title 'no correct results'", f.body);
    fputs("\n", f.body);
    free(counts);
    return figure_render(&f);
}
