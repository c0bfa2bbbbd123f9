/* Performance across commits (history.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "../common/exit_status.h"
#include "gnuplot.h"
#include "history.h"
#include "../common/metadata.h"
#include "summary.h"

/* Reads DIR's results and the commit and date its metadata.yml labels it
 * with. */
static int load_point(history_point *p, const char *dir, scoring_policy policy)
{
    memset(p, 0, sizeof *p);
    p->dir = xstrdup(dir);
    results_init(&p->res);
    int status = results_load(&p->res, dir);
    if (status)
        return status;
    results_rescore(&p->res, policy);
    metadata m;
    status = metadata_load(&m, dir);
    const char *commit = metadata_get(&m, "ordo_commit"), *date = metadata_get(&m, "date");
    if (status < 0 || (!status && (!commit || !date))) {
        fprintf(stderr, "ordo: %s/metadata.yml: %s (needs ordo_commit and date)\n", dir,
                status < 0 ? "missing" : "incomplete");
        status = ORDO_EXIT_INPUT;
    }
    if (!status) {
        p->commit = xstrdup(commit);
        p->date = xstrdup(date);
    }
    metadata_free(&m);
    return status;
}

static void count_point(history_point *p)
{
    for (size_t c = 0; c < p->res.n_configs; c++) {
        config_summary s;
        summarize_config(&p->res, (unsigned)c, &s);
        p->runs += s.tasks;
        p->solved += s.solved;
        p->wrong += s.wrong;
        p->score += s.score;
    }
}

/* ISO 8601 dates of one zone order as strings do. */
static int by_date(const void *a, const void *b)
{
    return strcmp(((const history_point *)a)->date, ((const history_point *)b)->date);
}

/* The row of RUN on TASK in P when it is correct, else NULL. */
static const result_row *correct_row(const history_point *p, const char *run, const char *task)
{
    int c = results_find_config(&p->res, run), t = results_find_task(&p->res, task);
    const result_row *row = c >= 0 && t >= 0 ? results_cell(&p->res, (unsigned)c, (unsigned)t) : NULL;
    return row && row->judged == JUDGED_CORRECT ? row : NULL;
}

/* Sums CPU time over the runs every point solved correctly. */
static void sum_common(history *h)
{
    const results *first = &h->points[0].res;
    for (size_t i = 0; i < first->n_rows; i++) {
        const result_row *row = &first->rows[i];
        bool common = true;
        for (size_t p = 0; p < h->n && common; p++)
            common = correct_row(&h->points[p], row->run, row->task) != NULL;
        if (!common)
            continue;
        h->n_common++;
        for (size_t p = 0; p < h->n; p++) {
            double t = correct_row(&h->points[p], row->run, row->task)->cputime_s;
            h->points[p].common_cputime_s += isnan(t) ? 0 : t;
        }
    }
}

int history_load(history *h, char **dirs, size_t n, scoring_policy policy)
{
    h->points = xcalloc(n ? n : 1, sizeof *h->points);
    h->n = 0;
    h->n_common = 0;
    int status = 0;
    for (size_t i = 0; i < n && !status; i++) {
        status = load_point(&h->points[i], dirs[i], policy);
        h->n++;
        if (!status)
            count_point(&h->points[i]);
    }
    if (status || !n)
        return status;
    qsort(h->points, h->n, sizeof *h->points, by_date);
    sum_common(h);
    return 0;
}

void history_free(history *h)
{
    for (size_t i = 0; i < h->n; i++) {
        free(h->points[i].dir);
        free(h->points[i].commit);
        free(h->points[i].date);
        results_free(&h->points[i].res);
    }
    free(h->points);
    memset(h, 0, sizeof *h);
}

