/* Regression comparison of two results (compare.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "compare.h"

double median_of(const double *values, size_t n)
{
    if (!n)
        return NAN;
    double *v = xmalloc(n * sizeof *v);
    memcpy(v, values, n * sizeof *v);
    sort_doubles(v, n);
    double m = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    free(v);
    return m;
}

double geomean_of(const double *values, size_t n)
{
    if (!n)
        return NAN;
    double log_sum = 0;
    for (size_t i = 0; i < n; i++)
        log_sum += log(values[i]);
    return exp(log_sum / (double)n);
}

static void add(run_pair **list, size_t *n, run_pair p)
{
    *list = xrealloc(*list, (*n + 1) * sizeof **list);
    (*list)[(*n)++] = p;
}

/* Files one matched (or half-matched) run under its findings. */
static void file_pair(comparison *c, run_pair p, double min_time_s)
{
    bool base_ok = p.base && p.base->judged == JUDGED_CORRECT;
    bool new_ok = p.new && p.new->judged == JUDGED_CORRECT;
    bool base_wrong = p.base && p.base->judged == JUDGED_WRONG;
    bool new_wrong = p.new && p.new->judged == JUDGED_WRONG;
    p.ratio = NAN;
    if (new_wrong)
        add(base_wrong ? &c->still_wrong : &c->new_wrong, base_wrong ? &c->n_still_wrong : &c->n_new_wrong, p);
    if (base_ok && !new_ok)
        add(&c->lost, &c->n_lost, p);
    if (!base_ok && new_ok)
        add(&c->gained, &c->n_gained, p);
    if (base_ok && new_ok) {
        p.ratio = results_cputime_floor(p.new, min_time_s) / results_cputime_floor(p.base, min_time_s);
        add(&c->solved_both, &c->n_solved_both, p);
    }
}

static int by_ratio_descending(const void *a, const void *b)
{
    double x = ((const run_pair *)a)->ratio, y = ((const run_pair *)b)->ratio;
    return (x < y) - (x > y);
}

void compare_results(const results *base, const results *new, double min_time_s, comparison *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < base->n_rows; i++) {
        const result_row *b = &base->rows[i];
        int config = results_find_config(new, b->run), task = results_find_task(new, b->task);
        const result_row *n = config >= 0 && task >= 0 ? results_cell(new, (unsigned)config, (unsigned)task) : NULL;
        if (n)
            out->n_matched++;
        else
            out->n_only_base++;
        file_pair(out, (run_pair){ b, n, NAN }, min_time_s);
    }
    for (size_t i = 0; i < new->n_rows; i++) {
        const result_row *n = &new->rows[i];
        int config = results_find_config(base, n->run), task = results_find_task(base, n->task);
        if (config >= 0 && task >= 0 && results_cell(base, (unsigned)config, (unsigned)task))
            continue;
        out->n_only_new++;
        file_pair(out, (run_pair){ NULL, n, NAN }, min_time_s);
    }
    qsort(out->solved_both, out->n_solved_both, sizeof *out->solved_both, by_ratio_descending);
    double *ratios = xmalloc((out->n_solved_both + 1) * sizeof *ratios);
    for (size_t i = 0; i < out->n_solved_both; i++)
        ratios[i] = out->solved_both[i].ratio;
    out->median_ratio = median_of(ratios, out->n_solved_both);
    out->geomean_ratio = geomean_of(ratios, out->n_solved_both);
    free(ratios);
}

double comparison_config_geomean(const comparison *c, const char *run)
{
    double *ratios = xmalloc((c->n_solved_both + 1) * sizeof *ratios);
    size_t n = 0;
    for (size_t i = 0; i < c->n_solved_both; i++)
        if (!strcmp(c->solved_both[i].base->run, run))
            ratios[n++] = c->solved_both[i].ratio;
    double g = geomean_of(ratios, n);
    free(ratios);
    return g;
}

void comparison_free(comparison *c)
{
    free(c->new_wrong);
    free(c->still_wrong);
    free(c->lost);
    free(c->gained);
    free(c->solved_both);
    memset(c, 0, sizeof *c);
}