void history_table(const history *h, table *t)
{
    static const char *const headers[] = { "commit", "date", "runs", "solved", "wrong", "score",
                                           "CPU time on common runs (s)", "directory" };
    char *caption = xasprintf("Performance history (common runs: %zu, solved correctly in every directory; "
                              "scoring %s)",
                              h->n_common, h->n ? scoring_text(h->points[0].res.scoring) : "");
    table_init(t, caption, 8);
    free(caption);
    for (size_t c = 0; c < 8; c++)
        table_column(t, c, headers[c], c >= 2 && c <= 6);
    for (size_t i = 0; i < h->n; i++) {
        const history_point *p = &h->points[i];
        size_t row = table_add_row(t, false);
        table_set(t, row, 0, p->commit);
        table_set(t, row, 1, p->date);
        table_setf(t, row, 2, "%u", p->runs);
        table_setf(t, row, 3, "%u", p->solved);
        table_setf(t, row, 4, "%u", p->wrong);
        table_setf(t, row, 5, "%ld", p->score);
        table_setf(t, row, 6, "%.2f", p->common_cputime_s);
        table_set(t, row, 7, p->dir);
    }
}

/* Writes a data string in double quotes (a double quote in it becomes a
 * single one). */
static void data_string(FILE *out, const char *s, int max)
{
    putc('"', out);
    for (int i = 0; s[i] && i < max; i++)
        putc(s[i] == '"' ? '\'' : s[i], out);
    putc('"', out);
}

/* The y range and tics of a panel of whole numbers from LO to HI: a
 * margin around them, and a tic at each number when there are few. */
static void integer_axis(FILE *body, double lo, double hi)
{
    double pad = fmax(1, ceil((hi - lo) * 0.15));
    fprintf(body, "  set yrange [%g:%g]\n", lo - pad, hi + pad);
    if (hi - lo + 2 * pad <= 10)
        fputs("  set ytics 1\n", body);
    else
        fputs("  set ytics autofreq\n", body);
}

int history_figure(const history *h, const char *out_dir)
{
    figure f;
    int status = figure_open(&f, out_dir, "history");
    if (status)
        return status;
    double solved_lo = INFINITY, solved_hi = -INFINITY, score_lo = INFINITY, score_hi = -INFINITY;
    for (size_t i = 0; i < h->n; i++) {
        const history_point *p = &h->points[i];
        fprintf(f.data, "%zu %u %ld %.6g ", i, p->solved, p->score, p->common_cputime_s);
        data_string(f.data, p->commit, 12);
        putc(' ', f.data);
        data_string(f.data, p->date, 10); /* the day */
        putc('\n', f.data);
        solved_lo = fmin(solved_lo, p->solved);
        solved_hi = fmax(solved_hi, p->solved);
        score_lo = fmin(score_lo, (double)p->score);
        score_hi = fmax(score_hi, (double)p->score);
    }
    /* three panels on one x axis; commit and date only under the last */
    fprintf(f.body,
            "  set multiplot layout 3,1 margins 0.09,0.97,0.18,0.88 spacing 0,0.05 title "
            "\"Performance across ordo commits (oldest left)\\n"
            "CPU time: the sum over the %zu runs every directory solved correctly\"\n"
            "  set grid\n  unset key\n  set xrange [-0.5:%g]\n  set xtics 1 format ''\n  unset xlabel\n"
            "  set ylabel 'solved tasks'\n",
            h->n_common, h->n - 0.5);
    integer_axis(f.body, solved_lo, solved_hi);
    fputs("  plot data using 1:2 with linespoints pt 7 lw 2 lc 1\n"
          "  set ylabel 'score (points)'\n",
          f.body);
    integer_axis(f.body, score_lo, score_hi);
    fputs("  plot data using 1:3 with linespoints pt 5 lw 2 lc 2\n"
          "  set ylabel 'CPU time (s)'\n  set yrange [0:*]\n  set ytics autofreq\n"
          "  set offsets 0, 0, graph 0.15, 0\n"
          "  set xtics rotate by -25 format '%g'\n  set xlabel 'ordo commit and date' offset 0,-0.8\n"
          "  plot data using 1:4:xtic(strcol(5).\"\\n\".strcol(6)) with linespoints pt 7 lw 2 lc 3\n"
          "  unset multiplot\n",
          f.body);
    return figure_render(&f);
}
